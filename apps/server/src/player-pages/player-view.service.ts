import { Injectable } from '@nestjs/common';
import { lineupDeadline, lineupReleased } from '@chuhe/tournament';
import type { Credential, GameResult } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';

interface Named {
  nameZh: string;
  nameEn: string;
}

export type Outcome = 'win' | 'draw' | 'loss' | 'win_forfeit' | 'loss_forfeit' | 'annulled' | 'pending';

/** One round of the holder in one event: where, against whom, how it ended (what may be shown of it). */
export interface MyGame {
  roundId: string;
  round: number;
  scheduledAt: Date | null;
  startedAt: Date | null;
  state: 'published' | 'completed';
  table: number | null;
  bye: boolean;
  /** Team events: the board (null while the lineups are not released). */
  board: number | null;
  colour: 'red' | 'black' | null;
  opponent: Named | null;
  opponentTeam: Named | null;
  gameId: string | null;
  result: GameResult | null;
  outcome: Outcome;
  lineupHidden: boolean;
}

export interface MyEvent {
  event: Named & { id: string; kind: 'individual' | 'team'; checkInPerRound: boolean };
  entryId: string;
  drawNumber: number | null;
  team: Named | null;
  games: MyGame[];
  next: MyGame | null;
  place: { place: number; score: string } | null;
  checkedInAt: Date | null;
}

export interface HolderView {
  credentialId: string;
  kind: string;
  tournament: Named & { id: string; timeZone: string; venue: string; published: boolean };
  name: Named;
  unit: Named | null;
  playerId: string | null;
  events: MyEvent[];
  /** Captains: the own team's lineup state for the match being prepared. */
  captain: { teamId: string; team: Named; pairingId: string | null; round: number | null; submittedAt: Date | null } | null;
}

/** The result seen from one side. */
export function outcomeFor(result: GameResult | null, colour: 'red' | 'black'): Outcome {
  if (!result) return 'pending';
  if (result === 'annulled') return 'annulled';
  if (result === 'draw') return 'draw';
  if (result === 'double_forfeit') return 'loss_forfeit';
  const winner = result.startsWith('red') ? 'red' : 'black';
  const forfeit = result.endsWith('_forfeit');
  if (winner === colour) return forfeit ? 'win_forfeit' : 'win';
  return forfeit ? 'loss_forfeit' : 'loss';
}

/**
 * What a holder's own page shows (issue 32 #2), read for one credential: the holder's events, each
 * round published so far with the table, colour, opponent and result, the next game, the place in
 * the standings. Only what the public pages show of other people: a team board's players once the
 * lineups are released (附录1 #8) or the board has a result; never a lineup before, nor a sealed move.
 */
@Injectable()
export class PlayerViewService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly standings: StandingsService,
  ) {}

  async view(credential: Pick<Credential, 'id' | 'kind' | 'tournamentId' | 'playerId' | 'userId'>): Promise<HolderView> {
    const tournament = await this.prisma.tournament.findUniqueOrThrow({
      where: { id: credential.tournamentId },
      select: { id: true, nameZh: true, nameEn: true, timeZone: true, venue: true, publishedAt: true },
    });
    const base = {
      credentialId: credential.id,
      kind: credential.kind,
      tournament: {
        id: tournament.id,
        nameZh: tournament.nameZh,
        nameEn: tournament.nameEn,
        timeZone: tournament.timeZone,
        venue: tournament.venue,
        published: !!tournament.publishedAt,
      },
    };
    if (!credential.playerId) {
      const user = credential.userId
        ? await this.prisma.user.findUnique({
            where: { id: credential.userId },
            select: { displayName: true, person: { select: { nameZh: true, nameEn: true } } },
          })
        : null;
      const name = user?.person ?? { nameZh: user?.displayName ?? '', nameEn: user?.displayName ?? '' };
      const captain = credential.kind === 'captain' && credential.userId ? await this.captainState(credential.tournamentId, credential.userId) : null;
      return { ...base, name, unit: null, playerId: null, events: [], captain };
    }
    return this.playerView(base, credential.playerId);
  }

  /** The signed-in user's person (the own-page check compares it with the player's). */
  personOfUser(userId: string) {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { personId: true } });
  }

  /** A player's person and tournament, for the own page. */
  playerWithTournament(playerId: string) {
    return this.prisma.player.findUnique({
      where: { id: playerId },
      select: { personId: true, tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true, venue: true, publishedAt: true } } },
    });
  }

  /** The page of a player of the tournament (a signed-in user's own, from My tournaments). */
  async playerView(base: Omit<HolderView, 'name' | 'unit' | 'playerId' | 'events' | 'captain'>, playerId: string): Promise<HolderView> {
    const player = await this.prisma.player.findUniqueOrThrow({
      where: { id: playerId },
      select: { id: true, nameZh: true, nameEn: true, affiliation: { select: { nameZh: true, nameEn: true } } },
    });
    const eventSelect = { select: { id: true, nameZh: true, nameEn: true, kind: true, checkInPerRound: true, lineupDeadlineMinutes: true } } as const;
    const own = await this.prisma.entry.findMany({ where: { playerId, status: 'active' }, select: { id: true, drawNumber: true, event: eventSelect } });
    const asMember = await this.prisma.teamMember.findMany({
      where: { playerId },
      select: {
        team: { select: { nameZh: true, nameEn: true, entries: { where: { status: 'active' }, select: { id: true, drawNumber: true, event: eventSelect } } } },
      },
    });
    const entries = [
      ...own.map((e) => ({ ...e, team: null as Named | null })),
      ...asMember.flatMap((m) => m.team.entries.map((e) => ({ ...e, team: { nameZh: m.team.nameZh, nameEn: m.team.nameEn } }))),
    ];
    const events: MyEvent[] = [];
    for (const entry of entries) events.push(await this.eventOf(entry, playerId));
    return { ...base, name: { nameZh: player.nameZh, nameEn: player.nameEn }, unit: player.affiliation, playerId, events, captain: null };
  }

  private async eventOf(
    entry: {
      id: string;
      drawNumber: number | null;
      team: Named | null;
      event: Named & { id: string; kind: 'individual' | 'team'; checkInPerRound: boolean; lineupDeadlineMinutes: number };
    },
    playerId: string,
  ): Promise<MyEvent> {
    const team = entry.event.kind === 'team';
    const pairings = await this.prisma.pairing.findMany({
      where: { round: { eventId: entry.event.id, state: { not: 'draft' } }, OR: [{ redEntryId: entry.id }, { blackEntryId: entry.id }] },
      orderBy: { round: { number: 'asc' } },
      select: {
        table: true,
        redEntryId: true,
        blackEntryId: true,
        round: { select: { id: true, number: true, scheduledAt: true, startedAt: true, state: true } },
        redEntry: { select: { player: { select: { nameZh: true, nameEn: true } }, team: { select: { nameZh: true, nameEn: true } } } },
        blackEntry: { select: { player: { select: { nameZh: true, nameEn: true } }, team: { select: { nameZh: true, nameEn: true } } } },
        lineups: { select: { entryId: true } },
        games: {
          orderBy: [{ board: 'asc' }, { leg: 'asc' }],
          select: {
            id: true,
            board: true,
            leg: true,
            result: true,
            redPlayerId: true,
            blackPlayerId: true,
            redPlayer: { select: { nameZh: true, nameEn: true } },
            blackPlayer: { select: { nameZh: true, nameEn: true } },
          },
        },
      },
    });
    const now = new Date();
    const games: MyGame[] = pairings.map((p) => {
      const entrySide: 'red' | 'black' = p.redEntryId === entry.id ? 'red' : 'black';
      const opponentEntry = entrySide === 'red' ? p.blackEntry : p.redEntry;
      const common = {
        roundId: p.round.id,
        round: p.round.number,
        scheduledAt: p.round.scheduledAt,
        startedAt: p.round.startedAt,
        state: p.round.state as 'published' | 'completed',
        table: p.table,
      };
      if (!p.blackEntryId)
        return {
          ...common,
          bye: true,
          board: null,
          colour: null,
          opponent: null,
          opponentTeam: null,
          gameId: null,
          result: null,
          outcome: 'win',
          lineupHidden: false,
        };
      if (!team) {
        const g = p.games[0];
        return {
          ...common,
          bye: false,
          board: null,
          colour: entrySide,
          opponent: opponentEntry?.player ?? null,
          opponentTeam: null,
          gameId: g?.id ?? null,
          result: g?.result ?? null,
          outcome: outcomeFor(g?.result ?? null, entrySide),
          lineupHidden: false,
        };
      }
      // 附录1 #8: the boards are public once both lineups are in or the deadline passed, or a board was played.
      const deadline = lineupDeadline(p.round.scheduledAt, entry.event.lineupDeadlineMinutes);
      const released = lineupReleased({ bothIn: p.lineups.length === 2, deadlinePassed: deadline !== null && deadline <= now });
      const played = p.round.state === 'completed' || p.games.some((g) => g.result !== null);
      const g = p.games.find((x) => x.redPlayerId === playerId || x.blackPlayerId === playerId);
      if (!(released || played) || !g)
        return {
          ...common,
          bye: false,
          board: null,
          colour: null,
          opponent: null,
          opponentTeam: opponentEntry?.team ?? null,
          gameId: null,
          result: null,
          outcome: 'pending',
          lineupHidden: !(released || played),
        };
      const colour: 'red' | 'black' = g.redPlayerId === playerId ? 'red' : 'black';
      return {
        ...common,
        bye: false,
        board: g.board,
        colour,
        opponent: colour === 'red' ? g.blackPlayer : g.redPlayer,
        opponentTeam: opponentEntry?.team ?? null,
        gameId: g.id,
        result: g.result,
        outcome: outcomeFor(g.result, colour),
        lineupHidden: false,
      };
    });
    const next = [...games].reverse().find((g) => g.state === 'published' && g.result === null && !g.bye) ?? null;
    let place: MyEvent['place'] = null;
    if (games.some((g) => g.state === 'completed' || g.result !== null)) {
      const s = await this.standings.standings(entry.event.id).catch(() => null);
      type Rows = { rows?: { entry: string; rank: number; score: number }[] };
      const report = s?.report as (Rows & { standings?: Rows }) | undefined;
      // A championship or a stage chain keeps the whole table under `standings` (as the standings page reads it).
      const rows = report ? (report.standings ?? report).rows : undefined;
      const row = rows?.find((r) => r.entry === entry.id);
      if (row) place = { place: row.rank, score: String(row.score) };
    }
    const checkIn = await this.prisma.checkIn.findFirst({
      where: { eventId: entry.event.id, playerId, roundNumber: entry.event.checkInPerRound ? (next?.round ?? -1) : 0 },
      select: { checkedInAt: true },
    });
    const { lineupDeadlineMinutes: _l, ...event } = entry.event;
    return { event, entryId: entry.id, drawNumber: entry.drawNumber, team: entry.team, games, next, place, checkedInAt: checkIn?.checkedInAt ?? null };
  }

  /** A captain's own team: whether its lineup for the latest published match is in (never the other team's). */
  private async captainState(tournamentId: string, userId: string): Promise<HolderView['captain']> {
    const role = await this.prisma.tournamentRole.findFirst({
      where: { tournamentId, userId, role: 'team_captain', teamId: { not: null } },
      select: { team: { select: { id: true, nameZh: true, nameEn: true, entries: { select: { id: true } } } } },
    });
    if (!role?.team) return null;
    const entryIds = role.team.entries.map((e) => e.id);
    const pairing = await this.prisma.pairing.findFirst({
      where: { round: { state: 'published' }, OR: [{ redEntryId: { in: entryIds } }, { blackEntryId: { in: entryIds } }] },
      orderBy: { round: { number: 'desc' } },
      select: { id: true, round: { select: { number: true } }, lineups: { where: { entryId: { in: entryIds } }, select: { submittedAt: true } } },
    });
    return {
      teamId: role.team.id,
      team: { nameZh: role.team.nameZh, nameEn: role.team.nameEn },
      pairingId: pairing?.id ?? null,
      round: pairing?.round.number ?? null,
      submittedAt: pairing?.lineups[0]?.submittedAt ?? null,
    };
  }
}
