/**
 * An arbiter's section of tables (三章4B: the chief arbiter 研究和分配工作 — divides the work among
 * the arbiters). At a big open each arbiter watches a run of tables and enters their results; the
 * result sheet opens on that run, and every other table stays one link away.
 */
export interface TableSection {
  readonly firstTable: number;
  readonly lastTable: number;
}

/** The most tables a round can have (a 2,000-player open has 1,000 boards). */
export const MAX_TABLE = 9999;

/** Why a section cannot be given, or null: tables are counted from 1 and the run must not be empty. */
export function sectionProblem(s: TableSection): null | { field: 'firstTable' | 'lastTable'; reason: 'first_table' | 'order' | 'too_large' } {
  if (!Number.isInteger(s.firstTable) || s.firstTable < 1) return { field: 'firstTable', reason: 'first_table' };
  if (!Number.isInteger(s.lastTable) || s.lastTable > MAX_TABLE) return { field: 'lastTable', reason: 'too_large' };
  if (s.lastTable < s.firstTable) return { field: 'lastTable', reason: 'order' };
  return null;
}

/**
 * The round's tables no arbiter has (the chief arbiter sees them before the round starts, so no
 * table goes unwatched). Sections may overlap: two arbiters on the top boards is a choice, not an error.
 */
export function unassignedTables(sections: readonly TableSection[], tables: readonly number[]): number[] {
  return tables.filter((t) => !sections.some((s) => t >= s.firstTable && t <= s.lastTable));
}

/** Runs of consecutive tables, for showing `1–50, 76–80` rather than every number. */
export function tableRuns(tables: readonly number[]): TableSection[] {
  const sorted = [...new Set(tables)].sort((a, b) => a - b);
  const runs: TableSection[] = [];
  for (const t of sorted) {
    const last = runs[runs.length - 1];
    if (last && t === last.lastTable + 1) runs[runs.length - 1] = { firstTable: last.firstTable, lastTable: t };
    else runs.push({ firstTable: t, lastTable: t });
  }
  return runs;
}
