/**
 * libs/standings — scoring (局分 / 场分 / 大分 / 小分), tie-break chains, forfeits, withdrawals and
 * sanctions, for individual and team events (二章5–9节, 附录1–5). Pure: no I/O, no clock.
 *
 * Usage:
 *   const parsed = parseStandingsFile(JSON.parse(text));      // Tournament + standings extras
 *   if (parsed.ok) {
 *     const table = computeStandings(parsed.value.tournament, parsed.value.options);
 *   }
 */
export * from './chains';
export * from './criteria';
export * from './ranking';
export * from './records';
export * from './reports';
export * from './result';
export * from './sanctions';
export * from './scoring';
export * from './settings';
export * from './standings';
export * from './standings-input';
export * from './totals';
export * from './withdrawals';
export * from './team-report';
export * from './sanction-consequences';
export * from './team-match';
