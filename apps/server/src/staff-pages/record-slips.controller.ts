import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, RequireRole, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { publicOrigin } from '../common/public-url';
import { bilingual } from '../pages/event-pages';
import { HTML_LANG, translate } from '../i18n/i18n';
import { StaffPageData } from './staff-page-data';
import { confirmPage, crumbs, langOf } from './page-context';
import { recordLinkQrSvg } from '../records/record-link-qr';
import { RecordLinksService } from '../records/record-links.service';
import { missingResource } from '../common/errors';

/**
 * Who may print the slips that carry the record links: the arbiters of the tournament (二章8节6:
 * the arbiter hands the slip to the table). The links are capabilities, so the public slips
 * (/events/:id/rounds/:n/print/slips) never carry them.
 */
export const SLIP_PRINTERS = ['chief_arbiter', 'deputy_chief_arbiter', 'arbiter'] as const;

/**
 * The staff printout of a round's result slips with each game's record links as QR codes (issue
 * 25; 二章8节6 the slip per table, 二章3节7 the winner — Red on a draw — enters the record with
 * their own link). The GET asks first: printing issues new links for every game of the round
 * (RecordLinksService.issueForRound), which revokes the ones printed before. The POST answers with
 * the printout itself: the tokens are shown only now (only their hashes are stored).
 */
@ApiExcludeController()
@Controller()
export class RecordSlipsController {
  constructor(
    private readonly data: StaffPageData,
    private readonly links: RecordLinksService,
  ) {}

  @Get('rounds/:roundId/print/record-slips')
  @RequireRole(...SLIP_PRINTERS)
  async ask(@Param('roundId', uuidParam('roundId')) roundId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const round = await this.round(roundId);
    const games = await this.data.pairedGameCount(roundId);
    const title = `${translate('recordSlipsTitle', lang)} · ${translate('round', lang, { n: round.number })}`;
    confirmPage(res, {
      lang,
      title,
      question: translate('recordSlipsQuestion', lang, { n: games }),
      detail: translate('recordSlipsRevokes', lang),
      action: `/rounds/${roundId}/print/record-slips`,
      fields: {},
      submitLabel: translate('recordSlipsPrint', lang),
      cancelHref: `/rounds/${roundId}/results`,
      breadcrumbs: crumbs(lang, round.event.tournament, round.event, { label: title }),
    });
  }

  @Post('rounds/:roundId/print/record-slips')
  @RequireRole(...SLIP_PRINTERS)
  async print(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const round = await this.round(roundId);
    publicOrigin(req); // refused before any link is issued (issuing revokes the round's old ones)
    const issued = await this.links.issueForRound(user, roundId);
    const games = await this.data.slipGames(issued.games.map((g) => g.gameId));
    const players = new Map(games.map((g) => [g.id, g]));
    const team = round.event.kind === 'team';
    // The QR holds the whole address (a phone's camera opens it): the configured public one (issue 34 #10).
    const origin = publicOrigin(req);
    const slips = await Promise.all(
      issued.games.map(async (g) => {
        const p = players.get(g.gameId);
        const qr = async (side: 'red' | 'black') => {
          const url = `${origin}${g[side].path}`;
          const label = translate(side === 'red' ? 'recordQrRed' : 'recordQrBlack', lang);
          return { side, label, url, svg: await recordLinkQrSvg(url, { size: 96, label }) };
        };
        return {
          table: g.table,
          board: team ? (g.leg > 1 ? `${g.board}.${g.leg}` : g.board) : null,
          red: bilingual(p?.redPlayer, lang),
          black: bilingual(p?.blackPlayer, lang),
          qrs: [await qr('red'), await qr('black')],
        };
      }),
    );
    const title = `${translate('recordSlipsTitle', lang)} · ${translate('round', lang, { n: round.number })}`;
    // The page holds capabilities: never cached, never sent on as a referrer, never indexed.
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('X-Robots-Tag', 'noindex');
    res.status(200).render('print/result-slips', {
      layout: 'layouts/main',
      lang,
      htmlLang: HTML_LANG[lang],
      title,
      printPage: true,
      staffSlips: true,
      breadcrumbs: crumbs(lang, round.event.tournament, round.event, { label: title }),
      heading: title,
      slipEventName: bilingual(round.event, lang).primary,
      round: { label: translate('round', lang, { n: round.number }) },
      sheetHref: `/rounds/${roundId}/results`,
      slips,
    });
  }

  private async round(roundId: string) {
    const round = await this.data.roundForSlips(roundId);
    if (!round) throw missingResource('roundId', 'round');
    return round;
  }
}
