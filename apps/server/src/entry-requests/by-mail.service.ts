import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { confirmHashOf, confirmPath, editByLinkPath } from './confirm-token';
import { AuditService } from '../audit/audit.service';
import { WindowCounter } from '../auth/rate-limit';
import { DomainError, unknownAffiliation } from '../common/errors';
import { notFound } from '../common/optimistic';
import type { EntryRequest } from '../generated/prisma/client';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { mailLink } from '../mail/mail-link';
import { MailService } from '../mail/mail.service';
import { PrismaService } from '../prisma/prisma.service';
import { CreateEntryRequestByMailDto } from './entry-request.dto';
import { EntryRequestsService, lockIdentities, SUBMIT_CONTEXT } from './entry-requests.service';
import { checkWindow } from './request-checks';
import { detailsOf, labelOf } from './request-details';

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
    // As a signed-in request (EntryRequestsService.submit): one read of what it needs, one batch
    // transaction that writes the request, its audit row and its mail together or nothing.
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
  async confirm(token: string): Promise<{ request: EntryRequest; confirmedBefore: boolean; lang: Language; label: string; eventName: string }> {
    const hash = confirmHashOf(token);
    const found = await this.prisma.entryRequest.findUnique({ where: { confirmHash: hash }, include: { event: { include: { tournament: true } } } });
    if (!found) throw new DomainError('entry.confirm_unknown');
    const d = detailsOf(found.details);
    const lang: Language = d.lang ?? 'zh';
    const describe = (request: EntryRequest, confirmedBefore: boolean) => ({
      request,
      confirmedBefore,
      lang,
      label: chineseIn(lang, labelOf(d, lang)),
      eventName: chineseIn(lang, nameIn(lang, found.event)),
    });
    if (found.state !== 'unconfirmed') return describe(found, true);
    const event = found.event;
    return this.prisma.$transaction(
      async (tx) => {
        const now = await lockIdentities(tx, event.id, d.identities);
        const req = await tx.entryRequest.findUniqueOrThrow({ where: { id: found.id } });
        if (req.state !== 'unconfirmed') return describe(req, true);
        if (req.createdAt < expiredBefore(now)) throw new DomainError('entry.confirm_expired', { hours: CONFIRM_HOURS });
        // Asked inside the window (checked then); the draw must not have run since.
        if (event.round1PairedAt !== null) checkWindow(null, event, now, event.tournament.timeZone);
        const { activeEntries } = await this.requests.checkClashes(tx, event, d, req.affiliationId, lang);
        const full = event.maxEntries !== null && activeEntries >= event.maxEntries;
        const { count } = await tx.entryRequest.updateMany({
          where: { id: req.id, state: 'unconfirmed' },
          data: { state: full ? 'waiting' : 'submitted', confirmedAt: now, version: { increment: 1 } },
        });
        const after = await tx.entryRequest.findUniqueOrThrow({ where: { id: req.id } });
        if (count === 0) return describe(after, true);
        await this.audit.record(tx, {
          userId: null,
          tournamentId: event.tournamentId,
          entity: 'entry_request',
          entityId: req.id,
          action: 'update',
          before: { state: req.state, version: req.version },
          after: { state: after.state, version: after.version, confirmedAt: after.confirmedAt },
          reason: full ? 'e-mail confirmed; the field is full: on the waiting list' : 'e-mail confirmed',
        });
        return describe(after, false);
      },
      { timeout: 20_000, maxWait: 15_000 },
    );
  }
}

function expiredBefore(now: Date): Date {
  return new Date(now.getTime() - CONFIRM_HOURS * 3600_000);
}
