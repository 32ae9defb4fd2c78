import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { DomainError } from '../common/errors';
import { notFound } from '../common/optimistic';
import { tokenOfCode } from '../credentials/credential-token';
import { CredentialsService } from '../credentials/credentials.service';
import { Prisma, type Credential, type TournamentRoleName } from '../generated/prisma/client';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import { PrismaService, type Tx } from '../prisma/prisma.service';
import { clock } from '../i18n/words';

/** Who checks people in (检录): the stewards, and the arbiters and organizer who may stand in for them. */
export const CHECKERS: TournamentRoleName[] = ['steward', 'organizer', 'chief_arbiter', 'deputy_chief_arbiter', 'arbiter'];

interface Named {
  nameZh: string;
  nameEn: string;
}

export interface CheckInEvent {
  eventId: string;
  event: Named;
  drawNumber: number | null;
  team: Named | null;
  /** 0: once for the event; n: round n (Event.checkInPerRound). Null: per round, but no round waits to start. */
  roundNumber: number | null;
  checkedInAt: Date | null;
}

export interface Identity {
  credentialId: string;
  kind: string;
  name: Named;
  unit: Named | null;
  playerId: string | null;
  events: CheckInEvent[];
}

/** The check-in, once: the row, or nothing when the person is checked in already (ON CONFLICT). */
const INSERT_CHECK_IN = typedQuery(
  'check in',
  { id: 'text', checkedInAt: 'timestamp' },
  (eventId: string, playerId: string, roundNumber: number, credentialId: string | null, stewardId: string | null) => Prisma.sql`
    INSERT INTO "CheckIn" (id, "eventId", "playerId", "roundNumber", "credentialId", "stewardId", "checkedInAt")
    SELECT gen_random_uuid(), ${eventId}::uuid, ${playerId}::uuid, ${roundNumber}::int, ${credentialId}::uuid, ${stewardId}::uuid, now() AT TIME ZONE 'UTC'
     WHERE EXISTS (SELECT 1 FROM "Event" WHERE id = ${eventId}::uuid)
    ON CONFLICT ("eventId", "playerId", "roundNumber") DO NOTHING
    RETURNING id::text AS id, "checkedInAt"`,
  [NO_ID, NO_ID, 0, null, null],
);

/**
 * Check-in (检录, issue 32 #3): a steward scans a credential (or types its code), sees who it is —
 * name, unit, event, draw number: a photo-less identity check — and checks the player in, once for
 * the event and, where Event.checkInPerRound, once for the round waiting to start. The time is the
 * database's. A second scan answers checkin.already with the time of the first.
 */
@Injectable()
export class CheckInService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly credentials: CredentialsService,
    private readonly audit: AuditService,
  ) {}

  async lookup(tournamentId: string, code: string): Promise<Identity> {
    const credential = await this.credentials.resolveForStaff(tokenOfCode(code), tournamentId);
    return this.identityOf(credential);
  }

  async identityOf(credential: Credential): Promise<Identity> {
    if (!credential.playerId) {
      const user = credential.userId
        ? await this.prisma.user.findUnique({
            where: { id: credential.userId },
            select: { displayName: true, person: { select: { nameZh: true, nameEn: true } } },
          })
        : null;
      return {
        credentialId: credential.id,
        kind: credential.kind,
        name: user?.person ?? { nameZh: user?.displayName ?? '', nameEn: user?.displayName ?? '' },
        unit: null,
        playerId: null,
        events: [],
      };
    }
    const playerId = credential.playerId;
    const player = await this.prisma.player.findUniqueOrThrow({
      where: { id: playerId },
      select: { nameZh: true, nameEn: true, affiliation: { select: { nameZh: true, nameEn: true } } },
    });
    const entries = await this.entriesOf(this.prisma, playerId);
    const events: CheckInEvent[] = [];
    for (const e of entries) {
      const roundNumber = e.event.checkInPerRound ? await this.waitingRound(this.prisma, e.event.id) : 0;
      const row =
        roundNumber === null
          ? null
          : await this.prisma.checkIn.findUnique({
              where: { eventId_playerId_roundNumber: { eventId: e.event.id, playerId, roundNumber } },
              select: { checkedInAt: true },
            });
      events.push({ eventId: e.event.id, event: e.event, drawNumber: e.drawNumber, team: e.team, roundNumber, checkedInAt: row?.checkedInAt ?? null });
    }
    return {
      credentialId: credential.id,
      kind: credential.kind,
      name: { nameZh: player.nameZh, nameEn: player.nameEn },
      unit: player.affiliation,
      playerId,
      events,
    };
  }

  /** Checks the credential's player in for the event; 409 checkin.already ("already checked in at 09:12"). */
  async checkIn(
    user: AuthUser,
    tournamentId: string,
    code: string,
    eventId: string,
  ): Promise<{ playerId: string; name: Named; eventId: string; roundNumber: number; checkedInAt: Date }> {
    const credential = await this.credentials.resolveForStaff(tokenOfCode(code), tournamentId);
    const event = await this.prisma.event.findFirst({
      where: { id: eventId, tournamentId },
      select: { id: true, nameZh: true, nameEn: true, checkInPerRound: true, tournament: { select: { timeZone: true } } },
    });
    if (!event) throw notFound('event');
    const name = await this.holderName(credential);
    if (!credential.playerId) throw new DomainError('checkin.not_entered', { name: `${name.nameZh} ${name.nameEn}` }, 'eventId');
    const playerId = credential.playerId;
    const done = await this.prisma.$transaction(async (tx) => {
      const entered = (await this.entriesOf(tx, playerId)).some((e) => e.event.id === eventId);
      if (!entered) throw new DomainError('checkin.not_entered', { name: `${name.nameZh} ${name.nameEn}` }, 'eventId');
      const roundNumber = event.checkInPerRound ? await this.waitingRound(tx, eventId) : 0;
      if (roundNumber === null) throw new DomainError('checkin.no_round', {}, 'eventId');
      const [row] = await INSERT_CHECK_IN.rows(tx, eventId, playerId, roundNumber, credential.id, user.id);
      if (!row) {
        const first = await tx.checkIn.findUniqueOrThrow({ where: { eventId_playerId_roundNumber: { eventId, playerId, roundNumber } } });
        throw new DomainError('checkin.already', { time: clock(first.checkedInAt, event.tournament.timeZone) }, 'code', {
          checkedInAt: first.checkedInAt.toISOString(),
        });
      }
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'check_in',
        entityId: row.id,
        action: 'create',
        after: { eventId, playerId, roundNumber, credentialId: credential.id, checkedInAt: row.checkedInAt },
        reason: roundNumber ? `检录, round ${roundNumber}` : '检录',
      });
      return { roundNumber, checkedInAt: row.checkedInAt };
    });
    // The answer names the player only: the steward's page reads the identity again (the API stays short).
    return { playerId, name, eventId, ...done };
  }

  private async holderName(c: Credential): Promise<Named> {
    if (c.playerId) return this.prisma.player.findUniqueOrThrow({ where: { id: c.playerId }, select: { nameZh: true, nameEn: true } });
    const user = c.userId ? await this.prisma.user.findUnique({ where: { id: c.userId }, select: { displayName: true } }) : null;
    return { nameZh: user?.displayName ?? '', nameEn: '' };
  }

  /** The player's active entries: as an individual, and through the teams they are a member of. */
  private async entriesOf(db: Tx | PrismaService, playerId: string) {
    const eventSelect = { select: { id: true, nameZh: true, nameEn: true, checkInPerRound: true } } as const;
    const own = await db.entry.findMany({ where: { playerId, status: 'active' }, select: { drawNumber: true, event: eventSelect } });
    const teams = await db.teamMember.findMany({
      where: { playerId },
      select: { team: { select: { nameZh: true, nameEn: true, entries: { where: { status: 'active' }, select: { drawNumber: true, event: eventSelect } } } } },
    });
    return [
      ...own.map((e) => ({ ...e, team: null as Named | null })),
      ...teams.flatMap((t) => t.team.entries.map((e) => ({ ...e, team: { nameZh: t.team.nameZh, nameEn: t.team.nameEn } }))),
    ];
  }

  /**
   * The round a per-round check-in is for: the first published round still in play (null: none) —
   * before its start and after it (a check-in after the late limit is recorded, and is late).
   */
  async waitingRound(db: Tx | PrismaService, eventId: string): Promise<number | null> {
    const r = await db.round.findFirst({ where: { eventId, state: 'published' }, orderBy: { number: 'asc' }, select: { number: true } });
    return r?.number ?? null;
  }

  /** The tournament's names and time zone, for the desk's pages. */
  async tournament(id: string) {
    const t = await this.prisma.tournament.findUnique({ where: { id }, select: { id: true, nameZh: true, nameEn: true, timeZone: true } });
    if (!t) throw notFound('tournament');
    return t;
  }
}
