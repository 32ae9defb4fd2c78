import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { RowOf } from '../persistence/typed-sql';
import type { AuthUser } from '../auth/auth.decorators';
import { DomainError, missingResource } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';
import { requireAdmin } from './admin';
import { isoDay } from './bans';
import { mergePersons, undoMerge } from './merge';
import { GAMES_PER_PAGE, OPPONENTS_SHOWN, pageAsked, spanOf } from './games-page';
import { EVENT_VERSIONS, PERSON_ENTRIES, PERSON_EVENT_FIGURES, PERSON_GAMES, PERSON_GAMES_PAGE, PERSON_OPPONENTS, PERSON_RATINGS } from './profile-queries';
import { decideMatch, matchPlayers, pendingMatches } from './registry';

const POINTS: Record<string, [number, number]> = {
  red_win: [1, 0],
  black_win: [0, 1],
  draw: [0.5, 0.5],
  red_win_forfeit: [1, 0],
  black_win_forfeit: [0, 1],
  red_win_penalty: [1, 0],
  black_win_penalty: [0, 1],
  double_forfeit: [0, 0],
};

/** Persons whose games' figures a server keeps for their profiles (the busiest: 200 events, 2,000 opponents). */
const FIGURES_KEPT = 5_000;

interface Figures {
  /** The person's events and their versions the figures were counted at. */
  key: string;
  byEvent: Map<string, { games: number; share: number }>;
  total: number;
  /** Every opponent person, most played first (PERSON_OPPONENTS). */
  opponents: RowOf<typeof PERSON_OPPONENTS.columns>[];
}

/** Events whose places a server keeps for the profiles (each a map of its entries' places). */
const PLACES_KEPT = 20_000;

@Injectable()
export class PersonsService {
  /**
   * Each event's places by entry, with the event's data version they were computed at: a profile of
   * 200 events reads the versions in its entries query and computes only the events that moved —
   * through the standings' EventCache alone (16 events) every view reloaded and re-ranked all 200.
   */
  private readonly places = new Map<string, { version: number; byEntry: Map<string, number | null> }>();
  /** Each person's games counted per event and opponent, by personId (figuresOf). */
  private readonly figures = new Map<string, Figures>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly standings: StandingsService,
  ) {}

  /** The person, or where it was merged the survivor (old links stay good: the caller redirects). */
  async resolve(personId: string) {
    const person = await this.prisma.person.findUnique({ where: { id: personId } });
    if (!person) throw missingResource('personId', 'person');
    return person;
  }

  /**
   * A public profile: every event with place and score, every game, head-to-head by opponent,
   * titles and the rating history — from published tournaments only.
   */
  async profile(personId: string) {
    const person = await this.resolve(personId);
    if (person.mergedIntoId) return { redirectTo: person.mergedIntoId };
    const [entries, games, ratings, titles] = await Promise.all([
      PERSON_ENTRIES.rows(this.prisma, personId),
      PERSON_GAMES.rows(this.prisma, personId),
      PERSON_RATINGS.rows(this.prisma, personId),
      this.prisma.personTitle.findMany({ where: { personId }, orderBy: { awardedAt: 'asc' } }),
    ]);
    const versions = new Map(
      entries.length ? (await EVENT_VERSIONS.rows(this.prisma, [...new Set(entries.map((e) => e.eventId))])).map((v) => [v.eventId, v.version]) : [],
    );
    const byEvent = new Map<string, typeof games>();
    for (const g of games) byEvent.set(g.eventId, [...(byEvent.get(g.eventId) ?? []), g]);
    const events = [];
    for (const e of entries) {
      const place = await this.placeOf(e.eventId, e.entryId, versions.get(e.eventId) ?? 0);
      const own = byEvent.get(e.eventId) ?? [];
      // In the event's own points: 2-1-0 doubles the share of 1-½-0 (一章 scoring).
      const share = own.reduce((a, g) => a + (POINTS[g.result]?.[g.colour === 'red' ? 0 : 1] ?? 0), 0);
      const score = e.kind === 'individual' && e.scoring === 'two_one_zero' ? share * 2 : share;
      events.push({ ...e, place, games: own.length, score });
    }
    const h2h = new Map<
      string,
      { personId: string | null; opponentZh: string; opponentEn: string; wins: number; draws: number; losses: number; games: typeof games }
    >();
    for (const g of games) {
      const key = g.opponentPersonId ?? `player ${g.opponentPlayerId}`;
      if (!g.opponentPlayerId) continue;
      const row = h2h.get(key) ?? {
        personId: g.opponentPersonId,
        opponentZh: g.opponentZh ?? '',
        opponentEn: g.opponentEn ?? '',
        wins: 0,
        draws: 0,
        losses: 0,
        games: [],
      };
      const [red, black] = POINTS[g.result] ?? [0, 0];
      const me = g.colour === 'red' ? red : black;
      const them = g.colour === 'red' ? black : red;
      if (me > them) row.wins++;
      else if (me < them) row.losses++;
      else if (me > 0) row.draws++;
      row.games.push(g);
      h2h.set(key, row);
    }
    const bans = await this.prisma.ban.findMany({
      where: { personId, liftedAt: null, endsOn: { gte: new Date(`${isoDay(new Date())}T00:00:00Z`) } },
      orderBy: { startsOn: 'asc' },
    });
    return {
      person,
      events,
      games,
      headToHead: [...h2h.values()].sort((a, b) => b.games.length - a.games.length || (a.opponentZh < b.opponentZh ? -1 : 1)),
      ratings,
      titles,
      bans,
    };
  }

  /**
   * The profile page: what it shows and no more (issue 33: < 100 ms for a career of 2,000 games) —
   * every event with place and score, one page of games (`vs`: against one opponent), the most played
   * opponents (`allOpponents`: every one), the ratings, titles and bans. The scores and head-to-head
   * figures are counted in the database and kept while the person's events stay at their versions;
   * only the page's games are read with their names, from the events the page spans.
   */
  async profilePage(personId: string, view: { page: unknown; vs: string | null; allOpponents: boolean }) {
    const person = await this.resolve(personId);
    if (person.mergedIntoId) return { redirectTo: person.mergedIntoId };
    const [entries, ratings, titles, bans] = await Promise.all([
      PERSON_ENTRIES.rows(this.prisma, personId),
      PERSON_RATINGS.rows(this.prisma, personId),
      this.prisma.personTitle.findMany({ where: { personId }, orderBy: { awardedAt: 'asc' } }),
      this.activeBans(personId),
    ]);
    const versions = await this.versionsOf(entries);
    const figures = await this.figuresOf(personId, entries, versions);
    // An opponent never met shows every game, as no `vs` does.
    const opponent = (view.vs && figures.opponents.find((o) => o.personId === view.vs)) || null;
    const total = opponent ? opponent.games : figures.total;
    const pages = Math.max(1, Math.ceil(total / GAMES_PER_PAGE));
    const page = Math.min(pageAsked(view.page), pages);
    const start = (page - 1) * GAMES_PER_PAGE;
    const span = opponent ? null : spanOf(entries, figures.byEvent, start, GAMES_PER_PAGE);
    const rows = span
      ? await PERSON_GAMES_PAGE.rows(this.prisma, personId, null, span.offset, GAMES_PER_PAGE, span.within)
      : await PERSON_GAMES_PAGE.rows(this.prisma, personId, opponent?.personId ?? null, start, GAMES_PER_PAGE);
    const events = [];
    for (const e of entries) {
      const f = figures.byEvent.get(e.eventId);
      // In the event's own points: 2-1-0 doubles the share of 1-½-0 (一章 scoring).
      const share = f?.share ?? 0;
      const score = e.kind === 'individual' && e.scoring === 'two_one_zero' ? share * 2 : share;
      events.push({ ...e, games: f?.games ?? 0, score, place: await this.placeOf(e.eventId, e.entryId, versions.get(e.eventId) ?? 0) });
    }
    return {
      person,
      events,
      games: { rows, page, pages, from: rows.length ? start + 1 : 0, to: start + rows.length, total },
      opponent,
      headToHead: view.allOpponents ? figures.opponents : figures.opponents.slice(0, OPPONENTS_SHOWN),
      opponentCount: figures.opponents.length,
      ratings,
      titles,
      bans,
    };
  }

  /** The data versions of the entries' events (one grouped statement). */
  private async versionsOf(entries: { eventId: string }[]): Promise<Map<string, number>> {
    if (!entries.length) return new Map();
    const rows = await EVENT_VERSIONS.rows(this.prisma, [...new Set(entries.map((e) => e.eventId))]);
    return new Map(rows.map((v) => [v.eventId, v.version]));
  }

  /**
   * The person's games counted per event and per opponent: kept while the person's events (the set
   * and each one's data version) stay as they were. A result, a pairing, a player's name or person
   * (a merge) changes the version of the event they belong to — the game's and the opponent's event
   * are the same — and a new event changes the set.
   */
  private async figuresOf(personId: string, entries: { eventId: string }[], versions: Map<string, number>): Promise<Figures> {
    const key = [...new Set(entries.map((e) => e.eventId))]
      .sort()
      .map((id) => `${id}:${versions.get(id) ?? 0}`)
      .join(' ');
    const kept = this.figures.get(personId);
    if (kept && kept.key === key) {
      this.figures.delete(personId);
      this.figures.set(personId, kept);
      return kept;
    }
    const [perEvent, opponents] = await Promise.all([
      PERSON_EVENT_FIGURES.rows(this.prisma, personId),
      PERSON_OPPONENTS.rows(this.prisma, personId, null, null),
    ]);
    const figures: Figures = {
      key,
      byEvent: new Map(perEvent.map((f) => [f.eventId, f])),
      total: perEvent.reduce((a, f) => a + f.games, 0),
      opponents,
    };
    this.figures.delete(personId);
    this.figures.set(personId, figures);
    if (this.figures.size > FIGURES_KEPT) this.figures.delete(this.figures.keys().next().value!);
    return figures;
  }

  /** The person's bans in force today or later (not lifted). */
  private activeBans(personId: string) {
    return this.prisma.ban.findMany({
      where: { personId, liftedAt: null, endsOn: { gte: new Date(`${isoDay(new Date())}T00:00:00Z`) } },
      orderBy: { startsOn: 'asc' },
    });
  }

  /**
   * The entry's place in the event's standings (a team's place for its members), or null before any
   * round: kept per event while its data version (read with the profile's entries) holds. The version
   * is read before the standings, so a change in between is at worst computed again, never missed.
   */
  private async placeOf(eventId: string, entryId: string, version: number): Promise<number | null> {
    let kept = this.places.get(eventId);
    if (!kept || kept.version !== version) {
      const byEntry = await this.placesIn(eventId);
      if (!byEntry) return null;
      kept = { version, byEntry };
      this.places.delete(eventId);
      this.places.set(eventId, kept);
      if (this.places.size > PLACES_KEPT) this.places.delete(this.places.keys().next().value!);
    }
    return kept.byEntry.get(entryId) ?? null;
  }

  /** Every entry's place in the event's standings now (empty before any round), or null when they cannot be computed (not kept). */
  private async placesIn(eventId: string): Promise<Map<string, number | null> | null> {
    const out = new Map<string, number | null>();
    try {
      const s = await this.standings.standings(eventId);
      const report = s.report as unknown as {
        places?: { entry: string; place: number }[];
        standings?: { rows: { entry: string; rank: number }[] };
        rows?: { entry: string; rank: number }[];
      };
      for (const r of report.standings?.rows ?? report.rows ?? []) out.set(r.entry, r.rank);
      // A championship's places (附录2 #10 / 附录3 #2) come before the table under them.
      for (const p of report.places ?? []) out.set(p.entry, p.place);
    } catch {
      // A file the library refuses, or the database failed: no place shown, and asked again next time.
      return null;
    }
    return out;
  }

  /** Head-to-head between two persons (public). */
  async headToHead(personId: string, opponentId: string) {
    const profile = await this.profile(personId);
    if ('redirectTo' in profile) return profile;
    return profile.headToHead.find((h) => h.personId === opponentId) ?? { personId: opponentId, wins: 0, draws: 0, losses: 0, games: [] };
  }

  // ── the organizer's matching ──

  async pending(tournamentId: string) {
    const rows = await this.prisma.$transaction((tx) => pendingMatches(tx, tournamentId));
    const ids = [...new Set(rows.flatMap((r) => (r.match.kind === 'proposed' ? [r.match.personId] : r.match.personIds)))];
    const persons = await this.prisma.person.findMany({
      where: { id: { in: ids } },
      select: { id: true, nameZh: true, nameEn: true, birthYear: true, unitZh: true, unitEn: true, federationId: true },
    });
    const players = await this.prisma.player.findMany({ where: { id: { in: rows.map((r) => r.playerId) } }, include: { affiliation: true } });
    const byId = new Map(persons.map((p) => [p.id, p]));
    return rows.map((r) => ({
      player: players.find((p) => p.id === r.playerId)!,
      kind: r.match.kind,
      candidates: (r.match.kind === 'proposed' ? [r.match.personId] : r.match.personIds).map((id) => byId.get(id)!),
    }));
  }

  /** The organizer decides: this player is that person (personId) or a new one (null). */
  async decide(user: AuthUser, playerId: string, personId: string | null) {
    return this.prisma.$transaction(async (tx) => {
      const linked = await decideMatch(tx, playerId, personId);
      const player = await tx.player.findUniqueOrThrow({ where: { id: playerId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: player.tournamentId,
        entity: 'player',
        entityId: playerId,
        action: 'update',
        before: { personId: null },
        after: { personId: linked },
      });
      return player;
    });
  }

  /** Links every unlinked player whose one proposal agrees on name, birth year and unit. */
  async acceptProposals(user: AuthUser, tournamentId: string) {
    return this.prisma.$transaction(async (tx) => {
      const rows = await pendingMatches(tx, tournamentId);
      const hints = new Map(rows.filter((r) => r.match.kind === 'proposed').map((r) => [r.playerId, { personId: (r.match as { personId: string }).personId }]));
      await matchPlayers(tx, [...hints.keys()], hints);
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'player',
        entityId: tournamentId,
        action: 'update',
        after: { linked: [...hints].map(([p, h]) => ({ playerId: p, personId: h.personId })) },
      });
      return { linked: hints.size };
    });
  }

  /** Matches a tournament's unlinked players again (after an import that predates the registry). */
  async matchTournament(tournamentId: string) {
    return this.prisma.$transaction(async (tx) => {
      const ids = (await tx.player.findMany({ where: { tournamentId, personId: null }, select: { id: true }, orderBy: { createdAt: 'asc' } })).map((p) => p.id);
      return matchPlayers(tx, ids);
    });
  }

  // ── merges (server administrators) ──

  async merge(user: AuthUser, survivorId: string, mergedId: string) {
    await requireAdmin(this.prisma, user);
    return this.prisma.$transaction(
      async (tx) => {
        const result = await mergePersons(tx, survivorId, mergedId, user.id);
        await this.audit.record(tx, { userId: user.id, entity: 'person_merge', entityId: result.merge.id, action: 'create', after: result.merge });
        return result;
      },
      { timeout: 120_000 },
    );
  }

  async undo(user: AuthUser, mergeId: string) {
    await requireAdmin(this.prisma, user);
    return this.prisma.$transaction(
      async (tx) => {
        const before = await tx.personMerge.findUnique({ where: { id: mergeId } });
        const result = await undoMerge(tx, mergeId, user.id);
        await this.audit.record(tx, { userId: user.id, entity: 'person_merge', entityId: mergeId, action: 'update', before, after: result.merge });
        return result;
      },
      { timeout: 120_000 },
    );
  }

  merges(personId: string) {
    return this.prisma.personMerge.findMany({ where: { OR: [{ survivorId: personId }, { mergedId: personId }] }, orderBy: { mergedAt: 'desc' } });
  }

  // ── bans (二章8节3) ──

  /**
   * A ban recorded on the person a tournament's player is: by that tournament's organizer, chief
   * arbiter or appeals committee (the guard checked the role), with the decision's text. 1–3 years.
   */
  async recordBan(user: AuthUser, playerId: string, dto: { startsOn: string; endsOn: string; decision: string; eventId?: string }) {
    return this.prisma.$transaction(async (tx) => {
      const player = await tx.player.findUnique({ where: { id: playerId } });
      if (!player) throw missingResource('playerId', 'player');
      if (!player.personId) throw new DomainError('resource.missing', { field: 'playerId', what: 'person (match the player to a person first)' }, 'playerId');
      checkBanLength(dto.startsOn, dto.endsOn);
      if (dto.eventId) {
        const event = await tx.event.findUnique({ where: { id: dto.eventId } });
        if (!event || event.tournamentId !== player.tournamentId) throw missingResource('eventId', 'event');
      }
      const ban = await tx.ban.create({
        data: {
          personId: player.personId,
          startsOn: new Date(`${dto.startsOn}T00:00:00Z`),
          endsOn: new Date(`${dto.endsOn}T00:00:00Z`),
          decision: dto.decision,
          eventId: dto.eventId ?? null,
          decidedById: user.id,
        },
      });
      await this.audit.record(tx, { userId: user.id, tournamentId: player.tournamentId, entity: 'ban', entityId: ban.id, action: 'create', after: ban });
      return ban;
    });
  }

  /**
   * Lifts a ban before its end (server administrators: a committee's later decision), with why:
   * who and why are written on the ban (liftedById, liftReason) and kept in the audit row too.
   */
  async liftBan(user: AuthUser, banId: string, reason: string) {
    await requireAdmin(this.prisma, user);
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT id FROM "Ban" WHERE id = ${banId}::uuid FOR UPDATE`;
      const before = await tx.ban.findUnique({ where: { id: banId } });
      if (!before) throw missingResource('banId', 'ban');
      if (before.liftedAt) throw new DomainError('ban.lifted', { at: before.liftedAt.toISOString().slice(0, 16).replace('T', ' ') });
      const after = await tx.ban.update({ where: { id: banId }, data: { liftedAt: new Date(), liftedById: user.id, liftReason: reason } });
      await this.audit.record(tx, { userId: user.id, entity: 'ban', entityId: banId, action: 'update', before, after, reason });
      return after;
    });
  }

  /** A ban with its person, who decided it, and — lifted — who lifted it, when and why (Ban.liftedById, liftReason). */
  async ban(user: AuthUser, banId: string) {
    await requireAdmin(this.prisma, user);
    const ban = await this.prisma.ban.findUnique({ where: { id: banId }, include: { person: true } });
    if (!ban) throw missingResource('banId', 'ban');
    const decidedBy = ban.decidedById
      ? await this.prisma.user.findUnique({ where: { id: ban.decidedById }, select: { displayName: true, email: true } })
      : null;
    const liftedBy = ban.liftedById ? await this.prisma.user.findUnique({ where: { id: ban.liftedById }, select: { displayName: true, email: true } }) : null;
    return { ban, decidedBy, lifted: ban.liftedAt ? { at: ban.liftedAt, by: liftedBy, reason: ban.liftReason ?? '' } : null };
  }

  /** The server administrators' overview: rating lists, title rules, merges, bans (latest first). */
  async adminOverview(user: AuthUser) {
    await requireAdmin(this.prisma, user);
    const [lists, rules, merges, bans] = await Promise.all([
      this.prisma.ratingList.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, _count: { select: { events: true } } } }),
      this.prisma.titleRule.findMany({ orderBy: { id: 'desc' }, take: 100, include: { event: { include: { tournament: true } } } }),
      this.prisma.personMerge.findMany({ orderBy: { mergedAt: 'desc' }, take: 100 }),
      this.prisma.ban.findMany({ orderBy: [{ liftedAt: { sort: 'desc', nulls: 'first' } }, { endsOn: 'desc' }], take: 200, include: { person: true } }),
    ]);
    const ids = [...new Set(merges.flatMap((m) => [m.survivorId, m.mergedId]))];
    const persons = new Map(
      (await this.prisma.person.findMany({ where: { id: { in: ids } }, select: { id: true, nameZh: true, nameEn: true } })).map((p) => [p.id, p]),
    );
    return { lists, rules, merges: merges.map((m) => ({ ...m, survivor: persons.get(m.survivorId), merged: persons.get(m.mergedId) })), bans };
  }

  bansOf(personId: string) {
    return this.prisma.ban.findMany({ where: { personId }, orderBy: { startsOn: 'desc' } });
  }
}

/** 二章8节3: 停止其参加棋赛的资格一年至三年 — from one year (a day short, inclusive) to three. */
export function checkBanLength(startsOn: string, endsOn: string): void {
  const s = new Date(`${startsOn}T00:00:00Z`);
  const e = new Date(`${endsOn}T00:00:00Z`);
  const plusYears = (n: number) => new Date(Date.UTC(s.getUTCFullYear() + n, s.getUTCMonth(), s.getUTCDate()));
  const shortest = new Date(plusYears(1).getTime() - 86_400_000);
  if (!(e >= shortest && e <= plusYears(3))) throw new DomainError('ban.length', { startsOn, endsOn }, 'endsOn');
}
