import { pairingSystemFor } from '@chuhe/pairing';
import { affectedPairings, diffRoundPairings, matchesNoLongerPaired, PairingSides } from '@chuhe/pairing';
import { DomainError } from '../common/errors';
import { eventFile, EventWithPlay } from '../play/event-file';

/**
 * A result of round N corrected after round N+1 was paired: what the corrected file would have
 * paired in round N+1 (libs/pairing's system on the file through round N, the correction
 * included), against the round as stored. Nothing is changed — the chief arbiter reads it and
 * decides. Manual changes to round N+1 (swaps, colours) show up here as differences too.
 */

export interface EntryRef {
  id: string;
  drawNumber: number | null;
  nameZh: string;
  nameEn: string;
}

export interface LaterPairingsAffected {
  round: number;
  roundId: string;
  /** Did the correction change anything in that round's pairing? */
  changed: boolean;
  /** The stored pairings (and byes) that would be different, with what they would have been. */
  pairings: {
    pairingId: string | null;
    table: number | null;
    red: EntryRef;
    black: EntryRef | null;
    change: 'colours' | 'opponents' | 'bye';
    wouldBe: { red: EntryRef; black: EntryRef | null }[];
  }[];
  /** Why the round could not be paired again (the comparison is then unknown). */
  problem?: string;
}

export function laterPairingsAffected(event: EventWithPlay, round: number): LaterPairingsAffected | null {
  const next = event.rounds.find((r) => r.number === round + 1);
  if (!next) return null;
  const all = ['draft', 'published', 'completed'] as const;
  const names = new Map(
    event.entries.map((e) => [
      e.id,
      { id: e.id, drawNumber: e.drawNumber, nameZh: e.player?.nameZh ?? e.team?.nameZh ?? '', nameEn: e.player?.nameEn ?? e.team?.nameEn ?? '' },
    ]),
  );
  const ref = (id: string): EntryRef => names.get(id) ?? { id, drawNumber: null, nameZh: '', nameEn: '' };
  const sides = (p: PairingSides) => ({ red: ref(p.red), black: p.black === null ? null : ref(p.black) });
  const base = { round: round + 1, roundId: next.id };
  const corrected = eventFile(event, { states: all, throughRound: round });
  const system = pairingSystemFor(corrected);
  if (!system)
    return {
      ...base,
      changed: false,
      pairings: [],
      problem: `pairing system ${String(corrected.options.pairingSystem)} is not one libs/pairing can pair again`,
    };
  let paired: ReturnType<typeof system.pair>;
  try {
    paired = system.pair({ tournament: corrected, round: round + 1 });
  } catch (e) {
    return { ...base, changed: false, pairings: [], problem: `pairing round ${round + 1} again failed: ${(e as Error).message}` };
  }
  if (!paired.ok)
    return { ...base, changed: false, pairings: [], problem: `round ${round + 1} cannot be paired again on the corrected results: ${paired.error.message}` };
  const stored = eventFile(event, { states: all, throughRound: round + 1 }).rounds.find((r) => r.round === round + 1) ?? {
    round: round + 1,
    pairings: [],
    byes: [],
  };
  const diff = diffRoundPairings(stored, paired.value);
  const pairingOf = (p: PairingSides) => next.pairings.find((q) => q.redEntryId === p.red && q.blackEntryId === p.black) ?? null;
  return {
    ...base,
    changed: diff.changed,
    pairings: affectedPairings(diff).map((a) => {
      const row = pairingOf(a.stored);
      return { pairingId: row?.id ?? null, table: row?.table ?? null, ...sides(a.stored), change: a.change, wouldBe: a.wouldBe.map(sides) };
    }),
  };
}

/**
 * laterPairingsAffected for a response after the change is committed: whatever the comparison
 * does, the answer is a 200 that says so (a failure becomes `problem`, never a 500).
 */
export function laterPairingsAfterCommit(
  event: EventWithPlay,
  round: number,
): LaterPairingsAffected | null | { round: number; changed: false; pairings: []; problem: string } {
  try {
    return laterPairingsAffected(event, round);
  } catch (e) {
    return { round: round + 1, changed: false, pairings: [], problem: `the comparison failed: ${(e as Error).message}` };
  }
}

/**
 * N1 (issue 30), 三章4C: once round N+1 of a knockout (a plain knockout, a stage chain's knockout,
 * the matches of a 5+2 or 6+1) is published, its matches stand — a published round is not paired
 * again. A correction of round N that would pair another player into one of them (another winner,
 * another qualifier, or a match no longer decided) is refused before it is written: accepted, it
 * left the standings unreadable (422) and the next round unpairable (409). `event` is the event
 * as the correction leaves it, inside the correction's transaction (the throw rolls it back).
 */
export function refuseChangedAdvance(event: EventWithPlay, round: number): void {
  const next = event.rounds.find((r) => r.number === round + 1);
  if (!next || next.state === 'draft') return;
  // A stage chain's next stage keeps the field it began with (二章1节3, stage-field-fixed): only a
  // knockout round after a round of its own stage (or of the championship's one stage) is at stake.
  const current = event.rounds.find((r) => r.number === round);
  if (current && current.stageId !== next.stageId) return;
  const stored = next.pairings.filter((p) => p.matchKey !== null && p.blackEntryId !== null).map((p) => ({ red: p.redEntryId, black: p.blackEntryId }));
  if (!stored.length) return;
  const corrected = eventFile(event, { states: ['draft', 'published', 'completed'], throughRound: round });
  const system = pairingSystemFor(corrected);
  let gone: PairingSides[] = stored;
  if (system) {
    try {
      const paired = system.pair({ tournament: corrected, round: round + 1 });
      if (paired.ok) gone = matchesNoLongerPaired(stored, paired.value);
    } catch {
      // Not pairable on the corrected results (a match undecided): every match of the round is in doubt.
    }
  }
  if (!gone.length) return;
  const name = new Map(event.entries.map((e) => [e.id, e]));
  const label = (id: string | null, lang: 'zh' | 'en') => {
    const e = id === null ? undefined : name.get(id);
    const n = lang === 'zh' ? (e?.player?.nameZh ?? e?.team?.nameZh) : (e?.player?.nameEn ?? e?.team?.nameEn);
    return `${e?.drawNumber ?? '?'} ${n ?? ''}`.trim();
  };
  const list = (lang: 'zh' | 'en') => gone.map((m) => `${label(m.red, lang)} – ${label(m.black, lang)}`).join(lang === 'zh' ? '；' : '; ');
  throw new DomainError('result.advanced_fixed', { round, next: round + 1, matches: list('en'), matchesZh: list('zh') }, 'result');
}
