import { sectionProblem, tableRuns, unassignedTables } from './arbiter-section';

describe('an arbiter’s section of tables (三章4B)', () => {
  it('accepts a run of tables counted from 1', () => {
    expect(sectionProblem({ firstTable: 1, lastTable: 50 })).toBeNull();
    expect(sectionProblem({ firstTable: 7, lastTable: 7 })).toBeNull();
  });

  it('refuses table 0, a reversed run and a run past the last possible table, naming the field', () => {
    expect(sectionProblem({ firstTable: 0, lastTable: 5 })).toEqual({ field: 'firstTable', reason: 'first_table' });
    expect(sectionProblem({ firstTable: 1.5, lastTable: 5 })).toEqual({ field: 'firstTable', reason: 'first_table' });
    expect(sectionProblem({ firstTable: 60, lastTable: 51 })).toEqual({ field: 'lastTable', reason: 'order' });
    expect(sectionProblem({ firstTable: 1, lastTable: 10_000 })).toEqual({ field: 'lastTable', reason: 'too_large' });
  });

  it('finds the tables no arbiter has, overlapping sections allowed', () => {
    const tables = Array.from({ length: 120 }, (_, i) => i + 1);
    const left = unassignedTables(
      [
        { firstTable: 1, lastTable: 50 },
        { firstTable: 40, lastTable: 75 },
        { firstTable: 81, lastTable: 118 },
      ],
      tables,
    );
    expect(left).toEqual([76, 77, 78, 79, 80, 119, 120]);
    expect(tableRuns(left)).toEqual([
      { firstTable: 76, lastTable: 80 },
      { firstTable: 119, lastTable: 120 },
    ]);
    expect(unassignedTables([], [3, 1])).toEqual([3, 1]);
    expect(tableRuns([])).toEqual([]);
  });
});
