/**
 * The final places of a championship: 'championship-5-2' (附录2) and 'championship-6-1' (附录3).
 *
 *   附录2 #10 以淘汰赛决定前四名，其余棋手七轮赛毕，依积分高低定名次 … — places 1–4 by the knockout
 *             (附录2 #6: final winner 1st, loser 2nd; third-place winner 3rd, loser 4th); the others
 *             after them, by their 7 rounds with the 附录2 #10 chain ('axf-appendix-2').
 *   附录3 #2  冠亚军决赛 decides 1st and 2nd; 其余的比赛员继续进行最后一轮的积分编排赛，以决定第三、
 *             第四……的排名 — the others 3rd, 4th … by their 7 rounds with the 附录3 #5 chain.
 *
 * A knockout match is one pairing whose rapid / armageddon tie-break games are further games of
 * that pairing (championship-system.ts); the deciding game is reported. A drawn game can decide
 * for Black: the 5+2 rapid game (附录2 7b "正赛及快棋赛均和再和则以执后手者为胜" — no third game in
 * 5+2) and the 6+1 final's armageddon game (附录3 6 "和棋作黑胜论").
 *
 * ## How the knockout players' stage games count for the others' tie-breaks (Chuhe's reading)
 * 附录2 #10 ranks the others "七轮赛毕" by 积分 then 对手分 …: the opponents' scores are their
 * scores after seven rounds. Every player, knockout or not, plays one slow game (正赛) per round;
 * the rapid and armageddon games only decide the knockout match (附录2 7b, 附录3 6) and are not
 * rounds. So a knockout player's score as an opponent is: the Swiss rounds + the slow game of each
 * knockout match (scored 2/1/0 like any game) — never the tie-break games. Without this a semi-final
 * won in the rapid game would count 3 points (slow draw + rapid win) and inflate the 对手分 of
 * everyone who met that player. Implemented with computeStandings' `firstGameOnlyRounds` (the
 * stage rounds). The others are ranked among themselves (`rankOnly`): a knockout player is never in
 * their tie groups (直接对赛, the lot).
 *
 * Before the knockout is over, places 1–4 (5+2) / 1–2 (6+1) are ranges ('pending') and the
 * others' places are 'provisional' until every result of round 7 is in.
 *
 * Usage:
 *   const r = championshipStandings(tournament, { standings: fileOptions });
 *   if (r.ok) for (const p of r.value.places) console.log(p.place, p.entry, p.why);
 */
import { GameResult, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { ChainId } from '@chuhe/standings';
import { Standings, StandingsOptions, StandingRow, computeStandings } from '@chuhe/standings';
import { ChampionshipStage } from './championship';
import {
  CHAMPIONSHIP_ROUNDS,
  ChampionshipFormat,
  ChampionshipKnockout,
  ChampionshipRanker,
  championshipKnockouts,
  describeMatchGame,
  standingsRanker,
} from './championship-system';
import { FIVE_PLUS_TWO_SWISS_ROUNDS } from './championship-five-plus-two';
import { SIX_PLUS_ONE_SWISS_ROUNDS } from './championship-six-plus-one';
import { isActiveIn } from './checker-history';
import { MatchGameKind, knockoutMatchState } from './knockout-match';

export const CHAMPIONSHIP_SYSTEM_IDS = ['championship-5-2', 'championship-6-1'] as const;
export type ChampionshipSystemId = (typeof CHAMPIONSHIP_SYSTEM_IDS)[number];

export const PLACE_STATUSES = ['final', 'pending', 'provisional'] as const;
/** final: decided; pending: a range still to be decided by the knockout; provisional: by standings not complete yet. */
export type PlaceStatus = (typeof PLACE_STATUSES)[number];

export const CHAMPIONSHIP_STANDINGS_ERROR_CODES = ['not_a_championship', 'standings_failed', 'knockout_invalid'] as const;
export type ChampionshipStandingsErrorCode = (typeof CHAMPIONSHIP_STANDINGS_ERROR_CODES)[number];
export interface ChampionshipStandingsError {
  code: ChampionshipStandingsErrorCode;
  message: string;
}

/** A game of a knockout match, with its kind ('regular' = the slow game, 正赛). */
export interface KnockoutGameView {
  number: number;
  kind: MatchGameKind;
  red: string;
  black: string;
  result: GameResult | null;
  /** A drawn game that decided the match for Black: the 5+2 rapid game (附录2 7b), the 6+1 armageddon game (附录3 6). */
  drawCountsAsBlackWin?: true;
}

export interface KnockoutResult {
  stage: ChampionshipStage;
  round: number;
  /** Semi-finals: 1 (holds A1) or 2. */
  number: number;
  players: [string, string];
  games: KnockoutGameView[];
  winner: string | null;
  loser: string | null;
  /** The game that decided the match (the last one), when decided. */
  decidingGame: KnockoutGameView | null;
  /** "p1 beat p4 in the slow game (game 1: p1 Red, p4 Black, red_win)", or what is still to play. */
  summary: string;
}

export interface ChampionshipPlace {
  /** The place, or the best place of a pending range. */
  place: number;
  /** [from, to]: equal when decided (or provisional). */
  places: [number, number];
  entry: string;
  name?: string;
  drawNumber: number;
  status: PlaceStatus;
  basis: 'knockout' | 'standings';
  /** Knockout players: their matches, semi-final first. */
  matches?: KnockoutResult[];
  /** The others: their row of the others' standings (values of the chain, why this rank). */
  row?: StandingRow;
  /** One line for humans. */
  why: string;
}

export interface ChampionshipStandings {
  system: ChampionshipSystemId;
  format: ChampionshipFormat;
  phase: 'swiss' | 'knockout' | 'complete';
  complete: boolean;
  places: ChampionshipPlace[];
  /** Entries in no place: withdrawn before round 1, results annulled, disqualified. */
  excluded: Standings['excluded'];
  knockouts: KnockoutResult[];
  /** What is still missing, one line each. */
  pending: string[];
  /** The others' standings (rankOnly the others; stage rounds count their slow games only). */
  standings: Standings;
  notes: string[];
}

export interface ChampionshipStandingsOptions {
  /** The file's standings extras (sanctions, withdrawals, lot, counting, chain …). The chain defaults to the appendix's. */
  standings?: StandingsOptions;
  /** Ranking after the Swiss rounds (who plays the knockout); default libs/standings as the pairing uses it. */
  rank?: ChampionshipRanker;
}

interface Info {
  format: ChampionshipFormat;
  swissRounds: number;
  stagePlayers: number;
  chain: ChainId;
  rule: string;
}

const INFO: Record<ChampionshipSystemId, Info> = {
  'championship-5-2': { format: '5+2', swissRounds: FIVE_PLUS_TWO_SWISS_ROUNDS, stagePlayers: 4, chain: 'axf-appendix-2', rule: '附录2 #10' },
  'championship-6-1': { format: '6+1', swissRounds: SIX_PLUS_ONE_SWISS_ROUNDS, stagePlayers: 2, chain: 'axf-appendix-3', rule: '附录3 #2, #5' },
};

export function isChampionshipSystem(id: unknown): id is ChampionshipSystemId {
  return typeof id === 'string' && (CHAMPIONSHIP_SYSTEM_IDS as readonly string[]).includes(id);
}

/** options.championshipLotSeed, else colourLotSeed (championship-system.ts), when set. */
function lotSeedOption(t: Tournament): string | undefined {
  const seed = t.options.championshipLotSeed ?? t.options.colourLotSeed;
  return typeof seed === 'string' ? seed : undefined;
}

function failure(code: ChampionshipStandingsErrorCode, message: string): { ok: false; error: ChampionshipStandingsError } {
  return { ok: false, error: { code, message } };
}

const KIND_LABEL: Record<MatchGameKind, string> = { regular: 'slow game', rapid: 'rapid game', armageddon: 'armageddon game' };
const STAGE_LABEL: Record<ChampionshipStage, string> = { semi_final: 'semi-final', final: 'final', third_place: 'third-place match' };

/** The games of a stored match with their kinds (regular / rapid / armageddon), replayed through the state machine. */
function gameViews(k: ChampionshipKnockout): KnockoutGameView[] {
  return k.games.map((g, i) => {
    const s = knockoutMatchState(k.format, k.players, k.games.slice(0, i));
    const step = s.ok && (s.value.status === 'next' || s.value.status === 'in_progress') ? s.value.game : null;
    const kind: MatchGameKind = step ? step.kind : 'armageddon';
    const view: KnockoutGameView = { number: i + 1, kind, red: g.red, black: g.black, result: g.result };
    if (step?.drawWinner === 'black' && g.result === 'draw') view.drawCountsAsBlackWin = true;
    return view;
  });
}

/** 附录2 7b 正赛及快棋赛均和再和则以执后手者为胜 (the rapid game); 附录3 6 和棋作黑胜论 (the armageddon game). */
const ARMAGEDDON_RULE: Record<ChampionshipFormat, string> = { '5+2': '附录2 7b', '6+1': '附录3 6' };

function describeGame(g: KnockoutGameView, format: ChampionshipFormat): string {
  const how = g.drawCountsAsBlackWin ? `draw — a draw counts as a win for Black (${ARMAGEDDON_RULE[format]})` : String(g.result);
  return `game ${g.number}: ${g.red} Red, ${g.black} Black, ${how}`;
}

function knockoutResult(k: ChampionshipKnockout, format: ChampionshipFormat): KnockoutResult {
  const games = gameViews(k);
  const name = `${STAGE_LABEL[k.stage]}${k.stage === 'semi_final' ? ` ${k.number}` : ''} ${k.players.first}–${k.players.second} (round ${k.round})`;
  const base = { stage: k.stage, round: k.round, number: k.number, players: [k.players.first, k.players.second] as [string, string], games };
  const s = k.state;
  if (s.status === 'decided') {
    const deciding = games[games.length - 1];
    return {
      ...base,
      winner: s.winner,
      loser: s.loser,
      decidingGame: deciding,
      summary: `${name}: ${s.winner} beat ${s.loser} in the ${KIND_LABEL[s.decidedBy]} (${describeGame(deciding, format)})`,
    };
  }
  let open: string;
  if (s.status === 'next') open = `add ${describeMatchGame(s.game)}`;
  else if (s.status === 'in_progress') open = `${describeMatchGame(s.game)} has no result yet`;
  else if (s.status === 'awaiting_lot') open = 'the armageddon colours need the lot';
  else open = `no winner (${s.reason.replace('_', ' ')}): the chief arbiter decides`;
  return { ...base, winner: null, loser: null, decidingGame: null, summary: `${name} not decided: ${open}` };
}

const ordinal = (n: number): string => {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

/**
 * The final places of a 5+2 or 6+1 championship (see the file comment). Errors: not a championship
 * file, standings that cannot be computed, a stage round whose knockout matches cannot be read.
 */
export function championshipStandings(
  tournament: Tournament,
  options: ChampionshipStandingsOptions = {},
): Result<ChampionshipStandings, ChampionshipStandingsError> {
  const system = tournament.options.pairingSystem;
  if (!isChampionshipSystem(system)) {
    return failure(
      'not_a_championship',
      `options.pairingSystem must be ${CHAMPIONSHIP_SYSTEM_IDS.join(' or ')} for the championship places, got ${JSON.stringify(system)}`,
    );
  }
  if (tournament.options.eventKind !== 'individual')
    return failure('not_a_championship', `${system} is an individual championship (附录2, 附录3), not a team event`);
  const info = INFO[system];
  const rank = options.rank ?? standingsRanker;
  const notes: string[] = [];
  const pending: string[] = [];
  const stageRounds = tournament.rounds.map((r) => r.round).filter((r) => r > info.swissRounds);
  const lastRound = Math.max(0, ...tournament.rounds.map((r) => r.round));

  // Who plays the knockout: the players of the stored matches; before the stage, the qualifiers
  // once the Swiss rounds are complete (as the pairing system ranks them).
  let knockouts: ChampionshipKnockout[] = [];
  let stagePlayers: string[] = [];
  if (stageRounds.length > 0) {
    const ks = championshipKnockouts(info.format, tournament, rank);
    if (!ks.ok) return failure('knockout_invalid', ks.error.message);
    knockouts = ks.value;
    stagePlayers = [...new Set(knockouts.flatMap((k) => [k.players.first, k.players.second]))];
    if (stagePlayers.length !== info.stagePlayers) {
      return failure(
        'knockout_invalid',
        `round ${info.swissRounds + 1} should hold the knockout ${info.stagePlayers === 4 ? 'semi-finals of A1–A4' : 'final of A1 and A2'}; found ${stagePlayers.length} knockout player(s)`,
      );
    }
  } else if (lastRound >= info.swissRounds) {
    const lotSeed = lotSeedOption(tournament) ?? tournament.name ?? '';
    const swissOnly: Tournament = { ...tournament, rounds: tournament.rounds.filter((r) => r.round <= info.swissRounds) };
    const ranked = rank(swissOnly, { chain: info.chain, lotSeed });
    if (ranked.ok) {
      const byId = new Map(tournament.entries.map((e) => [e.id, e]));
      stagePlayers = ranked.value.filter((id) => byId.has(id) && isActiveIn(byId.get(id)!, info.swissRounds + 1)).slice(0, info.stagePlayers);
      pending.push(`the knockout (round ${info.swissRounds + 1}) is not paired yet: ${stagePlayers.join(', ')} qualified for places 1–${info.stagePlayers}`);
    }
  }
  if (stagePlayers.length === 0) {
    pending.push(
      `the Swiss rounds (1–${info.swissRounds}) are not finished: places 1–${info.stagePlayers} are decided by the knockout after round ${info.swissRounds}`,
    );
  }

  // The others, ranked among themselves after 7 rounds; stage rounds count slow games only (附录2 #10, see above).
  const standingsOptions: StandingsOptions = {
    ...options.standings,
    format: 'swiss',
    chain: options.standings?.chain ?? info.chain,
    // Entries still tied after the whole chain: the file's recorded lot, else the championship's
    // lot seed when one is set (championship-system.ts uses it for the same purpose); else they share the place.
    lot: options.standings?.lot ?? (lotSeedOption(tournament) !== undefined ? { seed: lotSeedOption(tournament) } : undefined),
    firstGameOnlyRounds: [...new Set([...(options.standings?.firstGameOnlyRounds ?? []), ...stageRounds])],
  };
  const stageSet = new Set(stagePlayers);
  const computed = computeStandings(tournament, { ...standingsOptions, rankOnly: tournament.entries.map((e) => e.id).filter((id) => !stageSet.has(id)) });
  if (!computed.ok) return failure('standings_failed', computed.error.message);
  const standings = computed.value;

  // Knockout places.
  const results = knockouts.map((k) => knockoutResult(k, info.format));
  for (const r of results) if (r.winner === null) pending.push(r.summary);
  const byEntry = new Map(tournament.entries.map((e) => [e.id, e]));
  const places: ChampionshipPlace[] = [];
  const range = new Map<string, { places: [number, number]; decidedBy?: KnockoutResult }>();
  for (const id of stagePlayers) range.set(id, { places: [1, info.stagePlayers] });
  const finalRound = CHAMPIONSHIP_ROUNDS;
  const finals = results.filter((r) => r.stage !== 'semi_final');
  if (info.format === '5+2') {
    // 附录2 #6: 第一场淘汰赛胜者争夺冠、亚军，负者争夺季、殿军。
    for (const semi of results.filter((r) => r.stage === 'semi_final')) {
      if (semi.winner === null || semi.loser === null) continue;
      range.set(semi.winner, { places: [1, 2] });
      range.set(semi.loser, { places: [3, 4] });
    }
    const semis = results.filter((r) => r.stage === 'semi_final');
    if (semis.length === 2 && semis.every((s) => s.winner !== null) && finals.length === 0) {
      pending.push(`the final and the third-place match (round ${finalRound}) are not paired yet`);
    }
  }
  for (const m of finals) {
    if (m.winner === null || m.loser === null) continue;
    const best = m.stage === 'final' ? 1 : 3;
    range.set(m.winner, { places: [best, best], decidedBy: m });
    range.set(m.loser, { places: [best + 1, best + 1], decidedBy: m });
  }
  for (const id of stagePlayers) {
    const r = range.get(id)!;
    const e = byEntry.get(id)!;
    const matches = results.filter((m) => m.players.includes(id));
    const decided = r.places[0] === r.places[1];
    let why: string;
    if (decided && r.decidedBy) {
      const m = r.decidedBy;
      const won = m.winner === id;
      why = `${won ? 'won' : 'lost'} the ${STAGE_LABEL[m.stage]} (round ${m.round}) ${won ? 'against' : 'to'} ${won ? m.loser : m.winner} in the ${KIND_LABEL[m.decidingGame!.kind]} (${describeGame(m.decidingGame!, info.format)})`;
    } else if (matches.length > 0) {
      why = `places ${r.places[0]}–${r.places[1]}, by the knockout: ${matches[matches.length - 1].summary}`;
    } else {
      why = `qualified for the knockout: places ${r.places[0]}–${r.places[1]} (${info.rule})`;
    }
    const place: ChampionshipPlace = {
      place: r.places[0],
      places: r.places,
      entry: id,
      drawNumber: e.drawNumber,
      status: decided ? 'final' : 'pending',
      basis: 'knockout',
      matches,
      why,
    };
    if (e.name) place.name = e.name;
    places.push(place);
  }

  // The others: after the knockout places, in the order of their own standings.
  const othersFinal = lastRound >= finalRound && standings.pending.length === 0;
  const offset = stagePlayers.length > 0 ? info.stagePlayers : 0;
  for (const row of standings.rows) {
    const p = offset + row.rank;
    const d = row.decidedBy;
    const reason = row.sharedRank
      ? 'tied on the whole chain (no lot recorded): same place'
      : d
        ? `${d.label}: ${JSON.stringify(d.previous)} (place above) vs ${JSON.stringify(d.current)} (${d.rule})`
        : '';
    const place: ChampionshipPlace = {
      place: p,
      places: [p, p],
      entry: row.entry,
      drawNumber: row.drawNumber,
      status: othersFinal ? 'final' : 'provisional',
      basis: 'standings',
      row,
      why: `${ordinal(p)} by ${stagePlayers.length > 0 ? `the others' ${lastRound} rounds` : `the standings after round ${lastRound}`}: score ${row.score}${reason ? `; ${reason}` : ''}`,
    };
    if (row.name) place.name = row.name;
    places.push(place);
  }
  places.sort((a, b) => a.place - b.place || a.drawNumber - b.drawNumber);
  if (standings.pending.length > 0) {
    pending.push(`results missing (the others' places are provisional): ${standings.pending.map((p) => `round ${p.round} ${p.red}–${p.black}`).join(', ')}`);
  } else if (lastRound < finalRound && stagePlayers.length > 0) {
    pending.push(`the others' places are provisional until round ${finalRound} is played`);
  }
  if (stageRounds.length > 0) {
    notes.push(
      `rounds ${stageRounds.join(', ')}: a knockout match counts its slow game only in the scores (对手分 of the others); ${info.format === '5+2' ? 'the rapid game decides' : 'the rapid and armageddon games decide'} the match only (${info.rule})`,
    );
  }

  const complete = places.every((p) => p.status === 'final') && pending.length === 0;
  return {
    ok: true,
    value: {
      system,
      format: info.format,
      phase: complete ? 'complete' : stageRounds.length > 0 ? 'knockout' : 'swiss',
      complete,
      places,
      excluded: standings.excluded,
      knockouts: results,
      pending,
      standings,
      notes,
    },
  };
}
