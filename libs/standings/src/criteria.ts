import { ScoringSystem } from '@chuhe/tournament';
import { RecordPairingRow, Records, sideIn } from './records';
import { CountingSettings } from './settings';
import { Totals, gamePointsScale, scoreScale } from './totals';

/**
 * Every tie-break criterion, defined once. A chain (chains.ts) lists criteria by id; the ranking
 * (ranking.ts) applies them in order to each group of entries still tied.
 *
 * A "value" criterion gives every entry a value independent of who else is tied (对手分, 胜局数 …).
 * A "group" criterion is computed among the tied entries only (直胜, 两人对赛时执后手者).
 * Values are integers, or integer vectors compared element by element (强对手分).
 */

export const CRITERION_IDS = [
  'score',
  'sonnebornBerger',
  'directEncounter',
  'wins',
  'winsAsBlack',
  'gamesAsBlack',
  'matchesAsBlack',
  'blackInDirectGame',
  'fouls',
  'opponentScore',
  'opponentGamePoints',
  'totalGamePoints',
  'totalBigPoints',
  'matchesWon',
  'board1Points',
  'strongOpponent',
] as const;
export type CriterionId = (typeof CRITERION_IDS)[number];

/** A criterion's value: an integer, or a vector compared element by element (a typed array internally). */
export type CriterionValue = number | ArrayLike<number>;

export interface CriterionContext {
  records: Records;
  totals: Totals;
  settings: CountingSettings;
  scoring: ScoringSystem;
}

export interface CriterionDefinition {
  id: CriterionId;
  /** Names used by the rules, individual / team. */
  name: { individual: string; team: string };
  english: string;
  definition: string;
  /** Articles that use the criterion. */
  rules: readonly string[];
  better: 'higher' | 'lower';
  /** Display divisor of the value (half-point scoring, halved opponents in 小分). */
  scale(ctx: CriterionContext): number;
  value?(ctx: CriterionContext): CriterionValue[];
  /** Values among the tied group, or null when the criterion does not apply to this group. */
  group?(ctx: CriterionContext, group: readonly number[]): number[] | null;
}

const one = (): number => 1;
const sScale = (ctx: CriterionContext): number => scoreScale(ctx.records, ctx.scoring);
const gScale = (ctx: CriterionContext): number => gamePointsScale(ctx.scoring);
const fromArray = (a: Int32Array): number[] => Array.from(a);

/**
 * What one round contributes to an opponent-based criterion, read from `metric` (the opponents'
 * totals), or null when it contributes nothing (no element in 强对手分's vector).
 */
export function opponentContribution(ctx: CriterionContext, self: number, row: RecordPairingRow, metric: Int32Array): number | null {
  const s = ctx.settings;
  if (row.kind === 'bye') return s.byeInOpponentCriteria === 'own_score' ? metric[self] : null;
  if (row.kind !== 'played') {
    if (s.forfeitInOpponentCriteria === 'zero') return null;
    if (s.forfeitInOpponentCriteria === 'own_score') return metric[self];
  }
  const opp = row.opponent;
  if (ctx.totals.withdrawn[opp]) {
    if (s.withdrawnOpponent === 'zero') return 0;
    if (s.withdrawnOpponent === 'own_score') return metric[self];
  }
  return metric[opp];
}

function sumOfOpponents(ctx: CriterionContext, metric: Int32Array): number[] {
  const rows = ctx.records.rows;
  const out = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    let sum = 0;
    for (const row of rows[i]) sum += opponentContribution(ctx, i, row, metric) ?? 0;
    out[i] = sum;
  }
  return out;
}

/** 小分 (二章6节2 A, 二章6节4 B): all of a beaten opponent's score, half of a drawn one's; kept doubled. */
function sonnebornBerger(ctx: CriterionContext): number[] {
  const rows = ctx.records.rows;
  const metric = ctx.totals.score;
  const out = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    let sum = 0;
    for (const row of rows[i]) {
      if (row.outcome === 'loss') continue;
      const c = opponentContribution(ctx, i, row, metric);
      if (c !== null) sum += row.outcome === 'win' ? 2 * c : c;
    }
    out[i] = sum;
  }
  return out;
}

/**
 * 强对手分: see StrongOpponentMethod in settings.ts. Vectors are segments of one Int32Array
 * (sorted from the highest down), to keep 10,000-entry events free of per-entry garbage.
 */
function strongOpponent(ctx: CriterionContext): CriterionValue[] {
  const rows = ctx.records.rows;
  const n = rows.length;
  const out = new Array<CriterionValue>(n);
  const method = ctx.settings.strongOpponent;
  let total = 0;
  for (let i = 0; i < n; i++) total += rows[i].length;
  const buffer = new Int32Array(total);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const start = at;
    for (const row of rows[i]) {
      if (method === 'beaten_opponents_desc' && row.outcome !== 'win') continue;
      const c = opponentContribution(ctx, i, row, ctx.totals.score);
      if (c !== null) buffer[at++] = c;
    }
    const v = buffer.subarray(start, at).sort().reverse();
    if (method === 'best_opponent') out[i] = v.length ? v[0] : 0;
    else if (method === 'buchholz_cut1') {
      let sum = 0;
      for (let k = 0; k < v.length - 1; k++) sum += v[k];
      out[i] = sum;
    } else out[i] = v;
  }
  return out;
}

/** Whether a row counts as a meeting for 直胜 (forfeits only if the setting allows). */
function countsAsMeeting(ctx: CriterionContext, row: RecordPairingRow): boolean {
  return row.kind === 'played' || (row.kind !== 'bye' && ctx.settings.forfeitsInDirectEncounter);
}

/**
 * 直胜 / 两人对赛胜负 / 两队对赛胜负: the 积分 (场分 for teams) each tied entry scored in its pairings
 * against the other tied entries. With the default 'complete_only' setting it applies only when
 * every pair of the group met; otherwise (not all met) it does not separate that group.
 */
function directEncounter(ctx: CriterionContext, group: readonly number[]): number[] | null {
  const { inGroup, met, next } = scratchOf(ctx);
  const groupStamp = next();
  for (const i of group) inGroup[i] = groupStamp;
  const complete = ctx.settings.directEncounter === 'complete_only';
  const values: number[] = [];
  for (const i of group) {
    const memberStamp = next();
    let sum = 0;
    let distinct = 0;
    for (const row of ctx.records.rows[i]) {
      if (row.opponent < 0 || inGroup[row.opponent] !== groupStamp || !countsAsMeeting(ctx, row)) continue;
      sum += row.score;
      if (met[row.opponent] !== memberStamp) {
        met[row.opponent] = memberStamp;
        distinct++;
      }
    }
    if (complete && distinct !== group.length - 1) return null;
    values.push(sum);
  }
  return values;
}

/** Stamp arrays reused by every group evaluation of one computation (no per-group allocation). */
const SCRATCH = new WeakMap<CriterionContext, { inGroup: Int32Array; met: Int32Array; next: () => number }>();
function scratchOf(ctx: CriterionContext) {
  let s = SCRATCH.get(ctx);
  if (!s) {
    const n = ctx.records.rows.length;
    let stamp = 0;
    s = { inGroup: new Int32Array(n), met: new Int32Array(n), next: () => ++stamp };
    SCRATCH.set(ctx, s);
  }
  return s;
}

/**
 * 两人对赛时执后手者为胜 (二章6节2 F): for exactly two tied entries who played each other over the
 * board, the one who had Black ranks first (counting Black games if they met more than once).
 */
function blackInDirectGame(ctx: CriterionContext, group: readonly number[]): number[] | null {
  if (group.length > 2 && ctx.settings.blackInDirectGameTies === 'among_tied') return blackAmongTied(ctx, group);
  if (group.length !== 2) return null;
  const [x, y] = group;
  const count = (self: number, other: number): number | null => {
    let met = false;
    let black = 0;
    for (const row of ctx.records.rows[self]) {
      if (row.opponent !== other || row.kind !== 'played') continue;
      met = true;
      for (const g of row.match!.games) if (g.played && sideIn(row, g) === 'black') black++;
    }
    return met ? black : null;
  };
  const bx = count(x, y);
  const by = count(y, x);
  return bx === null || by === null ? null : [bx, by];
}

/**
 * 二章6节2 F among three or more tied entries (setting blackInDirectGameTies = among_tied): when
 * every two of them played each other over the board, each one's games with Black against the
 * others of the group; more ranks first. Otherwise not applied (null).
 */
function blackAmongTied(ctx: CriterionContext, group: readonly number[]): number[] | null {
  const members = new Set(group);
  const out: number[] = [];
  for (const self of group) {
    const met = new Set<number>();
    let black = 0;
    for (const row of ctx.records.rows[self]) {
      if (!members.has(row.opponent) || row.kind !== 'played') continue;
      met.add(row.opponent);
      for (const g of row.match!.games) if (g.played && sideIn(row, g) === 'black') black++;
    }
    if (met.size !== group.length - 1) return null;
    out.push(black);
  }
  return out;
}

export const CRITERIA: Readonly<Record<CriterionId, CriterionDefinition>> = {
  score: {
    id: 'score',
    name: { individual: '积分', team: '场分' },
    english: 'points (match points for teams)',
    definition: 'Total 积分 (individual; 大分 in two-game pairings) or 场分 (teams), byes and forfeits included (二章5节).',
    rules: ['二章5节', '二章6节2', '二章6节3', '二章6节4', '二章6节5', '附录1 #12'],
    better: 'higher',
    scale: sScale,
    value: (ctx) => fromArray(ctx.totals.score),
  },
  sonnebornBerger: {
    id: 'sonnebornBerger',
    name: { individual: '小分', team: '小分' },
    english: 'Sonneborn–Berger',
    definition: 'Sum of the final 积分/场分 of every opponent beaten plus half that of every opponent drawn (所胜对手全部场分；所和对手一半场分).',
    rules: ['二章6节2 A', '二章6节4 B'],
    better: 'higher',
    scale: (ctx) => 2 * sScale(ctx),
    value: sonnebornBerger,
  },
  directEncounter: {
    id: 'directEncounter',
    name: { individual: '直接对赛胜负', team: '两队对赛胜负' },
    english: 'direct encounter',
    definition: 'Points scored in the pairings among all the tied entries only; applies when all of them met each other (setting directEncounter).',
    rules: ['二章6节2 B', '二章6节3 B', '二章6节4 E', '二章6节5 C', '附录1 #12 (3)', '附录2 #10', '附录3 #5 (b)', '附录4 #4 b', '附录5 #4 b'],
    better: 'higher',
    scale: sScale,
    group: directEncounter,
  },
  wins: {
    id: 'wins',
    name: { individual: '胜局数', team: '全队胜局' },
    english: 'games won',
    definition: 'Number of games won (a team: by all its players); forfeit wins count unless forfeitWinsAreWins is false.',
    rules: ['二章6节2 C', '二章6节3 C', '二章6节4 D', '附录2 #10', '附录3 #5 (c)', '附录4 #4 c', '附录5 #4 c'],
    better: 'higher',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.wins),
  },
  winsAsBlack: {
    id: 'winsAsBlack',
    name: { individual: '后手胜局', team: '后手胜局' },
    english: 'games won with Black',
    definition: 'Number of games won with Black, over the board (unplayed ones only if unplayedBlackGames).',
    rules: ['二章6节2 D', '二章6节3 D', '附录2 #10', '附录3 #5 (d)', '附录4 #4 d', '附录5 #4 d'],
    better: 'higher',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.winsAsBlack),
  },
  gamesAsBlack: {
    id: 'gamesAsBlack',
    name: { individual: '后手赛局', team: '后手局数' },
    english: 'games with Black',
    definition: 'Number of games played with Black (unplayed ones only if unplayedBlackGames).',
    rules: ['二章6节2 E', '二章6节3 E', '二章6节4 G', '附录2 #10', '附录3 #5 (e)', '附录4 #4 e', '附录5 #4 e'],
    better: 'higher',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.gamesAsBlack),
  },
  matchesAsBlack: {
    id: 'matchesAsBlack',
    name: { individual: '后手出场次数', team: '后手出场次数' },
    english: 'matches as the Black side',
    definition: 'Number of pairings in which the entry was the second-listed (Black) side; a team takes board 1’s colour (附录1 #9).',
    rules: ['二章6节5 F', '附录1 #12 (6)'],
    better: 'higher',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.matchesAsBlack),
  },
  blackInDirectGame: {
    id: 'blackInDirectGame',
    name: { individual: '两人对赛时执后手者', team: '两队对赛时执后手者' },
    english: 'Black in the game between the two',
    definition: 'Only for exactly two tied entries who played each other over the board: the one who had Black ranks first.',
    rules: ['二章6节2 F'],
    better: 'higher',
    scale: one,
    group: blackInDirectGame,
  },
  fouls: {
    id: 'fouls',
    name: { individual: '技术犯规', team: '全队技术犯规' },
    english: 'fewer technical fouls',
    definition: 'Technical fouls over the event (a team: all its players); fewer ranks first. Violations too if fouls = technical_and_violations.',
    rules: ['二章6节2 G', '二章6节3 G', '二章6节4 H', '二章6节5 G', '附录1 #12 (7)', '附录2 #10', '附录3 #5 (g)', '附录4 #4 f', '附录5 #4 f'],
    better: 'lower',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.fouls),
  },
  opponentScore: {
    id: 'opponentScore',
    name: { individual: '对手分', team: '对手总场分' },
    english: 'Buchholz (sum of opponents’ scores)',
    definition: 'Sum of the final 积分/场分 of every opponent (byes, forfeits and withdrawn opponents per the counting settings).',
    rules: ['二章6节3 A', '二章6节5 A', '附录1 #12 (1)', '附录2 #10', '附录3 #5 (a)', '附录4 #4 a', '附录5 #4 a'],
    better: 'higher',
    scale: sScale,
    value: (ctx) => sumOfOpponents(ctx, ctx.totals.score),
  },
  opponentGamePoints: {
    id: 'opponentGamePoints',
    name: { individual: '对手总局分', team: '对手总局分' },
    english: 'sum of opponents’ game points',
    definition: 'Sum of the final 总局分 of every opponent (same counting settings as 对手分).',
    rules: ['二章6节5 D', '附录1 #12 (4)'],
    better: 'higher',
    scale: gScale,
    value: (ctx) => sumOfOpponents(ctx, ctx.totals.gamePoints),
  },
  totalGamePoints: {
    id: 'totalGamePoints',
    name: { individual: '总局分', team: '全队总局分' },
    english: 'total game points',
    definition: 'Sum of 局分 over all games (小分 in two-game formats), byes and forfeits included.',
    rules: ['二章6节4 A', '二章6节5 B', '附录1 #12 (2)'],
    better: 'higher',
    scale: gScale,
    value: (ctx) => fromArray(ctx.totals.gamePoints),
  },
  totalBigPoints: {
    id: 'totalBigPoints',
    name: { individual: '大分', team: '总大分' },
    english: 'total big points (two-game formats)',
    definition: 'Sum of 大分 (per player pairing 2 / 1 / 0) in two-game formats; not in any default chain.',
    rules: ['二章5节2', '二章5节4'],
    better: 'higher',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.bigPoints),
  },
  matchesWon: {
    id: 'matchesWon',
    name: { individual: '取胜场数', team: '取胜场数' },
    english: 'matches won',
    definition: 'Number of pairings won (forfeit wins per forfeitWinsAreWins, byes per byeIsWin).',
    rules: ['二章6节4 C'],
    better: 'higher',
    scale: one,
    value: (ctx) => fromArray(ctx.totals.matchesWon),
  },
  board1Points: {
    id: 'board1Points',
    name: { individual: '第一台总分', team: '第一台总分' },
    english: 'board-1 points',
    definition: 'Sum of 局分 scored on board 1, whoever played it (a bye counts as a win on board 1).',
    rules: ['二章6节4 F', '二章6节5 E', '附录1 #12 (5)'],
    better: 'higher',
    scale: gScale,
    value: (ctx) => fromArray(ctx.totals.board1Points),
  },
  strongOpponent: {
    id: 'strongOpponent',
    name: { individual: '强对手分', team: '强对手分' },
    english: 'best opponent ranking',
    definition:
      'No formula in the rules. Default: the opponents’ final scores sorted from the highest down, compared element by element (setting strongOpponent).',
    rules: ['二章6节3 F', '附录2 #10', '附录3 #5 (f)', '附录4 #4 f', '附录5 #4 f'],
    better: 'higher',
    scale: sScale,
    value: strongOpponent,
  },
};

/** Compares two values of one criterion: negative when `x` ranks before `y`. */
export function compareValues(def: CriterionDefinition, x: CriterionValue, y: CriterionValue): number {
  const sign = def.better === 'higher' ? -1 : 1;
  if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
  const xv = typeof x === 'number' ? [x] : x;
  const yv = typeof y === 'number' ? [y] : y;
  const len = Math.max(xv.length, yv.length);
  for (let k = 0; k < len; k++) {
    // A missing element (fewer opponents) loses against any present one.
    const a = k < xv.length ? xv[k] : -Infinity;
    const b = k < yv.length ? yv[k] : -Infinity;
    if (a !== b) return sign * (a > b ? 1 : -1);
  }
  return 0;
}
