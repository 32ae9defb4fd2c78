import { fieldFillUp, invitationQuotas, quotaLeft } from './quota';

describe('invitation quotas (附录2 #1 / 附录3 #1)', () => {
  it('champion and runner-up 2 each, the host 2, every other member 1, an odd field made even by the host', () => {
    // 6 units: 2 + 2 + 2 + 1 + 1 + 1 = 9 → the host sends one more: 10.
    const rows = invitationQuotas({ units: ['CN', 'VN', 'MY', 'SG', 'TH', 'HK'], host: 'SG', previousStandings: ['CN', 'VN', 'MY', 'HK', 'TH'] });
    expect(rows).toEqual([
      { unit: 'SG', quota: 3, basis: 'host', fillUp: true },
      { unit: 'CN', quota: 2, basis: 'champion', fillUp: false },
      { unit: 'VN', quota: 2, basis: 'runner_up', fillUp: false },
      { unit: 'MY', quota: 1, basis: 'member', fillUp: false },
      { unit: 'TH', quota: 1, basis: 'member', fillUp: false },
      { unit: 'HK', quota: 1, basis: 'member', fillUp: false },
    ]);
    expect(rows.reduce((s, r) => s + r.quota, 0) % 2).toBe(0);
  });

  it('an even field needs no fill-up', () => {
    const rows = invitationQuotas({ units: ['CN', 'VN', 'MY', 'TH'], host: 'SG', previousStandings: ['CN', 'VN'] });
    expect(rows.map((r) => r.quota)).toEqual([2, 2, 2, 1, 1]); // 8
    expect(rows.some((r) => r.fillUp)).toBe(false);
  });

  it('a host that was champion sends 2, not 4', () => {
    const rows = invitationQuotas({ units: ['CN', 'VN', 'MY'], host: 'CN', previousStandings: ['CN', 'VN', 'MY'] });
    expect(rows).toEqual([
      { unit: 'CN', quota: 3, basis: 'host', fillUp: true },
      { unit: 'VN', quota: 2, basis: 'runner_up', fillUp: false },
      { unit: 'MY', quota: 1, basis: 'member', fillUp: false },
    ]);
  });

  it('without previous standings everyone but the host has 1', () => {
    expect(invitationQuotas({ units: ['A', 'B'], host: 'H', previousStandings: [] }).map((r) => r.quota)).toEqual([2, 1, 1]);
  });

  it('the fill-up of a field (附录1 #3, 二章7节2) and the places left', () => {
    expect(fieldFillUp(7)).toBe(1);
    expect(fieldFillUp(8)).toBe(0);
    expect(fieldFillUp(0)).toBe(0);
    expect(quotaLeft(2, 1)).toBe(1);
    expect(quotaLeft(1, 3)).toBe(0);
  });
});
