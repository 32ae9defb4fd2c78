/**
 * The knockout bracket of an event as the public pages draw it (issue 21): every knockout stage —
 * a chain's knockout after a Swiss or groups (二章1节3, stage-chain.ts), the 5+2 semi-finals,
 * final and 3rd-place match (附录2 #6), the 6+1 final (附录3) — round by round, each match with its
 * games, its winner and the game that decided it (附录2 7b, 附录3 6), and the places the bracket
 * has settled. Names of the rounds (final, semi-finals …) are counted from the end of the stage.
 * Entries are ids; the page puts names on them.
 */
import type { GameResult, Result, Tournament } from '@chuhe/tournament';
import { championshipStandings, isChampionshipSystem, type KnockoutGameView } from './championship-standings';
import { knockoutMatchState, type MatchGameKind, FIVE_PLUS_TWO_KNOCKOUT } from './knockout-match';
import { FIVE_PLUS_TWO_SWISS_ROUNDS } from './championship-five-plus-two';
import { SIX_PLUS_ONE_SWISS_ROUNDS } from './championship-six-plus-one';
import { stageChainKnockouts, stageChainKnockoutRounds } from './stage-chain';

/** A round's name: counted from the final (the last round of the stage). */
export type KnockoutRoundName = 'final' | 'third_place' | 'semi_final' | 'quarter_final' | 'round_of_16' | 'round_of_32' | 'round_of_64' | 'knockout_round';

export interface BracketGame {
  number: number;
  kind: MatchGameKind;
  red: string;
  black: string;
  result: GameResult | null;
  /** A drawn game that counted as Black's win (附录2 7b rapid game, 附录3 6 armageddon game). */
  drawCountsAsBlackWin?: true;
}

export interface BracketMatch {
  round: number;
  name: KnockoutRoundName;
  /** 1-based, top of the bracket first. */
  match: number;
  top: string;
  /** null: `top` advanced without playing (a bye in the bracket, or a walkover). */
  bottom: string | null;
  games: BracketGame[];
  winner: string | null;
  loser: string | null;
  /** The kind of game that decided the match (the slow game, the rapid game, armageddon). */
  decidedBy: MatchGameKind | null;
}

export interface BracketRound {
  round: number;
  name: KnockoutRoundName;
  matches: BracketMatch[];
}

export interface KnockoutView {
  /** Which rules: a chain's knockout stage, the 5+2 or the 6+1 championship. */
  system: 'stage-chain' | 'championship-5-2' | 'championship-6-1';
  rounds: BracketRound[];
  /** Places the bracket has decided ([from, to] shared by the losers of a round without a play-off). */
  places: { entry: string; places: [number, number] }[];
}

/** Round names from the last round of a knockout stage back: final, semi-finals, quarter-finals, … */
export function knockoutRoundName(roundsToFinal: number): KnockoutRoundName {
  const names: KnockoutRoundName[] = ['final', 'semi_final', 'quarter_final', 'round_of_16', 'round_of_32', 'round_of_64'];
  return names[roundsToFinal] ?? 'knockout_round';
}

/** The event rounds that are knockout rounds (empty when the event has none): for naming pairings pages. */
export function knockoutRoundNames(t: Tournament): Map<number, KnockoutRoundName> {
  const out = new Map<number, KnockoutRoundName>();
  const system = t.options.pairingSystem;
  if (system === 'championship-5-2') {
    // 附录2 #6: after the Swiss rounds, the semi-finals, then the final and the 3rd-place match.
    out.set(FIVE_PLUS_TWO_SWISS_ROUNDS + 1, 'semi_final');
    out.set(FIVE_PLUS_TWO_SWISS_ROUNDS + 2, 'final');
  } else if (system === 'championship-6-1') {
    out.set(SIX_PLUS_ONE_SWISS_ROUNDS + 1, 'final'); // 附录3: the last round is the final of A1 and A2
  } else {
    const rounds = stageChainKnockoutRounds(t);
    rounds.forEach((r, i) => out.set(r, knockoutRoundName(rounds.length - 1 - i)));
  }
  return out;
}

function gameView(g: KnockoutGameView): BracketGame {
  const out: BracketGame = { number: g.number, kind: g.kind, red: g.red, black: g.black, result: g.result };
  if (g.drawCountsAsBlackWin) out.drawCountsAsBlackWin = true;
  return out;
}

/** The bracket of an event's knockout stage; `null` when the event has none (or it has not started). */
export function knockoutView(t: Tournament): Result<KnockoutView | null, { message: string }> {
  const system = t.options.pairingSystem;
  if (isChampionshipSystem(system)) {
    const c = championshipStandings(t);
    if (!c.ok) return { ok: false, error: { message: c.error.message } };
    if (c.value.knockouts.length === 0) return { ok: true, value: null };
    const byRound = new Map<number, BracketMatch[]>();
    for (const k of c.value.knockouts) {
      const name: KnockoutRoundName = k.stage === 'semi_final' ? 'semi_final' : k.stage === 'final' ? 'final' : 'third_place';
      const m: BracketMatch = {
        round: k.round,
        name,
        match: k.number,
        top: k.players[0],
        bottom: k.players[1],
        games: k.games.map(gameView),
        winner: k.winner,
        loser: k.loser,
        decidedBy: k.decidingGame?.kind ?? null,
      };
      byRound.set(k.round * 10 + (name === 'third_place' ? 1 : 0), [...(byRound.get(k.round * 10 + (name === 'third_place' ? 1 : 0)) ?? []), m]);
    }
    const rounds = [...byRound.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, matches]) => ({ round: matches[0].round, name: matches[0].name, matches: matches.sort((a, b) => a.match - b.match) }));
    const places = c.value.places.filter((p) => p.basis === 'knockout').map((p) => ({ entry: p.entry, places: p.places }));
    return { ok: true, value: { system, rounds, places } };
  }
  const rounds = stageChainKnockoutRounds(t);
  if (rounds.length === 0) return { ok: true, value: null };
  const ks = stageChainKnockouts(t);
  if (!ks.ok) return { ok: false, error: { message: ks.error.message } };
  if (ks.value.length === 0) return { ok: true, value: null };
  const total = rounds.length;
  const out: BracketRound[] = [];
  for (const k of ks.value) {
    const name = knockoutRoundName(total - k.stageRound);
    let round = out.find((r) => r.round === k.round);
    if (!round) out.push((round = { round: k.round, name, matches: [] }));
    const stored = t.rounds
      .find((r) => r.round === k.round)
      ?.pairings.find((p) => k.bottom !== null && ((p.red === k.top && p.black === k.bottom) || (p.red === k.bottom && p.black === k.top)));
    const games: BracketGame[] = [];
    if (stored && t.options.eventKind === 'team') {
      // A team match (二章6节1): its boards, the legs after the regular ones being the rapid rematch (team-knockout-match.ts).
      const regularLegs = t.options.gamesPerPairing === 2 ? 2 : 1;
      for (const g of stored.games) {
        games.push({
          number: g.board ?? games.length + 1,
          kind: (g.leg ?? 1) > regularLegs ? 'rapid' : 'regular',
          red: g.red,
          black: g.black,
          result: g.result,
        });
      }
    } else if (stored) {
      // Each game's kind from the match's own state machine (附录2 7b: slow, rapid, armageddon).
      stored.games.forEach((g, i) => {
        const s = knockoutMatchState(
          FIVE_PLUS_TWO_KNOCKOUT,
          { first: stored.red, second: stored.black },
          stored.games.slice(0, i).map((x) => ({ red: x.red, black: x.black, result: x.result })),
        );
        const step = s.ok && (s.value.status === 'next' || s.value.status === 'in_progress') ? s.value.game : null;
        const view: BracketGame = { number: i + 1, kind: step?.kind ?? 'armageddon', red: g.red, black: g.black, result: g.result };
        if (step?.drawWinner === 'black' && g.result === 'draw') view.drawCountsAsBlackWin = true;
        games.push(view);
      });
    }
    const decided = k.state?.status === 'decided' ? k.state : null;
    round.matches.push({
      round: k.round,
      name,
      match: k.match,
      top: k.top,
      bottom: k.bottom,
      games,
      winner: k.winner ?? null,
      loser: decided ? decided.loser : null,
      decidedBy: decided ? decided.decidedBy : null,
    });
  }
  // Places: the final's winner 1st and loser 2nd; the losers of earlier rounds share their places
  // (a chain's knockout has no play-off for 3rd place): semi-final losers 3–4, quarter-final 5–8 …
  const places: KnockoutView['places'] = [];
  for (const r of out) {
    const toFinal = total - (r.round - rounds[0] + 1);
    for (const m of r.matches) {
      if (m.loser === null) continue;
      if (toFinal === 0) places.push({ entry: m.loser, places: [2, 2] });
      else places.push({ entry: m.loser, places: [2 ** toFinal + 1, 2 ** (toFinal + 1)] });
      if (toFinal === 0 && m.winner) places.unshift({ entry: m.winner, places: [1, 1] });
    }
  }
  places.sort((a, b) => a.places[0] - b.places[0]);
  return { ok: true, value: { system: 'stage-chain', rounds: out, places } };
}
