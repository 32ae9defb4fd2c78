import { ScoringSystem } from '@chuhe/tournament';
import { Records } from './records';
import { CountingSettings } from './settings';
import { FoulCounts } from './sanctions';

/**
 * Per-entry totals, computed in one pass over the records. Counting settings decide whether
 * byes and forfeits count in the counting criteria (see settings.ts and the README).
 */
export interface Totals {
  /** 积分 / 大分 / 场分. */
  score: Int32Array;
  /** 总局分 / 全队总局分 (小分 in two-game formats). */
  gamePoints: Int32Array;
  /** 大分 in two-game formats. */
  bigPoints: Int32Array;
  /** 胜局数 / 全队胜局: games won. */
  wins: Int32Array;
  /** 后手胜局: games won with Black. */
  winsAsBlack: Int32Array;
  /** 后手局 / 后手赛局 / 执后手 / 后手局数: games with Black. */
  gamesAsBlack: Int32Array;
  /** 取胜场数: pairings (matches) won. */
  matchesWon: Int32Array;
  /** 后手出场次数: pairings in which the entry was the second-listed (Black) side. */
  matchesAsBlack: Int32Array;
  /** 第一台总分: 局分 scored on board 1. */
  board1Points: Int32Array;
  /** 技术犯规 (and, if so set, 违例) over the event, summed over a team's members. */
  fouls: Int32Array;
  /** 1 for entries that withdrew, were removed or disqualified after round 1. */
  withdrawn: Uint8Array;
}

export interface TotalsArgs {
  records: Records;
  settings: CountingSettings;
  fouls: ReadonlyMap<string, FoulCounts>;
  withdrawn: ReadonlySet<string>;
  boards: number;
}

export function computeTotals({ records, settings, fouls, withdrawn, boards }: TotalsArgs): Totals {
  const n = records.entries.length;
  const t: Totals = {
    score: new Int32Array(n),
    gamePoints: new Int32Array(n),
    bigPoints: new Int32Array(n),
    wins: new Int32Array(n),
    winsAsBlack: new Int32Array(n),
    gamesAsBlack: new Int32Array(n),
    matchesWon: new Int32Array(n),
    matchesAsBlack: new Int32Array(n),
    board1Points: new Int32Array(n),
    fouls: new Int32Array(n),
    withdrawn: new Uint8Array(n),
  };
  const isTeam = records.eventKind === 'team';
  const gamesPerBye = records.gamesPerPairing * (isTeam ? boards : 1);
  const { byeIsWin, forfeitWinsAreWins, unplayedBlackGames } = settings;
  for (let i = 0; i < n; i++) {
    let score = 0,
      gp = 0,
      big = 0,
      wins = 0,
      winsB = 0,
      gamesB = 0,
      matchesWon = 0,
      matchesB = 0,
      board1 = 0;
    const rows = records.rows[i];
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      score += row.score;
      gp += row.gamePoints;
      big += row.bigPoints;
      const match = row.match;
      if (match === null) {
        // a bye
        if (byeIsWin && row.outcome === 'win') {
          wins += gamesPerBye;
          matchesWon++;
        }
        // A bye counts the same way in every team criterion (issue 9): its 局分 (byeGamePoints)
        // spread evenly over the boards, so board 1 gets its share. A Swiss bye is a win on every
        // board (场分 2, 局分 2 × boards, board 1: 2); a round-robin rest round (附录6 #3–4: the
        // odd entry out rests; 附录1 #3 avoids it in team events with a host team) scores 0 in
        // 场分, 局分 and on board 1 alike.
        if (isTeam) board1 += Math.round(row.gamePoints / boards);
        continue;
      }
      const played = row.kind === 'played';
      if (row.outcome === 'win' && (played || forfeitWinsAreWins)) matchesWon++;
      if (row.side === 'black' && (played || unplayedBlackGames)) matchesB++;
      const c = row.counts;
      board1 += c.board1Points;
      wins += c.winsPlayed + (forfeitWinsAreWins ? c.winsUnplayed : 0);
      gamesB += c.blackPlayed + (unplayedBlackGames ? c.blackUnplayed : 0);
      winsB += c.blackWinsPlayed + (unplayedBlackGames ? c.blackWinsUnplayed : 0);
    }
    t.score[i] = score;
    t.gamePoints[i] = gp;
    t.bigPoints[i] = big;
    t.wins[i] = wins;
    t.winsAsBlack[i] = winsB;
    t.gamesAsBlack[i] = gamesB;
    t.matchesWon[i] = matchesWon;
    t.matchesAsBlack[i] = matchesB;
    t.board1Points[i] = board1;
    const e = records.entries[i];
    if (withdrawn.size > 0 && withdrawn.has(e.id)) t.withdrawn[i] = 1;
    if (!isTeam && fouls.size > 0) t.fouls[i] = foulCount(fouls.get(e.id), settings);
  }
  if (records.eventKind === 'team') {
    // 全队技术犯规: every foul of a player counts for the team they played for.
    for (const [player, f] of fouls) {
      const team = records.memberTeam.get(player);
      if (team !== undefined) t.fouls[team] += foulCount(f, settings);
    }
  }
  return t;
}

/** 技术犯规, plus 违例 when the setting says so. */
function foulCount(f: FoulCounts | undefined, settings: CountingSettings): number {
  return f ? f.technical + (settings.fouls === 'technical_and_violations' ? f.violations : 0) : 0;
}

/** Display divisor of scores: 1 / ½ / 0 scoring counts half-points (二章5节1). */
export function scoreScale(records: Records, scoring: ScoringSystem): number {
  return records.eventKind === 'individual' && records.gamesPerPairing === 1 && scoring === '1-0.5-0' ? 2 : 1;
}

export function gamePointsScale(scoring: ScoringSystem): number {
  return scoring === '1-0.5-0' ? 2 : 1;
}
