import { Injectable } from '@nestjs/common';
import { fieldFillUp } from '@chuhe/registration';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { AccessService } from '../auth/access.service';
import { REGISTRARS } from '../auth/auth.decorators';
import { tooManyRequests, WindowCounter } from '../auth/rate-limit';
import { DomainError, unknownAffiliation } from '../common/errors';
import { notFound, staleOrMissing } from '../common/optimistic';
import { lockEvent } from '../entries/entries.service';
import { MailService, queueMailSql, type MailRequest } from '../mail/mail.service';
import { randomUUID } from 'node:crypto';
import { bannedRefusal } from '../persons/bans';
import { EntriesService } from '../entries/entries.service';
import { insertAuditRows } from '../audit/audit-rows';
import { Prisma, type EntryRequest, type Event, type EventCategory, type EventKind, type Player } from '../generated/prisma/client';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { mailLink } from '../mail/mail-link';
import { NO_ID, oneOf, typedQuery, type RawDb } from '../persistence/typed-sql';
import { pipelinedTransaction, rawDb } from '../persistence/raw-pg';
import { PlayersService } from '../players/players.service';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { TeamsService } from '../teams/teams.service';
import { HOLDS_PLACE } from '../units/quotas.service';
import { confirmHashOf } from './confirm-token';
import { dbNow } from './db-clock';
import { CreateEntryRequestDto, PlayerDetailsDto, RequestFilterDto } from './entry-request.dto';
import { checkEligibility, checkMembersNotBanned, checkWindow, requireNewMember, unitOfTournament, windowClosed } from './request-checks';
import { detailsOf, identitiesOf, labelOf, MemberDetails, RequestDetails } from './request-details';
import { CHECK_COLUMNS, clashCtes } from './request-clash-sql';
import { nameIn } from '../i18n/words';

/**
 * What a request meets in the event, in one statement (read after the identities are locked, so
 * that a request committed by the holder of a lock is seen): the first request holding one of its
 * identities, the first player already entered under one (an Entry or a team's member), a team of
 * the same name, the active entries (a full field) and the unit's delegate requests holding a place
 * (its quota, 附录2 #1).
 */
const ENTRY_CHECKS = typedQuery(
  'what an entry request meets in its event',
  {
    clashId: 'text?',
    clashAffiliationId: 'text?',
    clashIdentity: 'text?',
    enteredName: 'text?',
    teamTaken: 'bool',
    activeEntries: 'int4',
    unitUsed: 'int4',
  },
  (eventId: string, d: Pick<RequestDetails, 'identities' | 'members' | 'team'>, exceptId: string, affiliationId: string | null) => Prisma.sql`
    WITH ${clashCtes(eventId, d, exceptId)}
    SELECT (SELECT id FROM clash) AS "clashId", (SELECT "affiliationId" FROM clash) AS "clashAffiliationId", (SELECT identity FROM clash) AS "clashIdentity",
      (SELECT "nameZh" FROM entered) AS "enteredName",
      EXISTS (SELECT 1 FROM "Team" t WHERE t."eventId" = ${eventId}::uuid AND t."nameZh" = ${d.team?.nameZh ?? null}::text) AS "teamTaken",
      (SELECT count(*) FROM "Entry" e WHERE e."eventId" = ${eventId}::uuid AND e.status = 'active')::int4 AS "activeEntries",
      (SELECT count(*) FROM "EntryRequest" r WHERE r."eventId" = ${eventId}::uuid AND r."affiliationId" = ${affiliationId}::uuid AND r.source = 'delegate'
         AND r.state::text = ANY(${[...HOLDS_PLACE]}::text[]))::int4 AS "unitUsed"`,
  [NO_ID, { identities: ['n:x|'], members: [] }, NO_ID, null],
);

const QUOTA_LOCK = typedQuery(
  "a unit's quota, locked",
  { quota: 'int4' },
  (eventId: string, affiliationId: string) => Prisma.sql`
    SELECT q.quota FROM "UnitQuota" q WHERE q."eventId" = ${eventId}::uuid AND q."affiliationId" = ${affiliationId}::uuid FOR UPDATE`,
  [NO_ID, NO_ID],
);

/** What the entry checks read of an event (details, eligibility, the field's maximum, its names). */
export type EntryEvent = Pick<
  Event,
  | 'id'
  | 'tournamentId'
  | 'nameZh'
  | 'nameEn'
  | 'kind'
  | 'category'
  | 'teamStarters'
  | 'teamReserves'
  | 'maxEntries'
  | 'minBirthYear'
  | 'maxBirthYear'
  | 'minRating'
  | 'maxRating'
  | 'membersOnly'
  | 'selfRegistration'
>;

/**
 * What a submission needs to know before its transaction, in one statement: the event's rules
 * (三章1 参加资格, the field's maximum), the tournament's time zone and registration window (报名办法),
 * the unit the user is a delegate of (单位领队: one delegate role per tournament), the unit the
 * request names (the delegate's, else the one given), the existing players it names (`playerIds`)
 * and 二章8节3's bans: the one running today (the database's clock, UTC day) on the user's person and
 * on each named player's person, each followed through its merges to the survivor (persons/bans.ts
 * activeBan: at most 10 hops; the longest-running ban when several run) — null where none runs.
 */
export const SUBMIT_CONTEXT = typedQuery(
  'what an entry submission needs to know of its event, tournament and user',
  {
    id: 'text',
    tournamentId: 'text',
    nameZh: 'text',
    nameEn: 'text',
    kind: oneOf<EventKind>('text'),
    category: oneOf<EventCategory>('text'),
    teamStarters: 'int4',
    teamReserves: 'int4',
    maxEntries: 'int4?',
    minBirthYear: 'int4?',
    maxBirthYear: 'int4?',
    minRating: 'int4?',
    maxRating: 'int4?',
    membersOnly: 'bool',
    selfRegistration: 'bool',
    tournamentNameZh: 'text',
    tournamentNameEn: 'text',
    timeZone: 'text',
    opensAt: 'timestamp?',
    closesAt: 'timestamp?',
    delegateUnitId: 'text?',
    personId: 'text?',
    unitTournamentId: 'text?',
    unitNameZh: 'text?',
    unitNameEn: 'text?',
    personBan: 'jsonb?',
    players: 'jsonb',
  },
  (eventId: string, userId: string | null, affiliationId: string | null, playerIds: string[]) => Prisma.sql`
    WITH RECURSIVE named AS (
      SELECT p.id, p."tournamentId", p."affiliationId", p."nameZh", p."nameEn", p.gender, p."birthYear", p.rating, p.email, p."personId"
      FROM "Player" p WHERE p.id = ANY(${playerIds}::uuid[])
    ), roots AS (
      SELECT u."personId" AS root FROM "User" u WHERE u.id = ${userId}::uuid AND u."personId" IS NOT NULL
      UNION SELECT n."personId" FROM named n WHERE n."personId" IS NOT NULL
    ), chain (root, id, hops) AS (
      SELECT root, root, 0 FROM roots
      UNION ALL
      SELECT c.root, p."mergedIntoId", c.hops + 1 FROM chain c JOIN "Person" p ON p.id = c.id WHERE p."mergedIntoId" IS NOT NULL AND c.hops < 10
    ), bans AS (
      SELECT DISTINCT ON (c.root) c.root, jsonb_build_object('name', bp."nameZh", 'until', to_char(b."endsOn", 'YYYY-MM-DD')) AS ban
      FROM chain c JOIN "Ban" b ON b."personId" = c.id JOIN "Person" bp ON bp.id = b."personId"
      WHERE b."liftedAt" IS NULL AND b."startsOn" <= (now() AT TIME ZONE 'UTC')::date AND b."endsOn" >= (now() AT TIME ZONE 'UTC')::date
      ORDER BY c.root, b."endsOn" DESC
    )
    SELECT e.id::text AS id, e."tournamentId"::text AS "tournamentId", e."nameZh", e."nameEn", e.kind::text AS kind, e.category::text AS category,
      e."teamStarters", e."teamReserves", e."maxEntries", e."minBirthYear", e."maxBirthYear", e."minRating", e."maxRating", e."membersOnly", e."selfRegistration",
      t."nameZh" AS "tournamentNameZh", t."nameEn" AS "tournamentNameEn", t."timeZone", g."registrationOpensAt" AS "opensAt", g."registrationClosesAt" AS "closesAt",
      d."affiliationId"::text AS "delegateUnitId",
      (SELECT u."personId"::text FROM "User" u WHERE u.id = ${userId}::uuid) AS "personId",
      a."tournamentId"::text AS "unitTournamentId", a."nameZh" AS "unitNameZh", a."nameEn" AS "unitNameEn",
      (SELECT x.ban FROM bans x JOIN "User" u ON u."personId" = x.root WHERE u.id = ${userId}::uuid) AS "personBan",
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', n.id::text, 'tournamentId', n."tournamentId"::text, 'affiliationId', n."affiliationId"::text,
         'nameZh', n."nameZh", 'nameEn', n."nameEn", 'gender', n.gender::text, 'birthYear', n."birthYear", 'rating', n.rating, 'email', n.email,
         'ban', (SELECT x.ban FROM bans x WHERE x.root = n."personId"))), '[]'::jsonb) FROM named n) AS players
    FROM "Event" e
      JOIN "Tournament" t ON t.id = e."tournamentId"
      LEFT JOIN "Regulations" g ON g."tournamentId" = e."tournamentId"
      LEFT JOIN LATERAL (SELECT r."affiliationId" FROM "TournamentRole" r WHERE r."tournamentId" = e."tournamentId" AND r."userId" = ${userId}::uuid AND r.role = 'delegate' LIMIT 1) d ON true
      LEFT JOIN "Affiliation" a ON a.id = coalesce(d."affiliationId", ${affiliationId}::uuid)
    WHERE e.id = ${eventId}::uuid`,
  [NO_ID, NO_ID, null, [NO_ID]],
);

/** A running ban as SUBMIT_CONTEXT reads it (二章8节3). */
type BanSeen = { name: string; until: string } | null;
/** An existing player a request names, as SUBMIT_CONTEXT reads it, with the ban running on its person. */
export type NamedPlayer = Pick<Player, 'id' | 'tournamentId' | 'affiliationId' | 'nameZh' | 'nameEn' | 'gender' | 'birthYear' | 'rating' | 'email'> & {
  ban?: BanSeen;
};

/** What SUBMIT_WRITE writes: the request, its audit row, and for a request without an account its mail. */
export interface RequestWrite {
  /** The new request's id (chosen here: the confirmation mail's dedupe key names it). */
  id: string;
  eventId: string;
  source: 'delegate' | 'self';
  /** Asked without an account: stored `unconfirmed` (holds no place) until its mailed link is followed. */
  unconfirmed: boolean;
  affiliationId: string | null;
  userId: string | null;
  email: string | null;
  confirmHash: string | null;
  details: RequestDetails;
  /** The audit row's reason: at a full field (the request waits), and otherwise. */
  reasonIfFull: string;
  reason: string | null;
  /** Unconfirmed requests of the event older than this many hours are deleted with the write (by-mail.service CONFIRM_HOURS). */
  expireHours: number | null;
  /** Queued in the same statement when the request is written. */
  mail: MailRequest | null;
}

/**
 * A request checked and written in one statement, run after the locks (so it sees what the
 * previous holder of a lock committed): the registration window by the database's clock (三章1
 * 报名办法, as registration's windowState: open from its opening, inclusive, to its closing,
 * exclusive; closed once round 1 is paired), what ENTRY_CHECKS checks (the same person or team
 * twice, a full field) and the unit's quota (附录2 #1; its row locked before by QUOTA_LOCK). When
 * every check passes it inserts the request (`waiting` at a full field), its audit row (as
 * AuditService.record would: the row as the API answers it, an account-free request's address and
 * link hidden) and its mail; otherwise it writes nothing and the caller words the first failed check.
 */
const SUBMIT_WRITE = typedQuery(
  'an entry request checked and written',
  {
    ...CHECK_COLUMNS,
    unitUsed: 'int4',
    quota: 'int4?',
    state: oneOf<EntryRequest['state'], 'text?'>('text?'),
    details: 'jsonb?',
    version: 'int4?',
    createdAt: 'timestamp?',
    updatedAt: 'timestamp?',
  },
  (a: RequestWrite) => {
    const utc = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    return Prisma.sql`
    WITH ev AS (
      SELECT e.id, e."tournamentId", e."maxEntries", (now() AT TIME ZONE 'UTC') AS now,
        (e."round1PairedAt" IS NULL AND (g."registrationOpensAt" IS NULL OR (now() AT TIME ZONE 'UTC') >= g."registrationOpensAt")
          AND (g."registrationClosesAt" IS NULL OR (now() AT TIME ZONE 'UTC') < g."registrationClosesAt")) AS "windowOpen"
      FROM "Event" e LEFT JOIN "Regulations" g ON g."tournamentId" = e."tournamentId"
      WHERE e.id = ${a.eventId}::uuid
    ), ${clashCtes(a.eventId, a.details, NO_ID)}, verdict AS (
      SELECT ev.*, (SELECT id FROM clash) AS "clashId", (SELECT "affiliationId" FROM clash) AS "clashAffiliationId", (SELECT identity FROM clash) AS "clashIdentity",
        (SELECT "nameZh" FROM entered) AS "enteredName",
        EXISTS (SELECT 1 FROM "Team" t WHERE t."eventId" = ${a.eventId}::uuid AND t."nameZh" = ${a.details.team?.nameZh ?? null}::text) AS "teamTaken",
        (SELECT count(*) FROM "Entry" e WHERE e."eventId" = ${a.eventId}::uuid AND e.status = 'active')::int4 AS "activeEntries",
        (SELECT count(*) FROM "EntryRequest" r WHERE r."eventId" = ${a.eventId}::uuid AND r."affiliationId" = ${a.affiliationId}::uuid AND r.source = 'delegate'
           AND r.state::text = ANY(${[...HOLDS_PLACE]}::text[]))::int4 AS "unitUsed",
        (SELECT q.quota FROM "UnitQuota" q WHERE q."eventId" = ${a.eventId}::uuid AND q."affiliationId" = ${a.affiliationId}::uuid) AS quota
      FROM ev
    ), ins AS (
      INSERT INTO "EntryRequest" (id, "eventId", source, state, "affiliationId", details, "submittedById", email, "confirmHash", "createdAt", "updatedAt")
      SELECT ${a.id}::uuid, v.id, ${a.source}::"EntryRequestSource",
        (CASE WHEN ${a.unconfirmed}::boolean THEN 'unconfirmed' WHEN v."maxEntries" IS NOT NULL AND v."activeEntries" >= v."maxEntries" THEN 'waiting' ELSE 'submitted' END)::"EntryRequestState",
        ${a.affiliationId}::uuid, ${JSON.stringify(a.details)}::jsonb, ${a.userId}::uuid, ${a.email}::text, ${a.confirmHash}::text, v.now, v.now
      FROM verdict v
      WHERE v."windowOpen" AND v."clashId" IS NULL AND v."enteredName" IS NULL AND NOT v."teamTaken"
        AND (${a.source}::text <> 'delegate' OR v."unitUsed" < v.quota)
      RETURNING *
    ), audit AS (${insertAuditRows({
      select: Prisma.sql`
      SELECT NULL::uuid, NULL::timestamp(3), ${a.userId}::uuid, v."tournamentId", 'entry_request', i.id::text, 'create', NULL::jsonb,
        to_jsonb(i) || jsonb_build_object('createdAt', ${utc(Prisma.sql`i."createdAt"`)}, 'updatedAt', ${utc(Prisma.sql`i."updatedAt"`)})
          || (CASE WHEN ${a.unconfirmed}::boolean THEN jsonb_build_object('email', '(hidden)', 'confirmHash', '(hidden)') ELSE '{}'::jsonb END),
        CASE WHEN i.state = 'waiting' THEN ${a.reasonIfFull} ELSE ${a.reason}::text END
      FROM ins i, verdict v`,
    })}
    ), expired AS (
      DELETE FROM "EntryRequest" x USING ins i, verdict v
      WHERE x."eventId" = v.id AND x.state = 'unconfirmed' AND x."createdAt" < v.now - make_interval(hours => ${a.expireHours ?? 0}::int) AND ${a.expireHours !== null}::boolean
    )${a.mail ? Prisma.sql`, mail AS (${queueMailSql(a.mail, Prisma.sql`SELECT 1 FROM ins`)})` : Prisma.empty}
    SELECT v."windowOpen", v."clashId", v."clashAffiliationId", v."clashIdentity", v."enteredName", v."teamTaken", v."unitUsed", v.quota,
      i.state::text AS state, i.details, i.version, i."createdAt", i."updatedAt"
    FROM verdict v LEFT JOIN ins i ON true`;
  },
  [
    {
      id: NO_ID,
      eventId: NO_ID,
      source: 'self',
      unconfirmed: true,
      affiliationId: null,
      userId: null,
      email: 'x@example.org',
      confirmHash: 'x',
      details: { kind: 'player', members: [], identities: ['n:x|'] },
      reasonIfFull: '',
      reason: null,
      expireHours: 48,
      mail: { to: 'x@example.org', subject: 'x', text: 'x', kind: 'confirm_email', dedupeKey: 'entry-confirm:x' },
    },
  ],
);

export const LOCK_IDENTITIES = typedQuery(
  'the persons of an entry request, locked',
  { now: 'timestamp', locked: 'int8' },
  (keys: string[]) => Prisma.sql`
    SELECT (now() AT TIME ZONE 'UTC') AS now,
      (SELECT count(*) FROM (SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${keys}::text[]) AS k ORDER BY k) AS locked) AS locked`,
  [['chuhe:entry:x']],
);

/**
 * Serializes the requests naming the same person (or team name) in an event, across server
 * instances: one advisory lock per identity, taken in sorted order (no deadlock between two
 * requests sharing several). Requests for different persons do not wait for each other. Answers
 * the database's clock (the transaction's start, issue 34's one clock) from the same statement.
 */
export async function lockIdentities(tx: Tx, eventId: string, identities: string[]): Promise<Date> {
  return (await LOCK_IDENTITIES.one(tx, identityKeys(eventId, identities))).now;
}

/** The advisory lock keys of a request's identities (the statement takes them in sorted order). */
export function identityKeys(eventId: string, identities: string[]): string[] {
  return [...new Set(identities)].sort().map((i) => `chuhe:entry:${eventId}:${i}`);
}

/** The registration window (三章1 报名办法) as the refusal words it. */
type Regs = { registrationOpensAt: Date | null; registrationClosesAt: Date | null } | null;

export type RequestWithUnit = EntryRequest & { affiliation: { id: string; nameZh: string; nameEn: string } | null };

/**
 * 报名 → 审核 (issue 31): a unit's delegate or the person asks to enter; the organizer approves,
 * refuses with a reason, or puts on the waiting list. Approval makes the Player / Team / Entry
 * through the organizer's own registration (PlayersService, EntriesService, TeamsService): the
 * draw, seeds and pairing see no difference.
 */
@Injectable()
export class EntryRequestsService {
  private readonly linkMisses = new WindowCounter(Number(process.env.CHUHE_ENTRY_LINK_MISSES) || 50, 10 * 60_000);
  /** The pool without Prisma's query engine: a submission's typed statements run on it (issue 31's opening hour). */
  readonly pg: RawDb;

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly access: AccessService,
    private readonly players: PlayersService,
    private readonly entries: EntriesService,
    private readonly teams: TeamsService,
    private readonly mail: MailService,
  ) {
    this.pg = rawDb(prisma.pg);
  }

  async submit({ user, eventId, dto, lang = 'en' }: { user: AuthUser; eventId: string; dto: CreateEntryRequestDto; lang?: Language }): Promise<EntryRequest> {
    // Issue 31's opening hour: 50 requests at once on one process are a queue for its CPU, so a
    // request is the session, one read of what it needs, and one transaction (BEGIN, the locks, the
    // checks with the write and its audit row, COMMIT) written to the database at once — no ORM
    // call, no Prisma query engine, no turn through this process between the transaction's statements.
    const named = [dto.player, ...(dto.team?.starters ?? []), ...(dto.team?.reserves ?? [])].flatMap((d) => (d?.playerId ? [d.playerId] : []));
    const [context] = await SUBMIT_CONTEXT.rows(this.pg, eventId, user.id, dto.affiliationId ?? null, named);
    if (!context) throw notFound('event');
    const event: EntryEvent = context;
    // A delegate of a unit enters for it (source delegate); anyone else (a delegate role without a unit too) enters themselves.
    const unitId = context.delegateUnitId;
    const source = unitId ? 'delegate' : 'self';
    const eventName = nameIn(lang, event);
    if (source === 'self') {
      if (!event.selfRegistration) throw new DomainError('entry.no_self_registration', { event: eventName });
      if (event.membersOnly) throw new DomainError('entry.members_only', { event: eventName });
      if (event.kind === 'team') throw new DomainError('entry.no_self_registration', { event: eventName });
    } else if (dto.affiliationId && dto.affiliationId !== unitId) throw new DomainError('auth.other_unit', {}, 'affiliationId');
    const affiliationId = unitId ?? dto.affiliationId ?? null;
    // The unit named must be one of the tournament's (unitOfTournament, read with the context).
    if (affiliationId && context.unitTournamentId !== event.tournamentId) throw unknownAffiliation('affiliationId');
    // What does not need the locks is checked before the transaction: its critical section stays short.
    const players = new Map((context.players as NamedPlayer[]).map((p) => [p.id, p]));
    const details = await this.details(this.prisma, event, source, affiliationId, dto, lang, players);
    // 二章8节3: a banned person is refused at once (issue 33's registry): the account's own person when
    // one enters themselves, then each existing player's person, in order (both read with the
    // context). New names are matched on approval.
    const personBan = context.personBan as BanSeen;
    if (source === 'self' && personBan) throw bannedRefusal(personBan, 'player');
    for (const m of details.members) {
      const ban = m.playerId ? players.get(m.playerId)?.ban : null;
      if (ban) throw bannedRefusal(ban, 'player.playerId');
    }

    const write: RequestWrite = {
      id: randomUUID(),
      eventId,
      source,
      unconfirmed: false,
      affiliationId,
      userId: user.id,
      email: null,
      confirmHash: null,
      details,
      reasonIfFull: 'the field is full: on the waiting list',
      reason: null,
      expireHours: null,
      mail: null,
    };
    const regs: Regs = { registrationOpensAt: context.opensAt, registrationClosesAt: context.closesAt };
    const row = await this.writeRequest(write, {
      event,
      lang,
      timeZone: context.timeZone,
      regs,
      unit: { nameZh: context.unitNameZh ?? '—', nameEn: context.unitNameEn ?? '—' },
    });
    // The row as Prisma's create answered it (the API's JSON shape: every column, in the model's order).
    return {
      id: write.id,
      eventId,
      source,
      state: row.state,
      affiliationId,
      personId: null,
      details: row.details,
      reason: null,
      submittedById: user.id,
      email: null,
      confirmHash: null,
      confirmedAt: null,
      decidedById: null,
      decidedAt: null,
      entryId: null,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /**
   * One transaction written at once (issue 31's opening hour: no turn through this process between
   * its statements, one write and one wait; persistence/raw-pg.ts pipelinedTransaction): the locks, always in this order — the unit's quota row for a delegate's request
   * (附录2 #1: two delegates of a unit at once cannot pass it), then the persons entered (the same
   * person twice, or by two units) — then SUBMIT_WRITE. Nothing is written unless every check
   * passed; the first that failed is the refusal.
   */
  async writeRequest(
    write: RequestWrite,
    words: { event: Pick<Event, 'nameZh' | 'nameEn'>; lang: Language; timeZone: string; regs: Regs; unit: { nameZh: string; nameEn: string } },
  ): Promise<{ state: EntryRequest['state']; details: Prisma.JsonValue; version: number; createdAt: Date; updatedAt: Date }> {
    const { eventId, source, affiliationId, details } = write;
    const written = await pipelinedTransaction(
      this.prisma.pg,
      // A crowd at the opening waits for a connection rather than being refused (the pool holds 10).
      { timeout: 20_000, maxWait: 15_000 },
      [
        ...(source === 'delegate' ? [QUOTA_LOCK.sql(eventId, affiliationId!)] : []),
        LOCK_IDENTITIES.sql(identityKeys(eventId, details.identities)),
        SUBMIT_WRITE.sql(write),
      ],
    );
    const [row] = SUBMIT_WRITE.rowsOf(written[written.length - 1]);
    if (!row) throw notFound('event');
    const { lang, event } = words;
    const eventName = nameIn(lang, event);
    if (!row.windowOpen) throw windowClosed(words.regs, words.timeZone);
    const met = await this.meetingRefusal(event, details, affiliationId, lang, row);
    if (met) throw met;
    const { state, version, createdAt, updatedAt } = row;
    if (state === null || version === null || createdAt === null || updatedAt === null) {
      if (source !== 'delegate') throw new Error('an entry request passed its checks and was not written');
      throw new DomainError('entry.over_quota', { unit: nameIn(lang, words.unit), event: eventName, quota: row.quota ?? 0, used: row.unitUsed });
    }
    return { state, details: row.details as Prisma.JsonValue, version, createdAt, updatedAt };
  }

  /**
   * The request's members as stored, each checked (existing players of the unit, new ones complete
   * and eligible). The existing players named are read here, unless the caller read them (`known`).
   */
  async details(
    tx: Tx | PrismaService,
    event: EntryEvent,
    source: 'delegate' | 'self',
    affiliationId: string | null,
    dto: CreateEntryRequestDto,
    lang: Language,
    known?: ReadonlyMap<string, NamedPlayer>,
  ): Promise<RequestDetails> {
    const kind = event.kind === 'team' ? 'team' : 'player';
    if (kind === 'player' && !dto.player) throw new DomainError('entry.player_needed', {}, 'player');
    if (kind === 'team' && !dto.team) throw new DomainError('entry.team_needed', {}, 'team');
    const given: { dto: PlayerDetailsDto; field: string; role: 'starter' | 'reserve' }[] =
      kind === 'player'
        ? [{ dto: dto.player!, field: 'player', role: 'starter' }]
        : [
            ...dto.team!.starters.map((d, i) => ({ dto: d, field: `team.starters.${i}`, role: 'starter' as const })),
            ...(dto.team!.reserves ?? []).map((d, i) => ({ dto: d, field: `team.reserves.${i}`, role: 'reserve' as const })),
          ];
    if (kind === 'team') {
      const starters = dto.team!.starters.length;
      // 附录1 #1: the team's starters, in board order; at most the reserves the event allows.
      if (starters !== event.teamStarters) throw new DomainError('entry.team_starters', { starters: event.teamStarters, given: starters }, 'team.starters');
      if ((dto.team!.reserves ?? []).length > event.teamReserves)
        throw new DomainError('entry.too_many_reserves', { max: event.teamReserves }, 'team.reserves');
    }
    const ids = given.map((g) => g.dto.playerId).filter((x): x is string => !!x);
    if (ids.length && source === 'self') throw new DomainError('entry.self_types_details', {}, 'player.playerId');
    const existing: ReadonlyMap<string, NamedPlayer> =
      known ?? new Map((ids.length ? await tx.player.findMany({ where: { id: { in: ids } } }) : []).map((p) => [p.id, p]));
    const members: MemberDetails[] = given.map(({ dto: d, field, role }) => {
      if (d.playerId) {
        const p = existing.get(d.playerId);
        if (!p || p.tournamentId !== event.tournamentId || p.affiliationId !== affiliationId)
          throw new DomainError('entry.not_unit_player', { field: `${field}.playerId` }, `${field}.playerId`);
        return { playerId: p.id, nameZh: p.nameZh, nameEn: p.nameEn, gender: p.gender, birthYear: p.birthYear, rating: p.rating, email: p.email, role };
      }
      requireNewMember(d, field);
      return {
        nameZh: d.nameZh!,
        nameEn: d.nameEn!,
        gender: d.gender!,
        birthYear: d.birthYear ?? null,
        rating: d.rating ?? null,
        email: d.email ?? null,
        federationId: d.federationId?.trim() || null,
        role,
      };
    });
    members.forEach((m, i) => checkEligibility(event, m, given[i].field, lang));
    const team = kind === 'team' ? { nameZh: dto.team!.nameZh.trim(), nameEn: dto.team!.nameEn.trim() } : undefined;
    const identities = identitiesOf(kind, members, team);
    if (new Set(members.map((m) => identitiesOf('player', [m])[0])).size < members.length) throw new DomainError('entry.player_twice', {}, 'team');
    return { kind, team, members, identities, lang };
  }

  /**
   * The same person (or team name) twice in the event: by the same submitter or unit, or by another
   * unit. Answers what the same statement counted: the event's active entries and the unit's
   * delegate requests holding a place (`affiliationId`'s; 0 without one).
   */
  async checkClashes(
    tx: Tx,
    event: Pick<Event, 'id' | 'nameZh' | 'nameEn'>,
    d: RequestDetails,
    affiliationId: string | null,
    lang: Language,
    exceptId: string = NO_ID,
  ): Promise<{ activeEntries: number; unitUsed: number }> {
    const eventName = nameIn(lang, event);
    const found = await ENTRY_CHECKS.one(tx, event.id, d, exceptId, affiliationId);
    if (found.clashId) throw await this.clashRefusal(tx, event, d, affiliationId, lang, found.clashIdentity!, found.clashAffiliationId);
    if (found.enteredName !== null) throw new DomainError('entry.duplicate', { name: found.enteredName, event: eventName });
    if (d.team && found.teamTaken) throw new DomainError('entry.duplicate', { name: nameIn(lang, d.team), event: eventName });
    return { activeEntries: found.activeEntries, unitUsed: found.unitUsed };
  }

  /**
   * What a checked statement's row (clashCtes, and whether the team's name is taken) says of a
   * request, as checkClashes words it, in its order: the same person or team held by another
   * request (by another unit, or twice), a player already entered, the team's name taken; null when
   * none of these.
   */
  async meetingRefusal(
    event: Pick<Event, 'nameZh' | 'nameEn'>,
    d: RequestDetails,
    affiliationId: string | null,
    lang: Language,
    row: { clashId: string | null; clashIdentity: string | null; clashAffiliationId: string | null; enteredName: string | null; teamTaken: boolean },
  ): Promise<DomainError | null> {
    if (row.clashId) return this.clashRefusal(this.prisma, event, d, affiliationId, lang, row.clashIdentity!, row.clashAffiliationId);
    if (row.enteredName !== null) return new DomainError('entry.duplicate', { name: row.enteredName, event: nameIn(lang, event) });
    if (d.team && row.teamTaken) return new DomainError('entry.duplicate', { name: nameIn(lang, d.team), event: nameIn(lang, event) });
    return null;
  }

  /** The refusal of a request naming a person (or team) another request holds: entered by another unit, or twice. */
  private async clashRefusal(
    db: Tx | PrismaService,
    event: Pick<Event, 'nameZh' | 'nameEn'>,
    d: RequestDetails,
    affiliationId: string | null,
    lang: Language,
    identity: string,
    clashAffiliationId: string | null,
  ): Promise<DomainError> {
    const who = clashName(d, identity, lang);
    if (clashAffiliationId && clashAffiliationId !== affiliationId) {
      const other = await db.affiliation.findUnique({ where: { id: clashAffiliationId } });
      return new DomainError('entry.other_unit', { name: who, unit: other ? nameIn(lang, other) : '—' });
    }
    return new DomainError('entry.duplicate', { name: who, event: nameIn(lang, event) });
  }

  /**
   * The submitter changes a request not yet decided (issue 31 #3): a delegate their unit's, a person
   * their own, until the window closes. The whole entry is checked again as on submission
   * (eligibility in the page's language, the same person twice, bans); the version read must be
   * the current one — of two changes at once the second is refused (409 edit.stale), not merged.
   */
  async edit({ user, id, dto, version, lang = 'en' }: { user: AuthUser; id: string; dto: CreateEntryRequestDto; version: number; lang?: Language }) {
    const req = await this.prisma.entryRequest.findUnique({ where: { id }, include: { event: { include: { tournament: true } } } });
    if (!req) throw notFound('entryRequest');
    const event = req.event;
    const access = await this.access.of(user, event.tournamentId);
    const unitId = access.delegateUnit();
    const mine = req.source === 'delegate' ? !!unitId && req.affiliationId === unitId : req.submittedById === user.id;
    if (!mine) throw new DomainError('auth.other_unit');
    return this.applyEdit({ req, userId: user.id, dto, version, lang, why: 'changed by its submitter' });
  }

  /**
   * The same change by the holder of an account-free request's mailed link (issue 31 #3 and #4):
   * the link's token is the capability (its SHA-256 is the request's confirmHash), so only a
   * request asked without an account opens this way, and only once confirmed; the rest is edit's.
   */
  async editByLink({
    token,
    dto,
    version,
    lang = 'en',
    address,
  }: {
    token: string;
    dto: CreateEntryRequestDto;
    version: number;
    lang?: Language;
    address: string;
  }) {
    const req = await this.requestOfLink(token, address);
    // The address asked with stays the player's for the round mails unless another is given.
    if (dto.player && !dto.player.email && req.email) dto = { ...dto, player: { ...dto.player, email: req.email } };
    return this.applyEdit({ req, userId: null, dto, version, lang, why: 'changed by its submitter through the mailed link' });
  }

  /**
   * An account-free request by its mailed link's token (unknown: 404 entry.confirm_unknown; not yet
   * confirmed: 409). Guessing is limited per address as for the record links (issue 34 #5): past
   * CHUHE_ENTRY_LINK_MISSES unknown tokens in 10 minutes (default 50) the address's misses answer 429.
   */
  async requestOfLink(token: string, address: string) {
    const req = /^[A-Za-z0-9_-]{20,100}$/.test(token)
      ? await this.prisma.entryRequest.findUnique({ where: { confirmHash: confirmHashOf(token) }, include: { event: { include: { tournament: true } } } })
      : null;
    if (!req || req.submittedById !== null || req.source !== 'self') {
      const wait = this.linkMisses.blockedFor(address);
      if (wait > 0) throw tooManyRequests('limit.unknown_entry_links', wait);
      this.linkMisses.add(address);
      throw new DomainError('entry.confirm_unknown');
    }
    if (req.state === 'unconfirmed') throw new DomainError('entry.not_editable', { state: req.state });
    return req;
  }

  private async applyEdit({
    req,
    userId,
    dto,
    version,
    lang,
    why,
  }: {
    req: EntryRequest & { event: Event & { tournament: { timeZone: string } } };
    userId: string | null;
    dto: CreateEntryRequestDto;
    version: number;
    lang: Language;
    why: string;
  }) {
    const { id, event } = req;
    if (req.version !== version) staleOrMissing('entryRequest', req);
    if (req.state !== 'submitted' && req.state !== 'waiting') throw new DomainError('entry.not_editable', { state: req.state });
    if (req.source === 'self' && dto.affiliationId === undefined && req.affiliationId) dto.affiliationId = req.affiliationId;
    if (req.source === 'delegate' && dto.affiliationId && dto.affiliationId !== req.affiliationId)
      throw new DomainError('auth.other_unit', {}, 'affiliationId');
    const affiliationId = req.source === 'delegate' ? req.affiliationId : (dto.affiliationId ?? null);
    if (req.source === 'self') await unitOfTournament(this.prisma, affiliationId, event.tournamentId);
    const details = await this.details(this.prisma, event, req.source === 'delegate' ? 'delegate' : 'self', affiliationId, dto, lang);
    await checkMembersNotBanned(this.prisma, details);
    const regs = await this.prisma.regulations.findUnique({ where: { tournamentId: event.tournamentId } });
    return this.prisma.$transaction(
      async (tx) => {
        checkWindow(regs, event, await lockIdentities(tx, event.id, [...details.identities, ...detailsOf(req.details).identities]), event.tournament.timeZone);
        await this.checkClashes(tx, event, details, affiliationId, lang, req.id);
        const { count } = await tx.entryRequest.updateMany({
          where: { id, version, state: { in: ['submitted', 'waiting'] } },
          data: { details: details as unknown as Prisma.InputJsonValue, affiliationId, version: { increment: 1 } },
        });
        if (count === 0) staleOrMissing('entryRequest', await tx.entryRequest.findUnique({ where: { id } }));
        const after = await tx.entryRequest.findUniqueOrThrow({ where: { id } });
        await this.audit.record(tx, {
          userId,
          tournamentId: event.tournamentId,
          entity: 'entry_request',
          entityId: id,
          action: 'update',
          before: { details: req.details, affiliationId: req.affiliationId, version: req.version },
          after: { details: after.details, affiliationId: after.affiliationId, version: after.version },
          reason: why,
        });
        return after;
      },
      { timeout: 20_000, maxWait: 15_000 },
    );
  }

  /** The event's requests the user may see: registrars all (with filters), a delegate their unit's, a person their own. */
  async list({ user, eventId, filter }: { user: AuthUser; eventId: string; filter: RequestFilterDto }): Promise<RequestWithUnit[]> {
    const event = await this.prisma.event.findUnique({ where: { id: eventId } });
    if (!event) throw notFound('event');
    const access = await this.access.of(user, event.tournamentId);
    const where: Prisma.EntryRequestWhereInput = {
      eventId,
      // An unconfirmed request (asked without an account, its mail link not followed) is nobody's to decide yet.
      state: filter.state ?? { not: 'unconfirmed' },
      ...(filter.source ? { source: filter.source } : {}),
    };
    if (access.has(...REGISTRARS)) {
      if (filter.affiliationId) where.affiliationId = filter.affiliationId;
    } else {
      const unitId = access.delegateUnit();
      // A delegate sees their unit's entries only (auth.other_unit), a person their own requests.
      if (filter.affiliationId && filter.affiliationId !== unitId) throw new DomainError('auth.other_unit', {}, 'affiliationId');
      if (unitId) where.affiliationId = unitId;
      else where.submittedById = user.id;
    }
    return this.prisma.entryRequest.findMany({
      where,
      include: { affiliation: { select: { id: true, nameZh: true, nameEn: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** 审核: approve — the entry made by the organizer's registration; past the field's maximum refused. */
  approve({ user, id, version, lang = 'en' }: { user: AuthUser; id: string; version: number; lang?: Language }) {
    return this.prisma.$transaction((tx) => this.approveIn(tx, { user, id, version, lang }), { timeout: 20_000 });
  }

  private async approveIn(tx: Tx, { user, id, version, lang, reason }: { user: AuthUser; id: string; version: number; lang: Language; reason?: string }) {
    const before = await tx.entryRequest.findUnique({ where: { id } });
    if (!before) throw notFound('entryRequest');
    // Approvals of an event one at a time (the field's maximum): the registration's own lock.
    const event = await lockEvent(tx, before.eventId);
    const req = await tx.entryRequest.findUniqueOrThrow({ where: { id } });
    if (req.version !== version) staleOrMissing('entryRequest', req);
    if (req.state !== 'submitted' && req.state !== 'waiting') throw new DomainError('entry.decided', { state: req.state });
    if (event.maxEntries !== null && (await tx.entry.count({ where: { eventId: event.id, status: 'active' } })) >= event.maxEntries)
      throw new DomainError('entry.field_full', { event: nameIn(lang, event), max: event.maxEntries });
    const d = detailsOf(req.details);
    const playerIds: string[] = [];
    // A person entering with their account: the account's person when it has one (My tournaments).
    const submitter =
      req.source === 'self' && req.submittedById ? await tx.user.findUnique({ where: { id: req.submittedById }, select: { id: true, personId: true } }) : null;
    for (const m of d.members) {
      if (m.playerId) playerIds.push(m.playerId);
      else {
        const p = await this.players.createIn(tx, {
          user,
          tournamentId: event.tournamentId,
          dto: {
            nameZh: m.nameZh,
            nameEn: m.nameEn,
            gender: m.gender,
            ...(req.affiliationId ? { affiliationId: req.affiliationId } : {}),
            ...(m.rating !== null ? { rating: m.rating } : {}),
            ...(m.birthYear !== null ? { birthYear: m.birthYear } : {}),
            ...(m.email ? { email: m.email } : {}),
            ...(m.federationId ? { federationId: m.federationId } : {}),
            ...(submitter?.personId ? { personId: submitter.personId } : {}),
          },
        });
        playerIds.push(p.id);
        // …else the person the registry matched becomes the account's, unless another account has it.
        if (submitter && !submitter.personId && p.personId && !(await tx.user.findFirst({ where: { personId: p.personId }, select: { id: true } })))
          await tx.user.update({ where: { id: submitter.id }, data: { personId: p.personId } });
      }
    }
    let entryId: string;
    if (d.kind === 'team') {
      if (!req.affiliationId || !d.team) throw new DomainError('entry.team_by_unit', {}, 'affiliationId');
      const starters = playerIds.filter((_, i) => d.members[i].role === 'starter');
      const reserves = playerIds.filter((_, i) => d.members[i].role === 'reserve');
      const team = await this.teams.createIn(tx, {
        user,
        eventId: event.id,
        dto: { affiliationId: req.affiliationId, nameZh: d.team.nameZh, nameEn: d.team.nameEn, starters, reserves },
      });
      entryId = team.entries[0].id;
    } else {
      entryId = (await this.entries.createIn(tx, { user, eventId: event.id, dto: { playerId: playerIds[0] } })).id;
    }
    await this.feeFor(tx, event, req, user);
    return this.decide(tx, req, user, { state: 'approved', entryId, reason: req.reason }, reason ?? 'approved');
  }

  /** 报名费: the entry's fee, in the regulations' currency, when the event charges one. */
  private async feeFor(tx: Tx, event: Event, req: EntryRequest, user: AuthUser): Promise<void> {
    const amount = event.kind === 'team' ? event.feePerTeam : event.feePerPlayer;
    if (!amount) return;
    const regs = await tx.regulations.findUnique({ where: { tournamentId: event.tournamentId }, select: { feeCurrency: true } });
    const fee = await tx.fee.create({
      data: {
        tournamentId: event.tournamentId,
        eventId: event.id,
        affiliationId: req.affiliationId,
        entryRequestId: req.id,
        amount,
        currency: regs?.feeCurrency ?? 'CNY',
      },
    });
    await this.audit.record(tx, { userId: user.id, tournamentId: event.tournamentId, entity: 'fee', entityId: fee.id, action: 'create', after: fee });
  }

  private async decide(
    tx: Tx,
    req: EntryRequest,
    user: AuthUser,
    data: { state: EntryRequest['state']; entryId?: string; reason?: string | null },
    why: string,
  ) {
    const { count } = await tx.entryRequest.updateMany({
      where: { id: req.id, version: req.version },
      data: { ...data, decidedById: user.id, decidedAt: await dbNow(tx), version: { increment: 1 } },
    });
    if (count === 0) staleOrMissing('entryRequest', req);
    const after = await tx.entryRequest.findUniqueOrThrow({ where: { id: req.id } });
    const event = await tx.event.findUniqueOrThrow({ where: { id: req.eventId }, select: { id: true, tournamentId: true, nameZh: true, nameEn: true } });
    await this.decisionMail(tx, req, after, event);
    await this.audit.record(tx, {
      userId: user.id,
      tournamentId: event.tournamentId,
      entity: 'entry_request',
      entityId: req.id,
      action: 'update',
      before: req,
      after,
      reason: why,
    });
    return after;
  }

  /**
   * The decision by mail (issue 32's queue), in the same transaction: to whoever submitted the
   * request (the account's address, or the address a request without an account gave), in the
   * language the request was made in; sent once per decision (the dedupe key: the request's id and
   * version). Approved, refused with the reason, waiting list, promoted from the waiting list.
   * Without a mail server the state stays visible on the delegate's and the person's pages.
   */
  private async decisionMail(
    tx: Tx,
    before: EntryRequest,
    req: EntryRequest,
    event: { id: string; tournamentId: string; nameZh: string; nameEn: string },
  ): Promise<void> {
    if (req.state !== 'approved' && req.state !== 'refused' && req.state !== 'waiting') return;
    const account = req.submittedById ? await tx.user.findUnique({ where: { id: req.submittedById }, select: { email: true } }) : null;
    const to = account?.email ?? req.email;
    if (!to) return;
    const tournament = await tx.tournament.findUniqueOrThrow({ where: { id: event.tournamentId }, select: { nameZh: true, nameEn: true } });
    const d = detailsOf(req.details);
    const lang: Language = d.lang ?? 'zh';
    const decision = translate(
      req.state === 'approved' && before.state === 'waiting' ? 'mail.decision.promoted' : (`mail.decision.${req.state}` as const),
      lang,
    );
    const words = {
      tournament: chineseIn(lang, nameIn(lang, tournament)),
      event: chineseIn(lang, nameIn(lang, event)),
      who: chineseIn(lang, labelOf(d, lang)),
      decision,
      reason: req.state === 'refused' && req.reason ? translate('mail.decision.reason', lang, { reason: chineseIn(lang, req.reason) }) : '',
      link: mailLink(req.source === 'delegate' ? `/tournaments/${event.tournamentId}/unit?lang=${lang}` : `/events/${event.id}/enter?lang=${lang}`),
    };
    await this.mail.enqueue(tx, {
      to,
      kind: 'entry_decision',
      tournamentId: event.tournamentId,
      dedupeKey: `entry-decision:${req.id}:${req.version}`,
      subject: translate('mail.decision.subject', lang, words),
      text: translate('mail.decision.body', lang, words),
    });
  }

  /** Refused with the reason (shown to the delegate or the person). */
  refuse({ user, id, version, reason }: { user: AuthUser; id: string; version: number; reason?: string }) {
    const why = reason?.trim();
    if (!why) throw new DomainError('entry.refusal_reason', {}, 'reason');
    return this.transition({ user, id, version, from: ['submitted', 'waiting'], to: 'refused', reason: why });
  }

  /** On the waiting list: offered a place when one frees (promote). */
  wait({ user, id, version, reason }: { user: AuthUser; id: string; version: number; reason?: string }) {
    return this.transition({ user, id, version, from: ['submitted'], to: 'waiting', reason: reason?.trim() || null });
  }

  /** The submitter (or their unit's delegate) takes back a request not yet approved, inside the window; registrars any time. */
  async withdraw({ user, id, version }: { user: AuthUser; id: string; version: number }) {
    const req = await this.prisma.entryRequest.findUnique({ where: { id }, include: { event: { include: { tournament: true } } } });
    if (!req) throw notFound('entryRequest');
    const access = await this.access.of(user, req.event.tournamentId);
    if (!access.has(...REGISTRARS)) {
      const unitId = access.delegateUnit();
      const mine = unitId ? req.affiliationId === unitId : req.submittedById === user.id;
      if (!mine) throw new DomainError('auth.other_unit');
      const regs = await this.prisma.regulations.findUnique({ where: { tournamentId: req.event.tournamentId } });
      checkWindow(regs, req.event, await dbNow(this.prisma), req.event.tournament.timeZone);
    }
    return this.transition({ user, id, version, from: ['submitted', 'waiting'], to: 'withdrawn', reason: req.reason });
  }

  private transition({
    user,
    id,
    version,
    from,
    to,
    reason,
  }: {
    user: AuthUser;
    id: string;
    version: number;
    from: EntryRequest['state'][];
    to: EntryRequest['state'];
    reason: string | null;
  }) {
    return this.prisma.$transaction(async (tx) => {
      const req = await tx.entryRequest.findUnique({ where: { id } });
      if (!req) throw notFound('entryRequest');
      if (req.version !== version) staleOrMissing('entryRequest', req);
      if (!from.includes(req.state)) throw new DomainError('entry.decided', { state: req.state });
      return this.decide(tx, req, user, { state: to, reason }, to);
    });
  }

  /**
   * A place freed (a withdrawal, 二章7节2, or a refusal) is offered to the first on the waiting list:
   * an explicit act of the organizer, audited as a promotion; refused while the field is full.
   */
  promote({ user, eventId, lang = 'en' }: { user: AuthUser; eventId: string; lang?: Language }) {
    return this.prisma.$transaction(
      async (tx) => {
        const first = await tx.entryRequest.findFirst({ where: { eventId, state: 'waiting' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
        if (!first) throw new DomainError('entry.none_waiting');
        return this.approveIn(tx, { user, id: first.id, version: first.version, lang, reason: 'promoted from the waiting list (a place was freed)' });
      },
      { timeout: 20_000 },
    );
  }

  /** Places: the field's maximum, the active entries, the waiting list (the queue's header). */
  async places(eventId: string) {
    const [event, active, waiting] = await Promise.all([
      this.prisma.event.findUnique({ where: { id: eventId }, select: { maxEntries: true } }),
      this.prisma.entry.count({ where: { eventId, status: 'active' } }),
      this.prisma.entryRequest.count({ where: { eventId, state: 'waiting' } }),
    ]);
    const max = event?.maxEntries ?? null;
    // 附录2 #1 / 附录1 #3 / 二章7节2: an odd field is made even by one more from the host.
    return { max, active, waiting, free: max === null ? null : Math.max(0, max - active), hostFillUp: fieldFillUp(active) };
  }
}

function clashName(d: RequestDetails, identity: string, lang: Language): string {
  if (identity.startsWith('t:') && d.team) return nameIn(lang, d.team);
  const m = d.members.find((x) => identitiesOf('player', [x]).includes(identity));
  return m ? nameIn(lang, m) : labelOf(d, lang);
}
