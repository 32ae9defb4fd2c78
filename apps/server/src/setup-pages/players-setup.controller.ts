import { GENDER_KEYS } from '../i18n/keys';
import { Upload } from '../web/upload';
import { Body, Controller, Get, Param, Post, Query, Req, Res, UploadedFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { GENDERS } from '../players/player.dto';
import { CreatePlayerDto, UpdatePlayerDto } from '../players/player.dto';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { ImportsService } from '../imports/imports.service';
import { PlayersService } from '../players/players.service';
import { SetupPageData } from './setup-page-data';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { act, requireConfirmation, options, setupCrumbs } from './setup-view';
import { csvImportStep, csvPreviewView, uploadedCsv, type UploadedCsv } from './csv-upload';
import { langOf, nameIn, translator } from '../i18n/words';

/** Form strings → the player DTO's shape. */
function playerInput(v: Record<string, unknown>): Record<string, unknown> {
  return {
    nameZh: formValue.text(v.nameZh),
    nameEn: formValue.text(v.nameEn),
    gender: formValue.text(v.gender),
    affiliationId: formValue.text(v.affiliationId),
    rating: formValue.int(v.rating),
    title: formValue.text(v.title),
  };
}

/**
 * Players (issue 20 #5): the list with search in either script, add, edit, delete, and the CSV
 * import by file upload or paste, previewed (rows, problems by line and column, new affiliations)
 * before anything is written.
 */
@ApiExcludeController()
@Controller()
export class PlayersSetupController {
  constructor(
    private readonly data: SetupPageData,
    private readonly players: PlayersService,
    private readonly imports: ImportsService,
  ) {}

  @Get('tournaments/:tournamentId/manage/players')
  @RequireRole(...REGISTRARS)
  async list(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Query('q') q: unknown, @Res() res: Response) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(id);
    const query = typeof q === 'string' ? q.trim().slice(0, 100) : '';
    const players = await this.data.playersMatching(id, query);
    const total = query ? await this.data.playerCount(id) : players.length;
    res.render('setup/players', {
      title: t('players'),
      breadcrumbs: setupCrumbs(lang, tour, { label: t('players') }),
      tournament: tour,
      q: query,
      total,
      players: players.map((p) => ({
        ...p,
        genderLabel: t(`gender_${p.gender}`),
        affiliationName: p.affiliation ? nameIn(lang, p.affiliation) : '',
        confirm: t('deletePlayerConfirm', { name: `${p.nameZh} ${p.nameEn}` }),
      })),
    });
  }

  @Get('tournaments/:tournamentId/manage/players/new')
  @RequireRole(...REGISTRARS)
  async newPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    res.render('setup/player-form', await this.formContext(res, id, undefined, emptyForm({ gender: 'male' })));
  }

  @Post('tournaments/:tournamentId/manage/players/new')
  @RequireRole(...REGISTRARS)
  async create(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: CreatePlayerDto,
      values: body,
      toInput: playerInput,
      run: (dto) => this.players.create({ user: req.user!, tournamentId: id, dto }),
      render: async (form) => ({ view: 'setup/player-form', context: await this.formContext(res, id, undefined, form) }),
      redirect: () => (body.another === 'on' ? `/tournaments/${id}/manage/players/new` : `/tournaments/${id}/manage/players`),
      flash: (p) => `${translator(res)('saved')} ${p.nameZh} ${p.nameEn}`,
    });
  }

  @Get('manage/players/:playerId/edit')
  @RequireRole(...REGISTRARS)
  async editPage(@Param('playerId', uuidParam('playerId')) playerId: string, @Res() res: Response) {
    const p = await this.players.get(playerId);
    res.render(
      'setup/player-form',
      await this.formContext(res, p.tournamentId, p, emptyForm({ ...p, affiliationId: p.affiliationId ?? '', rating: p.rating ?? '', title: p.title ?? '' })),
    );
  }

  @Post('manage/players/:playerId/edit')
  @RequireRole(...REGISTRARS)
  async edit(
    @Param('playerId', uuidParam('playerId')) playerId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const p = await this.players.get(playerId);
    await submitForm(req, res, {
      dto: UpdatePlayerDto,
      values: body,
      toInput: (v) => ({ ...playerInput(v), version: formValue.int(v.version) }),
      run: (dto) => this.players.update({ user: req.user!, id: playerId, dto }),
      render: async (form) => ({ view: 'setup/player-form', context: await this.formContext(res, p.tournamentId, p, form) }),
      redirect: () => `/tournaments/${p.tournamentId}/manage/players`,
      flash: () => translator(res)('saved'),
    });
  }

  @Post('manage/players/:playerId/delete')
  @RequireRole(...REGISTRARS)
  async delete(
    @Param('playerId', uuidParam('playerId')) playerId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    const p = await this.players.get(playerId);
    await act(
      req,
      res,
      () => this.players.remove({ user: req.user!, id: playerId }),
      `/tournaments/${p.tournamentId}/manage/players`,
      translator(res)('deleted'),
    );
  }

  // ── CSV import ────────────────────────────────────────────────────────────────────────────

  @Get('tournaments/:tournamentId/manage/players/import')
  @RequireRole(...REGISTRARS)
  async importPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    res.render('setup/import', await this.importContext(res, id, emptyForm()));
  }

  /**
   * `step=preview` (a file or pasted text): the dry run (ImportsService.previewPlayers), nothing
   * written; the page shows the rows and problems and carries the text on to `step=import`, which
   * runs the API's import (all-or-nothing, the same checks again).
   */
  @Post('tournaments/:tournamentId/manage/players/import')
  @RequireRole(...REGISTRARS)
  @Upload('csvFile', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } })
  async import(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @UploadedFile() file: UploadedCsv | undefined,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await csvImportStep(req, res, body, uploadedCsv(file, body.csv), {
      run: (csv) => this.imports.importPlayers({ user: req.user!, tournamentId: id, csv }),
      formContext: (form) => this.importContext(res, id, form),
      previewContext: (csv, form) => this.previewContext(res, id, csv, form),
      done: `/tournaments/${id}/manage/players`,
    });
  }

  // ── contexts ──────────────────────────────────────────────────────────────────────────────

  private async formContext(
    res: Response,
    tournamentId: string,
    player: { id: string; nameZh: string; nameEn: string; version: number } | undefined,
    form: FormState,
  ) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(tournamentId);
    const affiliations = await this.data.unitsOf(tournamentId);
    return {
      title: player ? t('editPlayer') : t('addPlayer'),
      breadcrumbs: setupCrumbs(
        lang,
        tour,
        { label: t('players'), href: `/tournaments/${tour.id}/manage/players` },
        { label: player ? `${player.nameZh} ${player.nameEn}` : t('addPlayer') },
      ),
      tournament: tour,
      player,
      form,
      action: player ? `/manage/players/${player.id}/edit` : `/tournaments/${tour.id}/manage/players/new`,
      genderOptions: options(lang, GENDERS, GENDER_KEYS),
      affiliationOptions: affiliations.map((a) => ({ value: a.id, label: a.code ? `${nameIn(lang, a)} (${a.code})` : nameIn(lang, a) })),
    };
  }

  private async previewContext(res: Response, id: string, csv: string, form: FormState) {
    const t = translator(res);
    const preview = await this.imports.previewPlayers({ tournamentId: id, csv });
    return {
      ...(await this.importContext(res, id, form)),
      preview: csvPreviewView(
        t,
        preview,
        (row) => [row.nameZh, row.nameEn, t(`gender_${row.gender}`), row.affiliation ?? '', row.rating ?? '', row.title ?? ''],
        (row) => row.affiliation,
        langOf(res),
      ),
      previewColumns: ['name_zh', 'name_en', 'gender', 'affiliation', 'rating', 'title'],
      csv,
    };
  }

  private async importContext(res: Response, id: string, form: FormState) {
    const t = translator(res);
    const tour = await this.data.tournament(id);
    return {
      title: t('importPlayers'),
      breadcrumbs: setupCrumbs(langOf(res), tour, { label: t('players'), href: `/tournaments/${id}/manage/players` }, { label: t('importPlayers') }),
      tournament: tour,
      form,
      action: `/tournaments/${id}/manage/players/import`,
      columnsHint: t('playersCsvColumns'),
    };
  }
}
