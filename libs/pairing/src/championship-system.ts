/**
 * The championship formats as registered pairing systems: 'championship-5-2' (附录2) and
 * 'championship-6-1' (附录3). Given the tournament file, pair the next round:
 *
 *   5+2  rounds 1–5 Swiss (swiss-individual); after round 5 the field is ranked with the
 *        附录2 #10 chain (libs/standings, 'axf-appendix-2') → A1…A4;
 *        round 6 = the two semi-finals (附录2 #7, 7a: fivePlusTwoSemiFinals) + Swiss for the others;
 *        round 7 = final and third place (附录2 #6, 7b: fivePlusTwoFinals) + Swiss for the others.
 *   6+1  rounds 1–6 Swiss; after round 6 the 附录3 #5 chain ('axf-appendix-3') → A1, A2;
 *        round 7 = the final (附录3 #6, 6a: sixPlusOneFinal) + Swiss for the others (附录3 #2).
 *
 * The stage logic (7a switch, colours, formats) lives in championship*.ts; this file only reads
 * the tournament, ranks, and assembles the round. The others' rounds go through
 * pairOthersSwiss with swiss-individual (not the registry: the registry would send them back here).
 *
 * Dependency: libs/pairing → libs/standings (one way; libs/standings does not import
 * libs/pairing). A different ranking can be passed in (`createChampionshipSystem(…, { rank })`).
 *
 * ## How a knockout match is stored in a round
 * A knockout match is ONE pairing of its round (`red` = Red of the first regular game). Its
 * tie-break games are further games of that same pairing, in the order played:
 *   5+2 (附录2 7b): a rapid game with colours reversed; if it is drawn too, the player who had
 *       Black in it wins ("正赛及快棋赛均和再和则以执后手者为胜") — there is no third game.
 *   6+1 final (附录3 6): the rapid game, then a last rapid (armageddon) game, draw = Black wins:
 *
 *   { "red": "p1", "black": "p4", "games": [
 *       { "red": "p1", "black": "p4", "result": "draw" },        // regular (slow) game
 *       { "red": "p4", "black": "p1", "result": "draw" },        // rapid, colours reversed (5+2: p1 wins here)
 *       { "red": "p1", "black": "p4", "result": null } ] }      // 6+1 only: armageddon, on the board
 *
 * `pair` proposes each match with its first regular game. While a match of the previous stage
 * round is still tied it refuses to pair the next round (previous_round_unfinished) and names the
 * game to add (kind, colours, clock) — as does `championshipKnockouts(tournament)` for every
 * match, and `npx chuhe knockout next` for a single match. Pairing-level colours (checker,
 * colour balance) count a match once, with the colours of its first game.
 *
 * ## Options read (tournament.options)
 *   championshipLots      { [lotKey]: entryId } — lots drawn on site (现场抽签): who drew Red.
 *                         Keys: '5+2 semi-final 1', '5+2 semi-final 2', '5+2 final',
 *                         '5+2 third place', '6+1 final' (championship-colours.ts).
 *   championshipLotSeed   string — seed of the reproducible lot for keys not recorded, and of the
 *                         lot that separates entries still tied after the whole tie-break chain.
 *                         Default: colourLotSeed, else the tournament name, else ''.
 *   semiFinalColours      'lot' (附录2 #7, default) | 'balance_then_lot'.
 *
 * Choices where the rules are silent (documented here):
 *   - An entry withdrawn before the stage cannot play it: A1…A4 are the best-ranked entries
 *     still active in the first stage round (the next one moves up).
 *   - Entries tied after the whole chain are separated by the seeded lot above (抽签).
 *   - Rounds after 7 are refused ('unsupported'): both formats have seven rounds.
 */
import { Round, Side, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { computeStandings } from '@chuhe/standings';
import { ChainId } from '@chuhe/standings';
import { ChampionshipError, ChampionshipMatch, ChampionshipStage, pairOthersSwiss, SwissRoundPairer } from './championship';
import { Lot, seededLot } from './championship-colours';
import { FIVE_PLUS_TWO_SWISS_ROUNDS, fivePlusTwoFinals, fivePlusTwoSemiFinals } from './championship-five-plus-two';
import { SIX_PLUS_ONE_SWISS_ROUNDS, sixPlusOneFinal } from './championship-six-plus-one';
import { entryHistories, isActiveIn } from './checker-history';
import {
  FIVE_PLUS_TWO_KNOCKOUT,
  KnockoutMatchFormat,
  KnockoutMatchPlayers,
  knockoutMatchState,
  KnockoutMatchState,
  MatchGame,
  NextMatchGame,
  SIX_PLUS_ONE_FINAL,
  TimeControl,
} from './knockout-match';
import { PairingError, PairingRequest, PairingSystem, PairingWarning, RoundPairing } from './pairing-system';
import { colourWarnings, swissIndividual } from './swiss/swiss-individual';

export const CHAMPIONSHIP_FORMATS = ['5+2', '6+1'] as const;
export type ChampionshipFormat = (typeof CHAMPIONSHIP_FORMATS)[number];

/** Total rounds of both formats (5 + 2, 6 + 1). */
export const CHAMPIONSHIP_ROUNDS = 7;

interface FormatInfo {
  swissRounds: number;
  /** How many of the ranking play the knockout. */
  stagePlayers: number;
  /** 附录2 #10 / 附录3 #5. */
  chain: ChainId;
  knockout: KnockoutMatchFormat;
}

const FORMATS: Record<ChampionshipFormat, FormatInfo> = {
  '5+2': { swissRounds: FIVE_PLUS_TWO_SWISS_ROUNDS, stagePlayers: 4, chain: 'axf-appendix-2', knockout: FIVE_PLUS_TWO_KNOCKOUT },
  '6+1': { swissRounds: SIX_PLUS_ONE_SWISS_ROUNDS, stagePlayers: 2, chain: 'axf-appendix-3', knockout: SIX_PLUS_ONE_FINAL },
};

/**
 * Ranks the field after the Swiss rounds. `tournament` holds only rounds 1…swissRounds. Returns
 * entry ids best first (entries withdrawn before the stage may be included; they are skipped).
 */
export type ChampionshipRanker = (tournament: Tournament, context: { chain: ChainId; lotSeed: string }) => Result<string[], PairingError>;

/** The default ranker: libs/standings with the appendix's default chain, ties after it by the seeded lot. */
export const standingsRanker: ChampionshipRanker = (tournament, { chain, lotSeed }) => {
  const standings = computeStandings(tournament, { format: 'swiss', chain, lot: { seed: lotSeed } });
  if (!standings.ok)
    return { ok: false, error: new PairingError('unsupported', `the standings after the Swiss rounds cannot be computed: ${standings.error.message}`) };
  const pending = standings.value.pending;
  if (pending.length > 0) {
    const games = pending.map((p) => `round ${p.round} ${p.red}–${p.black}`).join(', ');
    return {
      ok: false,
      error: new PairingError(
        'previous_round_unfinished',
        `results missing, the ranking for the knockout stage is unknown: ${games}`,
        pending.flatMap((p) => [p.red, p.black]),
      ),
    };
  }
  return { ok: true, value: standings.value.rows.map((r) => r.entry) };
};

interface Settings {
  lot: Lot;
  lotSeed: string;
  semiFinalColours: 'lot' | 'balance_then_lot';
  /** Set by the lot when a recorded lot names someone outside the match. */
  lotProblem?: string;
}

function unsupported(message: string, entries: string[] = []): { ok: false; error: PairingError } {
  return { ok: false, error: new PairingError('unsupported', message, entries) };
}

function readSettings(t: Tournament): Result<Settings, PairingError> {
  const o = t.options;
  const recorded = o.championshipLots;
  if (
    recorded !== undefined &&
    (typeof recorded !== 'object' || recorded === null || Array.isArray(recorded) || Object.values(recorded).some((v) => typeof v !== 'string'))
  ) {
    return unsupported('options.championshipLots must be an object { lotKey: entryId }, e.g. { "6+1 final": "p2" }');
  }
  const seedOption = o.championshipLotSeed ?? o.colourLotSeed;
  if (seedOption !== undefined && typeof seedOption !== 'string') return unsupported('options.championshipLotSeed must be a string');
  const semi = o.semiFinalColours ?? 'lot';
  if (semi !== 'lot' && semi !== 'balance_then_lot')
    return unsupported(`options.semiFinalColours must be 'lot' or 'balance_then_lot', got ${JSON.stringify(semi)}`);
  const lotSeed = seedOption ?? t.name ?? '';
  const seeded = seededLot(lotSeed, t.entries);
  const lots = (recorded ?? {}) as Record<string, string>;
  const settings: Settings = {
    lotSeed,
    semiFinalColours: semi,
    lot: (candidates, key) => {
      const w = lots[key];
      if (w === undefined) return seeded(candidates, key);
      if (!candidates.includes(w)) {
        settings.lotProblem = `options.championshipLots['${key}'] names ${w}, who is not in that match (${candidates.join(', ')})`;
        return candidates[0];
      }
      return w;
    },
  };
  return { ok: true, value: settings };
}

/** A knockout match in a stage round, as stored (see the file comment), with its state. */
export interface ChampionshipKnockout {
  round: number;
  stage: ChampionshipStage;
  /** Semi-finals: 1 (holds A1) or 2; otherwise 1. */
  number: number;
  players: KnockoutMatchPlayers;
  format: KnockoutMatchFormat;
  games: MatchGame[];
  /** What comes next: a game to play (kind, colours, clock) or the winner (knockout-match.ts). */
  state: KnockoutMatchState;
}

function clock(tc: TimeControl): string {
  return `${tc.baseMinutes}'+${tc.incrementSeconds}"`;
}

/** "game 2 (rapid): p4 Red, p1 Black, 30'+30"" — for messages. */
export function describeMatchGame(g: NextMatchGame): string {
  const tc = g.timeControl.red === g.timeControl.black ? clock(g.timeControl.red) : `Red ${clock(g.timeControl.red)}, Black ${clock(g.timeControl.black)}`;
  return `game ${g.number} (${g.kind}): ${g.red} Red, ${g.black} Black, ${tc}${g.drawWinner ? `, a draw counts as a win for ${g.drawWinner === 'black' ? 'Black' : 'Red'}` : ''}`;
}

interface Context {
  format: ChampionshipFormat;
  info: FormatInfo;
  tournament: Tournament;
  settings: Settings;
  /** A1, A2, … (only entries active in the first stage round). */
  top: string[];
}

function stageContext(format: ChampionshipFormat, tournament: Tournament, rank: ChampionshipRanker): Result<Context, PairingError> {
  if (tournament.options.eventKind !== 'individual')
    return unsupported(`championship-${format.replace('+', '-')} pairs individual championships (附录2, 附录3), not team events`);
  const info = FORMATS[format];
  const settings = readSettings(tournament);
  if (!settings.ok) return settings;
  const swissOnly: Tournament = { ...tournament, rounds: tournament.rounds.filter((r) => r.round <= info.swissRounds) };
  const ranked = rank(swissOnly, { chain: info.chain, lotSeed: settings.value.lotSeed });
  if (!ranked.ok) return ranked;
  const byId = new Map(tournament.entries.map((e) => [e.id, e]));
  const eligible = ranked.value.filter((id) => {
    const e = byId.get(id);
    return e !== undefined && isActiveIn(e, info.swissRounds + 1);
  });
  if (eligible.length < info.stagePlayers) {
    return unsupported(`the ${format} stage needs ${info.stagePlayers} active players after round ${info.swissRounds}; there are ${eligible.length}`);
  }
  return { ok: true, value: { format, info, tournament, settings: settings.value, top: eligible.slice(0, info.stagePlayers) } };
}

function fromChampionship(e: ChampionshipError, settings: Settings): { ok: false; error: PairingError } {
  if (settings.lotProblem) return unsupported(settings.lotProblem);
  const code = e.code === 'swiss_incomplete' || e.code === 'match_not_decided' ? 'previous_round_unfinished' : 'unsupported';
  return { ok: false, error: new PairingError(code, e.message) };
}

/**
 * The knockout matches stored in stage round `round`: its pairings between two stage players,
 * each with its state. A match whose games do not follow the sequence of knockout-match.ts is an error.
 */
function knockoutsOf(ctx: Context, round: number): Result<ChampionshipKnockout[], PairingError> {
  const r = ctx.tournament.rounds.find((x) => x.round === round);
  if (!r) return { ok: true, value: [] };
  const firstStage = ctx.info.swissRounds + 1;
  const place = (id: string) => ctx.top.indexOf(id);
  const pairings = r.pairings
    .filter((p) => place(p.red) >= 0 && place(p.black) >= 0)
    // Semi-final 1 holds A1 (附录2 #7).
    .sort((a, b) => Math.min(place(a.red), place(a.black)) - Math.min(place(b.red), place(b.black)));
  const out: ChampionshipKnockout[] = [];
  for (const [i, p] of pairings.entries()) {
    const players = { first: p.red, second: p.black };
    const games = p.games.map((g) => ({ red: g.red, black: g.black, result: g.result }));
    const s = knockoutMatchState(ctx.info.knockout, players, games);
    if (!s.ok) return unsupported(`round ${round}, knockout match ${p.red}–${p.black}: ${s.error.message}`, [p.red, p.black]);
    const semi = ctx.format === '5+2' && round === firstStage;
    out.push({ round, stage: semi ? 'semi_final' : 'final', number: semi ? i + 1 : 1, players, format: ctx.info.knockout, games, state: s.value });
  }
  if (ctx.format === '5+2' && round > firstStage) {
    // 附录2 #6: the final is the match of the two semi-final winners, the other one the third-place match.
    const semis = knockoutsOf(ctx, firstStage);
    if (!semis.ok) return semis;
    const winners = new Set(semis.value.flatMap((k) => (k.state.status === 'decided' ? [k.state.winner] : [])));
    for (const k of out) if (!(winners.has(k.players.first) && winners.has(k.players.second))) k.stage = 'third_place';
    out.sort((a, b) => (a.stage === 'final' ? 0 : 1) - (b.stage === 'final' ? 0 : 1));
  }
  return { ok: true, value: out };
}

/** The ChampionshipMatch shape of a stored match, for fivePlusTwoFinals (colour reason and history are not needed there). */
function asMatch(k: ChampionshipKnockout): ChampionshipMatch {
  return { stage: k.stage, number: k.number, players: k.players, colourReason: 'lot', metInRounds: [], format: k.format };
}

/** A match not decided yet, as a PairingError naming the game to add. */
function undecided(k: ChampionshipKnockout): { ok: false; error: PairingError } | undefined {
  const name = `${k.stage.replace('_', ' ')}${k.stage === 'semi_final' ? ` ${k.number}` : ''} ${k.players.first}–${k.players.second} (round ${k.round})`;
  const entries = [k.players.first, k.players.second];
  const s = k.state;
  if (s.status === 'decided') return undefined;
  let message: string;
  if (s.status === 'next') message = `${name} is not decided: add ${describeMatchGame(s.game)} to that pairing's games`;
  else if (s.status === 'in_progress') message = `${name} is not decided: ${describeMatchGame(s.game)} has no result yet`;
  else if (s.status === 'awaiting_lot') message = `${name} needs the armageddon lot`;
  else return unsupported(`${name} has no winner (${s.reason}): the chief arbiter decides`, entries);
  return { ok: false, error: new PairingError('previous_round_unfinished', message, entries) };
}

/**
 * Every knockout match stored in the tournament's stage rounds, with its state (the next game
 * to play, or the winner). Empty before the stage.
 */
export function championshipKnockouts(
  format: ChampionshipFormat,
  tournament: Tournament,
  rank: ChampionshipRanker = standingsRanker,
): Result<ChampionshipKnockout[], PairingError> {
  const info = FORMATS[format];
  if (tournament.rounds.length <= info.swissRounds) return { ok: true, value: [] };
  const ctx = stageContext(format, tournament, rank);
  if (!ctx.ok) return ctx;
  const out: ChampionshipKnockout[] = [];
  for (let r = info.swissRounds + 1; r <= Math.min(CHAMPIONSHIP_ROUNDS, tournament.rounds.length); r++) {
    const ks = knockoutsOf(ctx.value, r);
    if (!ks.ok) return ks;
    out.push(...ks.value);
  }
  return { ok: true, value: out };
}

function matchPairing(m: ChampionshipMatch): Round['pairings'][number] {
  const { first, second } = m.players;
  return { red: first, black: second, games: [{ red: first, black: second, result: null }] };
}

/** Assemble a stage round: the knockout matches first, then the others' Swiss round. */
function stageRound(ctx: Context, round: number, matches: ChampionshipMatch[], pairSwiss: PairingSystem): Result<RoundPairing, PairingError> {
  let swissWarnings: PairingWarning[] = [];
  let swissError: PairingError | undefined;
  const pairer: SwissRoundPairer = (view) => {
    const paired = pairSwiss.pair({ tournament: view });
    if (!paired.ok) {
      swissError = paired.error;
      return paired;
    }
    const { warnings, ...rest } = paired.value;
    swissWarnings = warnings;
    return { ok: true, value: rest };
  };
  const others = pairOthersSwiss({ tournament: ctx.tournament, stagePlayers: ctx.top, stageFromRound: ctx.info.swissRounds + 1, pairSwiss: pairer });
  if (!others.ok) return swissError ? { ok: false, error: swissError } : fromChampionship(others.error, ctx.settings);
  const knockout = matches.map(matchPairing);
  const colours = new Map<string, readonly Side[]>();
  for (const [id, h] of entryHistories(
    ctx.tournament,
    ctx.tournament.rounds.filter((r) => r.round < round),
  ))
    colours.set(id, h.colours);
  return {
    ok: true,
    value: {
      round,
      pairings: [...knockout, ...others.value.pairings],
      byes: others.value.byes,
      warnings: [...colourWarnings(knockout, colours), ...swissWarnings],
    },
  };
}

export interface ChampionshipSystemDeps {
  /** Ranking after the Swiss rounds; default libs/standings (standingsRanker). */
  rank?: ChampionshipRanker;
  /** The Swiss system for rounds 1…S and for the others; default swiss-individual. */
  swiss?: PairingSystem;
}

export function createChampionshipSystem(format: ChampionshipFormat, deps: ChampionshipSystemDeps = {}): PairingSystem {
  const rank = deps.rank ?? standingsRanker;
  const swiss = deps.swiss ?? swissIndividual;
  const info = FORMATS[format];
  const id = format === '5+2' ? 'championship-5-2' : 'championship-6-1';

  const pair = (request: PairingRequest): Result<RoundPairing, PairingError> => {
    const { tournament } = request;
    const next = tournament.rounds.length + 1;
    const round = request.round ?? next;
    if (round !== next) return { ok: false, error: new PairingError('round_out_of_order', `only the next round (${next}) can be paired, not round ${round}`) };
    if (tournament.options.eventKind !== 'individual') return unsupported(`${id} pairs individual championships (附录2, 附录3), not team events`);
    // 附录2 #5 / 附录3 #2: the Swiss rounds.
    if (round <= info.swissRounds) return swiss.pair({ tournament, round });

    const context = stageContext(format, tournament, rank);
    if (!context.ok) return context;
    const ctx = context.value;
    const { settings } = ctx;
    const previous = knockoutsOf(ctx, round - 1);
    if (!previous.ok) return previous;
    if (round > CHAMPIONSHIP_ROUNDS) {
      for (const k of previous.value) {
        const open = undecided(k);
        if (open) return open;
      }
      return unsupported(`the ${format} championship has ${CHAMPIONSHIP_ROUNDS} rounds; it is complete`);
    }

    if (format === '6+1') {
      // 附录3 #2, #6, 6a: the final of A1 and A2; the others play round 7.
      const final = sixPlusOneFinal({ tournament, ranking: ctx.top, lot: settings.lot, format: info.knockout });
      if (settings.lotProblem) return unsupported(settings.lotProblem);
      if (!final.ok) return fromChampionship(final.error, settings);
      return stageRound(ctx, round, [final.value], swiss);
    }
    if (round === info.swissRounds + 1) {
      // 附录2 #5, #7, 7a: semi-finals A1–A4, A2–A3 (or A1–A3, A2–A4); the others play round 6.
      const semis = fivePlusTwoSemiFinals({ tournament, ranking: ctx.top, lot: settings.lot, colours: settings.semiFinalColours, format: info.knockout });
      if (settings.lotProblem) return unsupported(settings.lotProblem);
      if (!semis.ok) return fromChampionship(semis.error, settings);
      return stageRound(ctx, round, semis.value.semiFinals, swiss);
    }
    // 附录2 #6, 7b: final and third place from the semi-finals stored in round 6.
    const semis = previous.value;
    if (semis.length !== 2) {
      return unsupported(
        `round ${round - 1} should hold the two semi-finals between ${ctx.top.join(', ')}; it holds ${semis.length} pairing(s) between them`,
        ctx.top,
      );
    }
    for (const k of semis) {
      const open = undecided(k);
      if (open) return open;
    }
    const finals = fivePlusTwoFinals({
      tournament,
      semiFinals: [
        { match: asMatch(semis[0]), games: semis[0].games },
        { match: asMatch(semis[1]), games: semis[1].games },
      ],
      lot: settings.lot,
      format: info.knockout,
    });
    if (settings.lotProblem) return unsupported(settings.lotProblem);
    if (!finals.ok) return fromChampionship(finals.error, settings);
    return stageRound(ctx, round, [finals.value.final, finals.value.thirdPlace], swiss);
  };

  return {
    id,
    summary:
      format === '5+2'
        ? '5+2 championship (附录2): 5 Swiss rounds, then semi-finals, final and third place for A1–A4; Swiss for the others'
        : '6+1 championship (附录3): 6 Swiss rounds, then the final for A1–A2; Swiss round 7 for the others',
    pair,
  };
}

/** 附录2: 'championship-5-2'. */
export const championshipFivePlusTwo: PairingSystem = createChampionshipSystem('5+2');
/** 附录3: 'championship-6-1'. */
export const championshipSixPlusOne: PairingSystem = createChampionshipSystem('6+1');
