import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { pageLanguage } from '../web/page-context';
import type { Request } from 'express';
import { ArchiveService } from '../archive/archive.service';
import { isUuid } from '../auth/tournament-scope.service';
import { AccessService } from '../auth/access.service';
import { REGISTRARS } from '../auth/auth.decorators';
import { AuthService } from '../auth/auth.service';
import { chineseIn, HTML_LANG, Language, translate } from '../i18n/i18n';
import { pick } from './event-pages';
import { eventView } from './event-view';

/** Public Handlebars pages. They only read; every write goes through the API. */
@ApiExcludeController()
@Controller()
export class PagesController {
  constructor(
    private readonly archive: ArchiveService,
    private readonly auth: AuthService,
    private readonly access: AccessService,
  ) {}

  /** The home page: the archive's calendar of public tournaments with its search (archive/, issue 33). */
  @Get()
  @Render('persons/home')
  async home(@Query('q') q: unknown, @Query('year') year: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    // The home page says how to log in to the demo, when this database holds it (issue 20).
    const demo = await this.auth.demoLoaded();
    const calendar = await this.archive.calendar(language, { q: typeof q === 'string' ? q : undefined, year: Number(year) || undefined });
    return { demo, ...layout(language, translate('tournaments', language), '/'), ...calendar };
  }

  @Get('tournaments/:tournamentId')
  @Render('tournament')
  async tournament(@Param('tournamentId') id: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    const t = isUuid(id) ? await this.archive.tournamentPage(id) : null;
    if (!t) throw new NotFoundException(translate('notFound', language));
    // Its organizer and chief arbiter find the setup pages from here (issue 20).
    const canManage = (await this.access.of((req as Request & { user?: { id: string } }).user, t.id)).has(...REGISTRARS);
    return {
      ...layout(language, pick(t, language), `/tournaments/${t.id}`),
      breadcrumbs: [{ label: pick(t, language) }],
      manageHref: canManage ? `/tournaments/${t.id}/manage` : undefined,
      tournament: {
        id: t.id,
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
