import type { Entry as FileEntry, Game as FileGame, Pairing as FilePairing, Round as FileRound, Tournament, TournamentOptions } from '@chuhe/tournament';
import type { StandingsOptions } from '@chuhe/standings';
import type { RoundState } from '../generated/prisma/client';
import type { EventWithPlay } from './event-loader';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { formatOptions, stageChainKnockoutRounds } from '@chuhe/pairing';
import { DEFAULT_CHAINS } from '@chuhe/standings';
import { defaultChainFor } from '../events/tie-breaks';
import type { EventStageType } from '../events/event.dto';

/**
 * The one translation from the database to the libraries' model: an event as the JSON tournament
 * file of libs/tournament plus the standings extras of libs/standings (`standings`, `sanctions`,
 * `withdrawals`). Pairing, the checker, standings and the export all read this, so the server
 * and `chuhe pair | check-pairing | standings` on the exported file give the same answers.
 *
 * Ids in the file are the database ids: entries by Entry.id, team members and the players of
 * team board games by Player.id (libs/tournament: individual games name entries, team games
 * name members).
 */

export type { EventWithPlay } from './event-loader';

/** The tournament file with the standings extras, as `chuhe standings` reads it. */
export interface EventFile extends Tournament {
  standings: Record<string, unknown>;
  sanctions: unknown[];
  /** Withdrawals are on the entries (Entry.withdrawnAfterRound); this list stays for other sources. */
  withdrawals: { entry: string; afterRound: number; reason: 'withdrawal' | 'removal' | 'disqualification' }[];
}

export interface EventFileOptions {
  /** Which rounds to include, by state (default: published and completed — what the public sees). */
  states?: readonly RoundState[];
  /** Only rounds up to this number (standings after round N). */
  throughRound?: number;
  /** The confirmed sanctions as libs/standings `Sanction`s (discipline/sanction-file.ts `fileSanctions`). */
  sanctions?: unknown[];
}

/** Entries that belong in the file: those with a draw number (withdrawn before the draw have none). */
export function fileEntries(event: EventWithPlay) {
  return event.entries.filter((e) => e.drawNumber !== null).sort((a, b) => a.drawNumber! - b.drawNumber!);
}

export function eventFile(event: EventWithPlay, options: EventFileOptions = {}): EventFile {
  const states = options.states ?? ['published', 'completed'];
  const rounds = event.rounds.filter((r) => states.includes(r.state) && (options.throughRound === undefined || r.number <= options.throughRound));
  const fileOptions: TournamentOptions = {
    ...(event.pairingOptions as Record<string, unknown>),
    ...formatOptions(event.kind, event.stages as { type: string; rounds?: number }[]),
    eventKind: event.kind,
    scoring: SCORING_FROM_DB[event.scoring],
    gamesPerPairing: event.gamesPerPairing as 1 | 2,
    boards: event.teamStarters,
  };
  delete fileOptions.stageFields;
  const fields = stageFields(rounds);
  if (fields) fileOptions.stageFields = fields;
  const entries: FileEntry[] = fileEntries(event).map((e) => {
    const affiliation = e.player?.affiliation ?? e.team?.affiliation ?? null;
    const entry: FileEntry = {
      id: e.id,
      drawNumber: e.drawNumber!,
      name: e.player ? `${e.player.nameZh} ${e.player.nameEn}` : `${e.team!.nameZh} ${e.team!.nameEn}`,
    };
    if (e.player?.rating != null) entry.rating = e.player.rating;
    if (affiliation) entry.affiliation = affiliation.nameZh;
    if (e.seed !== null) entry.seed = e.seed;
    if (e.player?.personId) entry.personId = e.player.personId;
    // The registry's sure key on another server (issue 33): the import matches by it.
    if (e.player?.federationId) entry.federationId = e.player.federationId;
    // 二章7节2–4: the entry leaves after this round; pairing skips it, standings apply the rule.
    if (e.status === 'withdrawn' && e.withdrawnAfterRound !== null) entry.withdrawnAfterRound = e.withdrawnAfterRound;
    if (e.team) {
      entry.members = [...e.team.members]
        .sort((a, b) => (a.board ?? 99) - (b.board ?? 99) || a.player.nameZh.localeCompare(b.player.nameZh))
        .map((m) => ({
          id: m.playerId,
          name: `${m.player.nameZh} ${m.player.nameEn}`,
          ...(m.board !== null ? { board: m.board } : {}),
          ...(m.player.personId ? { personId: m.player.personId } : {}),
          ...(m.player.federationId ? { federationId: m.player.federationId } : {}),
        }));
    }
    return entry;
  });
  const playerOfEntry = new Map(event.entries.map((e) => [e.id, e.playerId]));
  const fileRounds: FileRound[] = rounds.map((r) => ({
    round: r.number,
    pairings: r.pairings.filter((p) => p.blackEntryId !== null).map((p) => filePairing(event.kind, playerOfEntry, p)),
    byes: r.pairings.filter((p) => p.blackEntryId === null).map((p) => p.redEntryId),
  }));
  return {
    name: `${event.tournament.nameZh} ${event.nameZh} / ${event.tournament.nameEn} ${event.nameEn}`,
    options: fileOptions,
    entries,
    rounds: fileRounds,
    standings: { ...standingsSettings(event), ...knockoutFirstGames(fileOptions, entries) },
    sanctions: (options.sanctions ?? (event as { fileSanctions?: unknown[] }).fileSanctions ?? []).filter(
      (x) => (x as { round: number }).round <= (rounds.length ? rounds[rounds.length - 1].number : 0),
    ),
    withdrawals: [],
  };
}

/**
 * The fields the file's later stages began with (their Stage rows' entryIds, by stage index):
 * libs/pairing stage-chain.ts plays a begun stage with the field it began with, whatever an earlier
 * stage's corrected results would rank now (二章1节3). Only stages with a round in the file.
 */
function stageFields(rounds: readonly EventWithPlay['rounds'][number][]): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const r of rounds) {
    const ids = r.stage.entryIds;
    if (r.stage.index > 0 && Array.isArray(ids)) out[String(r.stage.index)] = ids as string[];
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A stage chain's knockout rounds (libs/pairing stage-chain.ts): the standings count the first game
 * of each pairing only — the tie-break games (附录2 7b) decide the match, not the score.
 */
function knockoutFirstGames(options: TournamentOptions, entries: FileEntry[]): { firstGameOnlyRounds?: number[] } {
  if (options.pairingSystem !== 'stage-chain') return {};
  const rounds = stageChainKnockoutRounds({ options, entries, rounds: [] });
  return rounds.length ? { firstGameOnlyRounds: rounds } : {};
}

/** The `standings` extras: the event's chain and counting settings (二章6节). */
export function standingsSettings(event: Pick<EventWithPlay, 'tieBreaks' | 'standingsOptions' | 'stages' | 'kind'>): Record<string, unknown> {
  const stages = event.stages as { type: string }[];
  const cycles = stages[0]?.type === 'double_round_robin' ? { roundRobinCycles: 2 } : {};
  // The appeal fee's reading (events/readings.ts) is the event's, not a standings option.
  const { appealTieFee: _appealTieFee, ...options } = event.standingsOptions as Record<string, unknown>;
  return { ...options, ...cycles, chain: chainOf(event) };
}

/**
 * The chain by its rules' id when the event's criteria are exactly one of the chains the rules
 * list (the format's own first), so standings name each step by its article (二章6节2 A …);
 * otherwise the organizer's own list.
 */
function chainOf(event: Pick<EventWithPlay, 'tieBreaks' | 'stages' | 'kind'>): string | string[] {
  const list = event.tieBreaks as string[];
  const same = (id: string) => {
    const steps = DEFAULT_CHAINS[id as keyof typeof DEFAULT_CHAINS].map((s) => s.criterion);
    return steps.length === list.length && steps.every((c, i) => c === list[i]);
  };
  const preferred = defaultChainFor(event.kind, event.stages as { type: EventStageType }[]);
  if (same(preferred)) return preferred;
  return Object.keys(DEFAULT_CHAINS).find(same) ?? list;
}

/** The file's standings extras as libs/standings options (what parseStandingsFile would make of them). */
export function standingsOptionsOf(file: EventFile): StandingsOptions {
  const s = file.standings as StandingsOptions;
  return { ...s, sanctions: file.sanctions as StandingsOptions['sanctions'], withdrawals: file.withdrawals };
}

function filePairing(
  kind: EventWithPlay['kind'],
  playerOfEntry: ReadonlyMap<string, string | null>,
  p: EventWithPlay['rounds'][number]['pairings'][number],
): FilePairing {
  const individual = kind === 'individual';
  const games: FileGame[] = p.games
    .filter((g) => individual || (g.redPlayerId !== null && g.blackPlayerId !== null))
    .map((g) => {
      // Individual games name the entries; a two-game pairing alternates colours (game 2 reversed).
      const red = individual ? (g.redPlayerId === playerOfEntry.get(p.blackEntryId!) ? p.blackEntryId! : p.redEntryId) : g.redPlayerId!;
      const black = individual ? (red === p.redEntryId ? p.blackEntryId! : p.redEntryId) : g.blackPlayerId!;
      const game: FileGame = { red, black, result: g.result, board: g.board };
      if (g.leg > 1) game.leg = g.leg; // 二章5节4: a board's second game; leg 1 is left out
      if (g.penaltyReason) game.penaltyReason = g.penaltyReason;
      return game;
    });
  return { red: p.redEntryId, black: p.blackEntryId!, games };
}
