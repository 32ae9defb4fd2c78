/**
 * Acceptance cases for the 棋例 adjudicator, rebuilt from the examples (图1–图110) of the AXF
 * rulebook, chapter 4 (细则 1–35, 补充 1–5). The diagrams are lost: each case is a position
 * constructed so that the printed moves are legal and the relations the text describes hold.
 */

export const CASE_VERDICTS = ['red_loses', 'black_loses', 'draw'] as const;
export type CaseVerdict = (typeof CASE_VERDICTS)[number];

/**
 * A relation the rulebook's text states, checked with the core engine. `at` is the number of
 * plies played from the case's FEN (0 = the initial position). Squares are ICCS names.
 */
export type Relation =
  /** The side to move after `at` plies is in check (将). */
  | { kind: 'check'; at: number }
  | { kind: 'notCheck'; at: number }
  /** The piece on `from` could legally capture on `to` (whatever side is to move). */
  | { kind: 'attacks'; at: number; from: string; to: string }
  | { kind: 'notAttacks'; at: number; from: string; to: string }
  /** After the piece on `by` captures on `square`, the owner of `square` can legally recapture (有根, 真根). */
  | { kind: 'protected'; at: number; square: string; by: string }
  /** After that capture the owner has no recapture at all (无根). */
  | { kind: 'unprotected'; at: number; square: string; by: string }
  /** After that capture the piece on `root` geometrically covers `square` but cannot legally recapture (假根). */
  | { kind: 'falseRoot'; at: number; square: string; by: string; root: string }
  /** The piece on `square` geometrically reaches `to` but may not legally go there (牵制: pinned / would expose its king). */
  | { kind: 'pinned'; at: number; square: string; to: string }
  /** The pawn on `square` has crossed the river (过河) — or not. */
  | { kind: 'crossedRiver'; at: number; square: string }
  | { kind: 'notCrossedRiver'; at: number; square: string };

export interface RepetitionCase {
  /** e.g. '细则 23 图67'. */
  id: string;
  /** A short title after the id, used in the test name. */
  title: string;
  fen: string;
  /** ICCS, ranks 0–9, the printed moves in order. */
  moves: string[];
  /** The printed moves (Chinese notation, as in the rulebook) — one entry per ply. */
  chinese: string[];
  expected: CaseVerdict;
  /** Side patterns where the rulebook names them (pattern codes of repetition/API.md). */
  patterns?: { red?: string; black?: string };
  relations?: Relation[];
  /** Plies (1-based) that are captures — only entry moves before the cycle, where the text allows. */
  captures?: number[];
  /** How the position was built; deviations from the printed example are marked 'DEVIATION'. */
  note: string;
}

/** `plies` ICCS moves that repeat `pattern` (space-separated) from its start. */
export function repeatMoves(pattern: string, plies: number): string[] {
  const p = pattern.trim().split(/\s+/);
  return Array.from({ length: plies }, (_, i) => p[i % p.length]);
}

/** The printed moves as one string ('1. 车二进一 将6进1 2. …', move numbers and '……' ignored) → one entry per ply. */
export function printed(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((t) => t && !/^\d+\.$/.test(t) && !/^[.…]+$/.test(t))
    .map((t) => t.replace(/^\d+\./, '').replace(/[.…]+$/, ''))
    .filter((t) => t.length > 0);
}
