/**
 * 三章1 参加资格: who may enter an event, as the regulations set it. Pure: the server checks a
 * request at once (the person's language is the page's), and again on approval.
 */
export interface EligibilityRules {
  /** 二章1节 event categories: a women's event (女子组) admits women only. */
  category: 'open' | 'women';
  /** Inclusive bounds; null or undefined: no bound. */
  minBirthYear?: number | null;
  maxBirthYear?: number | null;
  minRating?: number | null;
  maxRating?: number | null;
}

export interface Candidate {
  gender: 'male' | 'female';
  birthYear?: number | null;
  rating?: number | null;
}

export type EligibilityProblem =
  | { code: 'gender'; field: 'gender' }
  | { code: 'birth_year'; field: 'birthYear'; year: number | null; min: number | null; max: number | null }
  | { code: 'rating'; field: 'rating'; rating: number | null; min: number | null; max: number | null };

const set = (n: number | null | undefined): n is number => typeof n === 'number';

/**
 * Every reason the candidate may not enter, in a fixed order (gender, birth year, rating).
 * A birth-year bound needs the birth year (unknown: refused, the regulations ask for it). A minimum
 * rating needs a rating (an unrated player is below it); a maximum alone admits the unrated (an
 * "under 1800" section is for the unrated too).
 */
export function eligibilityProblems(rules: EligibilityRules, c: Candidate): EligibilityProblem[] {
  const out: EligibilityProblem[] = [];
  // 二章1节: 女子组 — women only.
  if (rules.category === 'women' && c.gender !== 'female') out.push({ code: 'gender', field: 'gender' });
  const minY = rules.minBirthYear ?? null;
  const maxY = rules.maxBirthYear ?? null;
  if (set(minY) || set(maxY)) {
    const y = c.birthYear ?? null;
    if (!set(y) || (set(minY) && y < minY) || (set(maxY) && y > maxY)) out.push({ code: 'birth_year', field: 'birthYear', year: y, min: minY, max: maxY });
  }
  const minR = rules.minRating ?? null;
  const maxR = rules.maxRating ?? null;
  const r = c.rating ?? null;
  if ((set(minR) && (!set(r) || r < minR)) || (set(maxR) && set(r) && r > maxR)) out.push({ code: 'rating', field: 'rating', rating: r, min: minR, max: maxR });
  return out;
}
