/**
 * Matching a tournament's new player to the server-wide person they are (issue 33): the federation
 * ID is a sure match; otherwise a person of the same name is proposed when birth year and unit
 * agree, and every other person of that name is offered as a choice (同名: two people share a
 * name). Nothing here merges or links: the caller links a sure match and creates a person where no
 * one shares the name, and shows proposals and choices to the organizer.
 */
export interface PersonCandidate {
  readonly id: string;
  readonly nameZh: string;
  readonly nameEn: string;
  readonly birthYear?: number | null;
  readonly unitZh?: string | null;
  readonly unitEn?: string | null;
  readonly federationId?: string | null;
}

export interface Newcomer {
  readonly nameZh: string;
  readonly nameEn: string;
  readonly birthYear?: number | null;
  readonly unitZh?: string | null;
  readonly unitEn?: string | null;
  readonly federationId?: string | null;
}

export type PersonMatch =
  /** The federation ID names this person. */
  | { readonly kind: 'federation'; readonly personId: string }
  /** The one person of this name whose birth year and unit agree (and no other shares the name). */
  | { readonly kind: 'proposed'; readonly personId: string }
  /** Several persons share the name, or one does without agreeing birth year and unit: the organizer chooses. */
  | { readonly kind: 'choice'; readonly personIds: readonly string[] }
  /** No one shares the name (or every namesake has another birth year or federation ID): a new person. */
  | { readonly kind: 'new' };

/** Names compared without spaces, case and the middle dot of transliterations. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s·・.,'-]+/g, '');
}

function sameName(a: Newcomer, c: PersonCandidate): boolean {
  if (a.nameZh.trim() && c.nameZh.trim()) return nameKey(a.nameZh) === nameKey(c.nameZh);
  return nameKey(a.nameEn) === nameKey(c.nameEn);
}

/** Both given and different: then they are not the same person. */
function conflicts<T>(a: T | null | undefined, b: T | null | undefined): boolean {
  return a != null && a !== '' && b != null && b !== '' && a !== b;
}

function sameUnit(a: Newcomer, c: PersonCandidate): boolean {
  if (a.unitZh && c.unitZh) return nameKey(a.unitZh) === nameKey(c.unitZh);
  if (a.unitEn && c.unitEn) return nameKey(a.unitEn) === nameKey(c.unitEn);
  return false;
}

export function matchPerson(newcomer: Newcomer, candidates: readonly PersonCandidate[]): PersonMatch {
  const fid = newcomer.federationId?.trim();
  if (fid) {
    const sure = candidates.find((c) => c.federationId === fid);
    if (sure) return { kind: 'federation', personId: sure.id };
  }
  // A person with another federation ID or birth year is someone else of the same name.
  const namesakes = candidates
    .filter((c) => sameName(newcomer, c))
    .filter((c) => !conflicts(fid, c.federationId?.trim()) && !conflicts(newcomer.birthYear, c.birthYear))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  // Namesakes who are provably someone else leave a new person, as does no namesake at all.
  if (namesakes.length === 0) return { kind: 'new' };
  const allNamesakes = candidates.filter((c) => sameName(newcomer, c));
  if (namesakes.length === 1 && allNamesakes.length === 1) {
    const c = namesakes[0];
    if (newcomer.birthYear != null && c.birthYear === newcomer.birthYear && sameUnit(newcomer, c)) return { kind: 'proposed', personId: c.id };
  }
  return { kind: 'choice', personIds: namesakes.map((c) => c.id) };
}
