import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { pageLanguage } from '../web/page-context';
import type { Request } from 'express';
import { isUuid } from '../auth/tournament-scope.service';
import { DEMO_ORGANIZER } from '../demo/demo-tournament';
import { PrismaService } from '../prisma/prisma.service';
import { chineseIn, HTML_LANG, Language, translate } from './i18n';
import { pick } from './event-pages';
import { eventView } from './event-view';

/** Public Handlebars pages. They only read; every write goes through the API. */
@ApiExcludeController()
@Controller()
export class PagesController {
  constructor(private readonly prisma: PrismaService) {}

  @Get()
  @Render('tournaments')
  async home(@Query('lang') lang: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    const tournaments = await this.prisma.tournament.findMany({ where: { publishedAt: { not: null } }, orderBy: { startDate: 'desc' } }); // listed once published (issue 13)
    // The home page says how to log in to the demo, when this database holds it (issue 20).
    const demo = (await this.prisma.user.count({ where: { email: DEMO_ORGANIZER.email } })) > 0;
    return {
      demo,
      ...layout(language, translate('tournaments', language), '/'),
      tournaments: tournaments.map((t) => ({
        id: t.id,
        name: pick(t, language),
        otherName: language === 'en' ? chineseIn(language, t.nameZh) : t.nameEn,
        venue: chineseIn(language, t.venue),
        dates: dateRange(t.startDate, t.endDate),
        href: `/tournaments/${t.id}?lang=${language}`,
      })),
    };
  }

  @Get('tournaments/:tournamentId')
  @Render('tournament')
  async tournament(@Param('tournamentId') id: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    const t = isUuid(id)
      ? await this.prisma.tournament.findUnique({
          where: { id },
          include: {
            events: {
              orderBy: { createdAt: 'asc' },
              include: {
                entries: {
                  include: {
                    player: { include: { affiliation: true } },
                    team: { include: { affiliation: true, members: { include: { player: true } } } },
                  },
                },
              },
            },
          },
        })
      : null;
    if (!t) throw new NotFoundException(translate('notFound', language));
    // Its organizer and chief arbiter find the setup pages from here (issue 20).
    const userId = (req as Request & { user?: { id: string } }).user?.id;
    const canManage = userId
      ? (await this.prisma.tournamentRole.count({ where: { tournamentId: t.id, userId, role: { in: ['organizer', 'chief_arbiter'] } } })) > 0
      : false;
    return {
      ...layout(language, pick(t, language), `/tournaments/${t.id}`),
      breadcrumbs: [{ label: pick(t, language) }],
      manageHref: canManage ? `/tournaments/${t.id}/manage` : undefined,
      tournament: {
        name: pick(t, language),
        otherName: language === 'en' ? chineseIn(language, t.nameZh) : t.nameEn,
        venue: chineseIn(language, t.venue),
        dates: dateRange(t.startDate, t.endDate),
        organizer: chineseIn(language, t.organizer),
        timeZone: (t as { timeZone?: string }).timeZone ?? '',
      },
      events: t.events.map((e) => ({
        ...eventView(e, language),
        href: `/events/${e.id}?lang=${language}`,
        links: eventLinks(e.id, e.kind, e.stages, language),
      })),
    };
  }
}

function layout(lang: Language, title: string, _path: string) {
  return { layout: 'layouts/main', lang, htmlLang: HTML_LANG[lang], title };
}

/** Every event's pages, linked from the tournament page (issue 21: reached from the home page by links). */
function eventLinks(id: string, kind: string, stages: unknown, lang: Language) {
  const types = (stages as { type: string }[]).map((s) => s.type);
  const knockout = types.length > 1 || types.some((t) => t === 'knockout' || t.startsWith('championship'));
  return [
    { label: translate('hub', lang), href: `/events/${id}?lang=${lang}` },
    { label: translate('standings', lang), href: `/events/${id}/standings?lang=${lang}` },
    {
      label: translate(kind === 'team' ? 'teamCrosstable' : types.some((t) => t.includes('round_robin')) ? 'crosstable' : 'rankTable', lang),
      href: `/events/${id}/crosstable?lang=${lang}`,
    },
    { label: translate(kind === 'team' ? 'teams' : 'players', lang), href: `/events/${id}/players?lang=${lang}` },
    ...(knockout ? [{ label: translate('bracket', lang), href: `/events/${id}/bracket?lang=${lang}` }] : []),
  ];
}

function dateRange(start: Date, end: Date): string {
  const s = start.toISOString().slice(0, 10);
  const e = end.toISOString().slice(0, 10);
  return s === e ? s : `${s} – ${e}`;
}
