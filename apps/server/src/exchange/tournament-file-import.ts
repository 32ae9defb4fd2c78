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
import { stageChainField, stageChainView } from '@chuhe/pairing';
import { playerKey } from '../imports/player-key';
import { entryLimitProblems, rawLimitProblems, EVENT_NAME_MAX, nameProblem, SANCTION_NOTE_MAX, DEFAULT_MAX_ENTRIES, type Problem } from './import-limits';

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
 *   The event's name: the export writes "<tournament zh> <event zh> / <tournament en> <event en>";
 *   when the tournament's names are those of the importing tournament they are taken off again,
 *   so that an exported event comes back under its own name (issue 22, lossless exchange).
 * - Players already in the tournament are found, not created again, by the CSV import's rule
 *   (imports/imports.service.ts playerKey: the same Chinese name and affiliation); each is used
 *   once per event (two entries of one name stay two players).
 * - Players have no gender in the file: 'female' in a women's event, else 'male' (editable).
 * - The format comes from options.pairingSystem (round-robin, once or twice round; Swiss for
 *   players or teams with options.totalRounds; the 附录2 / 附录3 championships; a stage chain,
 *   whose rounds go to the stage libs/pairing stageChainView places them in, with the field it
 *   gives — as the rounds module pairs them; a begun later stage keeps the field the file's
 *   options.stageFields records, written on its Stage row).
 * - Rounds are published, completed when every game has a result. A bye is a pairing without
 *   Black and without games, as the server stores it.
 * - Withdrawals: the entries' withdrawnAfterRound and `withdrawals` (their reason kept as the
 *   entry's withdrawal reason).
 * - Sanctions become confirmed discipline records on the game they name (round, player, board,
 *   leg), in the file's order; their consequences are already in the file's results and
 *   withdrawals, so nothing is applied again.
 */

export interface ImportPlan {
  event: Prisma.EventUncheckedCreateInput & { id: string };
  affiliations: Prisma.AffiliationCreateManyInput[];
  players: Prisma.PlayerCreateManyInput[];
  teams: Prisma.TeamCreateManyInput[];
  members: (Prisma.TeamMemberCreateManyInput & { id: string })[];
  entries: Prisma.EntryCreateManyInput[];
  stages: Prisma.StageCreateManyInput[];
  rounds: Prisma.RoundCreateManyInput[];
  pairings: Prisma.PairingCreateManyInput[];
  games: (Prisma.GameCreateManyInput & { id: string })[];
  sanctions: Prisma.SanctionCreateManyInput[];
  /** Players of the tournament the file's entries and members were matched to (not created). */
  matchedPlayers: number;
  /** The file's optional personId of each new player (issue 33): a hint for the person registry. */
  personOf: Record<string, string>;
}

export interface ImportContext {
  tournamentId: string;
  userId: string;
  /** Affiliations of the tournament by Chinese name (reused, not created again). */
  affiliations: ReadonlyMap<string, string>;
  /** The importing tournament's names (taken off the file's event name when they lead it). */
  tournamentNames?: { nameZh: string; nameEn: string };
  /** Players of the tournament by playerKey (Chinese name, affiliation): ids, each used once per event. */
  players?: ReadonlyMap<string, readonly string[]>;
  /** The entry cap (import-limits.ts maxImportEntries). */
  maxEntries?: number;
  /** Called every few hundred rows planned: the service gives the event loop back there (issue 23 #5). */
  pause?: () => Promise<void>;
  /** parseStandingsFile(json) already done (parse-off-thread.ts); else it is done here. */
  parsed?: ReturnType<typeof parseStandingsFile>;
  nameZh?: string;
  nameEn?: string;
  category?: 'open' | 'women';
  now: Date;
}

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
  // The fields later stages began with: the import writes them on its Stage rows (stageRow below).
  'stageFields',
]);

export function splitName(name: string | undefined, fallback: string): { nameZh: string; nameEn: string } {
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

/** Rows planned between two pauses (ImportContext.pause). */
const IMPORT_SLICE = 500;

/**
 * 附录2 7b / 附录3 #6: games after the first of a knockout match are the rapid and the final (armageddon) games.
 * A team knockout match (二章6节1): its boards' games after the regular legs are the rapid rematch.
 */
function gameKind(matchKey: string | null, board: number, team?: { leg: number; regularLegs: number }): GameKind {
  if (team) return matchKey !== null && team.leg > team.regularLegs ? 'rapid' : 'regular';
  if (matchKey === null || board <= 1) return 'regular';
  return board === 2 ? 'rapid' : 'armageddon';
}

/** The event's names from the file's: the importing tournament's names taken off when they lead it (as the export writes them). */
function eventNamesOf(name: string | undefined, tournament: ImportContext['tournamentNames']): { nameZh: string; nameEn: string } {
  if (name && tournament) {
    const [zh, en, ...rest] = name.split(' / ');
    if (en !== undefined && rest.length === 0 && zh.startsWith(`${tournament.nameZh} `) && en.startsWith(`${tournament.nameEn} `)) {
      const nameZh = zh.slice(tournament.nameZh.length + 1).trim();
      const nameEn = en.slice(tournament.nameEn.length + 1).trim();
      if (nameZh && nameEn) return { nameZh, nameEn };
    }
  }
  return splitName(name, 'Imported event');
}

/**
 * Async only to give the event loop back (ctx.pause) every IMPORT_SLICE rows: the work is the
 * same; without a pause it runs straight through.
 */
export async function planImport(json: unknown, ctx: ImportContext): Promise<PlanResult> {
  const early = rawLimitProblems(json, ctx.maxEntries ?? DEFAULT_MAX_ENTRIES);
  if (early.length) return { ok: false, error: early };
  let done = 0;
  const step = async (n = 1) => {
    done += n;
    if (done >= IMPORT_SLICE && ctx.pause) {
      done = 0;
      await ctx.pause();
    }
  };
  const parsed = ctx.parsed ?? parseStandingsFile(json);
  if (ctx.pause) await ctx.pause();
  if (!parsed.ok) return { ok: false, error: parsed.error.map((e: StandingsFileError) => ({ path: e.path, message: e.message })) };
  const { tournament: t, options: s } = parsed.value;
  const raw = json as { standings?: Record<string, unknown> };
  const problems: Problem[] = [];
  const kind = t.options.eventKind;
  for (const [i, e] of t.entries.entries()) {
    problems.push(...entryLimitProblems(e, i, kind === 'team', splitName));
    await step();
  }
  const eventNames = eventNamesOf(t.name, ctx.tournamentNames);
  for (const n of [ctx.nameZh ?? eventNames.nameZh, ctx.nameEn ?? eventNames.nameEn]) {
    const p = nameProblem(n, EVENT_NAME_MAX);
    if (p) problems.push({ path: '$.name', message: `the event's name ${p} (the Chinese and the English name each)` });
  }
  s.sanctions?.forEach((x, i) => {
    if (x.note !== undefined) {
      if ([...x.note].length > SANCTION_NOTE_MAX) problems.push({ path: `$.sanctions[${i}].note`, message: `must be at most ${SANCTION_NOTE_MAX} characters` });
    }
  });
  // Numbers the database stores as 32-bit integers.
  const INT4 = 2_147_483_647;
  const tooBig = (v: number | undefined, path: string) => {
    if (v !== undefined && Math.abs(v) > INT4) problems.push({ path, message: `${v} is too large` });
  };
  for (const [i, e] of t.entries.entries()) {
    tooBig(e.drawNumber, `$.entries[${i}].drawNumber`);
    tooBig(e.withdrawnAfterRound, `$.entries[${i}].withdrawnAfterRound`);
    e.members?.forEach((m, k) => tooBig(m.board, `$.entries[${i}].members[${k}].board`));
    await step();
  }
  for (const [i, r] of t.rounds.entries()) {
    tooBig(r.round, `$.rounds[${i}].round`);
    for (const [k, p] of r.pairings.entries()) {
      p.games.forEach((g, b) => tooBig(g.board, `$.rounds[${i}].pairings[${k}].games[${b}].board`));
      await step();
    }
  }
  s.withdrawals?.forEach((w, i) => tooBig(w.afterRound, `$.withdrawals[${i}].afterRound`));
  s.sanctions?.forEach((x, i) => {
    tooBig(x.count, `$.sanctions[${i}].count`);
    tooBig(x.minutes, `$.sanctions[${i}].minutes`);
    tooBig(x.minutesLate, `$.sanctions[${i}].minutesLate`);
  });
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
  // The tournament's players, each found once in this event (the CSV import's rule: Chinese name and affiliation).
  const free = new Map([...(ctx.players ?? new Map<string, readonly string[]>())].map(([k, ids]) => [k, [...ids]]));
  let matchedPlayers = 0;
  const known = (nameZh: string, affiliationName: string | undefined): string | undefined => {
    const id = free.get(playerKey(nameZh, affiliationName))?.shift();
    if (id) matchedPlayers++;
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
  const withdrawalReason = new Map<string, string>();
  for (const e of t.entries) if (e.withdrawnAfterRound !== undefined) withdrawnAfter.set(e.id, e.withdrawnAfterRound);
  for (const w of s.withdrawals ?? []) {
    withdrawnAfter.set(w.entry, Math.min(w.afterRound, withdrawnAfter.get(w.entry) ?? Infinity));
    if (w.reason && w.reason !== 'withdrawal') withdrawalReason.set(w.entry, w.reason);
  }

  const personOf: Record<string, string> = {};
  for (const e of t.entries as FileEntry[]) {
    await step();
    const id = randomUUID();
    entryIds.set(e.id, id);
    const names = splitName(e.name, e.id);
    const after = withdrawnAfter.get(e.id);
    const entry: ImportPlan['entries'][number] = {
      id,
      eventId,
      drawNumber: e.drawNumber,
      seed: e.seed ?? null,
      ...(after !== undefined
        ? { status: 'withdrawn' as const, withdrawnAfterRound: after, withdrawnAt: ctx.now, withdrawalReason: withdrawalReason.get(e.id) ?? 'imported' }
        : {}),
    };
    if (kind === 'individual') {
      let playerId = known(names.nameZh, e.affiliation);
      if (!playerId) {
        playerId = randomUUID();
        players.push({
          id: playerId,
          tournamentId: ctx.tournamentId,
          ...names,
          gender,
          rating: e.rating ?? null,
          affiliationId: e.affiliation ? affiliation(e.affiliation) : null,
          federationId: e.federationId?.trim() || null,
        });
        if (e.personId) personOf[playerId] = e.personId;
      }
      playerOfEntry.set(e.id, playerId);
      entry.playerId = playerId;
    } else {
      const teamId = randomUUID();
      const teamAffiliation = e.affiliation ?? names.nameZh;
      const affiliationId = affiliation(teamAffiliation);
      teams.push({ id: teamId, eventId, affiliationId, ...names });
      for (const m of e.members ?? []) {
        const memberNames = splitName(m.name, m.id);
        let playerId = known(memberNames.nameZh, teamAffiliation);
        if (!playerId) {
          playerId = randomUUID();
          players.push({ id: playerId, tournamentId: ctx.tournamentId, ...memberNames, gender, affiliationId, federationId: m.federationId?.trim() || null });
          if (m.personId) personOf[playerId] = m.personId;
        }
        memberIds.set(m.id, playerId);
        members.push({ id: randomUUID(), teamId, playerId, role: m.board !== undefined ? 'starter' : 'reserve', board: m.board ?? null });
      }
      entry.teamId = teamId;
    }
    entries.push(entry);
  }

  const chain = t.options.pairingSystem === 'stage-chain';
  const stageRows: ImportPlan['stages'] = [];
  const stageIds = new Map<number, string>();
  const stageRow = (index: number, field?: string[]): string => {
    let id = stageIds.get(index);
    if (!id) {
      id = randomUUID();
      stageIds.set(index, id);
      stageRows.push({
        id,
        eventId,
        index,
        type: stages[index].type,
        config: JSON.parse(JSON.stringify(stages[index])),
        ...(field ? { entryIds: field.map((f) => entryIds.get(f) ?? f) } : {}),
      });
    }
    return id;
  };
  if (!chain || !t.rounds.length) stageRow(0);
  const rounds: ImportPlan['rounds'] = [];
  const pairings: ImportPlan['pairings'] = [];
  const games: ImportPlan['games'] = [];
  /** Games by round, file player (entry or member) and board/leg: where a sanction goes. */
  const gamesOf = new Map<string, { id: string; board: number; leg: number; playerId: string }[]>();
  const gamePlayer = (fileId: string): string => (kind === 'individual' ? playerOfEntry.get(fileId)! : memberIds.get(fileId)!);
  const asFile = (rs: typeof t.rounds) => ({ ...t, rounds: rs, standings: {}, sanctions: [], withdrawals: [] }) as EventFile;
  const ordered = [...t.rounds].sort((a, b) => a.round - b.round);
  for (const [ri, r] of ordered.entries()) {
    const roundId = randomUUID();
    let stageIndex = 0;
    let stageRound = r.round;
    if (chain) {
      // The stage the rounds module would have paired this round in (libs/pairing stage-chain.ts), and its field.
      const seen = stageChainView(asFile(ordered.slice(0, ri)), r.round);
      if (!seen.ok) {
        problems.push({ path: `$.rounds[${t.rounds.indexOf(r)}]`, message: `round ${r.round} does not fit the stage chain: ${seen.error.message}` });
        continue;
      }
      stageIndex = seen.value.position.index;
      stageRound = seen.value.position.stageRound;
      if (stageIndex > 0 && !stageIds.has(stageIndex)) {
        // The field the stage began with (the file's stageFields), not today's ranking of the stage before.
        const field = stageChainField(asFile(ordered), stageIndex);
        if (!field.ok) {
          problems.push({ path: `$.rounds[${t.rounds.indexOf(r)}]`, message: `round ${r.round}: ${field.error.message}` });
          continue;
        }
        stageRow(stageIndex, field.value);
      }
    }
    const stageId = stageRow(stageIndex);
    const stageType = stages[stageIndex].type;
    const complete = r.pairings.every((p) => p.games.length > 0 && p.games.every((g) => g.result !== null));
    rounds.push({
      id: roundId,
      eventId,
      stageId,
      number: r.round,
      stageRound,
      state: complete ? 'completed' : 'published',
      publishedAt: ctx.now,
      ...(complete ? { completedAt: ctx.now } : {}),
      createdById: ctx.userId,
    });
    // Knockout matches keep their keys as the rounds module names them: a championship's, or a chain's knockout round.
    const keys =
      stageType === 'knockout'
        ? new Map(r.pairings.map((_p, k) => [k, `knockout round ${stageRound} match ${k + 1}`]))
        : knockoutKeys(asFile(ordered), stageType, r); // it takes the rounds before r itself: no copy per round (5,000 rounds: O(n²))
    for (const [k, p] of r.pairings.entries()) {
      await step();
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
        const id = randomUUID();
        const redPlayerId = gamePlayer(g.red);
        const blackPlayerId = gamePlayer(g.black);
        games.push({
          id,
          pairingId,
          board,
          leg,
          kind: gameKind(matchKey, board, kind === 'team' ? { leg, regularLegs: t.options.gamesPerPairing === 2 ? 2 : 1 } : undefined),
          redPlayerId,
          blackPlayerId,
          result: g.result as GameResult | null,
          penaltyReason: (g.penaltyReason ?? null) as PenaltyReason | null,
          ...(g.result !== null ? { resultEnteredById: ctx.userId, resultEnteredAt: ctx.now } : {}),
        });
        for (const [side, playerId] of [
          [g.red, redPlayerId],
          [g.black, blackPlayerId],
        ]) {
          const key = `${r.round}\u0000${side}`;
          const list = gamesOf.get(key) ?? [];
          list.push({ id, board, leg, playerId });
          gamesOf.set(key, list);
        }
      });
    }
    for (const bye of r.byes) pairings.push({ id: randomUUID(), roundId, table: null, redEntryId: entryIds.get(bye)! });
  }

  // Sanctions: confirmed records on the games they name, in the file's order (the export lists them by time of record).
  const sanctions: ImportPlan['sanctions'] = [];
  s.sanctions?.forEach((x, i) => {
    const candidates = (gamesOf.get(`${x.round}\u0000${x.player}`) ?? []).filter(
      (g) => (x.game === undefined || g.board === x.game) && (x.leg === undefined || g.leg === x.leg),
    );
    if (candidates.length !== 1) {
      problems.push({
        path: `$.sanctions[${i}]`,
        message: candidates.length
          ? `${x.player} has ${candidates.length} games in round ${x.round}: name the game (board, and leg on a board with two games)`
          : `${x.player} has no game in round ${x.round}${x.game !== undefined ? ` on board ${x.game}` : ''}`,
      });
      return;
    }
    const at = new Date(ctx.now.getTime() + i);
    sanctions.push({
      gameId: candidates[0].id,
      playerId: candidates[0].playerId,
      kind: x.kind,
      count: x.count ?? null,
      minutes: x.minutes ?? null,
      minutesLate: x.minutesLate ?? null,
      decision: x.decision ?? null,
      ...(x.disqualify?.length ? { disqualify: x.disqualify.map((d) => entryIds.get(d) ?? d) } : {}),
      note: x.note ?? null,
      state: 'confirmed',
      proposedById: ctx.userId,
      confirmedById: ctx.userId,
      confirmedAt: at,
      createdAt: at,
    });
  });
  if (problems.length) return { ok: false, error: problems };

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
  // Derived by the export from the stage chain (play/event-file.ts knockoutFirstGames).
  if (chain) delete standingsOptions.firstGameOnlyRounds;
  if (s.lot?.order) standingsOptions.lot = { ...s.lot, order: s.lot.order.map((id) => entryIds.get(id) ?? id) };
  if (s.reserveBoards) standingsOptions.reserveBoards = Object.fromEntries(Object.entries(s.reserveBoards).map(([m, b]) => [memberIds.get(m) ?? m, b]));

  const { tieBreaks, custom } = chainOf(raw.standings?.chain, kind, stages);
  const boards = t.options.boards;
  const maxMembers = Math.max(0, ...t.entries.map((e) => e.members?.length ?? 0));
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
  return {
    ok: true,
    value: { event, affiliations, players, teams, members, entries, stages: stageRows, rounds, pairings, games, sanctions, matchedPlayers, personOf },
  };
}
