import { randomUUID } from 'node:crypto';
import { DEFAULT_CHAINS, StandingsFileError, parseStandingsFile } from '@chuhe/standings';
import type { ChainId } from '@chuhe/standings';
import type { Entry as FileEntry, Tournament } from '@chuhe/tournament';
import { eventFormatProblems } from '@chuhe/pairing';
import type { StageDto } from '../events/event.dto';
import { SCORING_TO_DB } from '../events/scoring-map';
import { defaultTieBreaks } from '../events/tie-breaks';
import type { GameKind, GameResult, PenaltyReason, Prisma } from '../generated/prisma/client';
import type { EventFile } from '../play/event-file';
import { knockoutKeys } from '../rounds/round-plan';

/**
 * A tournament file (libs/tournament with the standings extras — what GET …/tournament-file
 * exports and `chuhe pair | check-pairing | standings` read) planned as the rows of a new event:
 * affiliations, players, teams, entries with their draw numbers, the stage, rounds, pairings and
 * games with their results. Pure: the ids are generated here, the service writes the rows in one
 * transaction. Every problem names its JSON path ($.entries[3].name …); nothing is written then.
 *
 * Mapping choices (documented for the organizer):
 * - Names: an entry's `name` "中文名 English name" (as the export writes it) splits at the first
 *   space into the Chinese and English names; a name without a space is used for both; no name:
 *   the entry id.
 * - Players have no gender in the file: 'female' in a women's event, else 'male' (editable).
 * - The format comes from options.pairingSystem (round-robin, once or twice round; Swiss for
 *   players or teams with options.totalRounds; the 附录2 / 附录3 championships). Several stages
 *   (stage-chain) are imported only before round 1.
 * - Rounds are published, completed when every game has a result. A bye is a pairing without
 *   Black and without games, as the server stores it.
 * - Withdrawals: the entries' withdrawnAfterRound and `withdrawals` of reason 'withdrawal'.
 *   Removals, disqualifications and sanctions need the discipline records of issue 10: refused.
 */

export interface ImportPlan {
  event: Prisma.EventUncheckedCreateInput & { id: string };
  affiliations: Prisma.AffiliationCreateManyInput[];
  players: Prisma.PlayerCreateManyInput[];
  teams: Prisma.TeamCreateManyInput[];
  members: Prisma.TeamMemberCreateManyInput[];
  entries: Prisma.EntryCreateManyInput[];
  stages: Prisma.StageCreateManyInput[];
  rounds: Prisma.RoundCreateManyInput[];
  pairings: Prisma.PairingCreateManyInput[];
  games: Prisma.GameCreateManyInput[];
}

export interface ImportContext {
  tournamentId: string;
  userId: string;
  /** Affiliations of the tournament by Chinese name (reused, not created again). */
  affiliations: ReadonlyMap<string, string>;
  nameZh?: string;
  nameEn?: string;
  category?: 'open' | 'women';
  now: Date;
}

type Problem = { path: string; message: string };
export type PlanResult = { ok: true; value: ImportPlan } | { ok: false; error: Problem[] };

const FORMAT_KEYS = new Set([
  'eventKind',
  'scoring',
  'gamesPerPairing',
  'boards',
  'pairingSystem',
  'totalRounds',
  'roundRobinCycles',
  'stages',
  'format',
  'system',
]);

function splitName(name: string | undefined, fallback: string): { nameZh: string; nameEn: string } {
  const n = (name ?? '').trim();
  if (!n) return { nameZh: fallback, nameEn: fallback };
  const i = n.indexOf(' ');
  return i < 0 ? { nameZh: n, nameEn: n } : { nameZh: n.slice(0, i), nameEn: n.slice(i + 1).trim() || n.slice(0, i) };
}

function stagesOf(t: Tournament, cycles: number | undefined): { stages?: StageDto[]; problem?: Problem } {
  const o = t.options;
  const system = o.pairingSystem ?? (o.eventKind === 'team' ? 'swiss-team' : 'swiss-individual');
  switch (system) {
    case 'round-robin':
      return { stages: [{ type: (o.roundRobinCycles ?? cycles) === 2 ? 'double_round_robin' : 'round_robin' } as StageDto] };
    case 'swiss-individual':
    case 'swiss-team': {
      const rounds = typeof o.totalRounds === 'number' ? o.totalRounds : t.rounds.length;
      if (!rounds) return { problem: { path: '$.options.totalRounds', message: 'a Swiss event needs its number of rounds (options.totalRounds)' } };
      return { stages: [{ type: 'swiss', rounds } as StageDto] };
    }
    case 'championship-5-2':
      return { stages: [{ type: 'championship_5_2' } as StageDto] };
    case 'championship-6-1':
      return { stages: [{ type: 'championship_6_1' } as StageDto] };
    case 'stage-chain':
      if (!Array.isArray(o.stages)) return { problem: { path: '$.options.stages', message: 'a stage chain needs its stages' } };
      if (t.rounds.length) return { problem: { path: '$.rounds', message: 'an event of several stages can be imported before round 1 only' } };
      return { stages: o.stages as StageDto[] };
    default:
      return { problem: { path: '$.options.pairingSystem', message: `unknown pairing system '${String(system)}'` } };
  }
}

function chainOf(chain: unknown, kind: 'individual' | 'team', stages: StageDto[]): { tieBreaks: string[]; custom: boolean } {
  if (Array.isArray(chain)) return { tieBreaks: chain as string[], custom: true };
  if (typeof chain === 'string') return { tieBreaks: DEFAULT_CHAINS[chain as ChainId].map((s) => s.criterion), custom: true };
  return { tieBreaks: defaultTieBreaks(kind, stages), custom: false };
}

/** 附录2 7b / 附录3 #6: games after the first of a knockout match are the rapid and the final (armageddon) games. */
function gameKind(matchKey: string | null, board: number): GameKind {
  if (matchKey === null || board <= 1) return 'regular';
  return board === 2 ? 'rapid' : 'armageddon';
}

export function planImport(json: unknown, ctx: ImportContext): PlanResult {
  const parsed = parseStandingsFile(json);
  if (!parsed.ok) return { ok: false, error: parsed.error.map((e: StandingsFileError) => ({ path: e.path, message: e.message })) };
  const { tournament: t, options: s } = parsed.value;
  const raw = json as { standings?: Record<string, unknown> };
  const problems: Problem[] = [];
  const kind = t.options.eventKind;
  if (s.sanctions?.length)
    problems.push({
      path: '$.sanctions',
      message: 'sanctions cannot be imported yet (discipline records, issue 10): remove them or enter them after the import',
    });
  s.withdrawals?.forEach((w, i) => {
    if (w.reason && w.reason !== 'withdrawal')
      problems.push({ path: `$.withdrawals[${i}].reason`, message: `a ${w.reason} cannot be imported yet (discipline records, issue 10)` });
  });
  // Numbers the database stores as 32-bit integers.
  const INT4 = 2_147_483_647;
  const tooBig = (v: number | undefined, path: string) => {
    if (v !== undefined && Math.abs(v) > INT4) problems.push({ path, message: `${v} is too large` });
  };
  t.entries.forEach((e, i) => {
    tooBig(e.drawNumber, `$.entries[${i}].drawNumber`);
    tooBig(e.seed, `$.entries[${i}].seed`);
    tooBig(e.rating, `$.entries[${i}].rating`);
    tooBig(e.withdrawnAfterRound, `$.entries[${i}].withdrawnAfterRound`);
    e.members?.forEach((m, k) => tooBig(m.board, `$.entries[${i}].members[${k}].board`));
  });
  t.rounds.forEach((r, i) => {
    tooBig(r.round, `$.rounds[${i}].round`);
    r.pairings.forEach((p, k) => p.games.forEach((g, b) => tooBig(g.board, `$.rounds[${i}].pairings[${k}].games[${b}].board`)));
  });
  s.withdrawals?.forEach((w, i) => tooBig(w.afterRound, `$.withdrawals[${i}].afterRound`));
  tooBig(t.options.boards, '$.options.boards');
  if (kind === 'team') {
    // Team names are unique in an event (their Chinese name, as the import splits it).
    const seen = new Map<string, number>();
    t.entries.forEach((e, i) => {
      const zh = splitName(e.name, e.id).nameZh;
      if (seen.has(zh)) problems.push({ path: `$.entries[${i}].name`, message: `two teams named '${zh}' (also $.entries[${seen.get(zh)}])` });
      else seen.set(zh, i);
    });
  }
  const { stages, problem } = stagesOf(t, s.roundRobinCycles);
  if (problem) problems.push(problem);
  if (stages)
    for (const p of eventFormatProblems({ kind, stages, gamesPerPairing: t.options.gamesPerPairing }))
      problems.push({ path: `$.options (${p.field})`, message: p.reason });
  if (t.options.gamesPerPairing !== 1 && t.options.gamesPerPairing !== 2) problems.push({ path: '$.options.gamesPerPairing', message: 'must be 1 or 2' });
  if (problems.length || !stages) return { ok: false, error: problems };

  const eventId = randomUUID();
  const affiliationIds = new Map(ctx.affiliations);
  const affiliations: ImportPlan['affiliations'] = [];
  const affiliation = (nameZh: string): string => {
    let id = affiliationIds.get(nameZh);
    if (!id) {
      id = randomUUID();
      affiliationIds.set(nameZh, id);
      affiliations.push({ id, tournamentId: ctx.tournamentId, nameZh, nameEn: nameZh });
    }
    return id;
  };
  const gender = ctx.category === 'women' ? ('female' as const) : ('male' as const);
  const players: ImportPlan['players'] = [];
  const teams: ImportPlan['teams'] = [];
  const members: ImportPlan['members'] = [];
  const entries: ImportPlan['entries'] = [];
  const entryIds = new Map<string, string>();
  const playerOfEntry = new Map<string, string>();
  const memberIds = new Map<string, string>();
  const withdrawnAfter = new Map<string, number>();
  for (const e of t.entries) if (e.withdrawnAfterRound !== undefined) withdrawnAfter.set(e.id, e.withdrawnAfterRound);
  for (const w of s.withdrawals ?? []) withdrawnAfter.set(w.entry, Math.min(w.afterRound, withdrawnAfter.get(w.entry) ?? Infinity));

  t.entries.forEach((e: FileEntry) => {
    const id = randomUUID();
    entryIds.set(e.id, id);
    const names = splitName(e.name, e.id);
    const after = withdrawnAfter.get(e.id);
    const entry: ImportPlan['entries'][number] = {
      id,
      eventId,
      drawNumber: e.drawNumber,
      seed: e.seed ?? null,
      ...(after !== undefined ? { status: 'withdrawn' as const, withdrawnAfterRound: after, withdrawnAt: ctx.now, withdrawalReason: 'imported' } : {}),
    };
    if (kind === 'individual') {
      const playerId = randomUUID();
      playerOfEntry.set(e.id, playerId);
      players.push({
        id: playerId,
        tournamentId: ctx.tournamentId,
        ...names,
        gender,
        rating: e.rating ?? null,
        affiliationId: e.affiliation ? affiliation(e.affiliation) : null,
      });
      entry.playerId = playerId;
    } else {
      const teamId = randomUUID();
      const affiliationId = affiliation(e.affiliation ?? names.nameZh);
      teams.push({ id: teamId, eventId, affiliationId, ...names });
      for (const m of e.members ?? []) {
        const playerId = randomUUID();
        memberIds.set(m.id, playerId);
        players.push({ id: playerId, tournamentId: ctx.tournamentId, ...splitName(m.name, m.id), gender, affiliationId });
        members.push({ teamId, playerId, role: m.board !== undefined ? 'starter' : 'reserve', board: m.board ?? null });
      }
      entry.teamId = teamId;
    }
    entries.push(entry);
  });

  const stageId = randomUUID();
  const stageRows: ImportPlan['stages'] = [{ id: stageId, eventId, index: 0, type: stages[0].type, config: JSON.parse(JSON.stringify(stages[0])) }];
  const rounds: ImportPlan['rounds'] = [];
  const pairings: ImportPlan['pairings'] = [];
  const games: ImportPlan['games'] = [];
  const gamePlayer = (fileId: string): string => (kind === 'individual' ? playerOfEntry.get(fileId)! : memberIds.get(fileId)!);
  for (const r of t.rounds) {
    const roundId = randomUUID();
    const complete = r.pairings.every((p) => p.games.length > 0 && p.games.every((g) => g.result !== null));
    rounds.push({
      id: roundId,
      eventId,
      stageId,
      number: r.round,
      stageRound: r.round,
      state: complete ? 'completed' : 'published',
      publishedAt: ctx.now,
      ...(complete ? { completedAt: ctx.now } : {}),
      createdById: ctx.userId,
    });
    // A championship's knockout matches keep their keys (as the rounds module names them).
    const keys = knockoutKeys({ ...t, standings: {}, sanctions: [], withdrawals: [] } as EventFile, stages[0].type, r);
    r.pairings.forEach((p, k) => {
      const pairingId = randomUUID();
      const matchKey = keys.get(k) ?? null;
      pairings.push({ id: pairingId, roundId, table: k + 1, redEntryId: entryIds.get(p.red)!, blackEntryId: entryIds.get(p.black)!, matchKey });
      const seen = new Map<number, number>();
      p.games.forEach((g, b) => {
        const board = g.board ?? b + 1;
        // A team match with two games per board lists both games of a board with its number (二章5节4):
        // leg 1, 2 — as the file says, else in the file's order.
        const leg = g.leg ?? (seen.get(board) ?? 0) + 1;
        seen.set(board, leg);
        games.push({
          pairingId,
          board,
          leg,
          kind: gameKind(matchKey, board),
          redPlayerId: gamePlayer(g.red),
          blackPlayerId: gamePlayer(g.black),
          result: g.result as GameResult | null,
          penaltyReason: (g.penaltyReason ?? null) as PenaltyReason | null,
          ...(g.result !== null ? { resultEnteredById: ctx.userId, resultEnteredAt: ctx.now } : {}),
        });
      });
    });
    for (const bye of r.byes) pairings.push({ id: randomUUID(), roundId, table: null, redEntryId: entryIds.get(bye)! });
  }

  // Options that name entries or members follow them to their new ids.
  const pairingOptions: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t.options)) if (!FORMAT_KEYS.has(k) && v !== undefined) pairingOptions[k] = v;
  if (Array.isArray(pairingOptions.forbiddenPairs)) {
    pairingOptions.forbiddenPairs = (pairingOptions.forbiddenPairs as [string, string][]).map(([a, b]) => [entryIds.get(a) ?? a, entryIds.get(b) ?? b]);
  }
  if (pairingOptions.championshipLots && typeof pairingOptions.championshipLots === 'object') {
    pairingOptions.championshipLots = Object.fromEntries(
      Object.entries(pairingOptions.championshipLots as Record<string, string>).map(([k, v]) => [k, entryIds.get(v) ?? v]),
    );
  }
  const standingsOptions: Record<string, unknown> = { ...(raw.standings ?? {}) };
  delete standingsOptions.chain;
  delete standingsOptions.roundRobinCycles;
  if (s.lot?.order) standingsOptions.lot = { ...s.lot, order: s.lot.order.map((id) => entryIds.get(id) ?? id) };
  if (s.reserveBoards) standingsOptions.reserveBoards = Object.fromEntries(Object.entries(s.reserveBoards).map(([m, b]) => [memberIds.get(m) ?? m, b]));

  const { tieBreaks, custom } = chainOf(raw.standings?.chain, kind, stages);
  const boards = t.options.boards;
  const maxMembers = Math.max(0, ...t.entries.map((e) => e.members?.length ?? 0));
  const eventNames = splitName(t.name, 'Imported event');
  const event: ImportPlan['event'] = {
    id: eventId,
    tournamentId: ctx.tournamentId,
    nameZh: ctx.nameZh ?? eventNames.nameZh,
    nameEn: ctx.nameEn ?? eventNames.nameEn,
    kind,
    category: ctx.category ?? 'open',
    stages: JSON.parse(JSON.stringify(stages)),
    gamesPerPairing: t.options.gamesPerPairing,
    scoring: SCORING_TO_DB[t.options.scoring],
    ...(kind === 'team' ? { teamStarters: boards, teamReserves: Math.max(0, maxMembers - boards) } : {}),
    timeControl: {},
    tieBreaks,
    tieBreaksCustom: custom,
    pairingOptions: JSON.parse(JSON.stringify(pairingOptions)),
    standingsOptions: JSON.parse(JSON.stringify(standingsOptions)),
    ...(t.rounds.length ? { round1PairedAt: ctx.now } : {}),
  };
  return { ok: true, value: { event, affiliations, players, teams, members, entries, stages: stageRows, rounds, pairings, games } };
}
