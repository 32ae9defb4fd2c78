/**
 * What a corrected result would have changed in the next round: the round as it was paired
 * (stored) against the round the pairing system proposes on the corrected tournament file.
 *
 * The server uses it when a result of round N is corrected after round N+1 was paired (the
 * chief arbiter's correction, API.md "Results"): it pairs round N+1 again on the corrected file
 * and reports the stored pairings that differ. Nothing is changed automatically — the round
 * stands as paired unless the chief arbiter decides otherwise.
 *
 * A pairing is compared by its two entries and its colours; a bye is a pairing whose `black` is
 * null. Table numbers are not compared (they follow from the pairings).
 *
 * Usage:
 *   const d = diffRoundPairings(storedRound, proposedRound);
 *   d.changed            // false when the correction changes nothing in that round
 *   d.coloursReversed    // same opponents, colours exchanged (as stored)
 *   d.dropped            // stored pairings (and byes) the corrected file does not make
 *   d.proposed           // pairings (and byes) the corrected file makes instead
 */
import type { Round } from '@chuhe/tournament';

/** One pairing or bye of a round: `black` null = a bye for `red`. */
export interface PairingSides {
  red: string;
  black: string | null;
}

export interface RoundPairingDiff {
  round: number;
  /** Does anything differ? */
  changed: boolean;
  /** Stored pairings (and byes) that the proposal has too, colours included. */
  unchanged: number;
  /** Same two entries, colours exchanged: the stored pairing. */
  coloursReversed: PairingSides[];
  /** Stored pairings and byes that the proposal does not have (other opponents or no bye). */
  dropped: PairingSides[];
  /** Proposed pairings and byes that were not stored. */
  proposed: PairingSides[];
}

/** The pairings and byes of a round as sides (byes last, in the round's order). */
export function roundSides(round: Pick<Round, 'pairings' | 'byes'>): PairingSides[] {
  return [...round.pairings.map((p) => ({ red: p.red, black: p.black })), ...round.byes.map((id) => ({ red: id, black: null }))];
}

const key = (p: PairingSides) => (p.black === null ? `bye\u0000${p.red}` : `${p.red}\u0000${p.black}`);
const unordered = (p: PairingSides) => (p.black === null ? `bye\u0000${p.red}` : [p.red, p.black].sort().join('\u0000'));

/** Compares two versions of the same round (see the file comment). Pure; the inputs are not changed. */
export function diffRoundPairings(stored: Pick<Round, 'round' | 'pairings' | 'byes'>, proposed: Pick<Round, 'pairings' | 'byes'>): RoundPairingDiff {
  const storedSides = roundSides(stored);
  const proposedSides = roundSides(proposed);
  const proposedExact = new Set(proposedSides.map(key));
  const proposedPairs = new Set(proposedSides.map(unordered));
  const storedExact = new Set(storedSides.map(key));
  const storedPairs = new Set(storedSides.map(unordered));

  let unchanged = 0;
  const coloursReversed: PairingSides[] = [];
  const dropped: PairingSides[] = [];
  for (const p of storedSides) {
    if (proposedExact.has(key(p))) unchanged++;
    else if (proposedPairs.has(unordered(p))) coloursReversed.push(p);
    else dropped.push(p);
  }
  const added = proposedSides.filter((p) => !storedExact.has(key(p)) && !storedPairs.has(unordered(p)));
  return {
    round: stored.round,
    changed: coloursReversed.length + dropped.length + added.length > 0,
    unchanged,
    coloursReversed,
    dropped,
    proposed: added,
  };
}

/**
 * The stored pairings a correction affects: those whose opponents, colours or bye differ in the
 * proposal, with the proposed pairings of their entries. For reports ("table 3: A–B would have
 * been A–C").
 */
export function affectedPairings(diff: RoundPairingDiff): { stored: PairingSides; change: 'colours' | 'opponents' | 'bye'; wouldBe: PairingSides[] }[] {
  const involved = (p: PairingSides, id: string) => p.red === id || p.black === id;
  return [
    ...diff.coloursReversed.map((p) => ({ stored: p, change: 'colours' as const, wouldBe: [{ red: p.black!, black: p.red }] })),
    ...diff.dropped.map((p) => ({
      stored: p,
      change: p.black === null ? ('bye' as const) : ('opponents' as const),
      wouldBe: diff.proposed.filter((q) => involved(q, p.red) || (p.black !== null && involved(q, p.black))),
    })),
  ];
}

/**
 * 三章4C: a knockout round once published stands — its matches are not paired again. The stored
 * matches of that round (two entries each, colours aside) that a corrected earlier result would
 * not pair: a player in it no longer advances. Empty = the correction leaves who advances as it is.
 */
export function matchesNoLongerPaired(storedMatches: readonly PairingSides[], proposed: Pick<Round, 'pairings' | 'byes'>): PairingSides[] {
  const made = new Set(roundSides(proposed).map(unordered));
  return storedMatches.filter((m) => !made.has(unordered(m)));
}
