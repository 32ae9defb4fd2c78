import { Controller, Get, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { uuidParam } from '../common/id-param';
import { chooseLanguage, type Language } from './i18n';
import { STAFF_LABELS } from './staff-pages-labels';

/**
 * Staff pages (issue 12): the login page, the chief arbiter's console, the arbiter's result sheet
 * and the captain's lineup form. Each is an empty shell with its words; public/console.js logs in
 * (POST /api/auth/login, the bearer token kept in sessionStorage) and fills the page from the API
 * with `Authorization: Bearer …` — no cookie, hence no CSRF surface. Nothing private is rendered
 * here: the data comes from staff-pages-api.controller.ts, which answers 401/403 like the rest.
 */
@ApiExcludeController()
@Controller()
export class StaffPagesController {
  @Get('events/:eventId/console')
  @Render('console')
  console(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return shell(chooseLanguage(lang, req.headers['accept-language']), `/events/${eventId}/console`, 'consoleTitle', 'console', { eventId });
  }

  @Get('rounds/:roundId/results')
  @Render('results-sheet')
  resultSheet(@Param('roundId', uuidParam('roundId')) roundId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return shell(chooseLanguage(lang, req.headers['accept-language']), `/rounds/${roundId}/results`, 'sheetTitle', 'results', { roundId });
  }

  @Get('pairings/:pairingId/lineup')
  @Render('lineup')
  lineup(@Param('pairingId', uuidParam('pairingId')) pairingId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return shell(chooseLanguage(lang, req.headers['accept-language']), `/pairings/${pairingId}/lineup`, 'lineupTitle', 'lineup', { pairingId });
  }
}

function shell(lang: Language, path: string, titleKey: string, page: string, ids: Record<string, string>) {
  const s = STAFF_LABELS[lang];
  return {
    layout: 'layouts/main',
    lang,
    htmlLang: lang === 'en' ? 'en' : 'zh-Hans',
    title: s[titleKey] as string,
    switchHref: `${path}?lang=${lang === 'en' ? 'zh' : 'en'}`,
    s,
    page,
    labelsJson: JSON.stringify(s).replace(/</g, '\\u003c'),
    ...ids,
  };
}
