import { AXF_TEAM_SEED_POSITIONS } from './draw';

/**
 * Where seeded entries are drawn when the organizer names no positions.
 * 附录1 #5 names 1, 6, 9, 14 for the four seeds of the AXF team championship, which needs at
 * least 14 entries. For smaller fields (our choice, documented in the README) each seed goes to
 * the odd number of an evenly spread round-1 pair (1–2, 3–4 …), so no two seeds meet in round 1.
 */
export function defaultSeedPositions(fieldSize: number, seeds: number): number[] {
  if (seeds === 0) return [];
  if (seeds <= AXF_TEAM_SEED_POSITIONS.length && fieldSize >= 14) return AXF_TEAM_SEED_POSITIONS.slice(0, Math.max(seeds, 4));
  const pairs = Math.floor(fieldSize / 2);
  const count = Math.min(seeds, pairs);
  const positions = new Set<number>();
  for (let k = 0; k < count; k++) positions.add(2 * Math.floor((k * pairs) / count) + 1);
  return [...positions];
}
