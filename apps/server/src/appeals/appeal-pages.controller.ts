import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { pageLanguage } from '../web/page-context';
import type { Request } from 'express';
import { uuidParam } from '../common/id-param';
import { chooseLanguage, withTraditional } from '../pages/i18n';
import { PrismaService } from '../prisma/prisma.service';
import { AppealsService } from './appeals.service';

const WORDS = withTraditional({
  zh: { title: '仲裁委员会裁决', intro: '仲裁委员会的复审决定为最终裁决，即时生效（三章7C）。', round: '轮', table: '台', board: '盘', state: '决定', result: '对局结果', summary: '摘要', decidedAt: '时间', none: '暂无裁决。', upheld: '申诉得直', dismissed: '驳回申诉' },
  en: { title: 'Appeals committee decisions', intro: 'The committee’s decisions are final and effective at once (三章7C).', round: 'Round', table: 'Table', board: 'Board', state: 'Decision', result: 'Game result', summary: 'Summary', decidedAt: 'Decided', none: 'No decisions yet.', upheld: 'upheld', dismissed: 'dismissed' },
});

/** The public list of decided appeals on an event (no private notes, no voters' names). */
@ApiExcludeController()
@Controller()
export class AppealPagesController {
  constructor(
    private readonly appeals: AppealsService,
    private readonly prisma: PrismaService,
  ) {}

  @Get('events/:eventId/appeal-decisions')
  @Render('appeal-decisions')
  async decisions(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const language = pageLanguage(req);
    const event = await this.prisma.event.findUnique({ where: { id: eventId }, select: { nameZh: true, nameEn: true } });
    if (!event) throw new NotFoundException();
    const s = WORDS[language];
    const rows = await this.appeals.publicDecisions(eventId);
    return {
      layout: 'layouts/main',
      lang: language,
      htmlLang: language === 'en' ? 'en' : 'zh-Hans',
      title: s.title,
      switchHref: `/events/${eventId}/appeal-decisions?lang=${language === 'en' ? 'zh' : 'en'}`,
      s,
      eventName: language === 'en' ? event.nameEn : event.nameZh,
      decisions: rows.map((r) => ({
        round: r.round ?? '',
        table: r.table ?? '',
        board: r.board ?? '',
        state: r.state === 'upheld' ? s.upheld : s.dismissed,
        result: r.decidedResult ?? '',
        summary: r.publicSummary ?? '',
        decidedAt: r.decidedAt ? r.decidedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '',
      })),
    };
  }
}
