import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { isUuid } from '../auth/tournament-scope.service';
import { PrismaService } from '../prisma/prisma.service';
import { chooseLanguage, Language, translate } from './i18n';
import { eventView } from './event-view';

/** Public Handlebars pages. They only read; every write goes through the API. */
@ApiExcludeController()
@Controller()
export class PagesController {
  constructor(private readonly prisma: PrismaService) {}

  @Get()
  @Render('tournaments')
  async home(@Query('lang') lang: unknown, @Req() req: Request) {
    const language = chooseLanguage(lang, req.headers['accept-language']);
    const tournaments = await this.prisma.tournament.findMany({ where: { publishedAt: { not: null } }, orderBy: { startDate: 'desc' } }); // listed once published (issue 13)
    return {
      ...layout(language, translate('tournaments', language), '/'),
      tournaments: tournaments.map((t) => ({
        id: t.id,
        name: language === 'en' ? t.nameEn : t.nameZh,
        otherName: language === 'en' ? t.nameZh : t.nameEn,
        venue: t.venue,
        dates: dateRange(t.startDate, t.endDate),
      })),
    };
  }

  @Get('tournaments/:tournamentId')
  @Render('tournament')
  async tournament(@Param('tournamentId') id: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const language = chooseLanguage(lang, req.headers['accept-language']);
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
    const canManage = userId ? (await this.prisma.tournamentRole.count({ where: { tournamentId: t.id, userId, role: { in: ['organizer', 'chief_arbiter'] } } })) > 0 : false;
    return {
      ...layout(language, language === 'en' ? t.nameEn : t.nameZh, `/tournaments/${t.id}`),
      manageHref: canManage ? `/tournaments/${t.id}/manage` : undefined,
      tournament: {
        name: language === 'en' ? t.nameEn : t.nameZh,
        otherName: language === 'en' ? t.nameZh : t.nameEn,
        venue: t.venue,
        dates: dateRange(t.startDate, t.endDate),
        organizer: t.organizer,
      },
      events: t.events.map((e) => eventView(e, language)),
    };
  }
}

function layout(lang: Language, title: string, path: string) {
  const other: Language = lang === 'en' ? 'zh' : 'en';
  return {
    layout: 'layouts/main',
    lang,
    htmlLang: lang === 'en' ? 'en' : 'zh-Hans',
    title,
    switchHref: `${path}?lang=${other}`,
  };
}

function dateRange(start: Date, end: Date): string {
  const s = start.toISOString().slice(0, 10);
  const e = end.toISOString().slice(0, 10);
  return s === e ? s : `${s} – ${e}`;
}
