import { affiliationBlocks, sameAffiliationRule } from '../same-affiliation';
import { Game, Pairing, Side, Tournament, opposite } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { seededRandom } from '@chuhe/registration';
import { PairingError, PairingRequest, PairingSystem, PairingWarning, RoundPairing } from '../pairing-system';
import { ColourCandidate, allocateColours, colourDiff } from './swiss-colours';
import { EngineInput, EngineOutput, EnginePlayer, GroupPattern, runSwissEngine } from './swiss-engine';
import { SwissField, SwissPlayer, buildSwissField } from './swiss-field';

/**
 * Individual Swiss (积分编排制个人赛), one round at a time.
 *
 * Round 1 (options.round1Pairing):
 * - 'split' (default): by seeding (seed, rating, unrated after rated, then draw number), top
 *   half against bottom half: 1–(n/2+1), 2–(n/2+2) …;
 * - 'adjacent': by draw numbers 1–2, 3–4 … (附录1 #4 for teams; 二章1节3 / 附录3 #3 leave the
 *   individual draw to the software).
 * Round-1 colours by the recorded lot (options.colourLotSeed, 二章1节1 "先用抽签方法决定"): the lot
 * gives the higher-ranked player of board 1 its colour, and the boards alternate (board 2 the
 * other colour …). Without a recorded lot board 1's higher-ranked player has Red.
 * With forbidden pairs (附录3 #3 same affiliation in round 1) the matching keeps as close to
 * that pattern as the prohibitions allow.
 *
 * Later rounds: score groups from the top, paired top half against bottom half inside a group,
 * floating to the nearest score; colours by swiss-colours.ts; see swiss-engine.ts for the
 * priorities and the bye.
 */

/** The forbidden-pair rule shared by both Swiss systems: rematch, named pairs, same affiliation. */
export function forbiddenPairRule(tournament: Tournament, round: number): (a: SwissPlayer, b: SwissPlayer) => boolean {
  const named = new Set<string>();
  for (const [x, y] of tournament.options.forbiddenPairs ?? []) {
    named.add(`${x}\u0000${y}`);
    named.add(`${y}\u0000${x}`);
  }
  const blocks = affiliationBlocks(sameAffiliationRule(tournament.options), round); // 附录3 #3
  return (a, b) =>
    a.opponents.has(b.id) || // players meet at most once (absolute)
    named.has(`${a.id}\u0000${b.id}`) ||
    (blocks && a.affiliation !== undefined && a.affiliation === b.affiliation);
}

export interface EngineEntry extends EnginePlayer {
  player: SwissPlayer;
}

export function toEngine(field: SwissField, order: (p: SwissPlayer) => number): EngineEntry[] {
  return field.players.map((p) => ({ id: p.id, score: p.score, order: order(p), colours: p.colours, hadBye: p.hadBye, player: p }));
}

export function colourWarnings(pairings: readonly Pairing[], colours: Map<string, readonly Side[]>): PairingWarning[] {
  const warnings: PairingWarning[] = [];
  for (const p of pairings) {
    for (const [id, side] of [
      [p.red, 'red'],
      [p.black, 'black'],
    ] as const) {
      const history = colours.get(id) ?? [];
      const after = colourDiff(history) + (side === 'red' ? 1 : -1);
      if (Math.abs(after) > 2) {
        warnings.push({ code: 'colour_difference', entries: [id], message: `${id} gets ${side}: Red−Black becomes ${after}; the pairing could not avoid it` });
      }
      const n = history.length;
      if (n >= 2 && history[n - 1] === side && history[n - 2] === side) {
        warnings.push({ code: 'three_same_colour', entries: [id], message: `${id} gets ${side} a third time in a row; the pairing could not avoid it` });
      }
    }
  }
  return warnings;
}

function gamesFor(red: string, black: string, gamesPerPairing: 1 | 2): Game[] {
  const first: Game = { red, black, result: null, ...(gamesPerPairing === 2 && { board: 1 }) };
  // Two-game pairings: the second game reverses colours (二章1节1 分先).
  return gamesPerPairing === 2 ? [first, { red: black, black: red, result: null, board: 2 }] : [first];
}

/** Engine settings a caller may force (tests and the benchmark compare the dense and sparse paths). */
export interface EngineTuning extends Pick<EngineInput, 'denseLimit' | 'window'> {
  /** Told which path solved the round, with how many re-solves, and whether it is certified optimal. */
  report?: (engine: Pick<EngineOutput, 'path' | 'resolves' | 'certified' | 'proof'>) => void;
}

/** The individual Swiss round, with optional engine settings (`swissIndividual.pair` uses none). */
export function pairSwissIndividual(request: PairingRequest, tuning: EngineTuning = {}): Result<RoundPairing, PairingError> {
  const { tournament } = request;
  const round = request.round ?? tournament.rounds.length + 1;
  if (tournament.options.eventKind !== 'individual') {
    return { ok: false, error: new PairingError('unsupported', "swiss-individual pairs individual events; use 'swiss-team' for team events") };
  }
  const built = buildSwissField(tournament, round);
  if (!built.ok) return built;
  const field = built.value;
  const first = round === 1;
  const round1 = tournament.options.round1Pairing ?? 'split';
  const pattern: GroupPattern = first && round1 === 'adjacent' ? 'adjacent' : 'split';
  const order = first && round1 === 'adjacent' ? (p: SwissPlayer) => p.drawNumber : (p: SwissPlayer) => p.seedRank;
  const forbidden = forbiddenPairRule(tournament, round);
  const engine = runSwissEngine({
    players: toEngine(field, order),
    forbidden: (a, b) => forbidden((a as EngineEntry).player, (b as EngineEntry).player),
    pattern,
    ...(tuning.denseLimit !== undefined && { denseLimit: tuning.denseLimit }),
    ...(tuning.window !== undefined && { window: tuning.window }),
  });
  if (!engine.ok) return engine;
  tuning.report?.(engine.value);

  const lotColour: Side = tournament.options.colourLotSeed !== undefined ? (seededRandom(tournament.options.colourLotSeed)() < 0.5 ? 'red' : 'black') : 'red';
  const pairings: Pairing[] = engine.value.pairs.map(([x, y], board) => {
    const a = x as EngineEntry;
    const b = y as EngineEntry;
    const [hi, lo] = a.order <= b.order ? [a, b] : [b, a];
    const boardColour = board % 2 === 0 ? lotColour : opposite(lotColour);
    const cand = (e: EngineEntry): ColourCandidate => ({ colours: e.colours, score: e.score, order: e.order });
    const hiSide = first ? boardColour : allocateColours(cand(hi), cand(lo), () => boardColour);
    const [red, black] = hiSide === 'red' ? [hi.id, lo.id] : [lo.id, hi.id];
    return { red, black, games: gamesFor(red, black, tournament.options.gamesPerPairing) };
  });
  const colours = new Map(field.players.map((p) => [p.id, p.colours]));
  return {
    ok: true,
    value: { round, pairings, byes: engine.value.bye ? [engine.value.bye.id] : [], warnings: colourWarnings(pairings, colours) },
  };
}

export const swissIndividual: PairingSystem = {
  id: 'swiss-individual',
  summary: 'individual Swiss (积分编排制): score groups, no rematch, colour balance, bye to the lowest without one',
  pair: (request) => pairSwissIndividual(request),
};
