import { eligibilityProblems } from './eligibility';

describe('eligibility (三章1 参加资格, 二章1节)', () => {
  it("a women's event admits women only", () => {
    expect(eligibilityProblems({ category: 'women' }, { gender: 'male' })).toEqual([{ code: 'gender', field: 'gender' }]);
    expect(eligibilityProblems({ category: 'women' }, { gender: 'female' })).toEqual([]);
    expect(eligibilityProblems({ category: 'open' }, { gender: 'male' })).toEqual([]);
  });

  it('birth-year bounds are inclusive; an unknown birth year fails a bound', () => {
    const rules = { category: 'open' as const, minBirthYear: 2008, maxBirthYear: 2012 };
    expect(eligibilityProblems(rules, { gender: 'male', birthYear: 2008 })).toEqual([]);
    expect(eligibilityProblems(rules, { gender: 'male', birthYear: 2012 })).toEqual([]);
    expect(eligibilityProblems(rules, { gender: 'male', birthYear: 2007 })).toEqual([
      { code: 'birth_year', field: 'birthYear', year: 2007, min: 2008, max: 2012 },
    ]);
    expect(eligibilityProblems(rules, { gender: 'male', birthYear: 2013 })[0].code).toBe('birth_year');
    expect(eligibilityProblems(rules, { gender: 'male' })).toEqual([{ code: 'birth_year', field: 'birthYear', year: null, min: 2008, max: 2012 }]);
    expect(eligibilityProblems({ category: 'open', maxBirthYear: 1966 }, { gender: 'female', birthYear: 1960 })).toEqual([]);
  });

  it('a minimum rating refuses the unrated; a maximum alone admits them', () => {
    expect(eligibilityProblems({ category: 'open', minRating: 2000 }, { gender: 'male', rating: 1999 })[0]).toMatchObject({
      code: 'rating',
      rating: 1999,
      min: 2000,
    });
    expect(eligibilityProblems({ category: 'open', minRating: 2000 }, { gender: 'male' })[0]).toMatchObject({ code: 'rating', rating: null });
    expect(eligibilityProblems({ category: 'open', minRating: 2000 }, { gender: 'male', rating: 2000 })).toEqual([]);
    expect(eligibilityProblems({ category: 'open', maxRating: 1800 }, { gender: 'male' })).toEqual([]);
    expect(eligibilityProblems({ category: 'open', maxRating: 1800 }, { gender: 'male', rating: 1801 })[0]).toMatchObject({ code: 'rating', max: 1800 });
  });

  it('names every problem, in order', () => {
    const all = eligibilityProblems({ category: 'women', minBirthYear: 2000, minRating: 1500 }, { gender: 'male', birthYear: 1990, rating: 1000 });
    expect(all.map((p) => p.code)).toEqual(['gender', 'birth_year', 'rating']);
  });
});
