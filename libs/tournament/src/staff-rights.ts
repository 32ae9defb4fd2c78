/**
 * Who may do what among a tournament's staff (三章3–6), as rights carried by roles.
 *
 * The deputy chief arbiter (副裁判长, 三章3A) — Chuhe's model, documented in play/API.md:
 * - 三章3A: the competition's organization appoints the chief arbiter and "may add one or more
 *   deputy chief arbiters"; 三章5: a deputy "assists the chief arbiter and, in the chief's absence,
 *   exercises the chief's powers" (协助裁判长工作，并在其不在场时，代行其职权).
 * - The chief delegates by appointing: the organizer (三章3A) or the chief arbiter (delegating the
 *   chief's own work, 三章5) grants the `deputy_chief_arbiter` role, and revokes it the same way.
 * - The role carries the chief's DELEGATED_CHIEF_RIGHTS — the chief's rights over the running of
 *   play and discipline — plus the arbiter's own (result entry, printouts). Whether the chief is
 *   present at the venue is not the software's to know: the deputy may act whenever the role is
 *   held, as 三章5's "assists" allows, and every act is audited under the deputy's own name.
 * - Not delegated: appointing deputies (三章3A is the organization's act, the chief's delegation is
 *   the chief's own), and the organizer's rights (roles other than the deputy, the tournament).
 * - A per-deputy subset of the rights would need storage per role (TournamentRole has no column
 *   for it); not offered.
 */
export const STAFF_ROLES = ['organizer', 'chief_arbiter', 'deputy_chief_arbiter', 'arbiter', 'steward', 'appeals_member', 'team_captain', 'delegate'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_RIGHTS = [
  /** 三章4B, 4I: pair, re-pair, publish and delete rounds; their start times; withdrawals. */
  'pairing',
  /** 三章4C: a result changed after the next round was paired, with a reason. */
  'late_correction',
  /** 三章4E: suspend play, announce the new time and place, resume. */
  'suspension',
  /** 三章4H, 4J: confirm sanctions, decide early draws (二章8节12), rule on disputed positions. */
  'discipline',
  /** 三章4C: the standings' counting settings and the event's readings, until round 1 is paired. */
  'standings_settings',
  /** 二章7节1: the start signal. */
  'start_signal',
  /** Registration (entries, draw numbers, seeds). */
  'registration',
  /** 三章6E: results of the games. */
  'result_entry',
  /** 三章6B: name cards, record forms, score tables, result slips. */
  'printouts',
  /** 三章3A, 三章5: appoint (grant) and revoke deputy chief arbiters. */
  'appoint_deputy',
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

/** The chief's rights a deputy exercises (三章5 代行其职权): all but appointing deputies. */
export const DELEGATED_CHIEF_RIGHTS: readonly StaffRight[] = [
  'pairing',
  'late_correction',
  'suspension',
  'discipline',
  'standings_settings',
  'start_signal',
  'registration',
  'result_entry',
  'printouts',
];

const RIGHTS: Readonly<Record<StaffRole, readonly StaffRight[]>> = {
  organizer: STAFF_RIGHTS,
  chief_arbiter: STAFF_RIGHTS,
  deputy_chief_arbiter: DELEGATED_CHIEF_RIGHTS,
  // 三章6: the arbiters supervise the games, enter their results and prepare the printouts (6B).
  arbiter: ['result_entry', 'printouts'],
  steward: [],
  appeals_member: [],
  team_captain: [],
  delegate: [],
};

/** The rights a role carries. */
export function rightsOf(role: StaffRole): readonly StaffRight[] {
  return RIGHTS[role];
}

/** Whether any of the roles carries the right. */
export function hasRight(roles: Iterable<string>, right: StaffRight): boolean {
  for (const role of roles) if ((RIGHTS[role as StaffRole] ?? []).includes(right)) return true;
  return false;
}

/** The roles that carry a right, in STAFF_ROLES order (for the access guard's role lists). */
export function holdersOf(right: StaffRight): StaffRole[] {
  return STAFF_ROLES.filter((role) => RIGHTS[role].includes(right));
}

/**
 * Whether a user holding `granter` roles may grant (or revoke) `role`: the organizer any role; the
 * chief arbiter the deputy's (三章5, the chief's delegation); nobody else.
 */
export function mayAppoint(granter: Iterable<string>, role: string): boolean {
  const roles = new Set(granter);
  if (roles.has('organizer')) return true;
  return role === 'deputy_chief_arbiter' && hasRight(roles, 'appoint_deputy');
}
