/**
 * A `datetime-local` value ("2026-12-01T09:00") read in the tournament's IANA time zone → ISO 8601
 * with that zone's offset at that instant ("2026-12-01T09:00:00+08:00"). Anything else is passed on
 * unchanged, so the DTO's IsISO8601 names the field.
 */
export function localToIso(value: string | undefined, timeZone: string): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // The zone's offset at (about) that instant; a second pass settles a change of offset in between.
  let offset = offsetMinutes(asUtc, timeZone);
  offset = offsetMinutes(asUtc - offset * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${pad(s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant → "YYYY-MM-DDTHH:MM" in the zone, for a datetime-local field's value. */
export function isoToLocal(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const at = new Date(value);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

function offsetMinutes(utcMillis: number, timeZone: string): number {
  const local = isoToLocal(new Date(utcMillis), timeZone);
  const [date, time] = local.split('T');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return Math.round((Date.UTC(y, mo - 1, d, h, mi) - Math.floor(utcMillis / 60_000) * 60_000) / 60_000);
}
