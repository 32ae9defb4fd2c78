import { appealFeeAfter } from './committee';
import { DELEGATED_CHIEF_RIGHTS, hasRight, holdersOf, mayAppoint, rightsOf, STAFF_RIGHTS } from './staff-rights';

describe('staff rights (三章3–6)', () => {
  it('the deputy (三章5 代行其职权) holds every right of the chief but appointing deputies', () => {
    expect([...rightsOf('deputy_chief_arbiter')].sort()).toEqual(STAFF_RIGHTS.filter((r) => r !== 'appoint_deputy').sort());
    expect(DELEGATED_CHIEF_RIGHTS).not.toContain('appoint_deputy');
    expect(hasRight(['deputy_chief_arbiter'], 'pairing')).toBe(true);
    expect(hasRight(['deputy_chief_arbiter'], 'suspension')).toBe(true);
    expect(hasRight(['deputy_chief_arbiter'], 'appoint_deputy')).toBe(false);
  });
  it('an arbiter enters results and prints (三章6B, 6E), nothing of the chief’s', () => {
    expect(hasRight(['arbiter'], 'result_entry')).toBe(true);
    expect(hasRight(['arbiter'], 'printouts')).toBe(true);
    expect(hasRight(['arbiter'], 'pairing')).toBe(false);
    expect(hasRight(['arbiter', 'steward'], 'late_correction')).toBe(false);
    expect(hasRight([], 'result_entry')).toBe(false);
    expect(hasRight(['unknown_role'], 'result_entry')).toBe(false);
  });
  it('holdersOf lists the roles of a right for the access guard', () => {
    expect(holdersOf('pairing')).toEqual(['organizer', 'chief_arbiter', 'deputy_chief_arbiter']);
    expect(holdersOf('appoint_deputy')).toEqual(['organizer', 'chief_arbiter']);
    expect(holdersOf('result_entry')).toEqual(['organizer', 'chief_arbiter', 'deputy_chief_arbiter', 'arbiter']);
  });
  it('the organizer appoints anyone (三章3A); the chief only deputies (三章5); nobody else', () => {
    expect(mayAppoint(['organizer'], 'chief_arbiter')).toBe(true);
    expect(mayAppoint(['chief_arbiter'], 'deputy_chief_arbiter')).toBe(true);
    expect(mayAppoint(['chief_arbiter'], 'arbiter')).toBe(false);
    expect(mayAppoint(['deputy_chief_arbiter'], 'deputy_chief_arbiter')).toBe(false);
    expect(mayAppoint(['arbiter'], 'deputy_chief_arbiter')).toBe(false);
  });
});

describe('the appeal fee after a decision (二章8节4 败诉则没收)', () => {
  it('upheld: refunded; dismissed by a majority: forfeited, whatever the tie reading', () => {
    expect(appealFeeAfter({ choice: 'uphold' }, 'forfeited')).toBe('refunded');
    expect(appealFeeAfter({ choice: 'dismiss' }, 'refunded')).toBe('forfeited');
  });
  it('a tie of an even panel: the event’s reading, forfeited by default', () => {
    expect(appealFeeAfter({ choice: 'dismiss', tie: '2–2' })).toBe('forfeited');
    expect(appealFeeAfter({ choice: 'dismiss', tie: '2–2' }, 'refunded')).toBe('refunded');
  });
});
