import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SANCTION_KINDS } from '@chuhe/standings';
import { GAME_RESULTS } from '@chuhe/tournament';
import { CurrentUser, RequireRole, RESULT_ENTRY, STAFF, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreateSanctionDto } from '../discipline/discipline.dto';
import { DisciplineService } from '../discipline/discipline.service';
import { OpenDisputeDto, RuleDisputeDto } from '../disputes/disputes.dto';
import { DisputesService } from '../disputes/disputes.service';
import { PrismaService } from '../prisma/prisma.service';
import { bilingualKey, chineseIn } from '../pages/i18n';
import { LockRecordDto, PutRecordDto } from '../records/records.dto';
import { RecordsService } from '../records/records.service';
import { gameInfo } from './game-info';
import { submitForm, type FormState } from '../web/forms';
import { show } from './page-context';
import { confirmPage, langOf } from './page-context';
import { disputeView } from './dispute-view';
import { int, nameOf, resultText, text, tr } from './staff-view';

type Form = Record<string, unknown>;
const EMPTY: FormState = { values: {}, errors: {} };

/**
 * The pages of one game reached from its row on the result sheet (issue 20, page 9): paste its
 * record (any notation libs/xiangqi reads), record a foul, open a disputed position and rule on it.
 * The URLs of the dispute pages (/staff/…) are the ones of issue 11.
 */
@ApiExcludeController()
@Controller()
export class GamePagesController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly records: RecordsService,
    private readonly discipline: DisciplineService,
    private readonly disputes: DisputesService,
  ) {}

  // ── record ──────────────────────────────────────────────────────────────────────────────
  @Get('games/:gameId/record')
  @RequireRole(...RESULT_ENTRY)
  async recordForm(@Param('gameId', uuidParam('gameId')) gameId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.renderRecord(req, res, gameId, EMPTY));
  }

  @Post('games/:gameId/record')
  @RequireRole(...RESULT_ENTRY)
  async putRecord(
    @CurrentUser() user: AuthUser,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const info = await gameInfo(this.prisma, gameId, langOf(req, res));
    await submitForm(req, res, {
      dto: PutRecordDto,
      values: body,
      toInput: () => ({ text: typeof body.text === 'string' ? body.text : undefined, fen: text(body.fen), version: int(body.version) }),
      run: (dto) => this.records.put(user, gameId, dto),
      redirect: () => `${info.sheetHref}#g-${info.key}`,
      render: (form) => this.renderRecord(req, res, gameId, form),
    });
  }

  /** Issue 25: the arbiter locks the record against the record links (or opens it again); RecordsService.lock. */
  @Post('games/:gameId/record/lock')
  @RequireRole(...RESULT_ENTRY)
  async lockRecord(
    @CurrentUser() user: AuthUser,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: LockRecordDto,
      values: body,
      toInput: () => ({ locked: body.locked === 'yes', version: int(body.version) }),
      run: (dto) => this.records.lock(user, gameId, dto),
      redirect: () => `/games/${gameId}/record`,
      render: (form) => this.renderRecord(req, res, gameId, { values: {}, errors: {}, error: form.error ?? Object.values(form.errors).join('; ') }),
    });
  }

  private async renderRecord(req: Request, res: Response, gameId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const info = await gameInfo(this.prisma, gameId, lang);
    const stored = await this.prisma.gameRecord.findUnique({ where: { gameId }, select: { text: true, version: true, moves: true, lockedAt: true } });
    return {
      view: 'staff/record',
      context: {
        lang,
        title: `${t('record.title')} · ${info.label}`,
        breadcrumbs: info.breadcrumbs(t('record.title')),
        info: { label: info.label, result: info.resultText, sheetHref: info.sheetHref },
        action: `/games/${gameId}/record`,
        stored: stored && {
          plies: t('record.stored', { n: Array.isArray(stored.moves) ? stored.moves.length : 0 }),
          version: stored.version,
          locked: !!stored.lockedAt,
        },
        lockAction: `/games/${gameId}/record/lock`,
        form: { ...form, values: { text: stored?.text ?? '', ...form.values } },
      },
    };
  }

  // ── foul ────────────────────────────────────────────────────────────────────────────────
  @Get('games/:gameId/foul')
  @RequireRole(...RESULT_ENTRY)
  async foulForm(@Param('gameId', uuidParam('gameId')) gameId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.renderFoul(req, res, gameId, EMPTY));
  }

  @Post('games/:gameId/foul')
  @RequireRole(...RESULT_ENTRY)
  async recordFoul(
    @CurrentUser() user: AuthUser,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: CreateSanctionDto,
      values: body,
      toInput: () => ({
        playerId: body.playerId,
        kind: body.kind,
        detail: text(body.detail),
        count: int(text(body.count) ?? ''),
        minutes: int(text(body.minutes) ?? ''),
        note: text(body.note),
      }),
      run: (dto) => this.discipline.create(user, gameId, dto),
      redirect: () => `/games/${gameId}/foul#sanctions`,
      render: (form) => this.renderFoul(req, res, gameId, form),
    });
  }

  private async renderFoul(req: Request, res: Response, gameId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const info = await gameInfo(this.prisma, gameId, lang);
    const list = await this.discipline.listForGame(gameId);
    const players = [info.game.redPlayer, info.game.blackPlayer].filter((p) => p !== null);
    const names = new Map(players.map((p) => [p.id, nameOf(p, lang)]));
    return {
      view: 'staff/foul',
      context: {
        lang,
        title: `${t('foul.title')} · ${info.label}`,
        breadcrumbs: info.breadcrumbs(t('foul.title')),
        info: { label: info.label, result: info.resultText, sheetHref: info.sheetHref },
        action: `/games/${gameId}/foul`,
        players: players.map((p, i) => ({
          value: p.id,
          label: `${i === 0 ? t('staff.red') : t('staff.black')} · ${nameOf(p, lang)}`,
          selected: form.values.playerId === p.id,
        })),
        kinds: SANCTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`), selected: form.values.kind === k })),
        sanctions: list.map((s) => ({
          label: `${names.get(s.playerId) ?? ''} · ${t(`kind.${s.kind}`)}${s.detail ? ` (${s.detail})` : ''}`,
          state: t(`foul.state.${s.state}`),
          article: s.article,
          note: s.note,
        })),
        form,
      },
    };
  }

  // ── disputed positions (三章6G) ─────────────────────────────────────────────────────────
  @Get('staff/games/:gameId/dispute')
  @RequireRole(...RESULT_ENTRY)
  async openForm(@Param('gameId', uuidParam('gameId')) gameId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.renderOpen(req, res, gameId, { values: { fromRecord: 'on' }, errors: {} }));
  }

  @Post('staff/games/:gameId/dispute')
  @RequireRole(...RESULT_ENTRY)
  async open(
    @CurrentUser() user: AuthUser,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const fromRecord = body.fromRecord === 'on';
    const input = fromRecord
      ? { fromRecord: true, uptoPly: int(text(body.uptoPly) ?? '') }
      : {
          fen: text(body.fen),
          moves: (typeof body.moves === 'string' ? body.moves : '').split(/[\s,]+/).filter(Boolean),
          lenient: body.lenient === 'on' ? true : undefined,
        };
    await submitForm(req, res, {
      dto: OpenDisputeDto,
      values: body,
      toInput: () => input,
      run: (dto) => this.disputes.open(user, gameId, dto),
      redirect: (d) => `/staff/disputes/${d.id}`,
      render: (form) => this.renderOpen(req, res, gameId, form),
    });
  }

  private async renderOpen(req: Request, res: Response, gameId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const info = await gameInfo(this.prisma, gameId, lang);
    const earlier = await this.disputes.listForGame(gameId);
    return {
      view: 'staff/dispute-open',
      context: {
        lang,
        title: `${t('dispute.open')} · ${info.label}`,
        breadcrumbs: info.breadcrumbs(t('dispute.open')),
        info: { label: info.label, result: info.resultText, sheetHref: info.sheetHref },
        action: `/staff/games/${gameId}/dispute`,
        earlier: earlier.map((d) => ({
          href: `/staff/disputes/${d.id}`,
          label: `${chineseIn(lang, d.report.verdictText[bilingualKey(lang)])}${d.ruling ? ` · ${t('dispute.ruled', { ruling: d.ruling })}` : ''}`,
        })),
        form,
      },
    };
  }

  @Get('staff/disputes/:disputeId')
  @RequireRole(...STAFF, 'appeals_member')
  async dispute(@Param('disputeId', uuidParam('disputeId')) disputeId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.renderDispute(req, res, disputeId, EMPTY));
  }

  @Post('staff/disputes/:disputeId/ruling')
  @RequireRole(...RESULT_ENTRY)
  async rule(
    @CurrentUser() user: AuthUser,
    @Param('disputeId', uuidParam('disputeId')) disputeId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    const t = tr(lang);
    if (body.confirm !== 'yes') {
      const d = await this.disputes.get(disputeId);
      const info = await gameInfo(this.prisma, d.gameId, lang);
      return confirmPage(res, {
        lang,
        title: t('dispute.saveRuling'),
        question: t('dispute.confirmRuling'),
        detail: `${info.label}: ${typeof body.result === 'string' && body.result ? resultText(body.result, lang) : t('dispute.fromVerdict')}`,
        action: `/staff/disputes/${disputeId}/ruling`,
        fields: body,
        submitLabel: t('dispute.saveRuling'),
        cancelHref: `/staff/disputes/${disputeId}`,
        breadcrumbs: info.breadcrumbs(t('dispute.title')),
      });
    }
    await submitForm(req, res, {
      dto: RuleDisputeDto,
      values: body,
      toInput: () => ({ version: int(body.version), ruling: text(body.ruling), result: text(body.result) }),
      run: (dto) => this.disputes.rule(user, disputeId, dto),
      redirect: () => `/staff/disputes/${disputeId}`,
      render: (form) => this.renderDispute(req, res, disputeId, form),
    });
  }

  private async renderDispute(req: Request, res: Response, disputeId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const d = await this.disputes.get(disputeId);
    const info = await gameInfo(this.prisma, d.gameId, lang);
    return {
      view: 'staff/dispute',
      context: {
        lang,
        title: `${t('dispute.title')} · ${info.label}`,
        breadcrumbs: info.breadcrumbs(t('dispute.title')),
        info: { label: info.label, result: info.resultText, sheetHref: info.sheetHref },
        report: disputeView(d.report, lang),
        open: d.state === 'open',
        ruled: d.state !== 'open' ? t('dispute.ruled', { ruling: `${d.ruling ?? ''}${d.rulingResult ? ` → ${resultText(d.rulingResult, lang)}` : ''}` }) : null,
        version: d.version,
        action: `/staff/disputes/${disputeId}/ruling`,
        results: [
          { value: '', label: t('dispute.fromVerdict') },
          ...GAME_RESULTS.filter((r) => ['red_win', 'draw', 'black_win', 'red_win_penalty', 'black_win_penalty'].includes(r)).map((r) => ({
            value: r,
            label: resultText(r, lang),
          })),
        ],
        form,
      },
    };
  }
}
