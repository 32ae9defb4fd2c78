import { resumeRound, suspendRound } from './suspension';

const now = new Date('2026-12-01T10:00:00Z');
const later = new Date('2026-12-01T14:00:00Z');

describe('suspension of play (三章4E)', () => {
  it('a published round is suspended with the new time and place', () => {
    expect(suspendRound({ state: 'published', suspendedAt: null }, now, { resumesAt: later, resumeVenue: ' Hall B ' })).toEqual({
      ok: true,
      value: { suspendedAt: now, resumesAt: later, resumeVenue: 'Hall B' },
    });
  });
  it('a new announcement keeps the moment play stopped', () => {
    const stopped = new Date('2026-12-01T09:30:00Z');
    const r = suspendRound({ state: 'published', suspendedAt: stopped }, now, { resumesAt: later, resumeVenue: 'Hall C' });
    expect(r).toMatchObject({ ok: true, value: { suspendedAt: stopped, resumeVenue: 'Hall C' } });
  });
  it('refuses a draft, a complete round, a resumption not after now', () => {
    expect(suspendRound({ state: 'draft', suspendedAt: null }, now, { resumesAt: later, resumeVenue: 'x' })).toMatchObject({
      ok: false,
      code: 'suspension.not_published',
    });
    expect(suspendRound({ state: 'completed', suspendedAt: null }, now, { resumesAt: later, resumeVenue: 'x' })).toMatchObject({
      ok: false,
      code: 'suspension.complete',
    });
    expect(suspendRound({ state: 'published', suspendedAt: null }, now, { resumesAt: now, resumeVenue: 'x' })).toMatchObject({
      ok: false,
      code: 'suspension.resume_before_now',
      field: 'resumesAt',
    });
  });
  it('resumes a suspended round only', () => {
    expect(resumeRound({ state: 'published', suspendedAt: now })).toEqual({ ok: true, value: { suspendedAt: null, resumesAt: null, resumeVenue: null } });
    expect(resumeRound({ state: 'published', suspendedAt: null })).toMatchObject({ ok: false, code: 'suspension.not_suspended' });
  });
});
