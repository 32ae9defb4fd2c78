import { PenaltyReason, GameResult, Side } from '@chuhe/tournament';
import { Records } from './records';
import { Outcome } from './scoring';

/**
 * Reports beside the ranking: crosstable (round-robin), progressive scores (Swiss), team match
 * details and the members' individual results (附录1 #6). Scores are in display units.
 */

export interface CrosstableCell {
  round: number;
  side: Side | null;
  kind: 'played' | 'forfeit' | 'double_forfeit' | 'annulled';
  outcome: Outcome | null;
  score: number | null;
}

export interface CrosstableRow {
  entry: string;
  /** Opponent entry id → every meeting, in round order. */
  cells: Record<string, CrosstableCell[]>;
  byes: number[];
}

/** `order` lists entry indices in rank order. */
export function crosstable(records: Records, order: readonly number[], scale: number): CrosstableRow[] {
  const ids = records.entries.map((e) => e.id);
  const rows = new Map<number, CrosstableRow>();
  for (const i of order) rows.set(i, { entry: ids[i], cells: {}, byes: [] });
  const add = (self: number, opp: number, cell: CrosstableCell): void => {
    const row = rows.get(self);
    if (!row) return;
    (row.cells[ids[opp]] ??= []).push(cell);
  };
  for (const i of order) {
    for (const r of records.rows[i]) {
      if (r.kind === 'bye') {
        rows.get(i)!.byes.push(r.round);
        continue;
      }
      add(i, r.opponent, { round: r.round, side: r.side, kind: r.kind, outcome: r.outcome, score: r.score / scale });
    }
  }
  for (const a of records.annulled) {
    add(a.a, a.b, { round: a.round, side: 'red', kind: 'annulled', outcome: null, score: null });
    add(a.b, a.a, { round: a.round, side: 'black', kind: 'annulled', outcome: null, score: null });
  }
  for (const row of rows.values()) for (const cells of Object.values(row.cells)) cells.sort((x, y) => x.round - y.round);
  return order.map((i) => rows.get(i)!);
}

export interface ProgressiveRow {
  entry: string;
  /** Running total after each round of `rounds`. */
  scores: number[];
}

export function progressiveScores(records: Records, order: readonly number[], rounds: readonly number[], scale: number): ProgressiveRow[] {
  const position = new Map<number, number>();
  rounds.forEach((r, k) => position.set(r, k));
  // Per-round scores summed in entry order (one flat buffer), then listed in rank order.
  const width = rounds.length;
  const perRound = new Float64Array(records.rows.length * width);
  for (let i = 0; i < records.rows.length; i++) {
    const rows = records.rows[i];
    const base = i * width;
    let last = -1;
    let at = 0;
    for (let j = 0; j < rows.length; j++) {
      const r = rows[j];
      if (r.round !== last) {
        last = r.round;
        at = base + position.get(r.round)!;
      }
      perRound[at] += r.score;
    }
  }
  const out = new Array<ProgressiveRow>(order.length);
  for (let o = 0; o < order.length; o++) {
    const i = order[o];
    const scores = new Array<number>(width);
    let sum = 0;
    for (let k = 0, at = i * width; k < width; k++, at++) scores[k] = (sum += perRound[at]) / scale;
    out[o] = { entry: records.entries[i].id, scores };
  }
  return out;
}

export interface BoardGame {
  board: number;
  /** 二章5节4: the board's second game (leg 2) in a two-games-per-board match; absent for leg 1. */
  leg?: number;
  red: string;
  black: string;
  result: GameResult;
  penaltyReason?: PenaltyReason;
  /** 局分 of the pairing's first-listed and second-listed entries. */
  points: [number, number];
}

export interface TeamMatch {
  round: number;
  red: string;
  black: string;
  kind: 'played' | 'forfeit' | 'double_forfeit';
  /** 场分. */
  matchPoints: [number, number];
  /** 局分 (小分 in two-game matches). */
  gamePoints: [number, number];
  /** 大分, two-game matches only. */
  bigPoints?: [number, number];
  games: BoardGame[];
  annulledGames: BoardGame[];
}

export function teamMatches(records: Records, gpScale: number): TeamMatch[] {
  const ids = records.entries.map((e) => e.id);
  const game = (g: Records['matches'][number]['games'][number]): BoardGame => {
    const out: BoardGame = {
      board: g.board,
      ...(g.leg !== undefined && { leg: g.leg }),
      red: g.red,
      black: g.black,
      result: g.result,
      points: [g.points[0] / gpScale, g.points[1] / gpScale],
    };
    if (g.penaltyReason) out.penaltyReason = g.penaltyReason;
    return out;
  };
  return records.matches.map((m) => {
    const out: TeamMatch = {
      round: m.round,
      red: ids[m.a],
      black: ids[m.b],
      kind: m.kind,
      matchPoints: m.score,
      gamePoints: [m.gamePoints[0] / gpScale, m.gamePoints[1] / gpScale],
      games: m.games.map(game),
      annulledGames: m.annulledGames.map(game),
    };
    if (records.gamesPerPairing === 2) out.bigPoints = m.bigPoints;
    return out;
  });
}

export interface MemberResult {
  team: string;
  player: string;
  name?: string;
  /** Starter's board, or null for a reserve. */
  starterBoard: number | null;
  /** Games and points per board played. */
  boards: { board: number; games: number; points: number }[];
  /** The board whose points count as the player's individual total (附录1 #6 for a reserve). */
  countedBoard: number | null;
  countedPoints: number;
}

/**
 * Members' individual results. 附录1 #6: 后补能补任何一台出赛，但计算后补个人成绩时只能取其中一台
 * 分数相加 — a reserve's individual total counts one board only: the board given in
 * `reserveBoards`, else the board they played most, then the one with more points, then the
 * lower board number. A starter's total counts every board they played.
 */
export function memberResults(records: Records, gpScale: number, reserveBoards: Readonly<Record<string, number>> = {}): MemberResult[] {
  const stats = new Map<string, Map<number, { games: number; points: number }>>();
  for (const m of records.matches) {
    for (const g of m.games) {
      for (const [player, points] of [[g.aIsRed ? g.red : g.black, g.points[0]] as const, [g.aIsRed ? g.black : g.red, g.points[1]] as const]) {
        if (!player) continue;
        let boards = stats.get(player);
        if (!boards) stats.set(player, (boards = new Map()));
        const b = boards.get(g.board) ?? { games: 0, points: 0 };
        b.games++;
        b.points += points;
        boards.set(g.board, b);
      }
    }
  }
  const out: MemberResult[] = [];
  for (const team of records.entries) {
    for (const member of team.members ?? []) {
      const boards = [...(stats.get(member.id) ?? new Map<number, { games: number; points: number }>()).entries()]
        .map(([board, s]) => ({ board, games: s.games, points: s.points }))
        .sort((x, y) => x.board - y.board);
      const starterBoard = member.board ?? null;
      let countedBoard: number | null = null;
      let countedPoints = 0;
      if (starterBoard !== null) {
        countedBoard = starterBoard;
        countedPoints = boards.reduce((s, b) => s + b.points, 0);
      } else if (boards.length > 0) {
        const chosen =
          reserveBoards[member.id] !== undefined
            ? boards.find((b) => b.board === reserveBoards[member.id])
            : [...boards].sort((x, y) => y.games - x.games || y.points - x.points || x.board - y.board)[0];
        countedBoard = chosen?.board ?? reserveBoards[member.id] ?? null;
        countedPoints = chosen?.points ?? 0;
      }
      const row: MemberResult = {
        team: team.id,
        player: member.id,
        starterBoard,
        boards: boards.map((b) => ({ ...b, points: b.points / gpScale })),
        countedBoard,
        countedPoints: countedPoints / gpScale,
      };
      if (member.name) row.name = member.name;
      out.push(row);
    }
  }
  return out;
}
