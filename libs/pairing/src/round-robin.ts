/**
 * Round-robin tables (循环赛对局秩序表, 附录6), for any number of entrants N ≥ 2.
 *
 * Representation: entrants are draw numbers 1…N (代号, 附录6 用法 1). A table has N−1 rounds for
 * even N and N rounds for odd N; each round lists its pairs in the printed order as
 * `[red, black]` (the first-listed number plays Red, 附录6 用法 1) and, for odd N, the entrant
 * with the bye (附录6 用法 3–4).
 *
 * The construction (it reproduces every printed table 3…20 exactly — see the fixtures in
 * libs/pairing/fixtures/round-robin — and goes on unchanged past 20):
 *   Let M = N rounded up to even, m = M − 1 (odd). Entrant M is the fixed point; 1…m turn.
 *   - In round r (1…m) the entrant p who meets M is the one with 2p ≡ r + 1 (mod m).
 *     For odd r = 2k − 1 that is p = k; for even r = 2k it is p = k + M/2.
 *   - The first column is `p - (M)` in odd rounds and `(M) - p` in even rounds.
 *   - Column j = 1 … M/2 − 1 is `(p + j) - (p − j)`, numbers taken mod m in 1…m.
 *   Hence entrants i, j < M meet in the round r with i + j ≡ r + 1 (mod m), which exists and is
 *   unique because r + 1 runs over all residues mod m; and i meets M in the round with
 *   2i ≡ r + 1 (mod m), unique because 2 is invertible mod odd m. So every pair meets exactly
 *   once and every entrant plays once per round. For odd N, "opponent M" is the bye.
 *
 * The printed table for 19/20 entrants stops at round 18. The construction gives round 19 as
 * p = 10 (2·10 ≡ 20 mod 19): `10 - (20)`, 11-9, 12-8, 13-7, 14-6, 15-5, 16-4, 17-3, 18-2, 19-1 —
 * exactly the ten pairs that rounds 1–18 leave unplayed (tested in round-robin.spec.ts).
 *
 * Usage:
 *   const t = roundRobinTable(7);           // { ok: true, value: { entrants: 7, rounds: [...] } }
 *   t.value.rounds[0]  // { round: 1, pairs: [[2, 7], [3, 6], [4, 5]], bye: 1 }
 */

export type RoundRobinPair = [red: number, black: number];

export interface RoundRobinRound {
  round: number;
  pairs: RoundRobinPair[];
  /** The entrant with the bye (odd N), else null. */
  bye: number | null;
}

export interface RoundRobinTable {
  entrants: number;
  rounds: RoundRobinRound[];
}

export const ROUND_ROBIN_ERROR_CODES = ['too_few_entrants', 'too_many_entrants', 'not_an_integer', 'bad_draw_numbers', 'bad_groups'] as const;
export type RoundRobinErrorCode = (typeof ROUND_ROBIN_ERROR_CODES)[number];

export class RoundRobinError extends Error {
  constructor(
    readonly code: RoundRobinErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RoundRobinError';
  }
}

export type RoundRobinResult<T> = { ok: true; value: T } | { ok: false; error: RoundRobinError };

/** Largest field a table is built for (N²/2 pairs; 2,000 entrants is about two million pairs). */
export const ROUND_ROBIN_MAX_ENTRANTS = 2000;

function mod1(x: number, m: number): number {
  return ((((x - 1) % m) + m) % m) + 1;
}

/** The entrant who meets the fixed number M in round r (2p ≡ r + 1 mod m). */
function fixedOpponent(round: number, evenSize: number): number {
  const k = Math.ceil(round / 2);
  return round % 2 === 1 ? k : k + evenSize / 2;
}

/** 附录6: the table for N entrants (odd N: the table for N + 1 with N + 1 as the bye). */
export function roundRobinTable(entrants: number): RoundRobinResult<RoundRobinTable> {
  if (!Number.isInteger(entrants)) {
    return { ok: false, error: new RoundRobinError('not_an_integer', `the number of entrants must be an integer, got ${entrants}`) };
  }
  if (entrants < 2) {
    return { ok: false, error: new RoundRobinError('too_few_entrants', `a round-robin needs at least 2 entrants, got ${entrants}`) };
  }
  if (entrants > ROUND_ROBIN_MAX_ENTRANTS) {
    return {
      ok: false,
      error: new RoundRobinError('too_many_entrants', `at most ${ROUND_ROBIN_MAX_ENTRANTS} entrants in one table, got ${entrants}`),
    };
  }
  const size = entrants % 2 === 0 ? entrants : entrants + 1; // 附录6 用法 3: odd N uses the table for N + 1
  const m = size - 1;
  const rounds: RoundRobinRound[] = [];
  for (let r = 1; r <= m; r++) {
    const p = fixedOpponent(r, size);
    const pairs: RoundRobinPair[] = [];
    let bye: number | null = null;
    if (size !== entrants) {
      bye = p; // 附录6 用法 4: the unbracketed entrant of the first column has the bye
    } else {
      pairs.push(r % 2 === 1 ? [p, size] : [size, p]);
    }
    for (let j = 1; j < size / 2; j++) pairs.push([mod1(p + j, m), mod1(p - j, m)]);
    rounds.push({ round: r, pairs, bye });
  }
  return { ok: true, value: { entrants, rounds } };
}

/**
 * Double round-robin (双循环): the second cycle repeats the table with colours reversed; its
 * rounds are numbered on after the first cycle's.
 */
export function doubleRoundRobinTable(entrants: number): RoundRobinResult<RoundRobinTable> {
  const single = roundRobinTable(entrants);
  if (!single.ok) return single;
  const n = single.value.rounds.length;
  const second = single.value.rounds.map((r) => ({
    round: r.round + n,
    pairs: r.pairs.map(([red, black]): RoundRobinPair => [black, red]),
    bye: r.bye,
  }));
  return { ok: true, value: { entrants, rounds: [...single.value.rounds, ...second] } };
}

/** One game of a pairing: who has Red, who has Black (draw numbers or entry ids). */
export interface GameSides<T> {
  /** 1-based game number (two-game pairings) or board number (team matches). */
  game: number;
  red: T;
  black: T;
}

/**
 * 附录6 用法 1: in a two-game pairing the first-listed plays Red in game 1 and Black in game 2
 * (each further game alternates again).
 */
export function pairingGameSides<T>(firstListed: T, secondListed: T, games: number): GameSides<T>[] {
  const out: GameSides<T>[] = [];
  for (let g = 1; g <= games; g++) {
    out.push(g % 2 === 1 ? { game: g, red: firstListed, black: secondListed } : { game: g, red: secondListed, black: firstListed });
  }
  return out;
}

/**
 * 附录6 用法 2: in a team match the first-listed team plays Red on the odd boards and Black on
 * the even boards. `red`/`black` name the teams holding each colour on that board.
 */
export function teamBoardSides<T>(firstListed: T, secondListed: T, boards: number): GameSides<T>[] {
  return pairingGameSides(firstListed, secondListed, boards);
}

/** Does the table pair every two entrants exactly once, and each entrant once a round? */
export function roundRobinTableProblems(table: RoundRobinTable): string[] {
  const n = table.entrants;
  const problems: string[] = [];
  const met = new Map<string, number>();
  const expectedRounds = n % 2 === 0 ? n - 1 : n;
  if (table.rounds.length !== expectedRounds) problems.push(`${table.rounds.length} rounds, expected ${expectedRounds}`);
  for (const round of table.rounds) {
    const seen = new Set<number>();
    const mark = (x: number) => {
      if (!Number.isInteger(x) || x < 1 || x > n) problems.push(`round ${round.round}: ${x} is not an entrant`);
      else if (seen.has(x)) problems.push(`round ${round.round}: ${x} appears twice`);
      seen.add(x);
    };
    for (const [a, b] of round.pairs) {
      mark(a);
      mark(b);
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      met.set(key, (met.get(key) ?? 0) + 1);
    }
    if (round.bye !== null) mark(round.bye);
    if (seen.size !== n) problems.push(`round ${round.round}: ${n - seen.size} entrants missing`);
  }
  for (let a = 1; a <= n; a++) {
    for (let b = a + 1; b <= n; b++) {
      const times = met.get(`${a}-${b}`) ?? 0;
      if (times !== 1) problems.push(`${a} and ${b} meet ${times} times`);
    }
  }
  return problems;
}
