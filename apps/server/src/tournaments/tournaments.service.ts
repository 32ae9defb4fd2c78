import { ROLE_KEYS, VENUE_ROLE_KEYS, wordIn } from '../i18n/keys';
import { DomainError } from '../common/errors';
import { lacksRole } from '../auth/tournament-access';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { tokenHash } from '../auth/auth.service';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { chineseIn, LANGUAGES, translate, type Language } from '../i18n/i18n';
import { mailLink } from '../mail/mail-link';
import { MailService } from '../mail/mail.service';
import { PrismaService, type Tx } from '../prisma/prisma.service';
import { CreateTournamentDto, GrantRoleDto, UpdateTournamentDto } from './tournament.dto';

@Injectable()
export class TournamentsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  /** Published tournaments, and for a logged-in user also those where they hold a role. */
  list(user?: AuthUser) {
    return this.prisma.tournament.findMany({
      where: { OR: [{ publishedAt: { not: null } }, ...(user ? [{ roles: { some: { userId: user.id } } }] : [])] },
      orderBy: { startDate: 'desc' },
    });
  }

  async get(id: string) {
    const t = await this.prisma.tournament.findUnique({
      where: { id },
      include: { events: { orderBy: { createdAt: 'asc' } }, affiliations: { orderBy: { nameZh: 'asc' } } },
    });
    if (!t) throw notFound('tournament');
    return t;
  }

  /**
   * The creator becomes the tournament's organizer. Who may create: everyone logged in when the
   * server's setting is `anyone`, only server administrators (User.isAdmin) when it is `admins`.
   * A new tournament is unlisted until the organizer publishes it.
   */
  async create({ user, dto, creators = 'admins' }: { user: AuthUser; dto: CreateTournamentDto; creators?: TournamentCreators }) {
    if (creators === 'admins') {
      const admin = await this.prisma.user.findUnique({ where: { id: user.id }, select: { isAdmin: true } });
      if (!admin?.isAdmin) throw new DomainError('tournament.admins_create');
    }
    checkDates(dto.startDate, dto.endDate);
    return this.prisma.$transaction(async (tx) => {
      const t = await tx.tournament.create({
        data: { ...dto, startDate: new Date(dto.startDate), endDate: new Date(dto.endDate) },
      });
      await tx.tournamentRole.create({ data: { tournamentId: t.id, userId: user.id, role: 'organizer' } });
      await this.audit.record(tx, { userId: user.id, tournamentId: t.id, entity: 'tournament', entityId: t.id, action: 'create', after: t });
      return t;
    });
  }

  async update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdateTournamentDto }) {
    const { version, published, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.tournament.findUnique({ where: { id } });
      if (!before) throw notFound('tournament');
      checkDates(changes.startDate ?? before.startDate.toISOString().slice(0, 10), changes.endDate ?? before.endDate.toISOString().slice(0, 10));
      const data = {
        ...changes,
        ...(published === undefined ? {} : { publishedAt: published ? (before.publishedAt ?? new Date()) : null }),
        ...(changes.startDate ? { startDate: new Date(changes.startDate) } : {}),
        ...(changes.endDate ? { endDate: new Date(changes.endDate) } : {}),
      };
      const { count } = await tx.tournament.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('tournament', before);
      const after = await tx.tournament.findUniqueOrThrow({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: id, entity: 'tournament', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  /**
   * A tournament without play data goes at once. One with rounds (pairings, results) is refused
   * with what to do instead — take it off the lists (`published: false`) — or how to delete it
   * anyway: its Chinese name typed back as `confirm`, then everything goes (rounds first: their games
   * hold the players), audited with what was deleted.
   */
  async remove({ user, id, confirm }: { user: AuthUser; id: string; confirm?: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.tournament.findUnique({ where: { id } });
      if (!before) throw notFound('tournament');
      const rounds = await tx.round.count({ where: { event: { tournamentId: id } } });
      const games = rounds ? await tx.game.count({ where: { pairing: { round: { event: { tournamentId: id } } } } }) : 0;
      if (rounds > 0) {
        if (confirm === undefined) {
          throw new DomainError('tournament.has_play_data', { rounds, games, name: before.nameZh });
        }
        if (confirm.trim() !== before.nameZh.trim()) throw new DomainError('tournament.confirm_name', { name: before.nameZh }, 'confirm');
        await tx.round.deleteMany({ where: { event: { tournamentId: id } } });
      }
      await tx.tournament.delete({ where: { id } });
      // The audit row outlives the tournament: it keeps the id but no foreign key.
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: id,
        entity: 'tournament',
        entityId: id,
        action: 'delete',
        before,
        reason: rounds > 0 ? `deleted with its play data (${rounds} round(s), ${games} game(s)) after the name was typed back` : undefined,
      });
    });
  }

  listRoles(tournamentId: string) {
    return this.prisma.tournamentRole.findMany({
      where: { tournamentId },
      include: { user: { select: { id: true, email: true, displayName: true } } },
      orderBy: { createdAt: 'asc' },
    });
  }

  /**
   * Offers a role (issue 13 #7): an invitation with a secret token, answered once to the organizer,
   * who passes it on; the invitee accepts it logged in (acceptInvitation). A role is never given to
   * an account for having an email address, since nobody has proved they own it.
   */
  async invite({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: GrantRoleDto }) {
    if (dto.role === 'team_captain' && !dto.teamId) throw new DomainError('role.captain_needs_team', {}, 'teamId');
    if (dto.role !== 'team_captain' && dto.teamId) throw new DomainError('role.team_captain_only', {}, 'teamId');
    if (dto.teamId) {
      const team = await this.prisma.team.findUnique({ where: { id: dto.teamId }, include: { event: true } });
      if (!team || team.event.tournamentId !== tournamentId) throw new DomainError('team.not_in_tournament', {}, 'teamId');
    }
    await this.checkDelegateUnit(tournamentId, dto);
    const token = randomBytes(24).toString('base64url');
    return this.prisma.$transaction(async (tx) => {
      const invitation = await tx.tournamentInvitation.create({
        data: {
          tournamentId,
          email: dto.email.trim().toLowerCase(),
          role: dto.role,
          teamId: dto.teamId,
          affiliationId: dto.affiliationId,
          // Kept until accepted so that the link can be shown again (no mail yet, issue 31 #2).
          token,
          tokenHash: tokenHash(token),
          invitedById: user.id,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
          // The invitee's language (issue 32 #5): the mail and the invitation's page are in it.
          language: dto.language ?? null,
        },
        select: INVITATION_VIEW,
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'tournament_invitation',
        entityId: invitation.id,
        action: 'create',
        after: invitation,
      });
      await this.invitationMail(tx, invitation, token, dto.language ?? 'zh');
      return { ...invitation, token };
    });
  }

  /** The language the organizer chose for an invitation's invitee (its page opens in it), if any. */
  async invitationLanguage(token: string): Promise<Language | undefined> {
    if (token.length < 20 || token.length > 100) return undefined;
    const found = await this.prisma.tournamentInvitation.findUnique({ where: { tokenHash: tokenHash(token) }, select: { language: true } });
    return found?.language && (LANGUAGES as readonly string[]).includes(found.language) ? (found.language as Language) : undefined;
  }

  /**
   * The invitation by mail (issue 32 #5), queued in the invitation's transaction, once (dedupeKey),
   * in the language the organizer chose for the invitee (the inviting page's, by default). Sent when
   * a mail server is configured; the link stays on the staff page until accepted either way.
   */
  private async invitationMail(tx: Tx, invitation: { id: string; email: string; role: string }, token: string, lang: Language): Promise<void> {
    const tour = await tx.tournament.findUniqueOrThrow({
      where: { id: (await tx.tournamentInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).tournamentId },
    });
    const role =
      invitation.role === 'delegate' || invitation.role === 'team_captain'
        ? wordIn(ROLE_KEYS, invitation.role, lang)
        : wordIn(VENUE_ROLE_KEYS, invitation.role, lang);
    const words = {
      tournament: lang === 'en' ? tour.nameEn : chineseIn(lang, tour.nameZh),
      role,
      link: mailLink(`/invitations/${token}?lang=${lang}`),
      days: INVITATION_DAYS,
    };
    await this.mail.enqueue(tx, {
      to: invitation.email,
      kind: 'invitation',
      tournamentId: tour.id,
      dedupeKey: `invitation:${invitation.id}`,
      subject: translate('mail.invitation.subject', lang, words),
      text: translate('mail.invitation.body', lang, words),
    });
  }

  /**
   * The old direct grant to the account registered with the email — only on a server created with
   * `directRoleGrants` (createApp option; the e2e helpers use it so that specs written before
   * invitations keep working). Never in production: whoever registers an email first would get it.
   */
  async grantDirectly({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: GrantRoleDto }) {
    const grantee = await this.prisma.user.findUnique({ where: { email: dto.email.trim().toLowerCase() } });
    if (!grantee) throw new DomainError('user.no_such_email', {}, 'email');
    if (dto.role === 'team_captain' && !dto.teamId) throw new DomainError('role.captain_needs_team', {}, 'teamId');
    if (dto.role !== 'team_captain' && dto.teamId) throw new DomainError('role.team_captain_only', {}, 'teamId');
    if (dto.teamId) {
      const team = await this.prisma.team.findUnique({ where: { id: dto.teamId }, include: { event: true } });
      if (!team || team.event.tournamentId !== tournamentId) throw new DomainError('team.not_in_tournament', {}, 'teamId');
    }
    await this.checkDelegateUnit(tournamentId, dto);
    return this.prisma.$transaction(async (tx) => {
      const role = await tx.tournamentRole.create({
        data: { tournamentId, userId: grantee.id, role: dto.role, teamId: dto.teamId, affiliationId: dto.affiliationId },
      });
      await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'tournament_role', entityId: role.id, action: 'create', after: role });
      return role;
    });
  }

  /** Pending (unaccepted, unexpired) invitations; their tokens are not kept. */
  listInvitations(tournamentId: string) {
    return this.prisma.tournamentInvitation.findMany({
      where: { tournamentId, acceptedAt: null, expiresAt: { gt: new Date() } },
      select: INVITATION_VIEW,
      orderBy: { createdAt: 'asc' },
    });
  }

  async revokeInvitation({ user, tournamentId, invitationId }: { user: AuthUser; tournamentId: string; invitationId: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.tournamentInvitation.findUnique({ where: { id: invitationId }, select: INVITATION_VIEW });
      if (!before || before.tournamentId !== tournamentId) throw notFound('invitation');
      await tx.tournamentInvitation.delete({ where: { id: invitationId } });
      await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'tournament_invitation', entityId: invitationId, action: 'delete', before });
    });
  }

  /** The logged-in user takes the offered role: once, before it expires. */
  async acceptInvitation({ user, token }: { user: AuthUser; token: string }) {
    return this.prisma.$transaction(async (tx) => {
      const invitation = await tx.tournamentInvitation.findUnique({ where: { tokenHash: tokenHash(token) } });
      if (!invitation || invitation.expiresAt < new Date()) throw notFound('invitation (unknown or expired token)');
      const { count } = await tx.tournamentInvitation.updateMany({
        where: { id: invitation.id, acceptedAt: null },
        data: { acceptedAt: new Date(), acceptedById: user.id, token: null },
      });
      if (count === 0) throw new DomainError('invitation.accepted');
      const held = await tx.tournamentRole.findUnique({
        where: { tournamentId_userId_role: { tournamentId: invitation.tournamentId, userId: user.id, role: invitation.role } },
      });
      if (held) throw new DomainError('role.held', { role: invitation.role });
      const role = await tx.tournamentRole.create({
        data: {
          tournamentId: invitation.tournamentId,
          userId: user.id,
          role: invitation.role,
          teamId: invitation.teamId,
          affiliationId: invitation.affiliationId,
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: invitation.tournamentId,
        entity: 'tournament_role',
        entityId: role.id,
        action: 'create',
        after: role,
        reason: `invitation ${invitation.id} (for ${invitation.email}) accepted`,
      });
      return role;
    });
  }

  /** A delegate (单位领队, issue 31) enters for one unit of this tournament; no other role has one by invitation. */
  private async checkDelegateUnit(tournamentId: string, dto: GrantRoleDto): Promise<void> {
    if (dto.role === 'delegate' && !dto.affiliationId) throw new DomainError('role.delegate_needs_unit', {}, 'affiliationId');
    if (dto.role !== 'delegate' && dto.affiliationId) throw new DomainError('role.delegate_only_unit', {}, 'affiliationId');
    if (dto.affiliationId) {
      const unit = await this.prisma.affiliation.findUnique({ where: { id: dto.affiliationId } });
      if (!unit || unit.tournamentId !== tournamentId) throw new DomainError('affiliation.not_in_tournament', { field: 'affiliationId' }, 'affiliationId');
    }
  }

  async revokeRole({
    user,
    tournamentId,
    roleId,
    may = () => true,
  }: {
    user: AuthUser;
    tournamentId: string;
    roleId: string;
    /** Whether the revoker may take this role away (the chief arbiter: a deputy's only, 三章5). */
    may?: (role: string) => boolean;
  }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.tournamentRole.findUnique({ where: { id: roleId } });
      if (!before || before.tournamentId !== tournamentId) throw notFound('role');
      if (!may(before.role)) throw lacksRole(['organizer']);
      if (before.role === 'organizer') {
        const organizers = await tx.tournamentRole.count({ where: { tournamentId: before.tournamentId, role: 'organizer' } });
        if (organizers <= 1) throw new DomainError('role.last_organizer', {}, 'roleId');
      }
      await tx.tournamentRole.delete({ where: { id: roleId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.tournamentId,
        entity: 'tournament_role',
        entityId: roleId,
        action: 'delete',
        before,
      });
    });
  }
}

function checkDates(start: string, end: string): void {
  if (end < start) throw new DomainError('input.end_before_start', {}, 'endDate');
}

/** Who may create tournaments on this server (CHUHE_TOURNAMENT_CREATORS; see README, API). */
export type TournamentCreators = 'anyone' | 'admins';

const INVITATION_DAYS = 14;
const INVITATION_VIEW = {
  id: true,
  tournamentId: true,
  email: true,
  role: true,
  teamId: true,
  affiliationId: true,
  invitedById: true,
  createdAt: true,
  expiresAt: true,
  language: true,
} as const;
