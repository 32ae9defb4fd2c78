import type { LoadedEntry, PlayerSummary } from '../play/event-loader';

/**
 * The RoundView of apps/server/src/play/API.md, built from rows already in memory (the pairing
 * transaction has them; GET loads them with two queries), so a 500-pairing round is not a
 * nested include per pairing.
 */

export type { PlayerSummary };

export interface EntrySummary {
  id: string;
  drawNumber: number | null;
  nameZh: string;
  nameEn: string;
  affiliation: { nameZh: string; nameEn: string } | null;
}

export interface ViewGame {
  id: string;
  board: number;
  /** The game within the board of a two-game team pairing (二章5节4); 1 otherwise. */
  leg: number;
  kind: string;
  redPlayerId: string | null;
  blackPlayerId: string | null;
  result: string | null;
  penaltyReason: string | null;
  version: number;
  resultEnteredAt: Date | null;
}

export interface ViewPairing {
  id: string;
  table: number | null;
  matchKey: string | null;
  version: number;
  redEntryId: string;
  blackEntryId: string | null;
  games: ViewGame[];
}

export interface ViewRound {
  id: string;
  eventId: string;
  number: number;
  stageRound: number;
  state: string;
  scheduledAt: Date | null;
  suspendedAt: Date | null;
  resumesAt: Date | null;
  resumeVenue: string | null;
  publishedAt: Date | null;
  completedAt: Date | null;
  version: number;
  findings: unknown;
  stage: { index: number; type: string };
}

/** A stored finding: a libs/pairing checker finding, or a pairing system warning (source 'pairing'). */
export interface StoredFinding {
  severity: 'error' | 'warning';
  code: string;
  round: number;
  entries: string[];
  message: string;
  source?: 'checker' | 'pairing';
  /** A checker error the chief arbiter accepted on a manual change, with the reason (then a warning). */
  accepted?: string;
}

export interface Names {
  entry(id: string): EntrySummary;
  player(id: string): PlayerSummary | null;
}

/** The names of an event's entries and their players, as the event loader reads them (play/event-loader.ts loadEntries). */
export function namesOf(entries: readonly LoadedEntry[]): Names {
  const entryById = new Map<string, EntrySummary>();
  const playerById = new Map<string, PlayerSummary>();
  for (const e of entries) {
    const named = e.player ?? e.team;
    const affiliation = e.player?.affiliation ?? e.team?.affiliation ?? null;
    entryById.set(e.id, {
      id: e.id,
      drawNumber: e.drawNumber,
      nameZh: named?.nameZh ?? '',
      nameEn: named?.nameEn ?? '',
      affiliation: affiliation ? { nameZh: affiliation.nameZh, nameEn: affiliation.nameEn } : null,
    });
    if (e.player) playerById.set(e.player.id, { id: e.player.id, nameZh: e.player.nameZh, nameEn: e.player.nameEn });
    for (const m of e.team?.members ?? []) playerById.set(m.player.id, { id: m.player.id, nameZh: m.player.nameZh, nameEn: m.player.nameEn });
  }
  return {
    entry: (id) => entryById.get(id) ?? { id, drawNumber: null, nameZh: '', nameEn: '', affiliation: null },
    player: (id) => playerById.get(id) ?? null,
  };
}

/** The checker's findings stored on the round (Round.findings, written by round-plan.ts storedFindings). */
export function findingsOf(round: { findings: unknown }): StoredFinding[] {
  return Array.isArray(round.findings) ? (round.findings as StoredFinding[]) : [];
}

export function roundView(round: ViewRound, pairings: readonly ViewPairing[], names: Names) {
  const stored = findingsOf(round);
  const sorted = [...pairings].sort((a, b) => (a.table ?? Number.MAX_SAFE_INTEGER) - (b.table ?? Number.MAX_SAFE_INTEGER));
  return {
    id: round.id,
    eventId: round.eventId,
    number: round.number,
    stageIndex: round.stage.index,
    stageType: round.stage.type,
    stageRound: round.stageRound,
    state: round.state,
    scheduledAt: round.scheduledAt,
    // 三章4E: play suspended, and when and where it resumes.
    suspendedAt: round.suspendedAt,
    resumesAt: round.resumesAt,
    resumeVenue: round.resumeVenue,
    publishedAt: round.publishedAt,
    completedAt: round.completedAt,
    version: round.version,
    /** libs/pairing checkRound findings, as last checked. */
    findings: stored.filter((f) => f.source !== 'pairing').map(({ source: _source, ...f }) => f),
    /** The pairing system's warnings (what it had to accept). */
    warnings: stored.filter((f) => f.source === 'pairing').map(({ source: _source, ...f }) => f),
    pairings: sorted.map((p) => ({
      id: p.id,
      table: p.table,
      matchKey: p.matchKey,
      version: p.version,
      red: names.entry(p.redEntryId),
      black: p.blackEntryId === null ? null : names.entry(p.blackEntryId),
      games: [...p.games]
        .sort((a, b) => a.board - b.board || a.leg - b.leg)
        .map((g) => ({
          id: g.id,
          board: g.board,
          leg: g.leg,
          kind: g.kind,
          red: g.redPlayerId === null ? null : names.player(g.redPlayerId),
          black: g.blackPlayerId === null ? null : names.player(g.blackPlayerId),
          result: g.result,
          penaltyReason: g.penaltyReason,
          version: g.version,
          resultEnteredAt: g.resultEnteredAt,
        })),
    })),
  };
}

export type RoundView = ReturnType<typeof roundView>;
