import { Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { pageLanguage } from '../web/page-context';
import { isUuid } from '../auth/tournament-scope.service';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';
import { translate } from '../i18n/i18n';
import { EventCache } from '../play/event-cache';
import type { EntryInfo, PersonInfo } from './event-page-view';
import type { HeldTitle } from './person-name';
import { tableOf } from './standings-view';

/** What every public event page reads: the event from the one event model, its entries' names, records and scores. */
@Injectable()
export class EventPageData {
  constructor(
    private readonly prisma: PrismaService,
    private readonly standings: StandingsService,
    private readonly events: EventCache,
  ) {}

  /** The event with its entries, players, teams and members, as the hub's starting list (eventView) shows them. */
  eventWithEntries(eventId: string) {
    return this.prisma.event.findUniqueOrThrow({
      where: { id: eventId },
      include: {
        entries: { include: { player: { include: { affiliation: true } }, team: { include: { affiliation: true, members: { include: { player: true } } } } } },
      },
    });
  }

  /** The event a round belongs to (a match card is addressed by its pairing). */
  async eventIdOfRound(roundId: string): Promise<string> {
    return (await this.prisma.round.findUniqueOrThrow({ where: { id: roundId }, select: { eventId: true } })).eventId;
  }

  /** The ids of the event's rounds with at least one game record (their PGN is worth a link). */
  async roundsWithRecords(eventId: string): Promise<Set<string>> {
    const rows = await this.prisma.pairing.findMany({
      where: { round: { eventId }, games: { some: { record: { isNot: null } } } },
      select: { roundId: true },
      distinct: ['roundId'],
    });
    return new Set(rows.map((r) => r.roundId));
  }

  /** The event's games that have a record (issue 30 #6: a "record" link only where there is one). */
  async recordedGames(eventId: string): Promise<Set<string>> {
    const rows = await this.prisma.game.findMany({ where: { pairing: { round: { eventId } }, record: { isNot: null } }, select: { id: true } });
    return new Set(rows.map((g) => g.id));
  }

  /** The event from the one event model (play/event-cache.ts), and its entries' names for the page. */
  async load(eventId: string, lang: unknown, req: Request) {
    const language = pageLanguage(req);
    const event = isUuid(eventId) ? await this.events.load(this.prisma, eventId) : null;
    // Unlisted is not secret (README): an unpublished tournament's pages answer whoever has the id — its preview link (issue 23 #9).
    if (!event) throw new NotFoundException(translate('notFound', language));
    const held = await this.heldTitles([
      ...event.entries.map((e) => e.player?.personId),
      ...event.entries.flatMap((e) => e.team?.members.map((m) => m.player.personId) ?? []),
    ]);
    const names = new Map<string, EntryInfo>(
      event.entries.map((e) => {
        const n = e.player ?? e.team!;
        const a = e.player?.affiliation ?? e.team?.affiliation ?? null;
        return [
          e.id,
          {
            nameZh: n.nameZh,
            nameEn: n.nameEn,
            title: e.player?.title ?? '',
            drawNumber: e.drawNumber,
            rating: e.player?.rating ?? null,
            affiliation: a ? { nameZh: a.nameZh, nameEn: a.nameEn } : null,
            status: e.status,
            withdrawnAfterRound: e.withdrawnAfterRound,
            withdrawalReason: e.withdrawalReason,
            personId: e.player?.personId ?? null,
            held: (e.player?.personId && held.get(e.player.personId)) || [],
          },
        ] as const;
      }),
    );
    // A team's members by player id (boards name members, not entries), with their persons too.
    const people = new Map<string, PersonInfo>(
      event.entries
        .flatMap((e) => e.team?.members ?? [])
        .map((m) => [
          m.playerId,
          {
            nameZh: m.player.nameZh,
            nameEn: m.player.nameEn,
            personId: m.player.personId ?? null,
            held: (m.player.personId && held.get(m.player.personId)) || [],
          },
        ]),
    );
    return { language, event, names, people };
  }

  /** The titles the persons hold (issue 33 #4), in one query for the whole page. */
  async heldTitles(personIds: readonly (string | null | undefined)[]): Promise<Map<string, HeldTitle[]>> {
    const ids = [...new Set(personIds.filter((id): id is string => !!id))];
    const out = new Map<string, HeldTitle[]>();
    if (ids.length === 0) return out;
    const rows = await this.prisma.personTitle.findMany({
      where: { personId: { in: ids } },
      select: { personId: true, titleZh: true, titleEn: true },
      orderBy: [{ awardedAt: 'asc' }, { id: 'asc' }],
    });
    for (const r of rows) {
      const list = out.get(r.personId) ?? [];
      if (!list.some((t) => t.titleZh === r.titleZh)) list.push({ titleZh: r.titleZh, titleEn: r.titleEn });
      out.set(r.personId, list);
    }
    return out;
  }

  /** Scores after a round (display units), for "points before the round" on the pairing list. */
  async scores(eventId: string, afterRound: number): Promise<Map<string, string>> {
    if (afterRound < 1) return new Map();
    const result = await this.standings.standings(eventId, afterRound);
    return new Map(tableOf(result.report).rows.map((r) => [r.entry, String(r.score)]));
  }
}
