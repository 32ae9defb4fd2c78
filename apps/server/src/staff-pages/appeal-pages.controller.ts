import { PUBLIC_RESULT_KEYS, wordIn } from '../i18n/keys';
import { Controller, Get, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { pageLanguage } from '../web/page-context';
import type { Request } from 'express';
import { uuidParam } from '../common/id-param';
import { chineseIn, HTML_LANG, translate, withTraditional } from '../i18n/i18n';
import { formatDateTime, pick } from '../pages/event-pages';
import { AppealsService } from '../appeals/appeals.service';
import { missingResource } from '../common/errors';

const WORDS = withTraditional({
  zh: {
    title: '仲裁委员会裁决',
    intro: '仲裁委员会的复审决定为最终裁决，即时生效（三章7C）。',
    round: '轮',
    table: '台',
    board: '盘',
    state: '决定',
    result: '对局结果',
    summary: '摘要',
    decidedAt: '时间',
    none: '暂无裁决。',
    upheld: '申诉得直',
    dismissed: '驳回申诉',
  },
  en: {
    title: 'Appeals committee decisions',
    intro: 'The committee’s decisions are final and effective at once (三章7C).',
    round: 'Round',
    table: 'Table',
    board: 'Board',
    state: 'Decision',
    result: 'Game result',
    summary: 'Summary',
    decidedAt: 'Decided',
    none: 'No decisions yet.',
    upheld: 'upheld',
    dismissed: 'dismissed',
  },
});

/** The public list of decided appeals on an event (no private notes, no voters' names). */
@ApiExcludeController()
@Controller()
export class AppealPagesController {
  constructor(private readonly appeals: AppealsService) {}

  @Get('events/:eventId/appeal-decisions')
  @Render('appeal-decisions')
  async decisions(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    const event = await this.appeals.publicEvent(eventId);
    if (!event) throw missingResource('eventId', 'event');
    const s = WORDS[language];
    const rows = await this.appeals.publicDecisions(eventId);
    return {
      layout: 'layouts/main',
      lang: language,
      htmlLang: HTML_LANG[language],
      // The page, the event, the tournament (issue 21: titles name them).
      title: [s.title, pick(event, language), pick(event.tournament, language)].join(' · '),
      breadcrumbs: [
        { label: pick(event.tournament, language), href: `/tournaments/${event.tournament.id}?lang=${language}` },
        { label: pick(event, language), href: `/events/${event.id}?lang=${language}` },
        { label: s.title },
      ],
      eventNav: {
        event: { name: pick(event, language) },
        tabs: [
          { label: translate('hub', language), href: `/events/${event.id}?lang=${language}` },
          { label: translate('standings', language), href: `/events/${event.id}/standings?lang=${language}` },
        ],
      },
      s,
      eventName: pick(event, language),
      decisions: rows.map((r) => ({
        round: r.round ?? '',
        table: r.table ?? '',
        board: r.board ?? '',
        state: r.state === 'upheld' ? s.upheld : s.dismissed,
        // A result's words, never its code (issue 21).
        result: r.decidedResult ? wordIn(PUBLIC_RESULT_KEYS, r.decidedResult, language) : '',
        summary: chineseIn(language, r.publicSummary ?? ''),
        decidedAt: formatDateTime(r.decidedAt, event.tournament.timeZone, language),
      })),
    };
  }
}
