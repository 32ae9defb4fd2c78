import { mayEnter, windowState } from './entry-window';

const at = (s: string) => new Date(s);

describe('the registration window (三章1 报名办法)', () => {
  const w = { opensAt: at('2026-12-01T00:00:00Z'), closesAt: at('2026-12-10T12:00:00Z') };
  it('is not open before, open from the opening instant, closed from the closing instant', () => {
    expect(windowState(w, at('2026-11-30T23:59:59Z'))).toBe('not_open');
    expect(windowState(w, at('2026-12-01T00:00:00Z'))).toBe('open');
    expect(windowState(w, at('2026-12-10T11:59:59Z'))).toBe('open');
    expect(windowState(w, at('2026-12-10T12:00:00Z'))).toBe('closed');
  });
  it('a missing bound is no bound', () => {
    expect(windowState({ opensAt: null, closesAt: null }, at('2000-01-01T00:00:00Z'))).toBe('open');
    expect(windowState({ opensAt: null, closesAt: w.closesAt }, at('2000-01-01T00:00:00Z'))).toBe('open');
    expect(windowState({ opensAt: w.opensAt, closesAt: null }, at('2099-01-01T00:00:00Z'))).toBe('open');
  });
  it('outside the window only a registrar with a reason enters', () => {
    expect(mayEnter('open', 'self')).toBe(true);
    expect(mayEnter('closed', 'delegate')).toBe(false);
    expect(mayEnter('not_open', 'self')).toBe(false);
    expect(mayEnter('closed', 'registrar')).toBe(false);
    expect(mayEnter('closed', 'registrar', '  ')).toBe(false);
    expect(mayEnter('closed', 'registrar', 'late entry agreed by the committee')).toBe(true);
  });
});
