import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, PAIRERS, RequireRole, RESULT_ENTRY, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { PrismaService } from '../prisma/prisma.service';
import { EnterResultDto } from '../results/result.dto';
import { SLIP_PRINTERS } from '../records/record-slips.controller';
import { RecordsService } from '../records/records.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { submitForm } from '../web/forms';
import { show } from './page-context';
import { crumbs, langOf } from './page-context';
import type { Language } from '../pages/i18n';
import { findByLine, sheetGames, sheetView, type SheetState } from './result-sheet-view';
import { nameOf, resultText, text, tr } from './staff-view';

type Form = Record<string, unknown>;

/**
 * The arbiters' result sheet (issue 20, page 9): the keyboard line ("12 1", "12.3 =") and a form
 * per game (every result of the vocabulary, penalties with their reason). A result that would
 * replace a stored one asks first and shows the old one; a stale version is a 409 shown with what
 * is stored now. Works without JavaScript; client/result-sheet.ts reads the line as it is typed.
 */
@ApiExcludeController()
@Controller()
@RequireRole(...RESULT_ENTRY)
export class ResultSheetPagesController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly rounds: RoundsService,
    private readonly results: ResultsService,
    private readonly records: RecordsService,
  ) {}

  @Get('rounds/:roundId/results')
  async page(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Query('saved') saved: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const state: SheetState = {};
    if (typeof saved === 'string') state.saved = saved;
    show(res, await this.render(req, res, user, roundId, state));
  }

  private async render(req: Request, res: Response, user: AuthUser, roundId: string, state: SheetState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const { round, event, team, games } = await this.load(user, roundId, lang);
    if (state.saved) {
      const g = games.find((x) => x.id === state.saved);
      state.saved = g?.result ? t('sheet.saved', { game: g.key, result: resultText(g.result, lang) }) : undefined;
    }
    return {
      view: 'staff/result-sheet',
      context: {
        lang,
        title: `${t('sheet.title')} · ${t('staff.round', { n: round.number })} · ${nameOf(event, lang)}`,
        breadcrumbs: crumbs(lang, event.tournament, event, { label: `${t('staff.round', { n: round.number })} · ${t('sheet.title')}` }),
        event: { id: event.id, name: nameOf(event, lang) },
        consoleHref: `/events/${event.id}/console`,
        publicHref: `/events/${event.id}/rounds/${round.number}`,
        action: `/rounds/${roundId}/results`,
        // Issue 25: the slips with the record links' QR codes, for the arbiters who print them.
        recordSlipsHref: (await this.prisma.tournamentRole.count({
          where: { tournamentId: event.tournament.id, userId: user.id, role: { in: [...SLIP_PRINTERS] } },
        }))
          ? `/rounds/${roundId}/print/record-slips`
          : null,
        ...sheetView(round, games, team, state, lang, new Map((await this.records.roundStatus(roundId)).map((r) => [r.gameId, r]))),
      },
    };
  }

  private async load(user: AuthUser, roundId: string, lang: Language) {
    const round = await this.rounds.get(user, roundId);
    const event = await this.prisma.event.findUniqueOrThrow({
      where: { id: round.eventId },
      select: { id: true, nameZh: true, nameEn: true, kind: true, tournament: { select: { id: true, nameZh: true, nameEn: true } } },
    });
    const team = event.kind === 'team';
    return { round, event, team, games: sheetGames(round, team, lang) };
  }

  /**
   * One POST for both ways in: the keyboard line (`entry`) or a game's row (`gameId`, `result`,
   * `version`, `penaltyReason`, `reason`). `replace=yes` answers the overwrite question.
   */
  @Post('rounds/:roundId/results')
  async enter(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    const { round, event, team, games } = await this.load(user, roundId, lang);
    let target;
    let result: unknown;
    let version: unknown;
    if (typeof body.entry === 'string') {
      const found = findByLine(body.entry, games, team, lang);
      if ('why' in found) {
        res.status(400);
        return show(res, await this.render(req, res, user, roundId, { quick: { values: body, errors: { entry: found.why } } }));
      }
      target = found.game;
      result = found.result;
      version = target.version;
    } else {
      target = games.find((g) => g.id === body.gameId);
      if (!target) {
        res.status(400);
        return show(
          res,
          await this.render(req, res, user, roundId, {
            quick: { values: {}, errors: { entry: tr(lang)('sheet.noTable', { game: String(body.gameId ?? '') }) } },
          }),
        );
      }
      result = body.result;
      version = typeof body.version === 'string' && /^\d+$/.test(body.version) ? Number(body.version) : body.version;
    }
    const penaltyReason = text(body.penaltyReason);
    const reason = text(body.reason);
    // A result that would replace a stored one asks first, showing the old one (the version the question was asked on goes with the answer).
    if (target.result !== null && body.replace !== 'yes' && target.result !== result) {
      return show(res, await this.render(req, res, user, roundId, { replace: { game: target, result: String(result), penaltyReason, reason } }));
    }
    const gameId = target.id;
    const pairer = await this.prisma.tournamentRole.count({
      where: { userId: user.id, role: { in: PAIRERS }, tournament: { events: { some: { id: event.id } } } },
    });
    await submitForm(req, res, {
      dto: EnterResultDto,
      values: body,
      toInput: () => ({ result, version, penaltyReason, reason }),
      run: (dto) => this.results.enterResult({ user, gameId, dto }),
      // A late correction: the chief arbiter sees the later pairings it would have changed on the console.
      redirect: (r) =>
        r.laterPairingsAffected && pairer
          ? `/events/${event.id}/console?later=${round.number}#later`
          : `/rounds/${roundId}/results?saved=${gameId}#quick-entry`,
      render: async (form) => {
        if (form.error) {
          // 409: show what is stored now; nothing was overwritten.
          const now = (await this.load(user, roundId, lang)).games.find((g) => g.id === gameId);
          form = {
            ...form,
            error: tr(lang)('sheet.conflict', { now: now?.result ? resultText(now.result, lang) : tr(lang)('staff.open') }) + ` — ${form.error}`,
          };
        }
        return typeof body.entry === 'string'
          ? this.render(req, res, user, roundId, {
              quick: {
                values: body,
                errors: Object.keys(form.errors).length
                  ? {
                      entry: Object.entries(form.errors)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join('; '),
                    }
                  : {},
                error: form.error,
              },
            })
          : this.render(req, res, user, roundId, { row: { gameId, form } });
      },
    });
  }
}
