import { Controller, Get, NotFoundException, Param, Query, Render, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { methodOf } from '@chuhe/ratings';
import { isUuid } from '../auth/tournament-scope.service';
import { chineseIn, HTML_LANG, translate, type Language } from '../i18n/i18n';
import { bilingual, pick } from '../pages/event-pages';
import { RatingsService } from '../ratings/ratings.service';
import { pageLanguage } from '../web/page-context';
import { PersonsService } from './persons.service';
import { OPPONENTS_SHOWN } from './games-page';
import { ratingChartSvg } from './rating-chart';

const MARK: Record<string, [string, string]> = {
  red_win: ['won', 'lost'],
  black_win: ['lost', 'won'],
  draw: ['drawn', 'drawn'],
  red_win_forfeit: ['won', 'lost'],
  black_win_forfeit: ['lost', 'won'],
  red_win_penalty: ['won', 'lost'],
  black_win_penalty: ['lost', 'won'],
  double_forfeit: ['notPlayed', 'notPlayed'],
  annulled: ['notPlayed', 'notPlayed'],
};

/** The registry's public pages (issue 33): a person's profile, a rating list, an event's rating report. */
@ApiExcludeController()
@Controller()
export class PersonPagesController {
  constructor(
    private readonly persons: PersonsService,
    private readonly ratings: RatingsService,
  ) {}

  /** A profile; `?vs=` narrows the games to one opponent (head-to-head), `?page=` pages them. A merged person's link redirects. */
  @Get('persons/:personId')
  async profile(
    @Param('personId') personId: string,
    @Query('vs') vs: unknown,
    @Query('page') page: unknown,
    @Query('opponents') opponents: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const language = pageLanguage(req);
    if (!isUuid(personId)) throw new NotFoundException(translate('notFound', language));
    const vsId = typeof vs === 'string' && isUuid(vs) ? vs : null;
    const data = await this.persons.profilePage(personId, { page, vs: vsId, allOpponents: opponents === 'all' }).catch(() => null);
    if (!data) throw new NotFoundException(translate('notFound', language));
    if ('redirectTo' in data) return res.redirect(301, `/persons/${data.redirectTo}?lang=${language}`);
    const { person, events, games: shown, opponent, headToHead, opponentCount, ratings, titles, bans } = data;
    const name = bilingual(person, language);
    const pageHref = (n: number) => `/persons/${personId}?${opponent ? `vs=${opponent.personId}&` : ''}page=${n}&lang=${language}#games`;
    const eventName = new Map(
      events.map((e) => [
        e.eventId,
        `${pick({ nameZh: e.tournamentZh, nameEn: e.tournamentEn }, language)} · ${pick({ nameZh: e.eventZh, nameEn: e.eventEn }, language)}`,
      ]),
    );
    const changeOf = new Map(ratings.filter((r) => r.eventId).map((r) => [r.eventId!, r]));
    const lists = [...new Set(ratings.map((r) => r.listName))];
    const charts = lists.map((list) => {
      const rows = ratings.filter((r) => r.listName === list);
      return {
        list,
        current: rows[rows.length - 1].rating,
        svg: ratingChartSvg(
          rows.map((r) => ({
            at: r.effectiveAt,
            rating: r.rating,
            label: r.eventZh ? pick({ nameZh: r.eventZh, nameEn: r.eventEn ?? r.eventZh }, language) : list,
          })),
          `${translate('ratingHistory', language)} · ${list}`,
        ),
        href: `/rating-lists/${rows[0].listId}?lang=${language}`,
      };
    });
    return res.render('persons/profile', {
      layout: 'layouts/main',
      lang: language,
      htmlLang: HTML_LANG[language],
      title: name.primary,
      breadcrumbs: [{ label: translate('profile', language) }, { label: name.primary }],
      person: {
        ...name,
        unit: person.unitZh ? pick({ nameZh: person.unitZh, nameEn: person.unitEn ?? person.unitZh }, language) : '',
        birthYear: person.birthYear ?? '',
        federationId: person.federationId ?? '',
      },
      titles: titles.map((t) => (language === 'en' ? t.titleEn : chineseIn(language, t.titleZh))),
      bans: bans.map((b) => translate('bannedUntil', language, { until: b.endsOn.toISOString().slice(0, 10), decision: b.decision })),
      charts,
      events: events.map((e) => {
        const r = changeOf.get(e.eventId);
        return {
          date: e.startDate.toISOString().slice(0, 10),
          tournament: pick({ nameZh: e.tournamentZh, nameEn: e.tournamentEn }, language),
          event: pick({ nameZh: e.eventZh, nameEn: e.eventEn }, language),
          href: `/events/${e.eventId}/entries/${e.entryId}?lang=${language}`,
          place: e.place ?? '',
          score: e.score,
          games: e.games,
          rating: r ? r.rating : '',
          change: r && r.ratingBefore !== null ? signed(r.rating - r.ratingBefore) : r ? translate('newlyRated', language) : '',
          reportHref: r ? `/events/${e.eventId}/rating-report?lang=${language}` : '',
        };
      }),
      opponent: opponent
        ? { name: pick({ nameZh: opponent.opponentZh, nameEn: opponent.opponentEn }, language), allHref: `/persons/${personId}?lang=${language}` }
        : null,
      gamesPaging:
        shown.pages > 1
          ? {
              range: translate('gamesRange', language, { from: shown.from, to: shown.to, total: shown.total }),
              newerHref: shown.page > 1 ? pageHref(shown.page - 1) : '',
              olderHref: shown.page < shown.pages ? pageHref(shown.page + 1) : '',
            }
          : null,
      games: shown.rows.map((g) => ({
        date: g.startDate.toISOString().slice(0, 10),
        event: eventName.get(g.eventId) ?? '',
        round: g.round,
        colour: translate(g.colour === 'red' ? 'red' : 'black', language),
        colourClass: g.colour,
        opponent: pick({ nameZh: g.opponentZh ?? '', nameEn: g.opponentEn ?? '' }, language),
        opponentHref: g.opponentPersonId ? `/persons/${g.opponentPersonId}?lang=${language}` : '',
        result: translate((MARK[g.result] ?? ['notPlayed', 'notPlayed'])[g.colour === 'red' ? 0 : 1] as 'won', language),
        gameHref: `/games/${g.gameId}?lang=${language}`,
      })),
      allOpponents:
        opponents !== 'all' && opponentCount > OPPONENTS_SHOWN
          ? { href: `/persons/${personId}?opponents=all&lang=${language}#head-to-head`, count: opponentCount }
          : null,
      headToHead: headToHead.map((h) => ({
        name: pick({ nameZh: h.opponentZh, nameEn: h.opponentEn }, language),
        href: `/persons/${h.personId}?lang=${language}`,
        gamesHref: `/persons/${personId}?vs=${h.personId}&lang=${language}#games`,
        wdl: `${h.wins}-${h.draws}-${h.losses}`,
        games: h.games,
      })),
    });
  }

  /** A rating list as published on a date (default today), with its CSV. */
  @Get('rating-lists/:listId')
  @Render('persons/rating-list')
  async list(@Param('listId') listId: string, @Query('asOf') asOf: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    const list = isUuid(listId) ? await this.ratings.findList(listId) : null;
    if (!list) throw new NotFoundException(translate('notFound', language));
    const day = typeof asOf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asOf) && !Number.isNaN(Date.parse(asOf)) ? asOf : new Date().toISOString().slice(0, 10);
    const rows = await this.ratings.ratingsOn(listId, new Date(`${day}T00:00:00Z`));
    return {
      ...layout(language, list.name),
      breadcrumbs: [{ label: translate('ratingLists', language) }, { label: list.name }],
      list: { name: list.name, asOf: day, heading: translate('asOf', language, { date: day }) },
      csvHref: `/api/rating-lists/${listId}/ratings.csv?asOf=${day}`,
      rows: rows.map((r, i) => ({ rank: i + 1, ...bilingual(r, language), href: `/persons/${r.personId}?lang=${language}`, rating: r.rating, games: r.games })),
    };
  }

  /** An event's rating report, printable on A4: each person's games, expectation, K and change. */
  @Get('events/:eventId/rating-report')
  @Render('persons/rating-report')
  async report(@Param('eventId') eventId: string, @Req() req: Request) {
    const language = pageLanguage(req);
    if (!isUuid(eventId)) throw new NotFoundException(translate('notFound', language));
    const { event, rows } = await this.ratings.report(eventId).catch(() => {
      throw new NotFoundException(translate('notFound', language));
    });
    const method = methodOf(event.ratingList?.method ?? {});
    const eventTitle = `${pick(event.tournament, language)} · ${pick(event, language)}`;
    return {
      ...layout(language, `${translate('ratingReport', language)} · ${eventTitle}`),
      printPage: true,
      breadcrumbs: [
        { label: pick(event.tournament, language), href: `/tournaments/${event.tournamentId}?lang=${language}` },
        { label: translate('ratingReport', language) },
      ],
      eventTitle,
      listName: event.ratingList?.name ?? '',
      listHref: event.ratingListId ? `/rating-lists/${event.ratingListId}?lang=${language}` : '',
      method: translate('ratingMethod', language, { scale: method.scale, maxDifference: method.maxDifference }),
      rows: rows.map((r) => ({
        ...bilingual(r.person, language),
        href: `/persons/${r.person.id}?lang=${language}`,
        before: r.ratingBefore ?? translate('newlyRated', language),
        after: r.rating,
        change: r.change === null ? '' : signed(r.change),
        k: r.k,
        score: fmt(r.score),
        expected: r.expected.toFixed(2),
        performance: r.performance ?? '',
        lines: r.lines.map((l) => ({
          opponent: r.person && l.opponentPerson ? pick(l.opponentPerson, language) : '',
          opponentRating: l.opponentRating,
          colour: translate(l.colour === 'red' ? 'red' : 'black', language),
          score: fmt(l.score),
          expected: l.expected.toFixed(3),
          change: l.change.toFixed(1),
        })),
      })),
    };
  }
}

function layout(lang: Language, title: string) {
  return { layout: 'layouts/main', lang, htmlLang: HTML_LANG[lang], title };
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.5$/, '½').replace(/^0½$/, '½');
}
