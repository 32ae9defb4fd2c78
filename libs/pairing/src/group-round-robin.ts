/**
 * Group round-robin (分组循环): the field, in seeding order, is dealt into groups in a snake
 * (蛇形排列) — seeds 1…G go to groups 1…G, seeds G+1…2G back from group G to group 1, and so on —
 * and each group plays its own 附录6 table.
 *
 * Table numbers inside a group: a member's number is its place in the group in seeding order
 * (the group's best seed is 1). To draw the numbers by lot instead, reorder `members` (e.g. with
 * a seeded shuffle) and call `roundRobinTable(members.length)` yourself; the table only cares
 * about the count.
 */
import { RoundRobinError, RoundRobinResult, RoundRobinTable, roundRobinTable } from './round-robin';

/** Deal `seeded` (best seed first) into `groups` groups in a snake. */
export function snakeGroups<T>(seeded: readonly T[], groups: number): T[][] {
  const out: T[][] = Array.from({ length: groups }, () => []);
  seeded.forEach((item, i) => {
    const pass = Math.floor(i / groups);
    const offset = i % groups;
    out[pass % 2 === 0 ? offset : groups - 1 - offset].push(item);
  });
  return out;
}

export interface RoundRobinGroup<T> {
  /** 1-based group number; `label` is A, B, C … */
  group: number;
  label: string;
  /** In table order: members[i] has table number i + 1. */
  members: T[];
  table: RoundRobinTable;
}

function groupLabel(index: number): string {
  let label = '';
  let n = index;
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

/** Snake-split a seeded field into groups, each with its own round-robin table. */
export function groupRoundRobin<T>(seeded: readonly T[], groups: number): RoundRobinResult<RoundRobinGroup<T>[]> {
  if (!Number.isInteger(groups) || groups < 1) {
    return { ok: false, error: new RoundRobinError('bad_groups', `the number of groups must be a positive integer, got ${groups}`) };
  }
  if (seeded.length < 2 * groups) {
    return {
      ok: false,
      error: new RoundRobinError('bad_groups', `${seeded.length} entrants cannot fill ${groups} groups of at least 2`),
    };
  }
  const result: RoundRobinGroup<T>[] = [];
  for (const [i, members] of snakeGroups(seeded, groups).entries()) {
    const table = roundRobinTable(members.length);
    if (!table.ok) return table;
    result.push({ group: i + 1, label: groupLabel(i), members, table: table.value });
  }
  return { ok: true, value: result };
}
