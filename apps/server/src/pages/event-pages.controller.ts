import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { pageLanguage } from '../web/page-context';
import type { Request } from 'express';
import type { GameResult } from '@chuhe/tournament';
import { CRITERIA, firstTeamIsRed, teamMatchScore, type CriterionId, type TeamBoardResult } from '@chuhe/standings';
import { knockoutRoundNames, knockoutView, placeText, type KnockoutRoundName, type StagePlaceReason } from '@chuhe/pairing';
import { isUuid } from '../auth/tournament-scope.service';
import { LineupsService } from '../lineups/lineups.service';
import { TeamReportService } from '../lineups/team-report.service';
import { PrismaService } from '../prisma/prisma.service';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService } from '../standings/standings.service';
import { bilingual, formatDateTime, matchesQuery, outcomeFor, pick, rankChartSvg, resultNote, resultPoints, sortByName, type Named } from './event-pages';
import { HTML_LANG, isMessageKey, Language, translate, translateKey } from './i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { eventView } from './event-view';
import { EventCache } from '../play/event-cache';
import type { LoadedEvent } from '../play/event-loader';

type RoundView = Awaited<ReturnType<RoundsService['list']>>[number];
type PairingView = RoundView['pairings'][number];
type Report = Awaited<ReturnType<StandingsService['standings']>>['report'];
interface Row {
  rank: number;
  entry: string;
  score: number;
  values: Record<string, unknown>;
  decidedBy: { label: string; rule: string; previous: unknown; current: unknown; criterion: string } | null;
  sharedRank: boolean;
  withdrawn?: { afterRound: number; reason: string };
}
interface ChainStep {
  criterion: string;
  label: string;
  rule: string;
  definition: string;
}
interface PlaceRow {
  place: number;
  places: [number, number];
  entry: string;
  shared?: boolean;
  status: string;
  basis: 'knockout' | 'standings';
  matches?: { stage: string; round: number; winner: string | null; loser: string | null; decidingGame: { kind: string } | null }[];
  row?: Row;
  /** A stage chain's places (libs/pairing stage-chain-standings): why, as data, and the stage it came from. */
  reason?: StagePlaceReason;
  stage?: number;
  notReached?: number;
}
interface EntryInfo extends Named {
  title: string;
  drawNumber: number | null;
  rating: number | null;
  affiliation: Named | null;
  status: string;
  withdrawnAfterRound: number | null;
  withdrawalReason: string | null;
}

/**
 * The public event pages (issues 12, 21): the event's hub (format, rules, schedule, starting list,
 * leaders, latest results, every link), pairings of each round by table and by name, standings with
 * every tie-break column and "why this rank", the round-robin crosstable or the Swiss rank table,
 * the knockout bracket, the players with a search, the player card, team match cards and team
 * results, and the printouts for the venue. They read through the same services as the JSON API,
 * so a page never shows what the API would not (drafts, secret lineups). Every page prints on A4.
 */
@ApiExcludeController()
@Controller()
export class EventPagesController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly rounds: RoundsService,
    private readonly standings: StandingsService,
    private readonly lineups: LineupsService,
    private readonly teamReport: TeamReportService,
    private readonly events: EventCache,
  ) {}

  @Get('events/:eventId')
  @Render('event')
  async event(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const file = await this.standings.file(eventId);
    const koNames = knockoutRoundNames(file);
    const hasBracket = koNames.size > 0;
    const tz = timeZoneOf(event.tournament);
    const full = await this.prisma.event.findUniqueOrThrow({
      where: { id: eventId },
      include: {
        entries: { include: { player: { include: { affiliation: true } }, team: { include: { affiliation: true, members: { include: { player: true } } } } } },
      },
    });
    const view = eventView(full, language);
    const stageCount = (event.stages as { type: string; rounds?: number }[]).map((s) => s.type);
    // Leaders: the top of the standings (or of the final places), with the points.
    const standing = rounds.length > 0 ? await this.standings.standings(eventId) : null;
    const table = standing ? tableOf(standing.report) : null;
    const places = standing ? placesOf(standing.report) : undefined;
    const leaders = places
      ? places.slice(0, 5).map((p) => ({
          rank: placeText(p).replace('-', '–'),
          ...this.entryLink(eventId, p.entry, names, language),
          score: p.row ? String(p.row.score) : '',
        }))
      : (table?.rows ?? [])
          .slice(0, 5)
          .map((r) => ({ rank: r.sharedRank ? `=${r.rank}` : String(r.rank), ...this.entryLink(eventId, r.entry, names, language), score: String(r.score) }));
    const last = [...rounds].reverse().find((r) => r.pairings.some((p) => p.games.some((g) => g.result !== null)));
    const recorded = await this.roundsWithRecords(eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    return {
      ...this.layout(language, event, `/events/${eventId}`),
      state: eventState(rounds, language),
      view,
      chain: (table?.chain ?? [])
        .filter((c) => c.criterion !== 'score')
        .map((c) => ({ label: criterionLabel(c.criterion, c.label, event.kind, language), rule: ruleText(c.rule, language) })),
      stageTypes: stageCount,
      timeZoneNote: translate('timeZoneNote', language, { zone: tz }),
      schedule: rounds.map((r) => ({
        number: r.number,
        label: roundLabel(r.number, koNames.get(r.number), language),
        startsAt: formatDateTime(r.scheduledAt, tz, language),
        state: translateKey(`roundState_${r.state}`, language),
        live: r.state === 'published',
        href: `/events/${eventId}/rounds/${r.number}?lang=${language}`,
        names: `/events/${eventId}/rounds/${r.number}/names?lang=${language}`,
        printPairings: `/events/${eventId}/rounds/${r.number}/print/pairings?lang=${language}`,
        printSlips: `/events/${eventId}/rounds/${r.number}/print/slips?lang=${language}`,
        printMatchCards: event.kind === 'team' ? `/events/${eventId}/rounds/${r.number}/print/match-cards?lang=${language}` : null,
      })),
      // Issue 21/25: the PGN of each round whose games have records, and of the whole event.
      roundPgns: rounds
        .filter((r) => recorded.has(r.id))
        .map((r) => ({ label: roundLabel(r.number, koNames.get(r.number), language), href: pgnHref(`/api/rounds/${r.id}/records.pgn`, language) })),
      eventPgn: recorded.size > 0 ? pgnHref(`/api/events/${eventId}/records.pgn`, language) : null,
      leaders,
      lastRound: last
        ? {
            label: translate('lastRoundResults', language, { round: roundLabel(last.number, koNames.get(last.number), language) }),
            href: `/events/${eventId}/rounds/${last.number}?lang=${language}`,
            rows: last.pairings
              .filter((p) => p.black !== null)
              .slice(0, 10)
              .map((p) => ({
                table: p.table,
                red: this.entryLink(eventId, p.red.id, names, language),
                black: this.entryLink(eventId, p.black!.id, names, language),
                score: scoreText(p, event.kind, scoring),
              })),
          }
        : null,
      links: {
        standings: `/events/${eventId}/standings?lang=${language}`,
        crosstable: `/events/${eventId}/crosstable?lang=${language}`,
        crosstableLabel: translate(
          event.kind === 'team' ? 'teamCrosstable' : stageCount.some((s) => s.includes('round_robin')) ? 'crosstable' : 'rankTable',
          language,
        ),
        teamReport: `/events/${eventId}/teams?lang=${language}`,
        players: `/events/${eventId}/players?lang=${language}`,
        bracket: hasBracket ? `/events/${eventId}/bracket?lang=${language}` : null,
        appeals: `/events/${eventId}/appeal-decisions?lang=${language}`,
        standingsCsv: `/api/events/${eventId}/standings.csv`,
        trf: `/api/events/${eventId}/trf`,
        tournamentFile: `/api/events/${eventId}/tournament-file`,
        wallChart: rounds.length > 0 ? `/events/${eventId}/print/standings?lang=${language}` : null,
      },
    };
  }

  @Get('events/:eventId/rounds/:number')
  @Render('pairings')
  async pairings(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    return { ...ctx, byTable: true, rows: ctx.rows };
  }

  /** "Where do I sit": every entry in alphabetical order of the page's script, with table and colour. */
  @Get('events/:eventId/rounds/:number/names')
  @Render('pairings-by-name')
  async pairingsByName(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    const { language } = ctx;
    const seats: {
      name: Named;
      entry: ReturnType<EventPagesController['side']>;
      table: number | null;
      colour: string;
      colourClass: string;
      opponent: ReturnType<EventPagesController['side']> | null;
      score: string;
    }[] = [];
    for (const r of ctx.rows) {
      if (r.red)
        seats.push({
          name: r.red.named,
          entry: r.red,
          table: r.table,
          colour: r.bye ? translate('bye', language) : translate('red', language),
          colourClass: r.bye ? '' : 'red',
          opponent: r.black,
          score: r.score,
        });
      if (r.black)
        seats.push({
          name: r.black.named,
          entry: r.black,
          table: r.table,
          colour: translate('black', language),
          colourClass: 'black',
          opponent: r.red,
          score: r.score,
        });
    }
    return { ...ctx, seats: sortByName(seats, (s) => s.name, language) };
  }

  @Get('events/:eventId/rounds/:number/print/pairings')
  @Render('print/pairing-sheet')
  async printPairings(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return { ...(await this.roundContext(eventId, number, lang, req)), printPage: true };
  }

  /** One slip per table for the two players and the arbiter to sign: result, time used (三章6B, 二章8节6). */
  @Get('events/:eventId/rounds/:number/print/slips')
  @Render('print/result-slips')
  async printSlips(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    const slips = ctx.rows
      .filter((r) => !r.bye)
      .flatMap(
        (
          r,
        ): {
          table: number | null;
          board: number | null;
          red: { primary: string; secondary: string } | null;
          black: { primary: string; secondary: string } | null;
          gameId: string | null;
          team: { red: unknown; black: unknown } | null;
        }[] =>
          r.boards.length > 0
            ? r.boards.map((b) => ({ table: r.table, board: b.board, red: b.red, black: b.black, gameId: b.gameId, team: { red: r.red, black: r.black } }))
            : [
                {
                  table: r.table,
                  board: null,
                  red: r.red ? { primary: r.red.primary, secondary: r.red.secondary } : null,
                  black: r.black ? { primary: r.black.primary, secondary: r.black.secondary } : null,
                  gameId: r.gameId,
                  team: null,
                },
              ],
      );
    return { ...ctx, printPage: true, slipEventName: ctx.eventNav.event.name, slips };
  }

  @Get('events/:eventId/rounds/:number/print/match-cards')
  @Render('print/match-cards')
  async printMatchCards(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    return { ...ctx, printPage: true, cards: ctx.rows.filter((r) => !r.bye) };
  }

  @Get('events/:eventId/standings')
  @Render('standings')
  async standingsPage(@Param('eventId') eventId: string, @Query('afterRound') afterRound: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    return this.standingsContext(eventId, afterRound, lang, req, `/events/${eventId}/standings`);
  }

  @Get('events/:eventId/print/standings')
  @Render('print/wall-chart')
  async printStandings(@Param('eventId') eventId: string, @Query('afterRound') afterRound: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    return { ...(await this.standingsContext(eventId, afterRound, lang, req, `/events/${eventId}/print/standings`)), printPage: true };
  }

  @Get('events/:eventId/crosstable')
  @Render('crosstable')
  async crosstable(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const result = await this.standings.standings(eventId);
    const rows = tableOf(result.report).rows;
    // A championship's final places come first (附录2 #10): the crosstable follows them.
    const places = placesOf(result.report);
    const order = places ? places.map((p) => p.entry) : rows.map((r) => r.entry);
    const rankOf = new Map(places ? places.map((p) => [p.entry, p.place] as const) : rows.map((r) => [r.entry, r.rank] as const));
    const scoreOf = new Map(rows.map((r) => [r.entry, r.score]));
    const roundRobin = (event.stages as { type: string }[]).some((s) => s.type.includes('round_robin'));
    const team = event.kind === 'team';
    const scoring = SCORING_FROM_DB[event.scoring];
    // Each entry's games: opponent, colour, result (red/black marked, 一章1节3 colours).
    type Cell = { round: number; opponent: string | null; colour: 'red' | 'black' | null; mark: string; kind: string; points: string; games: string };
    const cells = new Map<string, Cell[]>();
    const push = (id: string, v: Cell) => cells.set(id, [...(cells.get(id) ?? []), v]);
    for (const r of rounds) {
      for (const p of r.pairings) {
        if (!p.black) {
          push(p.red.id, { round: r.number, opponent: null, colour: null, mark: translate('bye', language), kind: 'bye', points: '', games: '' });
          continue;
        }
        const g = p.games.find((x) => x.kind === 'regular') ?? p.games[0];
        const result = team ? teamOutcome(p.games, scoring) : ((g?.result as GameResult | null) ?? null);
        const pts = team ? matchPoints(p.games, scoring) : resultPoints(result as GameResult | null, scoring);
        const gp = team ? boardPoints(p.games, scoring) : null;
        for (const [me, other, colour] of [
          [p.red.id, p.black.id, 'red'],
          [p.black.id, p.red.id, 'black'],
        ] as const) {
          const o = outcomeFor(result as GameResult | null, colour);
          push(me, { round: r.number, opponent: other, colour, mark: o.mark, kind: o.kind, points: pts ? pts[colour] : '', games: gp ? gp[colour] : '' });
        }
      }
    }
    const rowOf = (id: string) => ({ rank: rankOf.get(id), ...this.entryLink(eventId, id, names, language) });
    if (roundRobin) {
      return {
        ...this.layout(language, event, `/events/${eventId}/crosstable`, translate('crosstable', language)),
        roundRobin: true,
        heads: order.map((_, i) => i + 1),
        rows: order.map((id) => ({
          ...rowOf(id),
          cells: order.map((other) => {
            if (other === id) return { self: true };
            const games = (cells.get(id) ?? []).filter((c) => c.opponent === other);
            return { self: false, games: games.map((c) => ({ points: c.points, games: c.games, colour: c.colour, kind: c.kind, round: c.round })) };
          }),
          total: scoreOf.get(id),
        })),
        team,
      };
    }
    const roundNumbers = rounds.map((r) => r.number);
    return {
      ...this.layout(language, event, `/events/${eventId}/crosstable`, translate(team ? 'teamCrosstable' : 'rankTable', language)),
      roundRobin: false,
      team,
      roundNumbers,
      rows: order.map((id) => ({
        ...rowOf(id),
        cells: roundNumbers.map((n) => {
          const c = (cells.get(id) ?? []).find((x) => x.round === n);
          if (!c) return { text: '' };
          if (!c.opponent) return { text: c.mark, kind: 'bye' };
          const opp = `${rankOf.get(c.opponent) ?? '?'}${c.colour === 'red' ? translate('redShort', language) : translate('blackShort', language)}`;
          // Teams: the opponent, then match points and game points (附录1 #7); players: + = −.
          return { text: team ? `${opp} ${c.points}` : `${opp}${c.mark}`, sub: team && c.games ? c.games : '', kind: c.kind, colour: c.colour };
        }),
        total: scoreOf.get(id),
      })),
    };
  }

  @Get('events/:eventId/bracket')
  @Render('bracket')
  async bracket(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const file = await this.standings.file(eventId);
    const view = knockoutView(file);
    if (!view.ok) throw new NotFoundException(view.error.message);
    const rounds = await this.rounds.list(undefined, eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    const pairingOf = (round: number, a: string, b: string | null) =>
      rounds
        .find((r) => r.number === round)
        ?.pairings.find((p) => b !== null && ((p.red.id === a && p.black?.id === b) || (p.red.id === b && p.black?.id === a)));
    const name = (id: string | null) => (id ? this.entryLink(eventId, id, names, language) : null);
    const b = view.value;
    return {
      ...this.layout(language, event, `/events/${eventId}/bracket`, translate('bracket', language)),
      started: b !== null,
      rounds: (b?.rounds ?? []).map((r) => ({
        label: roundLabel(r.round, r.name, language),
        name: r.name,
        href: `/events/${eventId}/rounds/${r.round}?lang=${language}`,
        matches: r.matches.map((m) => {
          const p = pairingOf(m.round, m.top, m.bottom);
          return {
            top: { ...name(m.top)!, won: m.winner === m.top },
            bottom: m.bottom ? { ...name(m.bottom)!, won: m.winner === m.bottom } : null,
            walkover: m.bottom === null,
            games: m.games.map((g) => {
              const pts = resultPoints(g.result, scoring);
              return {
                kind: translate(`gameKind_${g.kind}`, language),
                red: pick(names.get(g.red), language),
                black: pick(names.get(g.black), language),
                score: pts ? `${pts.red} : ${pts.black}` : '–',
                note: g.drawCountsAsBlackWin ? translate('drawCountsForBlack', language) : resultNote(g.result, language),
              };
            }),
            decidedBy: m.decidedBy ? translate('decidedBy', language, { kind: translate(`gameKind_${m.decidedBy}`, language) }) : '',
            card: p ? `/events/${eventId}/rounds/${m.round}?lang=${language}` : null,
          };
        }),
      })),
      places: (b?.places ?? []).map((p) => ({ place: p.places[0] === p.places[1] ? String(p.places[0]) : `${p.places[0]}–${p.places[1]}`, ...name(p.entry)! })),
    };
  }

  @Get('events/:eventId/players')
  @Render('players')
  async players(@Param('eventId') eventId: string, @Query('q') q: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const query = typeof q === 'string' ? q.trim().slice(0, 60) : '';
    const all = [...names.entries()].sort((a, b) => (a[1].drawNumber ?? 1e9) - (b[1].drawNumber ?? 1e9));
    const shown = query ? all.filter(([, e]) => matchesQuery(e, query)) : all;
    return {
      ...this.layout(language, event, `/events/${eventId}/players`, translate(event.kind === 'team' ? 'teams' : 'players', language)),
      isTeam: event.kind === 'team',
      query,
      action: `/events/${eventId}/players`,
      resultNote: query ? translate('searchResults', language, { q: query, n: shown.length }) : '',
      players: shown.map(([id, e]) => ({ ...this.entryLink(eventId, id, names, language), status: statusText(e, language) })),
    };
  }

  @Get('events/:eventId/entries/:entryId')
  @Render('player')
  async player(@Param('eventId') eventId: string, @Param('entryId') entryId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const me = names.get(entryId);
    if (!me) throw new NotFoundException(translate('notFound', language));
    const rounds = await this.rounds.list(undefined, eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    const koNames = knockoutRoundNames(await this.standings.file(eventId));
    const games: Record<string, unknown>[] = [];
    const ranks: { round: number; rank: number }[] = [];
    for (const r of rounds) {
      const p = r.pairings.find((x) => x.red.id === entryId || x.black?.id === entryId);
      if (p) {
        const colour = p.red.id === entryId ? 'red' : 'black';
        const other = colour === 'red' ? p.black : p.red;
        const g = p.games.find((x) => x.kind === 'regular') ?? p.games[0];
        const result = event.kind === 'team' ? teamOutcome(p.games, scoring) : ((g?.result as GameResult | null) ?? null);
        const pts = event.kind === 'team' ? matchPoints(p.games, scoring) : resultPoints(result as GameResult | null, scoring);
        const o = other ? names.get(other.id) : undefined;
        games.push({
          round: r.number,
          roundName: koNames.has(r.number) ? translate(`knockoutRound_${koNames.get(r.number)!}`, language) : '',
          opponent: other ? this.entryLink(eventId, other.id, names, language) : null,
          opponentRating: o?.rating ?? '',
          colour: other ? translate(colour, language) : '',
          colourClass: other ? colour : '',
          points: other ? (pts ? pts[colour] : '') : translate('bye', language),
          note: event.kind === 'team' ? '' : resultNote(result as GameResult | null, language),
          // Issue 25: a team's match card and each board's game in the viewer (boards with players only).
          card: event.kind === 'team' && other ? `/pairings/${p.id}?lang=${language}` : null,
          boardGames:
            event.kind === 'team'
              ? p.games
                  .filter((x) => x.kind === 'regular' && (x.red || x.black))
                  .map((x) => ({ label: x.leg > 1 ? `${x.board}.${x.leg}` : String(x.board), href: `/games/${x.id}?lang=${language}` }))
              : [],
          gameHref: event.kind !== 'team' && other && g ? `/games/${g.id}?lang=${language}` : null,
          extra:
            event.kind === 'team'
              ? []
              : p.games
                  .filter((x) => x !== g)
                  .map((x) => `${translateKey(x.kind, language)} ${((v) => (v ? `${v[colour]}` : '–'))(resultPoints(x.result as GameResult | null, scoring))}`),
        });
      }
      if (r.state === 'completed') {
        const after = await this.standings.standings(eventId, r.number);
        const row = tableOf(after.report).rows.find((x) => x.entry === entryId);
        if (row) ranks.push({ round: r.number, rank: row.rank });
      }
    }
    return {
      ...this.layout(language, event, `/events/${eventId}/entries/${entryId}`, pick(me, language)),
      player: {
        ...bilingual(me, language),
        title: me.title,
        affiliation: me.affiliation ? pick(me.affiliation, language) : '',
        drawNumber: me.drawNumber,
        rating: me.rating ?? '',
        status: statusText(me, language),
      },
      isTeam: event.kind === 'team',
      games,
      chart: rankChartSvg(ranks, names.size, translate('rankByRound', language)),
    };
  }

  @Get('pairings/:pairingId')
  @Render('match-card')
  async matchCard(@Param('pairingId') pairingId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    if (!isUuid(pairingId)) throw new NotFoundException();
    const card = await this.lineups.lineups(pairingId, undefined);
    const round = await this.prisma.round.findUniqueOrThrow({ where: { id: card.roundId }, select: { eventId: true } });
    const { language, event } = await this.load(round.eventId, lang, req);
    const scoring = SCORING_FROM_DB[event.scoring];
    const named = (p: unknown) => (p && typeof p === 'object' && 'nameZh' in p ? bilingual(p as Named, language) : null);
    return {
      ...this.layout(
        language,
        event,
        `/pairings/${pairingId}`,
        `${translate('round', language, { n: card.roundNumber })} · ${translate('matchCard', language)}`,
      ),
      roundLabel: translate('round', language, { n: card.roundNumber }),
      table: card.table,
      released: card.boards.some((b) => b.red !== null || b.black !== null),
      teamA: card.red ? bilingual(card.red, language) : null,
      teamB: card.black ? bilingual(card.black, language) : null,
      // Team A (the first-listed team) always on the left; each board's colour marked: A is Red on
      // the odd boards (附录6 用法2), colours reversed in a board's second game (二章5节4).
      boards: card.boards.map((b) => {
        const aIsRed = firstTeamIsRed(b.board, b.leg);
        const pts = resultPoints(b.result as GameResult | null, scoring);
        return {
          board: b.leg > 1 ? `${b.board}.${b.leg}` : String(b.board),
          a: named(aIsRed ? b.red : b.black),
          b: named(aIsRed ? b.black : b.red),
          aColour: translate(aIsRed ? 'redShort' : 'blackShort', language),
          bColour: translate(aIsRed ? 'blackShort' : 'redShort', language),
          aClass: aIsRed ? 'red' : 'black',
          bClass: aIsRed ? 'black' : 'red',
          score: pts ? (aIsRed ? `${pts.red} : ${pts.black}` : `${pts.black} : ${pts.red}`) : '',
          note: resultNote(b.result as GameResult | null, language),
          // Issue 25: the board's game in the viewer, once its players are public.
          gameHref: b.red || b.black ? `/games/${b.id}?lang=${language}` : null,
        };
      }),
      score: card.score
        ? `${translate('matchPointsShort', language)} ${showPoints(card.score.matchPoints.red, scoring)} : ${showPoints(card.score.matchPoints.black, scoring)} · ${
            // 二章5节4: two games per board — 大分 decides, then 小分.
            'bigPoints' in card.score && card.score.bigPoints
              ? `${translate('bigPoints', language)} ${card.score.bigPoints.red} : ${card.score.bigPoints.black} · `
              : ''
          }${translate('gamePointsShort', language)} ${showPoints(card.score.gamePoints.red, scoring)} : ${showPoints(card.score.gamePoints.black, scoring)}`
        : '',
      eventHref: `/events/${round.eventId}?lang=${language}`,
    };
  }

  @Get('events/:eventId/teams')
  @Render('teams')
  async teams(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const report = await this.teamReport.report(eventId);
    const players = playerNames(event);
    return {
      ...this.layout(language, event, `/events/${eventId}/teams`, translate('teamReport', language)),
      teams: report.teams.map((t) => ({
        rank: t.rank,
        ...this.entryLink(eventId, t.entry, names, language),
        score: t.score,
        rounds: t.rounds.map((r) => ({
          round: r.round,
          opponent: r.opponent ? pick(names.get(r.opponent), language) : translate('bye', language),
          colour: r.colour ? translate(r.colour === 'red' ? 'redShort' : 'blackShort', language) : '',
          colourClass: r.colour ?? '',
          match: r.matchPoints ? `${r.matchPoints[0]}:${r.matchPoints[1]}` : '',
          games: r.gamePoints ? `${r.gamePoints[0]}:${r.gamePoints[1]}` : '',
        })),
      })),
      // Each player's record across boards; a reserve's total counts one board (附录1 #6).
      players: report.players
        .filter((m) => m.boards.length > 0)
        .map((m) => ({
          ...bilingual(players.get(m.player), language),
          team: pick(names.get(m.team), language),
          role: m.starterBoard === null ? translate('reserve', language) : `${translate('board', language)} ${m.starterBoard}`,
          boards: m.boards.map((b) => `${translate('board', language)} ${b.board}: ${b.points} / ${b.games}`).join(' · '),
          counted: m.countedPoints,
          countedBoard: m.countedBoard,
        })),
      boardPrizes: report.boardPrizes.map((b) => ({
        board: b.board,
        rows: b.rows.slice(0, 10).map((r) => ({
          rank: r.rank,
          ...bilingual(players.get(r.player), language),
          team: pick(names.get(r.team), language),
          points: r.points,
          games: r.games,
        })),
      })),
    };
  }

  // ── shared contexts ────────────────────────────────────────────────────────────────────

  /** A round's pairings as the pairings page, the by-name list and the printouts show them. */
  private async roundContext(eventId: string, number: string, lang: unknown, req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const round = rounds.find((r) => String(r.number) === number);
    if (!round) throw new NotFoundException(translate('notFound', language));
    const before = await this.scores(eventId, round.number - 1);
    const scoring = SCORING_FROM_DB[event.scoring];
    const file = await this.standings.file(eventId);
    const koName = knockoutRoundNames(file).get(round.number);
    // Each knockout match by its name: a 5+2 round 7 holds the final and the 3rd-place match (附录2 #6).
    const matchNames = new Map<string, KnockoutRoundName>();
    if (koName) {
      const ko = knockoutView(file);
      for (const r of ko.ok && ko.value ? ko.value.rounds : [])
        for (const m of r.matches) if (m.bottom) matchNames.set(`${m.round}|${[m.top, m.bottom].sort().join('|')}`, m.name);
    }
    const team = event.kind === 'team';
    const label = roundLabel(round.number, koName, language);
    const tz = timeZoneOf(event.tournament);
    const rows = round.pairings.map((p) => {
      const main = p.games.find((g) => g.kind === 'regular') ?? p.games[0];
      const points = team ? matchPoints(p.games, scoring) : resultPoints((main?.result as GameResult | null) ?? null, scoring);
      const matchName = p.black ? matchNames.get(`${round.number}|${[p.red.id, p.black.id].sort().join('|')}`) : undefined;
      return {
        table: p.table,
        stage: matchName ? translate(`knockoutRound_${matchName}`, language) : '',
        bye: p.black === null,
        red: this.side(eventId, p.red.id, names, before, language),
        black: p.black ? this.side(eventId, p.black.id, names, before, language) : null,
        score: points ? `${points.red} : ${points.black}` : '',
        note: team ? '' : resultNote((main?.result as GameResult | null) ?? null, language),
        gameId: main?.id ?? null,
        // Tie-break games of a knockout match (附录2 7b), named by kind.
        extra: team
          ? []
          : p.games
              .filter((g) => g !== main)
              .map((g) => ({
                label: translateKey(g.kind === 'regular' ? 'games' : g.kind, language),
                score: ((r) => (r ? `${r.red} : ${r.black}` : ''))(resultPoints(g.result as GameResult | null, scoring)),
              })),
        // Team boards, team A (the first-listed) Red on the odd boards (附录6 用法2).
        boards: team
          ? p.games
              .filter((g) => g.kind === 'regular')
              .map((g) => ({
                board: g.board,
                gameId: g.id,
                red: g.red ? bilingual(g.red, language) : null,
                black: g.black ? bilingual(g.black, language) : null,
                aIsRed: firstTeamIsRed(g.board, g.leg),
              }))
          : [],
        card: team && p.black ? `/pairings/${p.id}?lang=${language}` : null,
        // Issue 25: the game viewer (its record, when entered).
        gameHref: !team && p.black && main ? `/games/${main.id}?lang=${language}` : null,
      };
    });
    return {
      ...this.layout(language, event, `/events/${eventId}/rounds/${round.number}`, label),
      language,
      round: { number: round.number, label, state: round.state, startsAt: formatDateTime(round.scheduledAt, tz, language), knockout: koName ?? '' },
      isTeam: team,
      byTableHref: `/events/${eventId}/rounds/${round.number}?lang=${language}`,
      byNameHref: `/events/${eventId}/rounds/${round.number}/names?lang=${language}`,
      printPairings: `/events/${eventId}/rounds/${round.number}/print/pairings?lang=${language}`,
      printSlips: `/events/${eventId}/rounds/${round.number}/print/slips?lang=${language}`,
      printMatchCards: team ? `/events/${eventId}/rounds/${round.number}/print/match-cards?lang=${language}` : null,
      pgn: (await this.roundsWithRecords(eventId)).has(round.id) ? pgnHref(`/api/rounds/${round.id}/records.pgn`, language) : null,
      prev:
        round.number > 1
          ? { href: `/events/${eventId}/rounds/${round.number - 1}?lang=${language}`, label: translate('round', language, { n: round.number - 1 }) }
          : null,
      next: rounds.some((r) => r.number === round.number + 1)
        ? { href: `/events/${eventId}/rounds/${round.number + 1}?lang=${language}`, label: translate('round', language, { n: round.number + 1 }) }
        : null,
      rows,
    };
  }

  private async standingsContext(eventId: string, afterRound: unknown, lang: unknown, req: Request, path: string) {
    const n = typeof afterRound === 'string' && /^\d{1,3}$/.test(afterRound) ? Number(afterRound) : undefined;
    // The names and the table are independent reads: side by side (a 1,000-player page, issue 12).
    const [{ language, event, names }, result] = await Promise.all([this.load(eventId, lang, req), this.standings.standings(eventId, n)]);
    const table = tableOf(result.report);
    const chain = table.chain.filter((c) => c.criterion !== 'score');
    const columns = chain.map((c, i) => ({
      key: String.fromCharCode(65 + i),
      label: criterionLabel(c.criterion, c.label, event.kind, language),
      rule: ruleText(c.rule, language),
      definition: definitionOf(c, language),
    }));
    const labelOf = (criterion: string, label: string) => criterionLabel(criterion, label, event.kind, language);
    const rows = table.rows.map((r) => {
      const e = names.get(r.entry);
      return {
        rank: r.sharedRank ? `=${r.rank}` : String(r.rank),
        drawNumber: e?.drawNumber ?? '',
        ...bilingual(e, language),
        title: e?.title ?? '',
        affiliation: e?.affiliation ? pick(e.affiliation, language) : '',
        href: `/events/${eventId}/entries/${r.entry}?lang=${language}`,
        score: r.score,
        values: chain.map((c) => showValue(r.values[c.criterion])),
        why: whyText(r, language, labelOf),
        withdrawn: r.withdrawn ? withdrawnText(r.withdrawn, language) : '',
      };
    });
    const places = placesOf(result.report)?.map((p) => ({
      place: placeText(p).replace('-', '–'), // the library's text: shared =3, pending 1–4 (as the CSV and `chuhe standings`)
      ...bilingual(names.get(p.entry), language),
      href: `/events/${eventId}/entries/${p.entry}?lang=${language}`,
      status: p.status === 'final' ? '' : translate(p.status === 'provisional' ? 'provisional' : 'pending', language),
      why: placeWhy(p, names, language, labelOf),
    }));
    const heading = translate('standingsAfter', language, { n: result.afterRound });
    return {
      ...this.layout(language, event, path, heading),
      afterRound: result.afterRound,
      heading,
      columns,
      // Wide chains print landscape (chuhe.css: .landscape).
      landscape: columns.length > 4,
      rows,
      places,
      rounds: Array.from({ length: result.afterRound }, (_, i) => ({
        n: i + 1,
        href: `${path}?afterRound=${i + 1}&lang=${language}`,
        current: i + 1 === result.afterRound,
      })),
      wallChart: `/events/${eventId}/print/standings?afterRound=${result.afterRound}&lang=${language}`,
      csv: `/api/events/${eventId}/standings.csv${n !== undefined ? `?afterRound=${n}` : ''}`,
    };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────

  private entryLink(eventId: string, id: string, names: Map<string, EntryInfo>, language: Language) {
    const e = names.get(id);
    return {
      ...bilingual(e, language),
      href: `/events/${eventId}/entries/${id}?lang=${language}`,
      drawNumber: e?.drawNumber ?? '',
      rating: e?.rating ?? '',
      title: e?.title ?? '',
      affiliation: e?.affiliation ? pick(e.affiliation, language) : '',
      status: e ? statusText(e, language) : '',
    };
  }

  private side(eventId: string, id: string, names: Map<string, EntryInfo>, before: Map<string, string>, language: Language) {
    const e = names.get(id);
    return { ...this.entryLink(eventId, id, names, language), named: (e ?? { nameZh: '', nameEn: '' }) as Named, points: before.get(id) ?? '0' };
  }

  /** The ids of the event's rounds with at least one game record (their PGN is worth a link). */
  private async roundsWithRecords(eventId: string): Promise<Set<string>> {
    const rows = await this.prisma.pairing.findMany({
      where: { round: { eventId }, games: { some: { record: { isNot: null } } } },
      select: { roundId: true },
      distinct: ['roundId'],
    });
    return new Set(rows.map((r) => r.roundId));
  }

  /** The event from the one event model (play/event-cache.ts), and its entries' names for the page. */
  private async load(eventId: string, lang: unknown, req: Request) {
    const language = pageLanguage(req);
    const event = isUuid(eventId) ? await this.events.load(this.prisma, eventId) : null;
    // Unlisted is not secret (README): an unpublished tournament's pages answer whoever has the id — its preview link (issue 23 #9).
    if (!event) throw new NotFoundException(translate('notFound', language));
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
          },
        ] as const;
      }),
    );
    return { language, event, names };
  }

  /** Scores after a round (display units), for "points before the round" on the pairing list. */
  private async scores(eventId: string, afterRound: number): Promise<Map<string, string>> {
    if (afterRound < 1) return new Map();
    const result = await this.standings.standings(eventId, afterRound);
    return new Map(tableOf(result.report).rows.map((r) => [r.entry, String(r.score)]));
  }

  private layout(
    lang: Language,
    event: { id: string; nameZh: string; nameEn: string; kind: string; stages: unknown; tournament: { id: string; nameZh: string; nameEn: string } },
    path: string,
    subtitle?: string,
  ) {
    const eventName = pick(event, lang);
    const tournamentName = pick(event.tournament, lang);
    const stages = (event.stages as { type: string }[]).map((s) => s.type);
    const roundRobin = stages.some((s) => s.includes('round_robin'));
    const knockout = stages.length > 1 || stages.some((s) => s === 'knockout' || s.startsWith('championship'));
    const tabs = [
      { label: translate('hub', lang), href: `/events/${event.id}?lang=${lang}` },
      { label: translate('standings', lang), href: `/events/${event.id}/standings?lang=${lang}` },
      {
        label: translate(event.kind === 'team' ? 'teamCrosstable' : roundRobin ? 'crosstable' : 'rankTable', lang),
        href: `/events/${event.id}/crosstable?lang=${lang}`,
      },
      { label: translate(event.kind === 'team' ? 'teams' : 'players', lang), href: `/events/${event.id}/players?lang=${lang}` },
      ...(event.kind === 'team' ? [{ label: translate('teamReport', lang), href: `/events/${event.id}/teams?lang=${lang}` }] : []),
      ...(knockout ? [{ label: translate('bracket', lang), href: `/events/${event.id}/bracket?lang=${lang}` }] : []),
    ];
    const crumbs = [
      { label: tournamentName, href: `/tournaments/${event.tournament.id}?lang=${lang}` },
      ...(subtitle ? [{ label: eventName, href: `/events/${event.id}?lang=${lang}` }, { label: subtitle }] : [{ label: eventName }]),
    ];
    return {
      layout: 'layouts/main',
      lang,
      htmlLang: HTML_LANG[lang],
      // The page, the event, the tournament: a tab or a bookmark says which.
      title: [subtitle, eventName, tournamentName].filter(Boolean).join(' · '),
      breadcrumbs: crumbs,
      printHeader: [tournamentName, eventName, subtitle].filter(Boolean).join(' · '),
      eventNav: {
        tournament: { name: tournamentName, href: `/tournaments/${event.tournament.id}?lang=${lang}` },
        event: { name: eventName, otherName: lang === 'en' ? pick(event, 'zh') : event.nameEn, href: `/events/${event.id}?lang=${lang}` },
        tabs,
      },
    };
  }
}

/** A PGN download, named in English on English pages (records.controller.ts pgnName). */
function pgnHref(path: string, lang: Language): string {
  return lang === 'en' ? `${path}?lang=en` : path;
}

function timeZoneOf(tournament: object): string {
  const tz = (tournament as { timeZone?: unknown }).timeZone;
  return typeof tz === 'string' && tz ? tz : 'Asia/Shanghai';
}

/** "Round 7 · Final": a knockout round says which. */
function roundLabel(n: number, ko: KnockoutRoundName | undefined, lang: Language): string {
  const r = translate('round', lang, { n });
  return ko ? translate('roundOf', lang, { round: r, name: translate(`knockoutRound_${ko}`, lang) }) : r;
}

function tableOf(report: Report): { rows: Row[]; chain: ChainStep[] } {
  // A championship or a stage chain keeps the whole table under `standings` (libs/pairing standings-report).
  return 'standings' in report ? report.standings : report;
}

function placesOf(report: Report): PlaceRow[] | undefined {
  return 'places' in report ? report.places : undefined;
}

function scoreText(p: PairingView, kind: string, scoring: string): string {
  const main = p.games.find((g) => g.kind === 'regular') ?? p.games[0];
  const pts = kind === 'team' ? matchPoints(p.games, scoring) : resultPoints((main?.result as GameResult | null) ?? null, scoring);
  return pts ? `${pts.red} : ${pts.black}` : '';
}

/** Registration, round N in play, round N completed. */
function eventState(rounds: readonly RoundView[], lang: Language): string {
  if (rounds.length === 0) return translate('state_registration', lang);
  const last = rounds[rounds.length - 1];
  if (last.state !== 'completed') return translate('state_playing', lang, { n: last.number });
  return translate('state_between', lang, { n: last.number });
}

/** A chain step's column heading: the rules' Chinese name, or the English one. */
function criterionLabel(id: string, label: string, kind: string, lang: Language): string {
  const c = CRITERIA[id as CriterionId];
  if (!c) return label;
  if (lang === 'en') return c.english.split(/[(:;,]/)[0].trim();
  const zh = label && label !== id ? label.split(/[（(]所/)[0].replace(/^[A-H（(]?\w?[)）.、]?\s*/, '') : '';
  return translateKeyChinese(zh || (kind === 'team' ? c.name.team : c.name.individual), lang);
}

function translateKeyChinese(text: string, lang: Language): string {
  return lang === 'zh-Hant' ? bilingual({ nameZh: text, nameEn: '' }, lang).primary : text;
}

/** The rules' definition of a criterion, in the page's language (the English is CRITERIA's). */
function definitionOf(c: ChainStep, lang: Language): string {
  const k = CRITERIA[c.criterion as CriterionId];
  if (lang === 'en') return k ? k.definition : c.label;
  const zh = `critDef_${c.criterion}`;
  return isMessageKey(zh) ? translate(zh, lang) : translateKeyChinese(c.label, lang);
}

/** An article reference in the page's language: the chains' "附录2 #10 item 1" reads "附录2 #10 第1项" in Chinese. */
function ruleText(rule: string, lang: Language): string {
  return lang === 'en' ? rule : translateKeyChinese(rule.replace(/ item (\d+)/g, ' 第$1项'), lang);
}

function showValue(v: unknown): string {
  if (v === null || v === undefined) return '–';
  return Array.isArray(v) ? v.join(' ') : String(v);
}

function showPoints(points: number, scoring: string): string {
  if (scoring !== '1-0.5-0') return String(points);
  return points % 2 === 0 ? String(points / 2) : `${(points - 1) / 2 || ''}½`;
}

function whyText(row: Row, lang: Language, labelOf: (criterion: string, label: string) => string): string {
  if (row.sharedRank) return translate('whyTied', lang);
  const d = row.decidedBy;
  if (!d) return '';
  if (d.criterion === 'lot') return translate('whyLot', lang);
  return translate('whyVs', lang, {
    label: labelOf(d.criterion, d.label),
    previous: showValue(d.previous),
    current: showValue(d.current),
    rule: ruleText(d.rule, lang),
  });
}

/** Why a championship place (附录2 #10, 附录3 #2): the knockout match that decided it, or the others' standings — names, never ids. */
function placeWhy(p: PlaceRow, names: Map<string, EntryInfo>, lang: Language, labelOf: (criterion: string, label: string) => string): string {
  if (p.reason) return stagePlaceWhy(p.reason, p.stage ?? 1, p.notReached, lang);
  if (p.basis === 'knockout') {
    const decided = p.places[0] === p.places[1] ? [...(p.matches ?? [])].reverse().find((m) => m.winner !== null && m.stage !== 'semi_final') : undefined;
    if (decided && decided.decidingGame) {
      const won = decided.winner === p.entry;
      const opponent = pick(names.get((won ? decided.loser : decided.winner)!), lang);
      const stage = translateKey(`knockoutRound_${decided.stage}`, lang);
      return translate(won ? 'whyPlaceKnockoutWon' : 'whyPlaceKnockoutLost', lang, {
        stage,
        round: decided.round,
        opponent,
        kind: translate(`gameKind_${decided.decidingGame.kind as 'regular'}`, lang),
      });
    }
    return translate('whyPlaceRange', lang, { from: p.places[0], to: p.places[1] });
  }
  const row = p.row;
  const base = translate('whyPlaceStandings', lang, { rank: row?.rank ?? p.place, score: row?.score ?? '' });
  const why = row ? whyText(row, lang, labelOf) : '';
  return why ? `${base}; ${why}` : base;
}

/** A stage chain's place (二章1节3: by the last stage, then the stage before), worded from the library's reason — nothing recomputed. */
function stagePlaceWhy(reason: StagePlaceReason, stage: number, notReached: number | undefined, lang: Language): string {
  const text = (() => {
    switch (reason.kind) {
      case 'knockout_won':
        return translate('whyStageKnockoutWon', lang);
      case 'knockout_lost':
        return translate('whyStageKnockoutLost', lang, { round: translateKey(`knockoutRound_${reason.lostIn}`, lang) });
      case 'knockout_pending':
        return translate('whyStageKnockoutPending', lang, { to: reason.upTo });
      case 'stage_rank':
        return translate(reason.group ? 'whyStageGroupRank' : 'whyStageRank', lang, {
          rank: reason.rank,
          stage,
          type: translateKey(`stage_${reason.stageType}`, lang),
        });
      case 'by_table':
        return translate('whyStageByTable', lang);
    }
  })();
  return notReached ? `${text}${translate('whyStageNotReached', lang, { stage: notReached })}` : text;
}

function withdrawnText(w: { afterRound: number; reason: string }, lang: Language): string {
  const base = w.afterRound === 0 ? translate('withdrawnBefore', lang) : translate('withdrawnAfter', lang, { n: w.afterRound });
  if (w.reason === 'disqualification') return `${translate('disqualified', lang)} · ${base}`;
  if (w.reason === 'removal') return `${translate('removed', lang)} · ${base}`;
  return base;
}

function statusText(e: EntryInfo, lang: Language): string {
  if (e.status !== 'withdrawn') return '';
  return withdrawnText({ afterRound: e.withdrawnAfterRound ?? 0, reason: e.withdrawalReason ?? 'withdrawal' }, lang);
}

type BoardGame = { kind: string; board: number; leg?: number; result: string | null };

/** 场分 of a team match from its boards (附录1 #7, libs/standings teamMatchScore), display units; null while a board is open. */
function matchPoints(games: readonly BoardGame[], scoring: string): { red: string; black: string } | null {
  const s = teamMatchScore(games as readonly TeamBoardResult[]);
  return s && { red: showPoints(s.matchPoints[0], scoring), black: showPoints(s.matchPoints[1], scoring) };
}

/** 局分 of a team match: each side's boards added up (附录1 #7, libs/standings teamMatchScore), display units; null while a board is open. */
function boardPoints(games: readonly BoardGame[], scoring: string): { red: string; black: string } | null {
  const s = teamMatchScore(games as readonly TeamBoardResult[]);
  return s && { red: showPoints(s.gamePoints[0], scoring), black: showPoints(s.gamePoints[1], scoring) };
}

/** A team match's outcome as if it were one game, for the rank table's marks. */
function teamOutcome(games: readonly BoardGame[], scoring: string): GameResult | null {
  const m = matchPoints(games, scoring);
  if (!m) return null;
  return m.red === m.black ? 'draw' : Number(m.red) > Number(m.black) ? 'red_win' : 'black_win';
}

/** The team members' names by player id (a team event's boards name members, not entries). */
function playerNames(event: LoadedEvent): Map<string, Named> {
  return new Map(event.entries.flatMap((e) => e.team?.members ?? []).map((m) => [m.playerId, { nameZh: m.player.nameZh, nameEn: m.player.nameEn }]));
}
