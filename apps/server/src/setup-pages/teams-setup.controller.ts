import { Upload } from '../web/upload';
import { Body, Controller, Get, Param, Post, Req, Res, UploadedFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { ImportsService } from '../imports/imports.service';
import { SetupPageData } from './setup-page-data';
import { CreateTeamDto, UpdateTeamDto } from '../teams/team.dto';
import { TeamsService } from '../teams/teams.service';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { csvImportStep, csvPreviewView, uploadedCsv, type UploadedCsv } from './csv-upload';
import { act, requireConfirmation, setupCrumbs } from './setup-view';
import { langOf, nameIn, translator } from '../i18n/words';

/** The board selects `board1…boardN` and `reserve1…reserveM`, in order, blanks dropped. */
function memberInput(v: Record<string, unknown>, starters: number, reserves: number) {
  const pick = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => formValue.text(v[`${prefix}${i + 1}`])).filter((x): x is string => x !== undefined);
  return { starters: pick('board', starters), reserves: pick('reserve', reserves) };
}

/**
 * Teams of a team event (issue 20 #5): the list with boards and reserves, add, edit, delete, and the
 * team CSV (one row per member) previewed before it is written. Creating a team enters it.
 */
@ApiExcludeController()
@Controller()
export class TeamsSetupController {
  constructor(
    private readonly data: SetupPageData,
    private readonly teams: TeamsService,
    private readonly imports: ImportsService,
  ) {}

  @Get('manage/events/:eventId/teams')
  @RequireRole(...REGISTRARS)
  async list(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const teams = await this.teams.list(eventId);
    res.render('setup/teams', {
      title: t('teams'),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('teams') }),
      event: { ...event, name: nameIn(lang, event) },
      closed: event.round1PairedAt !== null,
      teams: teams.map((x) => ({
        id: x.id,
        name: `${x.nameZh} ${x.nameEn}`,
        affiliation: nameIn(lang, x.affiliation),
        starters: x.members.filter((m) => m.role === 'starter').map((m) => ({ board: m.board, name: `${m.player.nameZh} ${m.player.nameEn}` })),
        reserves: x.members.filter((m) => m.role === 'reserve').map((m) => `${m.player.nameZh} ${m.player.nameEn}`),
        drawNumber: x.entries[0]?.drawNumber ?? '',
        confirm: t('deleteTeamConfirm', { name: x.nameZh }),
      })),
    });
  }

  @Get('manage/events/:eventId/teams/new')
  @RequireRole(...REGISTRARS)
  async newPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    res.render('setup/team-form', await this.formContext(res, eventId, undefined, emptyForm()));
  }

  @Post('manage/events/:eventId/teams/new')
  @RequireRole(...REGISTRARS)
  async create(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    await submitForm(req, res, {
      dto: CreateTeamDto,
      values: body,
      toInput: (v) => ({
        affiliationId: formValue.text(v.affiliationId),
        nameZh: formValue.text(v.nameZh),
        nameEn: formValue.text(v.nameEn),
        ...memberInput(v, event.teamStarters, event.teamReserves),
      }),
      run: (dto) => this.teams.create({ user: req.user!, eventId, dto }),
      render: async (form) => ({ view: 'setup/team-form', context: await this.formContext(res, eventId, undefined, form) }),
      redirect: () => `/manage/events/${eventId}/teams`,
      flash: () => translator(res)('saved'),
    });
  }

  @Get('manage/teams/:teamId/edit')
  @RequireRole(...REGISTRARS)
  async editPage(@Param('teamId', uuidParam('teamId')) teamId: string, @Res() res: Response) {
    const team = await this.teams.get(teamId);
    const values: Record<string, unknown> = { nameZh: team.nameZh, nameEn: team.nameEn, affiliationId: team.affiliationId };
    for (const m of team.members.filter((x) => x.role === 'starter')) values[`board${m.board}`] = m.playerId;
    team.members.filter((x) => x.role === 'reserve').forEach((m, i) => (values[`reserve${i + 1}`] = m.playerId));
    res.render('setup/team-form', await this.formContext(res, team.eventId, team, emptyForm(values)));
  }

  @Post('manage/teams/:teamId/edit')
  @RequireRole(...REGISTRARS)
  async edit(
    @Param('teamId', uuidParam('teamId')) teamId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const team = await this.teams.get(teamId);
    const event = await this.data.event(team.eventId);
    const started = event.round1PairedAt !== null;
    await submitForm(req, res, {
      dto: UpdateTeamDto,
      values: body,
      toInput: (v) => ({
        version: formValue.int(v.version),
        nameZh: formValue.text(v.nameZh),
        nameEn: formValue.text(v.nameEn),
        ...(started ? {} : memberInput(v, event.teamStarters, event.teamReserves)),
      }),
      run: (dto) => this.teams.update({ user: req.user!, id: teamId, dto }),
      render: async (form) => ({ view: 'setup/team-form', context: await this.formContext(res, team.eventId, team, form) }),
      redirect: () => `/manage/events/${team.eventId}/teams`,
      flash: () => translator(res)('saved'),
    });
  }

  @Post('manage/teams/:teamId/delete')
  @RequireRole(...REGISTRARS)
  async delete(
    @Param('teamId', uuidParam('teamId')) teamId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    const team = await this.teams.get(teamId);
    await act(req, res, () => this.teams.remove({ user: req.user!, id: teamId }), `/manage/events/${team.eventId}/teams`, translator(res)('deleted'));
  }

  // ── team CSV ──────────────────────────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/teams/import')
  @RequireRole(...REGISTRARS)
  async importPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    res.render('setup/import', await this.importContext(res, eventId, emptyForm()));
  }

  @Post('manage/events/:eventId/teams/import')
  @RequireRole(...REGISTRARS)
  @Upload('csvFile', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } })
  async import(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @UploadedFile() file: UploadedCsv | undefined,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await csvImportStep(req, res, body, uploadedCsv(file, body.csv), {
      run: (csv) => this.imports.importTeams({ user: req.user!, eventId, csv }),
      formContext: (form) => this.importContext(res, eventId, form),
      previewContext: (csv, form) => this.previewContext(res, eventId, csv, form),
      done: `/manage/events/${eventId}/teams`,
    });
  }

  // ── contexts ──────────────────────────────────────────────────────────────────────────────

  private async formContext(
    res: Response,
    eventId: string,
    team: { id: string; nameZh: string; nameEn: string; version: number } | undefined,
    form: FormState,
  ) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const [affiliations, players] = await Promise.all([this.data.unitsOf(event.tournamentId), this.data.playersWithUnits(event.tournamentId)]);
    const playerOptions = players.map((p) => ({ value: p.id, label: `${p.nameZh} ${p.nameEn}${p.affiliation ? ` · ${nameIn(lang, p.affiliation)}` : ''}` }));
    const started = event.round1PairedAt !== null;
    return {
      title: team ? t('editTeam') : t('addTeam'),
      breadcrumbs: setupCrumbs(
        lang,
        event.tournament,
        { label: nameIn(lang, event), href: `/manage/events/${event.id}` },
        { label: t('teams'), href: `/manage/events/${event.id}/teams` },
        { label: team ? team.nameZh : t('addTeam') },
      ),
      team,
      form,
      started,
      action: team ? `/manage/teams/${team.id}/edit` : `/manage/events/${event.id}/teams/new`,
      affiliationOptions: affiliations.map((a) => ({ value: a.id, label: nameIn(lang, a) })),
      boards: Array.from({ length: event.teamStarters }, (_, i) => ({ name: `board${i + 1}`, label: t('boardN', { n: i + 1 }), required: i === 0 })),
      reserveSlots: Array.from({ length: event.teamReserves }, (_, i) => ({ name: `reserve${i + 1}`, label: t('reserveN', { n: i + 1 }) })),
      playerOptions,
    };
  }

  private async previewContext(res: Response, eventId: string, csv: string, form: FormState) {
    const t = translator(res);
    const preview = await this.imports.previewTeams({ eventId, csv });
    const member = (m: { nameZh: string; nameEn: string }) => `${m.nameZh} ${m.nameEn}`;
    return {
      ...(await this.importContext(res, eventId, form)),
      preview: csvPreviewView(
        t,
        preview,
        (team) => [
          team.nameZh,
          team.nameEn,
          team.affiliation,
          team.starters.map((m, i) => `${i + 1}. ${member(m)}`).join('; '),
          team.reserves.map(member).join('; '),
        ],
        (team) => team.affiliation,
        langOf(res),
      ),
      previewColumns: ['team_zh', 'team_en', 'affiliation', t('starters'), t('reserves')],
      csv,
    };
  }

  private async importContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    return {
      title: t('importTeams'),
      breadcrumbs: setupCrumbs(
        lang,
        event.tournament,
        { label: nameIn(lang, event), href: `/manage/events/${event.id}` },
        { label: t('teams'), href: `/manage/events/${event.id}/teams` },
        { label: t('importTeams') },
      ),
      form,
      action: `/manage/events/${eventId}/teams/import`,
      columnsHint: t('teamsCsvColumns'),
    };
  }
}
