import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { PAIRERS, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { BulkEntryDto, DrawDto, SetSeedsDto, UndoWithdrawalDto, UpdateEntryDto, WithdrawEntryDto } from '../entries/entry.dto';
import { seedsFromOrder } from '@chuhe/registration';
import { DomainError } from '../common/errors';
import { EntriesService } from '../entries/entries.service';
import { undoWithdrawalRefusal } from '../entries/withdrawal-undo';
import { affiliationNeedsEnglishName } from '../imports/imports.service';
import { SetupPageData } from './setup-page-data';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { act, actWith, requireConfirmation, setupCrumbs } from './setup-view';
import { langOf, nameIn, translator } from '../i18n/words';

type SetupEntry = Awaited<ReturnType<EntriesService['list']>>[number];

/**
 * Entries and the draw (issue 20 #6, #7): enter the selected (or all unentered) players in one
 * step, seeds, late entries, removal before round 1, withdrawal (confirmed, with a reason and
 * "after round N") and its undo until the next round is paired; the draw by lot, its numbers, and a
 * redraw (confirmed) until round 1.
 */
@ApiExcludeController()
@Controller()
export class EntriesSetupController {
  constructor(
    private readonly data: SetupPageData,
    private readonly entries: EntriesService,
  ) {}

  @Get('manage/events/:eventId/entries')
  @RequireRole(...REGISTRARS)
  async page(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    res.render('setup/entries', await this.entriesContext(res, eventId, emptyForm()));
  }

  /** `mode=all`: every player not entered yet; else the ticked `playerIds`. One transaction (the API's bulk entry). */
  @Post('manage/events/:eventId/entries')
  @RequireRole(...REGISTRARS)
  async enter(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const event = await this.data.event(eventId);
    const playerIds = body.mode === 'all' ? (await this.unentered(event.tournamentId, eventId)).map((p) => p.id) : formValue.list(body.playerIds);
    await submitForm(req, res, {
      dto: BulkEntryDto,
      values: body,
      toInput: () => ({ playerIds }),
      run: (dto) => this.entries.bulkCreate({ user: req.user!, eventId, dto }),
      render: async (form) => ({
        view: 'setup/entries',
        context: await this.entriesContext(res, eventId, playerIds.length ? form : { ...form, errors: {}, error: t('noneSelected') }),
      }),
      redirect: () => `/manage/events/${eventId}/entries`,
      flash: (r) => t('entered', { n: r.created }),
    });
  }

  @Post('manage/entries/:entryId/seed')
  @RequireRole(...REGISTRARS)
  async seed(
    @Param('entryId', uuidParam('entryId')) entryId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const entry = await this.data.entry(entryId);
    const seed = formValue.int(body.seed);
    await actWith(
      req,
      res,
      UpdateEntryDto,
      { version: formValue.int(body.version), seed: seed === undefined ? null : seed },
      (dto) => this.entries.update({ user: req.user!, id: entryId, dto }),
      `/manage/events/${entry.eventId}/entries#entry-${entryId}`,
      translator(res)('saved'),
    );
  }

  // ── seeds in bulk (issue 30 #6) ──────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/seeds')
  @RequireRole(...REGISTRARS)
  async seedsPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    res.render('setup/seeds', await this.seedsContext(res, eventId, emptyForm()));
  }

  /**
   * Every row's seed (`entries.<i>.seed`, with its `entryId` and `version`) or, when given, the
   * pasted `order` (libs/registration seedsFromOrder): one change through the API's service.
   */
  @Post('manage/events/:eventId/seeds')
  @RequireRole(...REGISTRARS)
  async seeds(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const rows = postedSeedRows(body);
    const entries = formValue.text(body.order) === undefined ? [] : await this.entries.list(eventId);
    await submitForm(req, res, {
      dto: SetSeedsDto,
      values: body,
      toInput: (v) => {
        const order = formValue.text(v.order);
        if (order === undefined)
          return { entries: rows.map((r) => ({ entryId: r.entryId, version: formValue.int(r.version), seed: formValue.int(r.seed) ?? null })) };
        const named = entries.map((e) => {
          const who = e.player ?? e.team;
          return {
            id: e.id,
            active: e.status === 'active',
            drawNumber: e.drawNumber,
            names: who ? [who.nameZh, who.nameEn, `${who.nameZh} ${who.nameEn}`] : [],
          };
        });
        const result = seedsFromOrder(order, named);
        if (!result.ok) throw new DomainError(`seeds.order_${result.code}`, { line: result.line, text: result.text }, 'order');
        const version = new Map(rows.map((r) => [r.entryId, formValue.int(r.version)]));
        return { entries: result.changes.map((c) => ({ ...c, version: version.get(c.entryId) })) };
      },
      run: (dto) => this.entries.setSeeds({ user: req.user!, eventId, dto }),
      render: async (form) => ({ view: 'setup/seeds', context: await this.seedsContext(res, eventId, form) }),
      redirect: () => `/manage/events/${eventId}/entries`,
      flash: (r) => [t('seedsSaved', { n: r.changed }), r.redrawNeeded ? t('seedsRedraw') : ''].filter(Boolean).join(' '),
    });
  }

  @Post('manage/entries/:entryId/remove')
  @RequireRole(...REGISTRARS)
  async remove(
    @Param('entryId', uuidParam('entryId')) entryId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    const entry = await this.data.entry(entryId);
    const t = translator(res);
    let redraw = false;
    await act(
      req,
      res,
      async () => ({ redrawNeeded: redraw } = await this.entries.remove({ user: req.user!, id: entryId })),
      `/manage/events/${entry.eventId}/entries`,
      () => [t('entryRemoved'), redraw ? t('redrawNeededNow') : ''].filter(Boolean).join(' '),
    );
  }

  // ── withdrawal and its undo ───────────────────────────────────────────────────────────────

  @Get('manage/entries/:entryId/withdraw')
  @RequireRole(...PAIRERS)
  async withdrawPage(@Param('entryId', uuidParam('entryId')) entryId: string, @Res() res: Response) {
    const ctx = await this.withdrawContext(res, entryId, emptyForm());
    res.render('setup/withdraw', { ...ctx, form: emptyForm({ afterRound: ctx.lastPublished }) });
  }

  @Post('manage/entries/:entryId/withdraw')
  @RequireRole(...PAIRERS)
  async withdraw(
    @Param('entryId', uuidParam('entryId')) entryId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const entry = await this.data.entry(entryId);
    await submitForm(req, res, {
      dto: WithdrawEntryDto,
      values: body,
      toInput: (v) => ({ version: formValue.int(v.version), afterRound: formValue.int(v.afterRound), reason: formValue.text(v.reason) }),
      run: (dto) => this.entries.withdraw({ user: req.user!, id: entryId, version: dto.version, afterRound: dto.afterRound, reason: dto.reason }),
      render: async (form) => ({ view: 'setup/withdraw', context: await this.withdrawContext(res, entryId, form) }),
      redirect: () => `/manage/events/${entry.eventId}/entries`,
      flash: (r) =>
        [
          t('withdrawnDone', { forfeits: r.forfeits.length ? t('forfeitsWritten', { n: r.forfeits.length }) : '' }),
          r.redrawNeeded ? t('redrawNeededNow') : '',
          ...r.warnings,
        ]
          .filter(Boolean)
          .join(' '),
    });
  }

  @Get('manage/entries/:entryId/undo-withdrawal')
  @RequireRole(...PAIRERS)
  async undoPage(@Param('entryId', uuidParam('entryId')) entryId: string, @Res() res: Response) {
    res.render('setup/undo-withdrawal', await this.undoContext(res, entryId, emptyForm()));
  }

  @Post('manage/entries/:entryId/undo-withdrawal')
  @RequireRole(...PAIRERS)
  async undo(
    @Param('entryId', uuidParam('entryId')) entryId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const entry = await this.data.entry(entryId);
    await submitForm(req, res, {
      dto: UndoWithdrawalDto,
      values: body,
      toInput: (v) => ({ version: formValue.int(v.version), reason: formValue.text(v.reason) }),
      run: (dto) => this.entries.undoWithdrawal({ user: req.user!, id: entryId, version: dto.version, reason: dto.reason }),
      render: async (form) => ({ view: 'setup/undo-withdrawal', context: await this.undoContext(res, entryId, form) }),
      redirect: () => `/manage/events/${entry.eventId}/entries`,
      flash: (r) => [t('undone'), r.redrawNeeded ? t('redrawNeededNow') : ''].filter(Boolean).join(' '),
    });
  }

  // ── draw ──────────────────────────────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/draw')
  @RequireRole(...REGISTRARS)
  async drawPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    res.render('setup/draw', await this.drawContext(res, eventId, emptyForm()));
  }

  /** A redraw replaces every number: it needs the confirmation box ticked (the page asks first). */
  @Post('manage/events/:eventId/draw')
  @RequireRole(...REGISTRARS)
  async draw(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const drawn = (await this.data.drawCount(eventId)) > 0;
    if (drawn && !formValue.checkbox(body.confirmRedraw)) {
      const form: FormState = { values: { seed: body.seed }, errors: { confirmRedraw: t('redrawConfirmNeeded') } };
      return void res.status(400).render('setup/draw', await this.drawContext(res, eventId, form));
    }
    await submitForm(req, res, {
      dto: DrawDto,
      values: { seed: body.seed },
      toInput: (v) => ({ seed: formValue.text(v.seed) }),
      run: (dto) => this.entries.draw({ user: req.user!, eventId, dto }),
      render: async (form) => ({ view: 'setup/draw', context: await this.drawContext(res, eventId, form) }),
      redirect: () => `/manage/events/${eventId}/draw`,
      flash: (r) => t('drawDone', { seed: r.seed }),
    });
  }

  // ── contexts ──────────────────────────────────────────────────────────────────────────────

  private unentered(tournamentId: string, eventId: string) {
    return this.data.unentered(tournamentId, eventId);
  }

  private entryView(res: Response, e: SetupEntry) {
    const t = translator(res);
    const lang = langOf(res);
    const affiliation = e.player?.affiliation ?? e.team?.affiliation ?? null;
    const name = e.player ? `${e.player.nameZh} ${e.player.nameEn}` : e.team ? `${e.team.nameZh} ${e.team.nameEn}` : '';
    return {
      id: e.id,
      version: e.version,
      drawNumber: e.drawNumber,
      name,
      affiliation: affiliation ? nameIn(lang, affiliation) : '',
      affiliationUnnamed: affiliation ? affiliationNeedsEnglishName(affiliation) : false,
      rating: e.player?.rating ?? '',
      seed: e.seed ?? '',
      withdrawn: e.status === 'withdrawn',
      status: e.status === 'withdrawn' ? t('withdrawnAfter', { n: e.withdrawnAfterRound ?? 0 }) : t('status_active'),
      late: e.lateEntry,
      isTeam: e.teamId !== null,
      removeConfirm: t('removeEntryConfirm', { name }),
    };
  }

  private async entriesContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const [entries, unentered, draws, rounds] = await Promise.all([
      this.entries.list(eventId),
      event.kind === 'individual' ? this.unentered(event.tournamentId, eventId) : Promise.resolve([]),
      this.data.drawCount(eventId),
      this.data.roundCount(eventId),
    ]);
    return {
      title: t('entries'),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('entries') }),
      event: { ...event, name: nameIn(lang, event), isTeam: event.kind === 'team' },
      entries: entries.map((e) => this.entryView(res, e)),
      unentered: unentered.map((p) => ({
        id: p.id,
        name: `${p.nameZh} ${p.nameEn}`,
        affiliation: p.affiliation ? nameIn(lang, p.affiliation) : '',
        rating: p.rating ?? '',
        gender: t(`gender_${p.gender}`),
      })),
      enterAllLabel: t('enterAll', { n: unentered.length }),
      drawn: draws > 0,
      // Removal is for mistakes before any round is paired; afterwards an entry withdraws (二章7节2–4).
      removable: rounds === 0,
      closed: event.round1PairedAt !== null,
      form,
    };
  }

  private async seedsContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const active = (await this.entries.list(eventId)).filter((e) => e.status === 'active');
    return {
      title: t('seedsTitle'),
      breadcrumbs: setupCrumbs(
        lang,
        event.tournament,
        { label: nameIn(lang, event), href: `/manage/events/${event.id}` },
        { label: t('entries'), href: `/manage/events/${event.id}/entries` },
        { label: t('seedsTitle') },
      ),
      event: { ...event, name: nameIn(lang, event), isTeam: event.kind === 'team' },
      closed: event.round1PairedAt !== null,
      // Each row keeps what was typed and shows its refusal beside it (fields `entries.<i>.seed`).
      rows: active.map((e, i) => {
        const view = this.entryView(res, e);
        const at = `entries.${i}`;
        const typed = form.values[`${at}.seed`];
        return {
          ...view,
          index: i,
          seedValue: typeof typed === 'string' ? typed : view.seed,
          error: form.errors[`${at}.seed`] ?? form.errors[`${at}.entryId`] ?? form.errors[`${at}.version`],
        };
      }),
      listError: form.errors.entries,
      form,
    };
  }

  private async withdrawContext(res: Response, entryId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const [entry] = (await this.entries.list((await this.data.entry(entryId)).eventId)).filter((e) => e.id === entryId);
    const event = await this.data.event(entry.eventId);
    const published = await this.data.publishedRoundNumbers(event.id);
    const lastPublished = Math.max(0, ...published.map((r) => r.number));
    const view = this.entryView(res, entry);
    return {
      title: t('withdrawTitle', { name: view.name }),
      breadcrumbs: setupCrumbs(
        lang,
        event.tournament,
        { label: nameIn(lang, event), href: `/manage/events/${event.id}` },
        { label: t('entries'), href: `/manage/events/${event.id}/entries` },
        { label: t('withdraw') },
      ),
      entry: view,
      event,
      lastPublished,
      afterRoundHint: t('afterRoundHint', { n: lastPublished }),
      form,
    };
  }

  private async undoContext(res: Response, entryId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const raw = await this.data.entry(entryId);
    const [entry] = (await this.entries.list(raw.eventId)).filter((e) => e.id === entryId);
    const event = await this.data.event(entry.eventId);
    const rounds = await this.data.roundStates(event.id);
    const view = this.entryView(res, entry);
    return {
      title: t('undoWithdrawalTitle', { name: view.name }),
      breadcrumbs: setupCrumbs(
        lang,
        event.tournament,
        { label: nameIn(lang, event), href: `/manage/events/${event.id}` },
        { label: t('entries'), href: `/manage/events/${event.id}/entries` },
        { label: t('undoWithdrawal') },
      ),
      entry: view,
      reason: entry.withdrawalReason,
      // Shown before the button: why it would be refused (the service decides again on submit).
      refusal: undoWithdrawalRefusal(entry, rounds)?.wordsIn(lang),
      form,
    };
  }

  private async drawContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const [entries, last] = await Promise.all([this.entries.list(eventId), this.data.lastDraw(eventId)]);
    const active = entries.filter((e) => e.status === 'active');
    return {
      title: t('draw'),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('draw') }),
      timeZone: event.tournament.timeZone,
      event: { ...event, name: nameIn(lang, event) },
      entries: active.map((e) => this.entryView(res, e)).sort((a, b) => (a.drawNumber ?? 1e9) - (b.drawNumber ?? 1e9)),
      last,
      drawn: last !== null,
      closed: event.round1PairedAt !== null,
      tooFew: active.length < 2,
      form,
    };
  }
}

/** The table's rows as posted: `entries.<i>.entryId`, `.version`, `.seed` (form strings, in row order). */
function postedSeedRows(body: Record<string, unknown>): { entryId: string; version: unknown; seed: unknown }[] {
  const rows: { entryId: string; version: unknown; seed: unknown }[] = [];
  for (let i = 0; typeof body[`entries.${i}.entryId`] === 'string' && i < 5000; i++) {
    rows.push({ entryId: body[`entries.${i}.entryId`] as string, version: body[`entries.${i}.version`], seed: body[`entries.${i}.seed`] });
  }
  return rows;
}
