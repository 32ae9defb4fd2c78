/**
 * The invitation link's Copy button (setup/staff.hbs): copies the field named by `data-copy`.
 * Without JavaScript the field is still there, read-only, to select and copy by hand.
 */
for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-copy]'))) {
  button.addEventListener('click', () => {
    const field = document.querySelector<HTMLInputElement>(button.dataset.copy ?? '');
    if (!field) return;
    field.select();
    const done = () => {
      button.textContent = '✓';
    };
    if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, () => document.execCommand('copy') && done());
    else if (document.execCommand('copy')) done();
  });
}
