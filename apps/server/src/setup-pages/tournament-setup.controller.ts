import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AffiliationsService } from '../affiliations/affiliations.service';
import { CreateAffiliationDto, UpdateAffiliationDto } from '../affiliations/affiliation.dto';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Access, Authenticated, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { uuidParam } from '../common/id-param';
import { affiliationNeedsEnglishName } from '../imports/imports.service';
import { SetupPageData } from './setup-page-data';
import { CreateTournamentDto, UpdateTournamentDto } from '../tournaments/tournament.dto';
import { TOURNAMENT_CREATORS_SETTING } from '../tournaments/tournaments.controller';
import { TournamentCreators, TournamentsService } from '../tournaments/tournaments.service';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { act, actWith, requireConfirmation, setupCrumbs } from './setup-view';
import { langOf, nameIn, translator } from '../i18n/words';

const TOURNAMENT_FIELDS = ['nameZh', 'nameEn', 'venue', 'startDate', 'endDate', 'organizer', 'timeZone'] as const;

/** Form strings → the tournament DTO's shape (blank = not given). */
function tournamentInput(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TOURNAMENT_FIELDS) {
    const v = formValue.text(values[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * My tournaments, creating a tournament and its setup pages (issue 20 #2, #3): the overview, the
 * tournament's fields, publishing, deleting, affiliations. Every write is the API's service with the
 * API's DTO (web/forms.ts submitForm); staff and invitations are in staff-setup.controller.ts.
 */
@ApiExcludeController()
@Controller()
export class TournamentSetupController {
  constructor(
    private readonly data: SetupPageData,
    private readonly tournaments: TournamentsService,
    private readonly affiliations: AffiliationsService,
  ) {}

  @Get('my')
  @Authenticated()
  async my(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    const t = translator(res);
    const [items, mine] = await Promise.all([this.data.myTournaments(req.user!.id, langOf(res), t), this.data.myEntries(req.user!.id, langOf(res), t)]);
    res.setHeader('Cache-Control', 'private, no-store');
    res.render('setup/my', { title: t('myTournaments'), breadcrumbs: [{ label: t('myTournaments') }], tournaments: items, mine });
  }

  @Get('my/new-tournament')
  @Authenticated()
  newTournament(@Res() res: Response) {
    res.render('setup/tournament-form', this.tournamentFormContext(res, emptyForm({ rulesEdition: 'axf_2017' }), undefined));
  }

  @Post('my/new-tournament')
  @Authenticated()
  async createTournament(@Body() body: Record<string, unknown>, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const t = translator(res);
    await submitForm(req, res, {
      dto: CreateTournamentDto,
      values: body,
      toInput: tournamentInput,
      run: (dto) => this.tournaments.create({ user: req.user!, dto, creators: req.app.get(TOURNAMENT_CREATORS_SETTING) as TournamentCreators | undefined }),
      render: (form) => ({ view: 'setup/tournament-form', context: this.tournamentFormContext(res, form, undefined) }),
      redirect: (created) => `/tournaments/${created.id}/manage`,
      flash: () => t('tournamentCreated'),
    });
  }

  @Get('tournaments/:tournamentId/manage')
  @RequireRole(...REGISTRARS)
  async overview(@Access() access: TournamentAccess, @Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    const lang = langOf(res);
    const t = translator(res);
    const tour = await this.data.tournamentOverview(id);
    if (!tour) return void (await this.data.tournament(id));
    res.render('setup/overview', {
      title: t('tournamentSetup'),
      breadcrumbs: [{ label: nameIn(lang, tour), href: `/tournaments/${id}` }, { label: t('manage') }],
      timeZone: tour.timeZone,
      tournament: { ...tour, name: nameIn(lang, tour), otherName: lang === 'en' ? tour.nameZh : tour.nameEn, published: tour.publishedAt !== null },
      isOrganizer: access.has('organizer'),
      events: tour.events.map((e) => ({
        id: e.id,
        name: nameIn(lang, e),
        kind: t(`kind_${e.kind}`),
        entries: e._count.entries,
        drawn: e.draws.length > 0,
        started: e.round1PairedAt !== null,
        redrawNeeded: e.redrawNeeded,
      })),
      players: tour._count.players,
      affiliationCount: tour._count.affiliations,
    });
  }

  @Get('tournaments/:tournamentId/manage/edit')
  @RequireRole('organizer')
  async editPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    const tour = await this.data.tournament(id);
    const values = { ...tour, startDate: tour.startDate.toISOString().slice(0, 10), endDate: tour.endDate.toISOString().slice(0, 10) };
    res.render('setup/tournament-form', this.tournamentFormContext(res, emptyForm(values), tour));
  }

  @Post('tournaments/:tournamentId/manage/edit')
  @RequireRole('organizer')
  async edit(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const tour = await this.data.tournament(id);
    await submitForm(req, res, {
      dto: UpdateTournamentDto,
      values: body,
      toInput: (v) => ({ ...tournamentInput(v), version: formValue.int(v.version) }),
      run: (dto) => this.tournaments.update({ user: req.user!, id, dto }),
      render: (form) => ({ view: 'setup/tournament-form', context: this.tournamentFormContext(res, form, tour) }),
      redirect: () => `/tournaments/${id}/manage`,
      flash: () => translator(res)('saved'),
    });
  }

  /** Publish or unlist: one button posting the record's version and the new state. */
  @Post('tournaments/:tournamentId/manage/publish')
  @RequireRole('organizer')
  async publish(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const published = formValue.checkbox(body.published);
    const t = translator(res);
    await actWith(
      req,
      res,
      UpdateTournamentDto,
      { version: formValue.int(body.version), published },
      (dto) => this.tournaments.update({ user: req.user!, id, dto }),
      `/tournaments/${id}/manage`,
      t(published ? 'nowPublished' : 'nowUnlisted'),
    );
  }

  @Get('tournaments/:tournamentId/manage/delete')
  @RequireRole('organizer')
  async deletePage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    res.render('setup/tournament-delete', await this.deleteContext(res, id, emptyForm()));
  }

  /** Deleting asks for the tournament's Chinese name typed out (a page, not a dialog: works without JavaScript). */
  @Post('tournaments/:tournamentId/manage/delete')
  @RequireRole('organizer')
  async delete(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const tour = await this.data.tournament(id);
    const typed = typeof body.confirmName === 'string' ? body.confirmName.trim() : '';
    if (typed !== tour.nameZh) {
      const form: FormState = { values: { confirmName: typed }, errors: { confirmName: translator(res)('typedNameWrong') } };
      return void res.status(400).render('setup/tournament-delete', await this.deleteContext(res, id, form));
    }
    await act(req, res, () => this.tournaments.remove({ user: req.user!, id }), '/my', translator(res)('deleted'));
  }

  // ── affiliations ──────────────────────────────────────────────────────────────────────────

  @Get('tournaments/:tournamentId/manage/affiliations')
  @RequireRole(...REGISTRARS)
  async affiliationsPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    res.render('setup/affiliations', await this.affiliationsContext(res, id, emptyForm()));
  }

  @Post('tournaments/:tournamentId/manage/affiliations')
  @RequireRole(...REGISTRARS)
  async addAffiliation(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: CreateAffiliationDto,
      values: body,
      toInput: (v) => ({ nameZh: formValue.text(v.nameZh), nameEn: formValue.text(v.nameEn), code: formValue.text(v.code) }),
      run: (dto) => this.affiliations.create({ user: req.user!, tournamentId: id, dto }),
      render: async (form) => ({ view: 'setup/affiliations', context: await this.affiliationsContext(res, id, form) }),
      redirect: () => `/tournaments/${id}/manage/affiliations`,
      flash: () => translator(res)('saved'),
    });
  }

  @Get('manage/affiliations/:affiliationId/edit')
  @RequireRole(...REGISTRARS)
  async editAffiliationPage(@Param('affiliationId', uuidParam('affiliationId')) id: string, @Res() res: Response) {
    const a = await this.data.unit(id);
    res.render('setup/affiliation-form', await this.affiliationFormContext(res, a, emptyForm({ ...a })));
  }

  @Post('manage/affiliations/:affiliationId/edit')
  @RequireRole(...REGISTRARS)
  async editAffiliation(
    @Param('affiliationId', uuidParam('affiliationId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const a = await this.data.unit(id);
    await submitForm(req, res, {
      dto: UpdateAffiliationDto,
      values: body,
      toInput: (v) => ({ nameZh: formValue.text(v.nameZh), nameEn: formValue.text(v.nameEn), code: formValue.text(v.code) }),
      run: (dto) => this.affiliations.update({ user: req.user!, id, dto }),
      render: async (form) => ({ view: 'setup/affiliation-form', context: await this.affiliationFormContext(res, a, form) }),
      redirect: () => `/tournaments/${a.tournamentId}/manage/affiliations`,
      flash: () => translator(res)('saved'),
    });
  }

  @Post('manage/affiliations/:affiliationId/delete')
  @RequireRole(...REGISTRARS)
  async deleteAffiliation(
    @Param('affiliationId', uuidParam('affiliationId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    const a = await this.data.unit(id);
    await act(
      req,
      res,
      () => this.affiliations.remove({ user: req.user!, id }),
      `/tournaments/${a.tournamentId}/manage/affiliations`,
      translator(res)('deleted'),
    );
  }

  // ── contexts ──────────────────────────────────────────────────────────────────────────────

  private tournamentFormContext(res: Response, form: FormState, tour: { id: string; nameZh: string; nameEn: string; version: number } | undefined) {
    const t = translator(res);
    const lang = langOf(res);
    return {
      title: tour ? t('editTournament') : t('newTournament'),
      breadcrumbs: tour ? setupCrumbs(lang, tour, { label: t('editTournament') }) : [{ label: t('myTournaments'), href: '/my' }, { label: t('newTournament') }],
      form,
      action: tour ? `/tournaments/${tour.id}/manage/edit` : '/my/new-tournament',
      version: tour?.version,
      scripts: ['/static/js/time-zone.js'],
    };
  }

  private async deleteContext(res: Response, id: string, form: FormState) {
    const t = translator(res);
    const tour = await this.data.tournament(id);
    return {
      title: t('deleteTournament'),
      breadcrumbs: setupCrumbs(langOf(res), tour, { label: t('deleteTournament') }),
      tournament: tour,
      form,
      confirmLabel: t('typeToConfirm', { name: tour.nameZh }),
    };
  }

  private async affiliationsContext(res: Response, id: string, form: FormState) {
    const t = translator(res);
    const tour = await this.data.tournament(id);
    const list = await this.data.unitsWithCounts(id);
    return {
      title: t('affiliations'),
      breadcrumbs: setupCrumbs(langOf(res), tour, { label: t('affiliations') }),
      tournament: tour,
      affiliations: list.map((a) => ({
        ...a,
        needsEnglish: affiliationNeedsEnglishName(a),
        players: a._count.players,
        teams: a._count.teams,
        confirm: t('deleteAffiliationConfirm', { name: a.nameZh }),
      })),
      form,
    };
  }

  private async affiliationFormContext(res: Response, a: { id: string; tournamentId: string; nameZh: string }, form: FormState) {
    const t = translator(res);
    const tour = await this.data.tournament(a.tournamentId);
    return {
      title: t('editAffiliation'),
      breadcrumbs: setupCrumbs(langOf(res), tour, { label: t('affiliations'), href: `/tournaments/${tour.id}/manage/affiliations` }, { label: a.nameZh }),
      affiliation: a,
      form,
    };
  }
}
