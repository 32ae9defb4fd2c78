import { SANCTION_KIND_KEYS, wordOf } from '../i18n/keys';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SANCTION_KINDS } from '@chuhe/standings';
import { GAME_RESULTS } from '@chuhe/tournament';
import { Access, CurrentUser, PAIRERS, RequireRole, RESULT_ENTRY, STAFF, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { ApplySanctionsDto, CreateSanctionDto } from '../discipline/discipline.dto';
import type { Consequence } from '../discipline/result-consequence';
import type { TournamentAccess } from '../auth/tournament-access';
import { translate, type Language, type MessageKey } from '../i18n/i18n';
import { DisciplineService } from '../discipline/discipline.service';
import { OpenDisputeDto, RuleDisputeDto } from '../disputes/disputes.dto';
import { DisputesService } from '../disputes/disputes.service';
import { StaffPageData } from './staff-page-data';
import { bilingualKey, chineseIn } from '../i18n/i18n';
import { RECORD_MESSAGES, recordText, type RecordMessageKey } from '../i18n/messages/records';
import { LockRecordDto, PutRecordDto } from '../records/records.dto';
import { readRecord, recordDifferences, RecordsService } from '../records/records.service';
import { annotationsOf, hasAnnotations } from '@chuhe/xiangqi';
import { formValue, submitForm, type FormState } from '../web/forms';
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
    private readonly data: StaffPageData,
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
    const info = await this.data.gameInfo(gameId, langOf(req, res));
    await submitForm(req, res, {
      dto: PutRecordDto,
      values: body,
      toInput: () => ({
        text: typeof body.text === 'string' ? body.text : undefined,
        fen: text(body.fen),
        version: int(body.version),
        ...(formValue.checkbox(body.confirm) ? { confirm: true } : {}),
      }),
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
    const info = await this.data.gameInfo(gameId, lang);
    const stored = await this.data.gameRecordOf(gameId);
    const annotations = annotationsOf(stored?.annotations);
    // Issue 30: a record that differs from its game is shown beside the game, and needs a confirmation.
    const differs = form.code === 'record.differs_from_game' ? await this.comparison(gameId, form, lang) : undefined;
    return {
      view: 'staff/record',
      context: {
        lang,
        title: `${t('record.title')} · ${info.label}`,
        breadcrumbs: info.breadcrumbs(t('record.title')),
        info: { label: info.label, result: info.resultText, sheetHref: info.sheetHref },
        action: `/games/${gameId}/record`,
        differs,
        stored: stored && {
          plies: t('record.stored', { n: Array.isArray(stored.moves) ? stored.moves.length : 0 }),
          annotated: hasAnnotations(annotations)
            ? t('record.annotated', { comments: Object.keys(annotations.comments).length, variations: annotations.variations.length })
            : null,
          version: stored.version,
          locked: !!stored.lockedAt,
          // Issue 30 #6: the stored text may be ICCS only; the viewer reads it in the page's notation (炮二平五).
          viewerHref: `/games/${gameId}?lang=${lang}`,
        },
        lockAction: `/games/${gameId}/record/lock`,
        form: { ...form, values: { text: stored?.text ?? '', ...form.values } },
      },
    };
  }

  /** The record as posted beside the game: result, Red, Black (the rows that differ marked). */
  private async comparison(gameId: string, form: FormState, lang: Language) {
    const t = tr(lang);
    const posted = typeof form.values.text === 'string' ? form.values.text : '';
    let rec;
    try {
      rec = readRecord(posted, text(form.values.fen));
    } catch {
      return undefined;
    }
    const ctx = await this.records.context(gameId);
    const differences = recordDifferences(rec, ctx);
    const written = rec.resultToken && rec.resultToken !== '*' ? rec.resultToken : rec.tags.Result;
    const player = (p: { nameZh: string; nameEn: string } | null) => (p ? nameOf(p, lang) : '?');
    const rows = [
      { field: 'result', label: t('record.fieldResult'), record: written || t('record.notSaid'), game: resultText(ctx.result, lang) || '—' },
      { field: 'red', label: t('record.fieldRed'), record: rec.tags.Red || t('record.notSaid'), game: player(ctx.redPlayer) },
      { field: 'black', label: t('record.fieldBlack'), record: rec.tags.Black || t('record.notSaid'), game: player(ctx.blackPlayer) },
    ];
    return { rows: rows.map((r) => ({ ...r, differs: differences.some((d) => d.field === r.field) })) };
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
    @Access() access: TournamentAccess,
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
      run: (dto) => this.discipline.create(user, gameId, dto, access),
      redirect: () => `/games/${gameId}/foul#sanctions`,
      // Issue 30 defect 1: a consequence that could not be applied says why (it stays pending on the page).
      flash: (done) => consequenceNote(done.consequence, langOf(req, res)),
      render: (form) => this.renderFoul(req, res, gameId, form),
    });
  }

  /** The chief arbiter applies a pending consequence, saying why (sanctions/apply). */
  @Post('games/:gameId/foul/apply')
  @RequireRole(...PAIRERS)
  async applyFoul(
    @CurrentUser() user: AuthUser,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: ApplySanctionsDto,
      values: body,
      toInput: () => ({ reason: text(body.reason) }),
      run: (dto) => this.discipline.reapply(user, gameId, dto.reason),
      redirect: () => `/games/${gameId}/foul#sanctions`,
      flash: (done) => consequenceNote(done.consequence, langOf(req, res)),
      render: (form) => this.renderFoul(req, res, gameId, EMPTY, form),
    });
  }

  private async renderFoul(req: Request, res: Response, gameId: string, form: FormState, applyForm: FormState = EMPTY) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const info = await this.data.gameInfo(gameId, lang);
    const list = await this.discipline.listForGame(gameId);
    // What the confirmed sanctions give the game and the stored result does not hold yet.
    const target = await this.data.sanctionTarget(gameId, info.event.id).catch(() => null);
    const pending =
      target && (target.result !== info.game.result || target.penaltyReason !== (info.game.penaltyReason ?? null))
        ? { text: t('foul.pending', { result: resultText(target.result, lang), article: target.article }) }
        : null;
    const chief = !!(req as Request & { access?: TournamentAccess }).access?.has(...PAIRERS);
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
        pending,
        applyAction: pending && chief ? `/games/${gameId}/foul/apply` : null,
        applyForm,
        players: players.map((p, i) => ({
          value: p.id,
          label: `${i === 0 ? t('staff.red') : t('staff.black')} · ${nameOf(p, lang)}`,
          selected: form.values.playerId === p.id,
        })),
        kinds: SANCTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`), selected: form.values.kind === k })),
        sanctions: list.map((s) => ({
          label: `${names.get(s.playerId) ?? ''} · ${wordOf(SANCTION_KIND_KEYS, s.kind, t)}${s.detail ? ` (${s.detail})` : ''}`,
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
    const info = await this.data.gameInfo(gameId, lang);
    const earlier = await this.disputes.listForGame(gameId);
    return {
      view: 'staff/dispute-open',
      context: {
        lang,
        title: `${t('dispute.open')} · ${info.label}`,
        breadcrumbs: info.breadcrumbs(t('dispute.open')),
        info: { label: info.label, result: info.resultText, sheetHref: info.sheetHref },
        action: `/staff/games/${gameId}/dispute`,
        // The board's refusals in the page's language (libs/xiangqi EntryRefusalCode, the record entry page's words).
        boardWhy: Object.fromEntries(
          Object.keys(RECORD_MESSAGES)
            .filter((k) => k.startsWith('why_'))
            .map((k) => [k.replace(/_/g, '-'), chineseIn(lang, recordText(k as RecordMessageKey, bilingualKey(lang)))]),
        ),
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
      const info = await this.data.gameInfo(d.gameId, lang);
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
    const info = await this.data.gameInfo(d.gameId, lang);
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

/** The one-time note after a foul: what it decided, or why that is not in the result yet (in the page's language). */
function consequenceNote(c: Consequence | null, lang: Language): string {
  const t = tr(lang);
  if (!c || !c.result) return t('foul.saved');
  if (c.applied) return t('foul.consequence', { result: resultText(c.result, lang), article: c.article ?? '' });
  if (!c.pending) return t('foul.saved');
  const why = c.code ? translate(`error.${c.code}` as MessageKey, lang, c.params ?? {}) : (c.message ?? '');
  return t('foul.notApplied', { result: resultText(c.result, lang), why });
}
