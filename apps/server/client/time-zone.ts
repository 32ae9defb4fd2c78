/**
 * Offers the browser's IANA time zone in fields marked `data-browser-time-zone` that are still empty
 * (creating a tournament: DESIGN.md "Times"). The form works without it: the field is plain text.
 */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[data-browser-time-zone]'))) {
  if (!input.value && zone) input.value = zone;
}
