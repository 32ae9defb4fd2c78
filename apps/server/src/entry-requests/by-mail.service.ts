import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { confirmHashOf, confirmPath, editByLinkPath } from './confirm-token';
import { AuditService } from '../audit/audit.service';
import { WindowCounter } from '../auth/rate-limit';
import { DomainError, unknownAffiliation } from '../common/errors';
import { notFound } from '../common/optimistic';
import { Prisma, type EntryRequest } from '../generated/prisma/client';
import { insertAuditRows } from '../audit/audit-rows';
import { pipelinedTransaction } from '../persistence/raw-pg';
import { NO_ID, oneOf, typedQuery } from '../persistence/typed-sql';
import { CHECK_COLUMNS, clashCtes } from './request-clash-sql';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { mailLink } from '../mail/mail-link';
import { MailService } from '../mail/mail.service';
import { PrismaService } from '../prisma/prisma.service';
import { CreateEntryRequestByMailDto } from './entry-request.dto';
import { EntryRequestsService, identityKeys, LOCK_IDENTITIES, SUBMIT_CONTEXT } from './entry-requests.service';
import { windowClosed } from './request-checks';
import { detailsOf, labelOf, type RequestDetails } from './request-details';

/**
 * How long a confirmation link works: 48 hours from the request. Until it is followed the request
 * holds no place — it is not in the organizer's queue, not counted against the field's maximum,
 * and does not stop the same person entering (CLASHES and HOLDS_PLACE count submitted, approved
 * and waiting only). An unconfirmed request past this age is refused on confirmation (410) and
 * deleted the next time anyone asks to enter the event.
 */
export const CONFIRM_HOURS = 48;

/** Requests without an account per client address and hour (each sends a mail): CHUHE_ENTRY_MAILS_PER_HOUR, default 30. */
const perAddressLimit = () => Number(process.env.CHUHE_ENTRY_MAILS_PER_HOUR) || 30;

/** A name in the language's script (Traditional pages convert the Chinese): mails are read outside the site. */
function nameIn(lang: Language, x: { nameZh: string; nameEn: string }): string {
  return lang === 'en' ? x.nameEn : chineseIn(lang, x.nameZh);
}

export { confirmHashOf, confirmPath, editByLinkPath } from './confirm-token';

/**
 * Entering an open event without an account (issue 31 #4): the person gives the fields the
 * regulations require and an e-mail address; eligibility is checked at once in the person's
 * language; the request is stored `unconfirmed` with the SHA-256 of a random token, and a mail with
 * the link goes through the mail queue in the same transaction. Following the link makes the
 * request `submitted` (or `waiting` when the field is full) once — a second follow, or two server
 * instances at once, find it confirmed and say so.
 */
@Injectable()
export class EntryRequestsByMailService {
  private readonly perAddress = new WindowCounter(perAddressLimit(), 3600_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly requests: EntryRequestsService,
  ) {}

  get available(): boolean {
    return this.mail.configured;
  }

  async submit({ eventId, dto, lang, address }: { eventId: string; dto: CreateEntryRequestByMailDto; lang: Language; address: string }) {
    if (!this.mail.configured) throw new DomainError('entry.mail_unavailable');
    // As a signed-in request (EntryRequestsService.submit): one read of what it needs, one
    // transaction written at once that writes the request, its audit row and its mail together or nothing.
    const [event] = await SUBMIT_CONTEXT.rows(this.requests.pg, eventId, null, dto.affiliationId ?? null, []);
    if (!event) throw notFound('event');
    const eventName = nameIn(lang, event);
    if (!event.selfRegistration || event.membersOnly || event.kind === 'team')
      throw new DomainError(event.membersOnly ? 'entry.members_only' : 'entry.no_self_registration', { event: eventName });
    if (dto.team) throw new DomainError('entry.self_enters_alone', {}, 'team');
    const affiliationId = dto.affiliationId ?? null;
    if (affiliationId && event.unitTournamentId !== event.tournamentId) throw unknownAffiliation('affiliationId');
    const email = dto.email.trim().toLowerCase();
    // Eligibility (二章1节, 三章1 参加资格) at once, in the person's language, before anything is stored.
    // The address is the player's for the round mails unless another is given.
    const player = dto.player ? { ...dto.player, email: dto.player.email ?? email } : undefined;
    const details = await this.requests.details(this.prisma, event, 'self', affiliationId, { player }, lang);
    // Counted after the checks: a refused request sends no mail and costs no try.
    const wait = this.perAddress.blockedFor(address);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      // Not "1 minutes" (issue 30).
      throw new DomainError('entry.too_many', { minutes, minutesEn: `${minutes} minute${minutes === 1 ? '' : 's'}` });
    }
    this.perAddress.add(address);
    const token = randomBytes(24).toString('base64url');
    const id = randomUUID();
    const m = details.members[0];
    const words = {
      name: chineseIn(lang, nameIn(lang, m)),
      tournament: chineseIn(lang, nameIn(lang, { nameZh: event.tournamentNameZh, nameEn: event.tournamentNameEn })),
      event: chineseIn(lang, eventName),
      link: mailLink(`${confirmPath(token)}?lang=${lang}`),
      editLink: mailLink(`${editByLinkPath(token)}?lang=${lang}`),
      hours: CONFIRM_HOURS,
    };
    // Someone entered already (confirmed, approved, waiting) is told now, not after the mail; the
    // event's unconfirmed requests past CONFIRM_HOURS are deleted with the write.
    const created = await this.requests.writeRequest(
      {
        id,
        eventId,
        source: 'self',
        unconfirmed: true,
        affiliationId,
        userId: null,
        email,
        confirmHash: confirmHashOf(token),
        details,
        reasonIfFull: 'asked without an account: waits for its e-mail link',
        reason: 'asked without an account: waits for its e-mail link',
        expireHours: CONFIRM_HOURS,
        mail: {
          to: email,
          kind: 'confirm_email',
          tournamentId: event.tournamentId,
          dedupeKey: `entry-confirm:${id}`,
          subject: translate('mail.confirm.subject', lang, words),
          text: translate('mail.confirm.body', lang, words),
        },
      },
      {
        event,
        lang,
        timeZone: event.timeZone,
        regs: { registrationOpensAt: event.opensAt, registrationClosesAt: event.closesAt },
        unit: { nameZh: '—', nameEn: '—' },
      },
    );
    return { id, state: created.state, email, expiresAt: new Date(created.createdAt.getTime() + CONFIRM_HOURS * 3600_000) };
  }

  /**
   * Following the link: `submitted` (or `waiting` at a full field) and confirmedAt, once. The
   * request's persons are locked first, then its state read again: a second follow — another tab,
   * another server instance — finds it confirmed and answers `confirmedBefore` without a change.
   */
  async confirm(token: string): Promise<{ request: ConfirmedRequest; confirmedBefore: boolean; lang: Language; label: string; eventName: string }> {
    // Issue 31's opening hour: one read of the request and its event, then one transaction written
    // at once (the persons' locks, then CONFIRM_WRITE: the checks, the change and its audit row).
    const [found] = await CONFIRM_CONTEXT.rows(this.requests.pg, confirmHashOf(token));
    if (!found) throw new DomainError('entry.confirm_unknown');
    const d = detailsOf(found.details as Prisma.JsonValue);
    const lang: Language = d.lang ?? 'zh';
    const event = { nameZh: found.eventNameZh, nameEn: found.eventNameEn };
    const describe = (state: EntryRequest['state'], confirmedAt: Date | null, confirmedBefore: boolean) => ({
      request: { id: found.id, eventId: found.eventId, state, confirmedAt },
      confirmedBefore,
      lang,
      label: chineseIn(lang, labelOf(d, lang)),
      eventName: chineseIn(lang, nameIn(lang, event)),
    });
    if (found.state !== 'unconfirmed') return describe(found.state, found.confirmedAt, true);
    const written = await pipelinedTransaction(this.prisma.pg, { timeout: 20_000, maxWait: 15_000 }, [
      LOCK_IDENTITIES.sql(identityKeys(found.eventId, d.identities)),
      CONFIRM_WRITE.sql({ id: found.id, eventId: found.eventId, details: d }),
    ]);
    const [row] = CONFIRM_WRITE.rowsOf(written[1]);
    // Gone since the read (an expired request is deleted with the next request asked).
    if (!row?.stateBefore) throw new DomainError('entry.confirm_unknown');
    if (row.stateBefore !== 'unconfirmed') return describe(row.stateBefore, row.confirmedBefore, true);
    if (!row.fresh) throw new DomainError('entry.confirm_expired', { hours: CONFIRM_HOURS });
    // Asked inside the window (checked then); the draw must not have run since.
    // (No window times to word: the request was asked inside it; the zone formats none.)
    if (!row.windowOpen) throw windowClosed(null, 'UTC');
    const met = await this.requests.meetingRefusal(event, d, found.affiliationId, lang, row);
    if (met) throw met;
    if (row.state === null) throw new Error('an account-free request passed its checks and was not confirmed');
    return describe(row.state, row.confirmedAt, false);
  }
}

/** What following a link answers of the request (the API's answer and the page read these). */
export type ConfirmedRequest = Pick<EntryRequest, 'id' | 'eventId' | 'state' | 'confirmedAt'>;

/** An account-free request by its link's hash, with its event's names. */
const CONFIRM_CONTEXT = typedQuery(
  'an account-free entry request by its link, with its event',
  {
    id: 'text',
    eventId: 'text',
    state: oneOf<EntryRequest['state']>('text'),
    details: 'jsonb',
    affiliationId: 'text?',
    confirmedAt: 'timestamp?',
    eventNameZh: 'text',
    eventNameEn: 'text',
  },
  (confirmHash: string) => Prisma.sql`
    SELECT r.id::text AS id, r."eventId"::text AS "eventId", r.state::text AS state, r.details, r."affiliationId"::text AS "affiliationId", r."confirmedAt",
      e."nameZh" AS "eventNameZh", e."nameEn" AS "eventNameEn"
    FROM "EntryRequest" r JOIN "Event" e ON e.id = r."eventId"
    WHERE r."confirmHash" = ${confirmHash}::text`,
  ['x'],
);

/**
 * Following the link, checked and written in one statement after the persons' locks (so it sees
 * what the previous holder committed): the request's state read again (confirmed before: no
 * change), its age (CONFIRM_HOURS), the draw not yet run (三章1 报名办法: closed once round 1 is
 * paired), the same person held by another request or already entered (clashCtes). When all pass:
 * `submitted`, or `waiting` at a full field, confirmedAt the database's time, and the audit row (as
 * AuditService.record wrote it: before the state and version, after those and confirmedAt).
 */
const CONFIRM_WRITE = typedQuery(
  'an account-free entry request confirmed',
  {
    stateBefore: oneOf<EntryRequest['state'], 'text?'>('text?'),
    confirmedBefore: 'timestamp?',
    fresh: 'bool',
    ...CHECK_COLUMNS,
    state: oneOf<EntryRequest['state'], 'text?'>('text?'),
    confirmedAt: 'timestamp?',
  },
  (a: { id: string; eventId: string; details: RequestDetails }) => Prisma.sql`
    WITH ev AS (
      SELECT e.id, e."tournamentId", e."maxEntries", e."round1PairedAt" IS NULL AS "windowOpen", (now() AT TIME ZONE 'UTC') AS now
      FROM "Event" e WHERE e.id = ${a.eventId}::uuid
    ), req AS (
      SELECT r.state, r.version, r."createdAt", r."confirmedAt" FROM "EntryRequest" r WHERE r.id = ${a.id}::uuid
    ), ${clashCtes(a.eventId, a.details, NO_ID)}, verdict AS (
      SELECT ev.*, req.state::text AS "stateBefore", req.version AS "versionBefore", req."confirmedAt" AS "confirmedBefore",
        req."createdAt" >= ev.now - make_interval(hours => ${CONFIRM_HOURS}::int) AS fresh,
        (SELECT id FROM clash) AS "clashId", (SELECT "affiliationId" FROM clash) AS "clashAffiliationId", (SELECT identity FROM clash) AS "clashIdentity",
        (SELECT "nameZh" FROM entered) AS "enteredName",
        EXISTS (SELECT 1 FROM "Team" t WHERE t."eventId" = ev.id AND t."nameZh" = ${a.details.team?.nameZh ?? null}::text) AS "teamTaken",
        (SELECT count(*) FROM "Entry" e WHERE e."eventId" = ev.id AND e.status = 'active')::int4 AS "activeEntries"
      FROM ev, req
    ), upd AS (
      UPDATE "EntryRequest" r
      SET state = (CASE WHEN v."maxEntries" IS NOT NULL AND v."activeEntries" >= v."maxEntries" THEN 'waiting' ELSE 'submitted' END)::"EntryRequestState",
        "confirmedAt" = v.now, version = r.version + 1, "updatedAt" = v.now
      FROM verdict v
      WHERE r.id = ${a.id}::uuid AND r.state = 'unconfirmed' AND v."stateBefore" = 'unconfirmed' AND v.fresh AND v."windowOpen"
        AND v."clashId" IS NULL AND v."enteredName" IS NULL AND NOT v."teamTaken"
      RETURNING r.state, r.version, r."confirmedAt"
    ), audit AS (${insertAuditRows({
      select: Prisma.sql`
      SELECT NULL::uuid, NULL::timestamp(3), NULL::uuid, v."tournamentId", 'entry_request', ${a.id}::text, 'update',
        jsonb_build_object('state', v."stateBefore", 'version', v."versionBefore"),
        jsonb_build_object('state', u.state, 'version', u.version, 'confirmedAt', to_char(u."confirmedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        CASE WHEN u.state = 'waiting' THEN 'e-mail confirmed; the field is full: on the waiting list' ELSE 'e-mail confirmed' END
      FROM upd u, verdict v`,
    })})
    SELECT v."stateBefore", v."confirmedBefore", coalesce(v.fresh, false) AS fresh, coalesce(v."windowOpen", false) AS "windowOpen",
      v."clashId", v."clashAffiliationId", v."clashIdentity", v."enteredName", coalesce(v."teamTaken", false) AS "teamTaken",
      u.state::text AS state, u."confirmedAt"
    FROM (SELECT 1) one LEFT JOIN verdict v ON true LEFT JOIN upd u ON true`,
  [{ id: NO_ID, eventId: NO_ID, details: { kind: 'player', members: [], identities: ['n:x|'] } }],
);
