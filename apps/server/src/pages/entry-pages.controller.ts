import { GAME_KIND_KEYS, wordIn } from '../i18n/keys';
import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { type GameResult } from '@chuhe/tournament';
import { knockoutRoundNames } from '@chuhe/pairing';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService } from '../standings/standings.service';
import { bilingual, matchesQuery, pick, rankChartSvg, resultNote, resultPoints } from './event-pages';
import { translate } from '../i18n/i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { LivePage } from '../live/live-pages';
import { EventPageData } from './event-page-data';
import { entryLink, layout, statusText } from './event-page-view';
import { matchPoints, teamOutcome } from './match-view';
import { tableOf } from './standings-view';
import { titlesOf } from './person-name';

/** The players (or teams) with a search, and the player card: games, rank by round, profile link (issues 12, 33). */
@ApiExcludeController()
@Controller()
export class EntryPagesController {
  constructor(
    private readonly data: EventPageData,
    private readonly rounds: RoundsService,
    private readonly standings: StandingsService,
  ) {}

  @Get('events/:eventId/players')
  @LivePage()
  @Render('players')
  async players(@Param('eventId') eventId: string, @Query('q') q: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.data.load(eventId, lang, req);
    const query = typeof q === 'string' ? q.trim().slice(0, 60) : '';
    const all = [...names.entries()].sort((a, b) => (a[1].drawNumber ?? 1e9) - (b[1].drawNumber ?? 1e9));
    const shown = query ? all.filter(([, e]) => matchesQuery(e, query)) : all;
    return {
      ...layout(language, event, `/events/${eventId}/players`, translate(event.kind === 'team' ? 'teams' : 'players', language)),
      isTeam: event.kind === 'team',
      query,
      action: `/events/${eventId}/players`,
      resultNote: query ? translate('searchResults', language, { q: query, n: shown.length }) : '',
      players: shown.map(([id, e]) => ({ ...entryLink(eventId, id, names, language), status: statusText(e, language) })),
    };
  }

  @Get('events/:eventId/entries/:entryId')
  @LivePage()
  @Render('player')
  async player(@Param('eventId') eventId: string, @Param('entryId') entryId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.data.load(eventId, lang, req);
    const recorded = await this.data.recordedGames(eventId);
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
          opponent: other ? entryLink(eventId, other.id, names, language) : null,
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
          // Called "record" only once there is one (issue 30 #6).
          recorded: !!g && recorded.has(g.id),
          extra:
            event.kind === 'team'
              ? []
              : p.games
                  .filter((x) => x !== g)
                  .map(
                    (x) =>
                      `${wordIn(GAME_KIND_KEYS, x.kind, language)} ${((v) => (v ? `${v[colour]}` : '–'))(resultPoints(x.result as GameResult | null, scoring))}`,
                  ),
        });
      }
      if (r.state === 'completed') {
        const after = await this.standings.standings(eventId, r.number);
        const row = tableOf(after.report).rows.find((x) => x.entry === entryId);
        if (row) ranks.push({ round: r.number, rank: row.rank });
      }
    }
    return {
      ...layout(language, event, `/events/${eventId}/entries/${entryId}`, pick(me, language)),
      player: {
        ...bilingual(me, language),
        title: me.title,
        titles: titlesOf(me, language),
        affiliation: me.affiliation ? pick(me.affiliation, language) : '',
        drawNumber: me.drawNumber,
        rating: me.rating ?? '',
        status: statusText(me, language),
        profileHref: me.personId ? `/persons/${me.personId}?lang=${language}` : '',
      },
      isTeam: event.kind === 'team',
      games,
      chart: rankChartSvg(ranks, names.size, translate('rankByRound', language)),
    };
  }
}
