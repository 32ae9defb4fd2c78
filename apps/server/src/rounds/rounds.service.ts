import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PairingError, pairingSystemFor, type PairingWarning } from '@chuhe/pairing';
import { stageChainView } from '@chuhe/pairing';
import type { Round as FileRound } from '@chuhe/tournament';
import { AuditService } from '../audit/audit.service';
import { STAFF, type AuthUser } from '../auth/auth.decorators';
import { carriedOr } from '../auth/access.service';
import type { TournamentAccess } from '../auth/tournament-access';
import { notFound, staleOrMissing } from '../common/optimistic';
import { Prisma } from '../generated/prisma/client';
import { eventFile, fileEntries, type EventFile, type EventWithPlay } from '../play/event-file';
import { stageRoundCount } from '@chuhe/pairing';
import { lockEventPlay } from '../play/locks';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { ByeDto, ColoursDto, ForbiddenPairDto, PairRoundDto, SuspendRoundDto, SwapDto, UpdateRoundDto } from './round.dto';
import { resumeRound, suspendRound, type SuspendableRound, type SuspensionDecision } from '@chuhe/tournament';
import { DomainError } from '../common/errors';
import { FINDING_KEYS, PAIRING_ERROR_KEYS, wordIn } from '../i18n/keys';
import { databaseNow } from '../common/database-clock';
import { EventCache } from '../play/event-cache';
import { loadEntries, loadEventPlay, type LoadedEntry, type LoadedEvent } from '../play/event-loader';
import { AuditInsert, insertDraftRound, insertGames, insertPairings, insertRoundFindings, PairingInsert } from './bulk-insert';
import { checkDraft, fileRound, reconcileFindings, knockoutKeys, pairingGames, pairKey, PlannedGame, storedFindings } from './round-plan';
import { findingsOf, namesOf, ViewPairing, ViewRound, roundView, RoundView, StoredFinding } from './round-view';
import { completeRoundIfDone } from '../results/play-effects';

type StageConfig = { type: string; rounds?: number };
/** The stage a round belongs to: Event.stages[index], the round's number in it, and (stage chain) who plays it. */
type StageAt = StageConfig & { index: number; stageRound: number; entryIds?: string[] };
const STAGE_CHAIN = 'stage-chain';

/** Big events: pairing 1,000 players and writing 500 pairings takes longer than Prisma's default 5 s. */
const TX = { timeout: 120_000, maxWait: 30_000 };

/** A unique constraint broken: P2002 from a model query, P2010 with PostgreSQL's 23505 from a raw one (bulk-insert.ts). */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === 'P2002' || (error.code === 'P2010' && /23505|unique constraint/i.test(`${JSON.stringify(error.meta ?? {})} ${error.message}`));
}

function label(entry: LoadedEntry | undefined): string {
  if (!entry) return '?';
  const name = entry.player ? `${entry.player.nameZh} ${entry.player.nameEn}` : entry.team ? `${entry.team.nameZh} ${entry.team.nameEn}` : entry.id;
  return `#${entry.drawNumber ?? '-'} ${name}`;
}

/** Checker findings in Chinese words by their code (issue 30 #5: the library's reasons are English), the entries named where they are at hand. */
function findingsZh(findings: readonly { code: string; entries?: readonly string[] }[], entries?: ReadonlyMap<string, LoadedEntry>): string {
  return findings
    .map((f) => `${wordIn(FINDING_KEYS, f.code, 'zh')}${entries && f.entries?.length ? `（${f.entries.map((id) => label(entries.get(id))).join('、')}）` : ''}`)
    .join('；');
}

function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

/** Where a request's time went, for the Server-Timing header (the server-round bench reads it). */
export class Timing {
  private last = performance.now();
  readonly laps: { name: string; ms: number }[] = [];

  lap(name: string): void {
    const now = performance.now();
    this.laps.push({ name, ms: now - this.last });
    this.last = now;
  }

  header(): string {
    return this.laps.map((l) => `${l.name};dur=${l.ms.toFixed(1)}`).join(', ');
  }
}

/** A draft pairing as the service edits it. */
interface DraftPairing {
  id: string;
  table: number | null;
  matchKey: string | null;
  version: number;
  redEntryId: string;
  blackEntryId: string | null;
  games: ViewPairing['games'];
}

@Injectable()
export class RoundsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly events: EventCache,
  ) {}

  // ── reading ────────────────────────────────────────────────────────────────────────────────

  /** Staff see drafts: the carried access (the guard's) when it is this user's here, else asked once. */
  private async isStaff(user: AuthUser | undefined, tournamentId: string, access?: TournamentAccess): Promise<boolean> {
    if (!user) return false;
    return (await carriedOr(this.prisma, user, tournamentId, access)).has(...STAFF);
  }

  private async names(db: Tx | PrismaService, eventId: string) {
    return namesOf(await loadEntries(db, eventId));
  }

  private async viewOf(db: Tx | PrismaService, roundId: string): Promise<RoundView> {
    const round = await db.round.findUniqueOrThrow({ where: { id: roundId }, include: { stage: true, pairings: { include: { games: true } } } });
    return roundView(round, round.pairings, await this.names(db, round.eventId));
  }

  /** The event's rounds (drafts for its staff only), from the one event model (play/event-cache.ts). */
  async list(user: AuthUser | undefined, eventId: string, access?: TournamentAccess): Promise<RoundView[]> {
    const event = await this.events.load(this.prisma, eventId);
    if (!event) throw notFound('event');
    const staff = await this.isStaff(user, event.tournamentId, access);
    const names = namesOf(event.entries);
    return event.rounds.filter((r) => staff || r.state !== 'draft').map((r) => roundView(r, r.pairings, names));
  }

  /**
   * A round, its event and whether a later round is paired, from the one event model
   * (play/event-cache.ts; issue 29 #4): the result sheet's read — one statement (the event's data
   * version) when the event is held and nothing moved, instead of the round read a second way.
   * The same refusals as get(): no such round, or a draft for someone who is not staff, is a 404.
   */
  async withEvent(
    user: AuthUser | undefined,
    roundId: string,
    access?: TournamentAccess,
  ): Promise<{ round: RoundView; event: LoadedEvent; laterPaired: boolean }> {
    const eventId = this.events.eventOfRound(roundId) ?? (await this.prisma.round.findUnique({ where: { id: roundId }, select: { eventId: true } }))?.eventId;
    const event = eventId ? await this.events.load(this.prisma, eventId) : null;
    const round = event?.rounds.find((r) => r.id === roundId);
    if (!event || !round || (round.state === 'draft' && !(await this.isStaff(user, event.tournamentId, access)))) throw notFound('round');
    return {
      round: roundView(round, round.pairings, namesOf(event.entries)),
      event,
      laterPaired: event.rounds.some((r) => r.number > round.number),
    };
  }

  /**
   * A published or completed round and its event as EventCache holds them, with no statement and no
   * check that they are current (undefined: not held, or a draft). For the result sheet's post,
   * whose write checks the game's version itself (issue 29 #4).
   */
  held(roundId: string): { round: RoundView; event: LoadedEvent } | undefined {
    const eventId = this.events.eventOfRound(roundId);
    const event = eventId === undefined ? undefined : this.events.peek(eventId);
    const round = event?.rounds.find((r) => r.id === roundId);
    if (!event || !round || round.state === 'draft') return undefined;
    return { round: roundView(round, round.pairings, namesOf(event.entries)), event };
  }

  async get(user: AuthUser | undefined, roundId: string): Promise<RoundView> {
    const round = await this.prisma.round.findUnique({ where: { id: roundId }, include: { event: { select: { tournamentId: true } } } });
    // A draft does not exist for the public (nor for non-staff users).
    if (!round || (round.state === 'draft' && !(await this.isStaff(user, round.event.tournamentId)))) throw notFound('round');
    return this.viewOf(this.prisma, roundId);
  }

  // ── pairing the next round ───────────────────────────────────────────────────────────────

  /**
   * Can the next round be paired now, and if not, why: the checks pairNext makes, without pairing
   * (the console offers "pair the next round" only when it can, and says when the format is finished).
   */
  async nextRound(
    eventId: string,
  ): Promise<{ number: number; refusal: null | { kind: 'draft' | 'finished' | 'other'; message: string; error?: DomainError } }> {
    const event = await this.events.load(this.prisma, eventId);
    if (!event) throw notFound('event');
    const number = event.rounds.length + 1;
    const draft = event.rounds.find((r) => r.state === 'draft');
    if (draft) return { number, refusal: { kind: 'draft', message: `round ${draft.number} is a draft` } };
    try {
      this.requireDrawNumbers(event);
      this.requireResults(event);
      this.currentStage(event, eventFile(event), number);
      return { number, refusal: null };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { number, refusal: { kind: error.code === 'round.format_finished' ? 'finished' : 'other', message: error.message, error } };
    }
  }

  /**
   * Pairs the next round as a draft. One transaction with the event's play lock first: two
   * requests (or two server instances) racing make exactly one round; the loser sees the draft
   * and gets 409. The unique (eventId, number) is the last line of defence.
   */
  async pairNext(user: AuthUser, eventId: string, dto: PairRoundDto, timing: Timing = new Timing()): Promise<RoundView> {
    try {
      const committed = await this.prisma.$transaction(async (tx) => {
        await lockEventPlay(tx, eventId);
        timing.lap('lock');
        // Under the lock and before any write: the cached event, if nothing changed since (play/event-cache.ts).
        const event = await this.events.load(tx, eventId);
        timing.lap('load');
        if (!event) throw notFound('event');
        const draft = event.rounds.find((r) => r.state === 'draft');
        if (draft) throw new DomainError('round.draft_pending', { number: draft.number }, undefined, { roundId: draft.id });
        this.requireDrawNumbers(event);
        this.requireResults(event);
        const number = event.rounds.length + 1;
        const file = eventFile(event);
        const stage = this.currentStage(event, file, number);
        timing.lap('file');
        const proposal = this.pair(event, file, stage);
        timing.lap('pair');
        const roundId = randomUUID();
        const plan = this.planRows(user, event, file, stage, roundId, proposal.round);
        timing.lap('plan');
        const stageId = event.rounds.find((r) => r.stage.index === stage.index)?.stageId ?? (await this.stageId(tx, event, stage));
        const scheduledAt = dto.scheduledAt ? new Date(dto.scheduledAt) : null;
        // The round, its pairings, games and their audit rows in one statement (bulk-insert.ts) —
        // sent first, so that PostgreSQL writes them while this process checks the round.
        const written = insertDraftRound(
          tx,
          { id: roundId, eventId, stageId, number, stageRound: stage.stageRound, scheduledAt, createdById: user.id, findings: [] },
          plan.inserts,
          plan.games,
          plan.audits,
        );
        written.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
        await new Promise((resolve) => setImmediate(resolve)); // the statement leaves before the check takes the CPU
        timing.lap('send');
        const findings = this.findingsOf(file, stage, proposal.round, proposal.warnings, plan.pairings);
        timing.lap('check');
        await written;
        timing.lap('insert');
        await insertRoundFindings(tx, roundId, findings, {
          id: randomUUID(),
          userId: user.id,
          tournamentId: event.tournamentId,
          entity: 'round',
          entityId: roundId,
          action: 'create',
          before: null,
          after: { number, state: 'draft', scheduledAt, findings },
          reason: `paired with ${file.options.pairingSystem}`,
        });
        timing.lap('findings');
        const row: ViewRound = {
          id: roundId,
          eventId,
          number,
          stageRound: stage.stageRound,
          state: 'draft',
          scheduledAt,
          suspendedAt: null,
          resumesAt: null,
          resumeVenue: null,
          publishedAt: null,
          completedAt: null,
          version: 1,
          findings,
          stage: { index: stage.index, type: stage.type },
        };
        const view = roundView(row, plan.pairings, namesOf(event.entries));
        timing.lap('view');
        return view;
      }, TX);
      timing.lap('commit');
      return committed;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('round.paired_concurrently');
      throw error;
    }
  }

  private requireDrawNumbers(event: EventWithPlay): void {
    if (event.redrawNeeded) throw new DomainError('round.redraw_needed', {}, 'eventId');
    const undrawn = event.entries.filter((e) => e.status === 'active' && e.drawNumber === null);
    if (fileEntries(event).length < 2 || undrawn.length > 0) {
      throw undrawn.length
        ? new DomainError('round.undrawn_entries', { count: undrawn.length }, 'eventId')
        : new DomainError('round.too_few_drawn', {}, 'eventId');
    }
  }

  /** 409 while a published round has games without a result, naming them (round, table, board, players). */
  private requireResults(event: EventWithPlay): void {
    const entries = new Map(event.entries.map((e) => [e.id, e]));
    const players = new Map<string, string>();
    for (const e of event.entries) {
      if (e.player) players.set(e.player.id, `${e.player.nameZh} ${e.player.nameEn}`);
      for (const m of e.team?.members ?? []) players.set(m.playerId, `${m.player.nameZh} ${m.player.nameEn}`);
    }
    const open: string[] = [];
    const openZh: string[] = [];
    const games: { round: number; table: number | null; board: number; red: string | null; black: string | null }[] = [];
    for (const r of event.rounds) {
      for (const p of r.pairings) {
        for (const g of p.games) {
          if (g.result !== null) continue;
          const side = (playerId: string | null, entryId: string | null) =>
            playerId ? (players.get(playerId) ?? playerId) : entryId ? label(entries.get(entryId)) : '?';
          const red = side(g.redPlayerId, p.redEntryId);
          const black = side(g.blackPlayerId, p.blackEntryId);
          games.push({ round: r.number, table: p.table, board: g.board, red, black });
          open.push(`round ${r.number} table ${p.table ?? '-'} board ${g.board}${g.leg > 1 ? ` game ${g.leg}` : ''}: ${red} – ${black}`);
          openZh.push(
            `第 ${r.number} 轮第 ${p.table ?? '-'} 台${g.board > 1 || p.games.length > 1 ? `第 ${g.board} 盘` : ''}${g.leg > 1 ? `（第 ${g.leg} 局）` : ''}：${red} – ${black}`,
          );
        }
      }
    }
    if (open.length) {
      const shown = open.slice(0, 20).join('; ');
      const more = open.length > 20 ? ` … (${open.length} in all)` : '';
      throw new DomainError(
        'round.games_open',
        { count: open.length, games: `${shown}${more}`, gamesZh: `${openZh.slice(0, 20).join('；')}${more ? ' …' : ''}` },
        undefined,
        { games },
      );
    }
  }

  /**
   * The stage the next round belongs to. A format of several stages (and a standalone knockout or
   * group round-robin) is libs/pairing's stage chain (二章1节3): it says which stage round `number`
   * is in, and who plays it; refused (409) when the format is finished or the field is not known yet.
   */
  private currentStage(event: EventWithPlay, file: EventFile, number: number): StageAt {
    const stages = event.stages as StageConfig[];
    const name = stages.map((s) => (s.rounds !== undefined ? `${s.type} (${s.rounds} rounds)` : s.type)).join(' → ');
    if (file.options.pairingSystem === STAGE_CHAIN) {
      const seen = stageChainView(file, number);
      if (!seen.ok) throw this.pairingRefused(event, seen.error);
      const { position, field } = seen.value;
      return { ...stages[position.index], index: position.index, stageRound: position.stageRound, ...(position.index > 0 ? { entryIds: field } : {}) };
    }
    if (stages.length !== 1) throw new DomainError('round.format_unpairable', { format: name || '—' }, undefined, { format: stages });
    const stage = stages[0];
    const total = stageRoundCount(stage, fileEntries(event).length);
    if (total !== null && event.rounds.length >= total) {
      throw new DomainError('round.format_finished', { format: name, total });
    }
    return { ...stage, index: 0, stageRound: number };
  }

  private async stageId(tx: Tx, event: EventWithPlay, stage: StageAt): Promise<string> {
    const { index, stageRound: _r, entryIds, ...config } = stage;
    const row = await tx.stage.upsert({
      where: { eventId_index: { eventId: event.id, index } },
      create: { eventId: event.id, index, type: stage.type, config: json(config), ...(entryIds ? { entryIds: json(entryIds) } : {}) },
      // No round of the stage is left (its draft was deleted): the field is the one paired now.
      update: entryIds ? { entryIds: json(entryIds) } : {},
    });
    return row.id;
  }

  /**
   * libs/pairing checkRound on a draft (round-plan.ts checkDraft). A stage chain is checked as its
   * stage sees the round — libs/pairing's checker does that itself (stage-chain.ts stageChainCheck),
   * so the server and `chuhe check-pairing` agree.
   */
  private checked(file: EventFile, round: FileRound, stage: StageConfig, pairs: Set<string>) {
    return checkDraft(file, round, stage.type, pairs);
  }

  /** Knockout pairings' match keys: the championships' (round-plan.ts), or a stage chain's knockout rounds. */
  private matchKeys(file: EventFile, stage: StageConfig & { stageRound?: number }, round: FileRound): Map<number, string> {
    if (stage.type !== 'knockout') return knockoutKeys(file, stage.type, round);
    return new Map(round.pairings.map((_p, i) => [i, `knockout round ${stage.stageRound ?? round.round} match ${i + 1}`]));
  }

  /** libs/pairing: the system the event's file names; its refusals are 409 with the lib's message and entries. */
  private pair(event: EventWithPlay, file: EventFile, stage: StageConfig): { round: FileRound; warnings: PairingWarning[] } {
    const system = pairingSystemFor(file);
    if (!system) throw new DomainError('round.no_pairing_system', { type: stage.type, system: String(file.options.pairingSystem) });
    const result = system.pair({ tournament: file });
    if (!result.ok) throw this.pairingRefused(event, result.error);
    const { warnings, ...round } = result.value;
    return { round, warnings };
  }

  private pairingRefused(event: EventWithPlay, error: PairingError): DomainError {
    const entries = new Map(event.entries.map((e) => [e.id, e]));
    const named = error.entries.map((id) => label(entries.get(id)));
    // The pairing library's reason is English (the API's words); a page words it by its code, the entries named.
    return new DomainError(
      'round.pairing_refused',
      {
        code: error.code,
        detail: `${error.message}${named.length ? ` (${named.join(', ')})` : ''}`,
        reasonZh: wordIn(PAIRING_ERROR_KEYS, error.code, 'zh'),
        namedZh: named.length ? `（${named.join('、')}）` : '',
      },
      undefined,
      {
        entries: error.entries,
      },
    );
  }

  /**
   * A round's pairings as rows — table numbers 1…, byes last with no table and no games — with
   * their games and their audit rows (no database).
   */
  private planRows(
    user: AuthUser,
    event: EventWithPlay,
    file: EventFile,
    stage: StageConfig & { stageRound?: number; index?: number },
    roundId: string,
    proposal: FileRound,
  ) {
    const entries = new Map(event.entries.map((e) => [e.id, e]));
    const keys = this.matchKeys(file, stage, proposal);
    const pairings: DraftPairing[] = [];
    const games: PlannedGame[] = [];
    proposal.pairings.forEach((p, i) => {
      const id = randomUUID();
      const planned = pairingGames(event, proposal.round, id, entries.get(p.red)!, entries.get(p.black)!);
      games.push(...planned);
      pairings.push({ id, table: i + 1, matchKey: keys.get(i) ?? null, version: 1, redEntryId: p.red, blackEntryId: p.black, games: planned.map(gameRow) });
    });
    for (const b of proposal.byes) pairings.push({ id: randomUUID(), table: null, matchKey: null, version: 1, redEntryId: b, blackEntryId: null, games: [] });
    const reasonOf = new Map(games.filter((g) => g.reason).map((g) => [g.pairingId, g.reason!]));
    const audits: AuditInsert[] = pairings.map((p) => ({
      id: randomUUID(),
      userId: user.id,
      tournamentId: event.tournamentId,
      entity: 'pairing',
      entityId: p.id,
      action: 'create' as const,
      before: null,
      after: { roundId, table: p.table, matchKey: p.matchKey, red: p.redEntryId, black: p.blackEntryId, games: p.games },
      reason: reasonOf.get(p.id) ?? null,
    }));
    const inserts: PairingInsert[] = pairings.map((p) => ({
      id: p.id,
      roundId,
      table: p.table,
      redEntryId: p.redEntryId,
      blackEntryId: p.blackEntryId,
      matchKey: p.matchKey,
    }));
    return { pairings, inserts, games, audits };
  }

  /** The checker's findings on a paired round, with the pairing system's warnings (round-plan.ts storedFindings). */
  private findingsOf(file: EventFile, stage: StageConfig, proposal: FileRound, warnings: PairingWarning[], pairings: DraftPairing[]): StoredFinding[] {
    const knockoutPairs = new Set(pairings.filter((p) => p.matchKey !== null && p.blackEntryId !== null).map((p) => pairKey(p.redEntryId, p.blackEntryId!)));
    return storedFindings(this.checked(file, proposal, stage, knockoutPairs), warnings, proposal.round);
  }

  /** A draft paired again (repair): its pairings, games and audit rows in three statements, and the findings. */
  private async writePairings(
    tx: Tx,
    user: AuthUser,
    event: EventWithPlay,
    file: EventFile,
    stage: StageConfig & { stageRound?: number; index?: number },
    roundId: string,
    proposal: FileRound,
    warnings: PairingWarning[],
  ): Promise<{ pairings: ViewPairing[]; findings: StoredFinding[] }> {
    const plan = this.planRows(user, event, file, stage, roundId, proposal);
    await insertPairings(tx, plan.inserts);
    await insertGames(tx, plan.games);
    await this.audit.recordMany(tx, plan.audits);
    return { pairings: plan.pairings, findings: this.findingsOf(file, stage, proposal, warnings, plan.pairings) };
  }

  // ── changing a draft ─────────────────────────────────────────────────────────────────────

  /**
   * The frame of every change to a draft: the event's play lock, the round's version, the
   * change, libs/pairing checkRound on the result. A change that brings a new error (rematch,
   * paired twice, forbidden pair …) is refused with 409 and the findings; warnings are accepted,
   * returned, and kept with the reason in the audit rows of the changed pairings.
   */
  private async editDraft(
    user: AuthUser,
    roundId: string,
    version: number,
    reason: string | undefined,
    what: string,
    change: (pairings: DraftPairing[], event: EventWithPlay) => DraftPairing[],
  ): Promise<RoundView> {
    return this.prisma.$transaction(async (tx) => {
      const { event, round } = await this.lockedDraft(tx, roundId, version);
      const stage = { ...(round.stage.config as StageConfig), index: round.stage.index };
      const pairings: DraftPairing[] = round.pairings.map((p) => ({ ...p, games: p.games.map(gameRow) }));
      const before = new Map(pairings.map((p) => [p.id, { ...p }]));
      const changed = change(pairings, event);
      const file = eventFile(event);
      const proposal = fileRound(round.number, pairings);
      const knockoutPairs = new Set(pairings.filter((p) => p.matchKey !== null && p.blackEntryId !== null).map((p) => pairKey(p.redEntryId, p.blackEntryId!)));
      const checked = this.checked(file, proposal, stage, knockoutPairs);
      const old = findingsOf(round);
      const { findings, refused, needReason } = reconcileFindings(checked, old, reason);
      if (refused.length) {
        const entries = new Map(event.entries.map((e) => [e.id, e]));
        const listed = refused.map((f) => `${f.code}: ${f.message}`).join('; ');
        throw new DomainError('round.change_breaks_rules', { findings: listed, findingsZh: findingsZh(refused, entries) }, undefined, {
          findings: checked,
        });
      }
      if (needReason.length) {
        const entries = new Map(event.entries.map((e) => [e.id, e]));
        const listed = needReason.map((f) => `${f.code}: ${f.message}`).join('; ');
        throw new DomainError('round.change_needs_reason', { findings: listed, findingsZh: findingsZh(needReason, entries) }, 'reason');
      }
      const warnings = findings.filter((f) => f.severity === 'warning' && f.source === 'checker');
      const auditReason =
        [reason, warnings.length ? `accepted warnings: ${warnings.map((w) => `${w.code}: ${w.message}`).join('; ')}` : undefined].filter(Boolean).join(' | ') ||
        null;
      const entries = new Map(event.entries.map((e) => [e.id, e]));
      const newGames: PlannedGame[] = [];
      for (const p of changed) {
        if (p.blackEntryId !== null && (before.get(p.id)!.redEntryId !== p.redEntryId || before.get(p.id)!.blackEntryId !== p.blackEntryId)) {
          const planned = pairingGames(event, round.number, p.id, entries.get(p.redEntryId)!, entries.get(p.blackEntryId)!);
          newGames.push(...planned);
          p.games = planned.map(gameRow);
        }
        p.version += 1;
      }
      const changedIds = changed.map((p) => p.id);
      await tx.game.deleteMany({ where: { pairingId: { in: changedIds } } });
      for (const p of changed)
        await tx.pairing.update({ where: { id: p.id }, data: { redEntryId: p.redEntryId, blackEntryId: p.blackEntryId, version: p.version } });
      if (newGames.length) await tx.game.createMany({ data: newGames.map(({ reason: _reason, ...g }) => g) });
      const updated = await tx.round.update({
        where: { id: round.id },
        data: { findings: json(findings), version: { increment: 1 } },
        include: { stage: true },
      });
      await this.audit.recordMany(
        tx,
        changed.map((p) => {
          const b = before.get(p.id)!;
          return {
            userId: user.id,
            tournamentId: event.tournamentId,
            entity: 'pairing',
            entityId: p.id,
            action: 'update' as const,
            before: { change: what, red: b.redEntryId, black: b.blackEntryId, games: b.games },
            after: { change: what, red: p.redEntryId, black: p.blackEntryId, games: p.games },
            reason: auditReason,
          };
        }),
      );
      return roundView(updated, pairings, namesOf(event.entries));
    }, TX);
  }

  /** The play lock, then the draft at `version` (404 / 409 not a draft / 409 stale), and the whole event (pairing, checking). */
  private async lockedDraft(tx: Tx, roundId: string, version: number) {
    const { round, eventId } = await this.lockedDraftOnly(tx, roundId, version);
    const event = await loadEventPlay(tx, eventId);
    if (!event) throw notFound('round');
    return { event, round };
  }

  /** The same without loading the event's rounds (publish, delete): the event row only. */
  private async lockedDraftOnly(tx: Tx, roundId: string, version: number) {
    const head = await tx.round.findUnique({ where: { id: roundId }, select: { eventId: true } });
    if (!head) throw notFound('round');
    await lockEventPlay(tx, head.eventId);
    const round = await tx.round.findUnique({ where: { id: roundId }, include: { stage: true, event: true, pairings: { include: { games: true } } } });
    if (!round) throw notFound('round');
    if (round.version !== version) staleOrMissing('round', round);
    if (round.state !== 'draft') throw new DomainError('round.not_draft', { number: round.number, state: round.state });
    return { round, eventId: head.eventId, eventRow: round.event };
  }

  swap(user: AuthUser, roundId: string, dto: SwapDto): Promise<RoundView> {
    if (dto.entryA === dto.entryB) throw new DomainError('input.same_entry', { field: 'entryB', other: 'entryA' }, 'entryB');
    return this.editDraft(user, roundId, dto.version, dto.reason, `swap ${dto.entryA} ↔ ${dto.entryB}`, (pairings) =>
      swapPlaces(pairings, dto.entryA, dto.entryB, 'entryA', 'entryB'),
    );
  }

  colours(user: AuthUser, roundId: string, dto: ColoursDto): Promise<RoundView> {
    return this.editDraft(user, roundId, dto.version, dto.reason, 'exchange colours', (pairings) => {
      const p = pairings.find((x) => x.id === dto.pairingId);
      if (!p) throw new DomainError('round.no_such_pairing', {}, 'pairingId');
      if (p.blackEntryId === null) throw new DomainError('round.bye_no_colours', {}, 'pairingId');
      [p.redEntryId, p.blackEntryId] = [p.blackEntryId, p.redEntryId];
      return [p];
    });
  }

  bye(user: AuthUser, roundId: string, dto: ByeDto): Promise<RoundView> {
    return this.editDraft(user, roundId, dto.version, dto.reason, `bye to ${dto.entryId}`, (pairings) => {
      const holder = pairings.find((p) => p.blackEntryId === null);
      if (!holder) throw new DomainError('round.no_bye');
      if (holder.redEntryId === dto.entryId) throw new DomainError('round.has_bye_already', {}, 'entryId');
      return swapPlaces(pairings, holder.redEntryId, dto.entryId, 'entryId', 'entryId');
    });
  }

  /** Pair the draft again (after a forbidden pair was added, or to undo manual changes). */
  repair(user: AuthUser, roundId: string, version: number): Promise<RoundView> {
    return this.prisma.$transaction(async (tx) => {
      const { event, round } = await this.lockedDraft(tx, roundId, version);
      const stage = { ...(round.stage.config as StageConfig), index: round.stage.index, stageRound: round.stageRound };
      const file = eventFile(event);
      const proposal = this.pair(event, file, stage);
      const before = round.pairings.map((p) => ({ id: p.id, table: p.table, red: p.redEntryId, black: p.blackEntryId }));
      await tx.pairing.deleteMany({ where: { roundId } });
      const { pairings, findings } = await this.writePairings(tx, user, event, file, stage, roundId, proposal.round, proposal.warnings);
      const updated = await tx.round.update({
        where: { id: roundId },
        data: { findings: json(findings), version: { increment: 1 } },
        include: { stage: true },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'round',
        entityId: roundId,
        action: 'update',
        before: { pairings: before },
        after: { pairings: pairings.map((p) => ({ id: p.id, table: p.table, red: p.redEntryId, black: p.blackEntryId })), findings },
        reason: 'paired again (repair)',
      });
      return roundView(updated, pairings, namesOf(event.entries));
    }, TX);
  }

  /** Adds a pair the chief arbiter forbids (Event.pairingOptions.forbiddenPairs) and re-checks the draft, if any. */
  addForbiddenPair(user: AuthUser, eventId: string, dto: ForbiddenPairDto) {
    if (dto.entryA === dto.entryB) throw new DomainError('input.same_entry', { field: 'entryB', other: 'entryA' }, 'entryB');
    return this.prisma.$transaction(async (tx) => {
      await lockEventPlay(tx, eventId);
      const event = await loadEventPlay(tx, eventId);
      if (!event) throw notFound('event');
      if (event.version !== dto.version) staleOrMissing('event', event);
      const ids = new Set(event.entries.map((e) => e.id));
      if (!ids.has(dto.entryA)) throw new DomainError('entry.not_in_event', { field: 'entryA' }, 'entryA');
      if (!ids.has(dto.entryB)) throw new DomainError('entry.not_in_event', { field: 'entryB' }, 'entryB');
      const options = { ...(event.pairingOptions as Record<string, unknown>) };
      const pairs = [...((options.forbiddenPairs as [string, string][] | undefined) ?? [])];
      if (pairs.some(([a, b]) => pairKey(a, b) === pairKey(dto.entryA, dto.entryB))) throw new DomainError('round.pair_forbidden_already');
      pairs.push([dto.entryA, dto.entryB]);
      const after = { ...options, forbiddenPairs: pairs };
      const { count } = await tx.event.updateMany({
        where: { id: eventId, version: dto.version },
        data: { pairingOptions: json(after), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('event', event);
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'event',
        entityId: eventId,
        action: 'update',
        before: { pairingOptions: options },
        after: { pairingOptions: after },
        reason: dto.reason ?? 'forbidden pair added',
      });
      // A draft is checked again against the new option: publishing it waits for a repair.
      const draft = event.rounds.find((r) => r.state === 'draft');
      let draftView: RoundView | null = null;
      if (draft) {
        const updatedEvent = { ...event, pairingOptions: after as Prisma.JsonValue };
        const file = eventFile(updatedEvent);
        const stage = { ...(draft.stage.config as StageConfig), index: draft.stage.index };
        const knockoutPairs = new Set(
          draft.pairings.filter((p) => p.matchKey !== null && p.blackEntryId !== null).map((p) => pairKey(p.redEntryId, p.blackEntryId!)),
        );
        const checked = this.checked(file, fileRound(draft.number, draft.pairings), stage, knockoutPairs);
        // Every error stays an error (the new forbidden pair blocks publishing until a repair), except those accepted before.
        const old = findingsOf(draft);
        const { findings, refused, needReason } = reconcileFindings(checked, old, undefined);
        const stored = [...findings, ...[...refused, ...needReason].map((f) => ({ ...f, source: 'checker' as const }))];
        await tx.round.update({ where: { id: draft.id }, data: { findings: json(stored), version: { increment: 1 } } });
        draftView = await this.viewOf(tx, draft.id);
      }
      return { eventId, version: event.version + 1, pairingOptions: after, draft: draftView };
    }, TX);
  }

  // ── publishing, deleting, scheduling ─────────────────────────────────────────────────────

  /** draft → published. Round 1 sets Event.round1PairedAt: the draw, format, chain and entries (but late ones) are frozen. */
  publish(user: AuthUser, roundId: string, version: number): Promise<RoundView> {
    return this.prisma.$transaction(async (tx) => {
      const { round, eventRow: event } = await this.lockedDraftOnly(tx, roundId, version);
      const errors = findingsOf(round).filter((f) => f.severity === 'error');
      if (errors.length)
        throw new DomainError(
          'round.publish_breaks_rules',
          { number: round.number, findings: errors.map((f) => `${f.code}: ${f.message}`).join('; '), findingsZh: findingsZh(errors) },
          undefined,
          { findings: errors },
        );
      const now = new Date();
      let updated = await tx.round.update({
        where: { id: roundId },
        data: { state: 'published', publishedAt: now, version: { increment: 1 } },
        include: { stage: true },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'round',
        entityId: roundId,
        action: 'update',
        before: { state: 'draft', version: round.version },
        after: { state: 'published', publishedAt: now, version: updated.version },
      });
      // Every game already has its result (all forfeits of withdrawn entries, 二章7节3–4): no result
      // entry will ever complete the round, so it completes now (with its audit row).
      const settled =
        round.pairings.every((p) => p.blackEntryId === null || p.games.length > 0) && round.pairings.every((p) => p.games.every((g) => g.result !== null));
      if (settled && (await completeRoundIfDone(tx, { userId: user.id, tournamentId: event.tournamentId }, roundId))) {
        updated = await tx.round.findUniqueOrThrow({ where: { id: roundId }, include: { stage: true } });
      }
      if (round.number === 1 && event.round1PairedAt === null) {
        await tx.event.update({ where: { id: event.id }, data: { round1PairedAt: now, version: { increment: 1 } } });
        await this.audit.record(tx, {
          userId: user.id,
          tournamentId: event.tournamentId,
          entity: 'event',
          entityId: event.id,
          action: 'update',
          before: { round1PairedAt: null },
          after: { round1PairedAt: now },
          reason: 'round 1 published: draw, format, tie-break chain and entries are frozen',
        });
      }
      return roundView(updated, round.pairings, await this.names(tx, round.eventId));
    }, TX);
  }

  remove(user: AuthUser, roundId: string, version: number): Promise<void> {
    return this.prisma.$transaction(async (tx) => {
      const { round, eventRow: event } = await this.lockedDraftOnly(tx, roundId, version);
      await tx.round.delete({ where: { id: roundId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'round',
        entityId: roundId,
        action: 'delete',
        before: {
          number: round.number,
          state: round.state,
          pairings: round.pairings.map((p) => ({ id: p.id, table: p.table, red: p.redEntryId, black: p.blackEntryId })),
        },
        reason: 'unpublished draft deleted',
      });
    }, TX);
  }

  schedule(user: AuthUser, roundId: string, dto: UpdateRoundDto): Promise<RoundView> {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.round.findUnique({ where: { id: roundId }, include: { event: { select: { tournamentId: true } } } });
      if (!before) throw notFound('round');
      await lockEventPlay(tx, before.eventId);
      const scheduledAt = dto.scheduledAt === null ? null : new Date(dto.scheduledAt);
      const { count } = await tx.round.updateMany({ where: { id: roundId, version: dto.version }, data: { scheduledAt, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('round', await tx.round.findUnique({ where: { id: roundId } }));
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.event.tournamentId,
        entity: 'round',
        entityId: roundId,
        action: 'update',
        before: { scheduledAt: before.scheduledAt },
        after: { scheduledAt },
      });
      return this.viewOf(tx, roundId);
    }, TX);
  }

  /**
   * 三章4E: the chief arbiter (or the deputy, 三章5) suspends play of a published round and
   * announces the time and place it resumes; suspending again changes the announcement. The rule
   * is libs/tournament suspension.ts; results entry stays open meanwhile (documented there).
   */
  suspend(user: AuthUser, roundId: string, dto: SuspendRoundDto): Promise<RoundView> {
    return this.changeSuspension(
      user,
      roundId,
      dto.version,
      async (tx, round) => suspendRound(round, await databaseNow(tx), { resumesAt: new Date(dto.resumesAt), resumeVenue: dto.resumeVenue }),
      `三章4E: play suspended${dto.reason ? ` — ${dto.reason}` : ''}`,
    );
  }

  /** 三章4E: play resumes (the announcement is cleared). */
  resume(user: AuthUser, roundId: string, version: number): Promise<RoundView> {
    return this.changeSuspension(user, roundId, version, (_tx, round) => Promise.resolve(resumeRound(round)), '三章4E: play resumed');
  }

  /** Suspending and resuming: lock the event's play, ask the rule, write at the version read, audit. */
  private changeSuspension(
    user: AuthUser,
    roundId: string,
    version: number,
    decide: (tx: Tx, round: SuspendableRound) => Promise<SuspensionDecision<{ suspendedAt: Date | null; resumesAt: Date | null; resumeVenue: string | null }>>,
    reason: string,
  ): Promise<RoundView> {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.round.findUnique({ where: { id: roundId }, include: { event: { select: { tournamentId: true } } } });
      if (!before) throw notFound('round');
      await lockEventPlay(tx, before.eventId);
      const decided = await decide(tx, before);
      if (!decided.ok) throw new DomainError(decided.code, {}, decided.field);
      const { count } = await tx.round.updateMany({ where: { id: roundId, version }, data: { ...decided.value, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('round', await tx.round.findUnique({ where: { id: roundId } }));
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.event.tournamentId,
        entity: 'round',
        entityId: roundId,
        action: 'update',
        before: { suspendedAt: before.suspendedAt, resumesAt: before.resumesAt, resumeVenue: before.resumeVenue },
        after: decided.value,
        reason,
      });
      return this.viewOf(tx, roundId);
    }, TX);
  }
}

function gameRow(g: PlannedGame | ViewPairing['games'][number]): ViewPairing['games'][number] {
  return {
    id: g.id,
    board: g.board,
    leg: g.leg,
    kind: g.kind,
    redPlayerId: g.redPlayerId,
    blackPlayerId: g.blackPlayerId,
    result: g.result,
    penaltyReason: 'penaltyReason' in g ? g.penaltyReason : null,
    version: 'version' in g ? g.version : 1,
    resultEnteredAt: 'resultEnteredAt' in g ? g.resultEnteredAt : null,
  };
}

/** Entries a and b exchange places (side and pairing; one may hold the bye). Returns the changed pairings. */
function swapPlaces(pairings: DraftPairing[], a: string, b: string, fieldA: string, fieldB: string): DraftPairing[] {
  const pa = pairings.find((p) => p.redEntryId === a || p.blackEntryId === a);
  const pb = pairings.find((p) => p.redEntryId === b || p.blackEntryId === b);
  if (!pa) throw new DomainError('round.not_in_round', { field: fieldA }, fieldA);
  if (!pb) throw new DomainError('round.not_in_round', { field: fieldB }, fieldB);
  if (pa === pb) throw new DomainError('round.same_pairing', { field: fieldB }, fieldB);
  if (pa.matchKey !== null || pb.matchKey !== null) throw new DomainError('round.knockout_fixed', { match: String(pa.matchKey ?? pb.matchKey) });
  const put = (p: DraftPairing, from: string, to: string) => {
    if (p.redEntryId === from) p.redEntryId = to;
    else p.blackEntryId = to;
  };
  put(pa, a, b);
  put(pb, b, a);
  return [pa, pb];
}
