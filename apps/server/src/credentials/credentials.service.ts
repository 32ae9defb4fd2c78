import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { tooManyRequests, WindowCounter } from '../auth/rate-limit';
import { DomainError } from '../common/errors';
import { notFound } from '../common/optimistic';
import type { Credential, TournamentRoleName } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { ServerSecret } from '../prisma/server-secret';
import { CREDENTIAL_TOKEN, hashCredentialToken, personalPath } from './credential-token';

export type CredentialKind = 'player' | 'captain' | 'delegate' | 'staff';

/** The staff roles that wear a staff credential (the arbiters, the committee, the stewards, the organizer). */
const STAFF_ROLES: TournamentRoleName[] = ['organizer', 'chief_arbiter', 'deputy_chief_arbiter', 'arbiter', 'appeals_member', 'steward'];

interface Named {
  nameZh: string;
  nameEn: string;
}

/** One badge of an event's sheet: who, in which role, for which unit, with which number. */
export interface Holder {
  kind: CredentialKind;
  playerId: string | null;
  userId: string | null;
  name: Named;
  unit: Named | null;
  /** The team (team events' players and captains). */
  team: Named | null;
  drawNumber: number | null;
  /** Staff: the role shown (the first of STAFF_ROLES the user holds). */
  role: TournamentRoleName | null;
}

export interface Badge extends Holder {
  credentialId: string;
  token: string;
  path: string;
}

const keyOf = (h: { kind: string; playerId: string | null; userId: string | null }) => `${h.kind}:${h.playerId ?? h.userId}`;

/**
 * Credentials (大会证件, 二章8节7; issue 32 #1): one per person and tournament, whose QR code carries
 * the holder's personal link — a capability like the record links. The token is derived from the
 * credential's id under the server secret (HMAC-SHA256), and only its SHA-256 is stored: the sheet
 * can be printed again without changing anyone's link, nobody who reads the database without the
 * secret can make a link, and a reprint (a new credential, the old one revoked) is the only way to
 * change one. Calls through a link are rate-limited per address; unknown and revoked links count
 * more (guessing).
 */
@Injectable()
export class CredentialsService {
  private readonly calls = new WindowCounter(Number(process.env.CHUHE_CREDENTIAL_CALLS) || 3000, 10 * 60_000);
  private readonly misses = new WindowCounter(Number(process.env.CHUHE_CREDENTIAL_MISSES) || 20, 10 * 60_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly secret: ServerSecret,
  ) {}

  async tournament(id: string) {
    const t = await this.prisma.tournament.findUnique({ where: { id }, select: { id: true, nameZh: true, nameEn: true, timeZone: true, venue: true } });
    if (!t) throw notFound('tournament');
    return t;
  }

  /** The credential's token (43 base64url characters). */
  async tokenOf(credentialId: string): Promise<string> {
    return Buffer.from(await this.secret.hmac('credential', credentialId), 'hex').toString('base64url');
  }

  /** Everyone who wears a badge at this event: its players (team members), captains, the delegates and the staff. */
  async holdersOf(eventId: string): Promise<{ event: Named & { id: string; kind: string; tournamentId: string }; holders: Holder[] }> {
    const event = await this.prisma.event.findUnique({
      where: { id: eventId },
      select: { id: true, nameZh: true, nameEn: true, kind: true, tournamentId: true },
    });
    if (!event) throw notFound('event');
    const aff = { select: { nameZh: true, nameEn: true } };
    const entries = await this.prisma.entry.findMany({
      where: { eventId, status: 'active' },
      orderBy: [{ drawNumber: 'asc' }, { createdAt: 'asc' }],
      select: {
        drawNumber: true,
        player: { select: { id: true, nameZh: true, nameEn: true, affiliation: aff } },
        team: {
          select: {
            nameZh: true,
            nameEn: true,
            affiliation: aff,
            members: { orderBy: [{ board: 'asc' }], select: { player: { select: { id: true, nameZh: true, nameEn: true, affiliation: aff } } } },
          },
        },
      },
    });
    const holders: Holder[] = [];
    for (const e of entries) {
      if (e.player)
        holders.push({
          kind: 'player',
          playerId: e.player.id,
          userId: null,
          name: e.player,
          unit: e.player.affiliation,
          team: null,
          drawNumber: e.drawNumber,
          role: null,
        });
      for (const m of e.team?.members ?? [])
        holders.push({
          kind: 'player',
          playerId: m.player.id,
          userId: null,
          name: m.player,
          unit: m.player.affiliation ?? e.team!.affiliation,
          team: { nameZh: e.team!.nameZh, nameEn: e.team!.nameEn },
          drawNumber: e.drawNumber,
          role: null,
        });
    }
    const roles = await this.prisma.tournamentRole.findMany({
      where: { tournamentId: event.tournamentId, OR: [{ role: 'team_captain', team: { eventId } }, { role: { in: ['delegate', ...STAFF_ROLES] } }] },
      orderBy: { createdAt: 'asc' },
      select: {
        role: true,
        userId: true,
        user: { select: { displayName: true, person: { select: { nameZh: true, nameEn: true } } } },
        team: { select: { nameZh: true, nameEn: true, affiliation: aff, entries: { select: { drawNumber: true } } } },
        affiliation: aff,
      },
    });
    const nameOfUser = (u: { displayName: string; person: Named | null }): Named => u.person ?? { nameZh: u.displayName, nameEn: u.displayName };
    const seen = new Set<string>();
    for (const r of roles.filter((x) => x.role === 'team_captain')) {
      if (seen.has(`captain:${r.userId}`)) continue;
      seen.add(`captain:${r.userId}`);
      holders.push({
        kind: 'captain',
        playerId: null,
        userId: r.userId,
        name: nameOfUser(r.user),
        unit: r.team?.affiliation ?? null,
        team: r.team ? { nameZh: r.team.nameZh, nameEn: r.team.nameEn } : null,
        drawNumber: r.team?.entries[0]?.drawNumber ?? null,
        role: 'team_captain',
      });
    }
    for (const r of roles.filter((x) => x.role === 'delegate')) {
      if (seen.has(`delegate:${r.userId}`)) continue;
      seen.add(`delegate:${r.userId}`);
      holders.push({
        kind: 'delegate',
        playerId: null,
        userId: r.userId,
        name: nameOfUser(r.user),
        unit: r.affiliation,
        team: null,
        drawNumber: null,
        role: 'delegate',
      });
    }
    const staff = new Map<string, (typeof roles)[number][]>();
    for (const r of roles.filter((x) => STAFF_ROLES.includes(x.role))) staff.set(r.userId, [...(staff.get(r.userId) ?? []), r]);
    for (const [userId, held] of staff) {
      const role = STAFF_ROLES.find((s) => held.some((h) => h.role === s))!;
      holders.push({ kind: 'staff', playerId: null, userId, name: nameOfUser(held[0].user), unit: null, team: null, drawNumber: null, role });
    }
    return { event, holders };
  }

  /** The event's badges: every holder's live credential, made where there is none yet (one statement per missing one, under the tournament's lock). */
  async badgesOf(
    user: AuthUser,
    eventId: string,
    only?: string,
  ): Promise<{ event: Named & { id: string; kind: string; tournamentId: string }; badges: Badge[] }> {
    const { event, holders } = await this.holdersOf(eventId);
    await this.secret.ready();
    const credentials = await this.prisma.$transaction(async (tx) => {
      await lockCredentials(tx, event.tournamentId);
      const live = await tx.credential.findMany({ where: { tournamentId: event.tournamentId, revokedAt: null } });
      const byHolder = new Map(live.map((c) => [keyOf(c), c]));
      for (const h of holders) {
        if (byHolder.has(keyOf(h))) continue;
        const created = await this.create(tx, user, event.tournamentId, h);
        byHolder.set(keyOf(h), created);
      }
      return byHolder;
    });
    const badges: Badge[] = [];
    for (const h of holders) {
      const c = credentials.get(keyOf(h))!;
      if (only && c.id !== only) continue;
      const token = await this.tokenOf(c.id);
      badges.push({ ...h, credentialId: c.id, token, path: personalPath(token) });
    }
    return { event, badges };
  }

  private async create(tx: Tx, user: AuthUser, tournamentId: string, h: { kind: string; playerId: string | null; userId: string | null }, reason?: string) {
    const id = crypto.randomUUID();
    const token = await this.tokenOf(id);
    const row = await tx.credential.create({
      data: { id, tournamentId, kind: h.kind, playerId: h.playerId, userId: h.userId, tokenHash: hashCredentialToken(token), createdById: user.id },
    });
    await this.audit.record(tx, {
      userId: user.id,
      tournamentId,
      entity: 'credential',
      entityId: row.id,
      action: 'create',
      after: { id: row.id, kind: row.kind, playerId: row.playerId, userId: row.userId },
      reason: reason ?? 'credential issued (二章8节7)',
    });
    return row;
  }

  /** A reprint (a lost or damaged badge): a new credential for the same holder, the old one revoked. */
  async reprint(user: AuthUser, tournamentId: string, credentialId: string): Promise<{ revoked: string; credential: Credential; token: string; path: string }> {
    await this.secret.ready();
    const created = await this.prisma.$transaction(async (tx) => {
      await lockCredentials(tx, tournamentId);
      const old = await tx.credential.findFirst({ where: { id: credentialId, tournamentId } });
      if (!old) throw notFound('credential');
      if (old.revokedAt) throw new DomainError('credential.revoked', {}, 'credentialId');
      await this.revokeIn(tx, user, old, 'reprinted: a new credential replaces it');
      return this.create(tx, user, tournamentId, old, `reprint of credential ${old.id}`);
    });
    const token = await this.tokenOf(created.id);
    return { revoked: credentialId, credential: created, token, path: personalPath(token) };
  }

  /** Withdraws a credential (its link stops working at once). */
  async revoke(user: AuthUser, tournamentId: string, credentialId: string): Promise<Credential> {
    return this.prisma.$transaction(async (tx) => {
      const c = await tx.credential.findFirst({ where: { id: credentialId, tournamentId } });
      if (!c) throw notFound('credential');
      if (c.revokedAt) return c;
      return this.revokeIn(tx, user, c, 'withdrawn');
    });
  }

  private async revokeIn(tx: Tx, user: AuthUser, c: Credential, reason: string) {
    const revoked = await tx.credential.update({ where: { id: c.id }, data: { revokedAt: new Date() } });
    await this.audit.record(tx, {
      userId: user.id,
      tournamentId: c.tournamentId,
      entity: 'credential',
      entityId: c.id,
      action: 'update',
      before: { revokedAt: null },
      after: { revokedAt: revoked.revokedAt },
      reason,
    });
    return revoked;
  }

  /**
   * The credential a personal link names, counted against the address's limits: 404 unknown and
   * 410 revoked (each a miss — guessing runs out of tries), 429 past the limits.
   */
  async resolve(token: string, address: string): Promise<Credential> {
    const wait = Math.max(this.calls.blockedFor(address), this.misses.blockedFor(address));
    if (wait > 0) throw tooManyRequests('limit.credential_links', wait);
    this.calls.add(address);
    const found = await this.find(token);
    if (!found || found.revokedAt) this.misses.add(address);
    return this.refuseUnusable(found);
  }

  /** A steward's scan: the same lookup, without the anonymous limits (the steward is logged in and answerable). */
  async resolveForStaff(token: string | null, tournamentId: string): Promise<Credential> {
    const found = token ? await this.find(token) : null;
    return this.refuseUnusable(found && found.tournamentId === tournamentId ? found : null);
  }

  private async find(token: string): Promise<Credential | null> {
    return CREDENTIAL_TOKEN.test(token) ? this.prisma.credential.findUnique({ where: { tokenHash: hashCredentialToken(token) } }) : null;
  }

  private refuseUnusable(c: Credential | null): Credential {
    if (!c) throw new DomainError('credential.unknown', {}, 'code');
    if (c.revokedAt) throw new DomainError('credential.revoked', {}, 'code');
    return c;
  }
}

/** Issuing and reprinting serialize per tournament: one live credential per holder. */
async function lockCredentials(tx: Tx, tournamentId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('chuhe:credentials'), hashtext(${tournamentId}))`;
}
