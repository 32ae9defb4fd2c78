/**
 * iCalendar (RFC 5545) for a player's rounds: one VEVENT per round, times written in the
 * tournament's time zone (TZID with a VTIMEZONE giving the zone's offset), so a phone shows the
 * round at the venue's clock time. Pure: the caller gives the events and the zone.
 */

export interface CalendarEvent {
  /** Stable across downloads (a re-import updates the event instead of adding one). */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
}

export interface Calendar {
  name: string;
  timeZone: string;
  events: readonly CalendarEvent[];
  /** DTSTAMP (when the file was made). */
  now: Date;
}

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A character's UTF-8 length. */
function utf8Octets(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/** Lines longer than 75 octets folded (CRLF + space), never inside a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Octets(ch);
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(at: Date, timeZone: string): { y: string; mo: string; d: string; h: string; mi: string; s: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** 20261130T093000 in the zone. */
export function localStamp(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.y}${w.mo}${w.d}T${w.h}${w.mi}${w.s}`;
}

function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The zone's offset from UTC at an instant, in minutes (Asia/Shanghai: +480). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(Number(w.y), Number(w.mo) - 1, Number(w.d), Number(w.h), Number(w.mi), Number(w.s));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
}

/**
 * The calendar file. The VTIMEZONE states the zone's offset at the first event (a tournament's
 * days lie within one offset period in the zones xiangqi is played in; events across a DST change
 * would still be placed right by clients that know the TZID).
 */
export function writeCalendar(cal: Calendar): string {
  const first = cal.events[0]?.start ?? cal.now;
  const offset = offsetText(zoneOffsetMinutes(first, cal.timeZone));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Chuhe//Xiangqi tournaments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-TIMEZONE:${cal.timeZone}`,
    'BEGIN:VTIMEZONE',
    `TZID:${cal.timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  for (const e of cal.events) {
    const end = new Date(e.start.getTime() + e.durationMinutes * 60_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(cal.now)}`,
      `DTSTART;TZID=${cal.timeZone}:${localStamp(e.start, cal.timeZone)}`,
      `DTEND;TZID=${cal.timeZone}:${localStamp(end, cal.timeZone)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.url ? [`URL:${e.url}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
