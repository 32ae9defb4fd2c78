/**
 * What earlier rounds say about each entry, as the checker and the championship stages read it:
 * whom it met, its colour sequence, its byes.
 *
 * Conventions (documented here, used everywhere in this half of libs/pairing):
 * - An entry's colour in a pairing is its side in the pairing: the first-listed entry is Red
 *   (附录6 用法 1). For a team that is the colour of board 1, the team's colour (附录1 #9); in a
 *   knockout match it is the colour of the first regular game; tie-break games do not count.
 * - A pairing counts for colours when at least one of its games was played over the board, is
 *   still to be played (result null), or no games are recorded yet; a pairing whose games were
 *   all forfeited, double-forfeited or annulled gave nobody a colour (like FIDE C.04.1).
 * - Every pairing counts as a meeting, whatever its result: a forfeited pairing is not replayed.
 */
import { Round, Side, Tournament } from '@chuhe/tournament';

export interface EntryHistory {
  /** Opponents met, with the rounds. */
  opponents: Map<string, number[]>;
  /** Colours in order, one per counted pairing (byes and unplayed pairings skipped). */
  colours: Side[];
  /** Rounds in which the entry had a bye. */
  byes: number[];
}

const UNPLAYED = new Set(['red_win_forfeit', 'black_win_forfeit', 'double_forfeit', 'annulled']);

/** Does the pairing give its entries a colour? (see the file comment) */
export function pairingCountsForColour(pairing: Round['pairings'][number]): boolean {
  return pairing.games.length === 0 || pairing.games.some((g) => g.result === null || !UNPLAYED.has(g.result));
}

export function emptyHistory(): EntryHistory {
  return { opponents: new Map(), colours: [], byes: [] };
}

/** Histories of every entry over `rounds` (in round order). Entries never seen get empty histories. */
export function entryHistories(tournament: Tournament, rounds: readonly Round[] = tournament.rounds): Map<string, EntryHistory> {
  const histories = new Map<string, EntryHistory>();
  const get = (id: string): EntryHistory => {
    let h = histories.get(id);
    if (!h) histories.set(id, (h = emptyHistory()));
    return h;
  };
  for (const e of tournament.entries) get(e.id);
  for (const round of [...rounds].sort((a, b) => a.round - b.round)) {
    for (const p of round.pairings) {
      const red = get(p.red);
      const black = get(p.black);
      red.opponents.set(p.black, [...(red.opponents.get(p.black) ?? []), round.round]);
      black.opponents.set(p.red, [...(black.opponents.get(p.red) ?? []), round.round]);
      if (pairingCountsForColour(p)) {
        red.colours.push('red');
        black.colours.push('black');
      }
    }
    for (const b of round.byes) get(b).byes.push(round.round);
  }
  return histories;
}

/** Red minus Black over a colour sequence. */
export function colourDifference(colours: readonly Side[]): number {
  let d = 0;
  for (const c of colours) d += c === 'red' ? 1 : -1;
  return d;
}

/** Is the entry active (may be paired) in round `round`? `withdrawnAfterRound` k: plays rounds 1…k. */
export function isActiveIn(entry: { withdrawnAfterRound?: number }, round: number): boolean {
  return entry.withdrawnAfterRound === undefined || entry.withdrawnAfterRound >= round;
}
