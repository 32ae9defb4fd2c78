import { escapeText, foldLine, localStamp, writeCalendar, zoneOffsetMinutes } from './icalendar';

describe('iCalendar writer (RFC 5545)', () => {
  it('writes each round at the tournament zone’s clock time, with its VTIMEZONE', () => {
    const text = writeCalendar({
      name: '全国象棋锦标赛, 个人赛',
      timeZone: 'Asia/Shanghai',
      now: new Date('2026-11-29T00:00:00Z'),
      events: [
        {
          uid: 'r1@chuhe',
          start: new Date('2026-11-30T01:30:00Z'),
          durationMinutes: 240,
          summary: '第1轮 第3台; 红方',
          location: 'Hall A',
          url: 'https://x.test/p/abc',
        },
      ],
    });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;TZID=Asia/Shanghai:20261130T093000');
    expect(lines).toContain('DTEND;TZID=Asia/Shanghai:20261130T133000');
    expect(lines).toContain('TZOFFSETTO:+0800');
    expect(lines).toContain('SUMMARY:第1轮 第3台\\; 红方');
    expect(lines).toContain('X-WR-CALNAME:全国象棋锦标赛\\, 个人赛');
    expect(lines).toContain('DTSTAMP:20261129T000000Z');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line at most 75 octets.
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('escapes text, folds long lines without splitting a character, knows zone offsets', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'楚河汉界'.repeat(20)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n ').join('')).toBe(long);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'Asia/Singapore')).toBe(480);
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'Europe/London')).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-01-01T00:00:00Z'), 'America/New_York')).toBe(-300);
    expect(localStamp(new Date('2026-01-01T00:00:00Z'), 'America/New_York')).toBe('20251231T190000');
  });
});
