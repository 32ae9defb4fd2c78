import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Access, CurrentUser, PAIRERS, RequireRole, type AuthUser } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { VersionDto } from '../common/dto-fields';
import { DecideEarlyDrawDto } from '../discipline/discipline.dto';
import { DisciplineService } from '../discipline/discipline.service';
import { ImportTournamentFileDto } from '../exchange/exchange.dto';
import { ExchangeService } from '../exchange/exchange.service';
import { TeamForfeitDto } from '../lineups/lineup.dto';
import { LineupsService } from '../lineups/lineups.service';
import { StaffPageData } from './staff-page-data';
import { laterPairingsAfterCommit } from '../results/later-pairings';
import { ByeDto, ColoursDto, ForbiddenPairDto, PairRoundDto, SwapDto, UpdateRoundDto } from '../rounds/round.dto';
import { RoundsService } from '../rounds/rounds.service';
import { consoleView } from './console-view';
import { submitForm, type FormState } from '../web/forms';
import { show } from './page-context';
import { confirmPage, crumbs, langOf } from './page-context';
import { int, nameOf, text, tr } from './staff-view';
import { localToIso } from './times';

type Form = Record<string, unknown>;

/**
 * The chief arbiter's console (issue 20, page 8): pair, check, change and publish the draft, the
 * rounds in play, what is missing, corrections with the later pairings they would have changed,
 * early draws and proposed sanctions to decide, team forfeits, downloads and the import of a
 * tournament file. Every form posts here and calls the API's service with the API's DTO; a
 * destructive action asks first (confirm=yes).
 */
@ApiExcludeController()
@Controller()
@RequireRole(...PAIRERS)
export class ConsolePagesController {
  constructor(
    private readonly data: StaffPageData,
    private readonly rounds: RoundsService,
    private readonly lineups: LineupsService,
    private readonly discipline: DisciplineService,
    private readonly exchange: ExchangeService,
  ) {}

  @Get('events/:eventId/console')
  async page(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Query('later') later: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    show(res, await this.render(req, res, user, eventId, {}, typeof later === 'string' && /^\d{1,4}$/.test(later) ? Number(later) : null));
  }

  private async render(req: Request, res: Response, user: AuthUser, eventId: string, forms: Record<string, FormState>, laterRound: number | null = null) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const event = await this.data.eventForConsole(eventId);
    if (!event) throw notFound('event');
    const [rounds, next, earlyDraws, sanctions] = await Promise.all([
      // The guard's access (every console route needs a pairer's role): drafts shown without asking again.
      this.rounds.list(user, eventId, (req as AuthenticatedRequest).access),
      this.rounds.nextRound(eventId),
      this.discipline.earlyDraws(eventId),
      this.discipline.listForEvent(eventId),
    ]);
    let later = null;
    if (laterRound !== null) {
      const loaded = await this.data.loadedEvent(eventId);
      later = loaded ? laterPairingsAfterCommit(loaded, laterRound) : null;
    }
    const view = consoleView({ event, rounds, next, earlyDraws, sanctions, later }, lang);
    return {
      view: 'staff/console',
      context: {
        lang,
        title: `${t('console.title')} · ${nameOf(event, lang)}`,
        breadcrumbs: crumbs(lang, event.tournament, event, { label: t('console.title') }),
        scheduleHint: t('console.scheduleHint', { zone: event.tournament.timeZone ?? 'UTC' }),
        liveSection: true,
        ...view,
        forms,
      },
    };
  }

  /** Re-renders the console with one form's errors and values (400/409 kept beside that form). */
  private again(req: Request, res: Response, user: AuthUser, eventId: string, name: string) {
    return (form: FormState) => this.render(req, res, user, eventId, { [name]: form });
  }

  private back(eventId: string, anchor = '') {
    return `/events/${eventId}/console${anchor}`;
  }

  @Post('events/:eventId/console/pair')
  async pair(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const tz = await this.timeZone(eventId);
    await submitForm(req, res, {
      dto: PairRoundDto,
      values: body,
      toInput: () => ({ scheduledAt: localToIso(text(body.scheduledAt), tz) }),
      run: (dto) => this.rounds.pairNext(user, eventId, dto),
      redirect: () => this.back(eventId, '#draft'),
      render: this.again(req, res, user, eventId, 'pair'),
    });
  }

  @Post('events/:eventId/console/forbidden-pairs')
  async forbid(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: ForbiddenPairDto,
      values: body,
      toInput: () => ({ version: int(body.version), entryA: body.entryA, entryB: body.entryB, reason: text(body.reason) }),
      run: (dto) => this.rounds.addForbiddenPair(user, eventId, dto),
      redirect: () => this.back(eventId, '#draft'),
      render: this.again(req, res, user, eventId, 'forbid'),
    });
  }

  /** The draft's changes and its publication: swap, colours, bye, re-pair, publish, delete, schedule. */
  @Post('rounds/:roundId/console/swap')
  swap(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() body: Form, @Req() req: Request, @Res() res: Response) {
    return this.roundAction(user, roundId, 'swap', body, req, res);
  }

  @Post('rounds/:roundId/console/colours')
  colours(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.roundAction(user, roundId, 'colours', body, req, res);
  }

  @Post('rounds/:roundId/console/bye')
  bye(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() body: Form, @Req() req: Request, @Res() res: Response) {
    return this.roundAction(user, roundId, 'bye', body, req, res);
  }

  @Post('rounds/:roundId/console/repair')
  repair(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.roundAction(user, roundId, 'repair', body, req, res);
  }

  @Post('rounds/:roundId/console/publish')
  publish(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.roundAction(user, roundId, 'publish', body, req, res);
  }

  @Post('rounds/:roundId/console/delete')
  remove(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.roundAction(user, roundId, 'delete', body, req, res);
  }

  @Post('rounds/:roundId/console/schedule')
  schedule(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.roundAction(user, roundId, 'schedule', body, req, res);
  }

  private async roundAction(
    user: AuthUser,
    roundId: string,
    action: 'swap' | 'colours' | 'bye' | 'repair' | 'publish' | 'delete' | 'schedule',
    body: Form,
    req: Request,
    res: Response,
  ) {
    const round = await this.data.roundHead(roundId);
    if (!round) throw notFound('round');
    const eventId = round.eventId;
    const lang = langOf(req, res);
    const t = tr(lang);
    const failed = this.again(req, res, user, eventId, action);
    const version = int(body.version);
    const reason = text(body.reason);
    const ask = async (question: string, submitLabel: string) => {
      const event = await this.data.eventHead(eventId);
      confirmPage(res, {
        lang,
        title: submitLabel,
        question,
        action: `/rounds/${roundId}/console/${action}`,
        fields: body,
        submitLabel,
        cancelHref: this.back(eventId, '#draft'),
        breadcrumbs: crumbs(lang, event.tournament, event, { label: t('console.title'), href: this.back(eventId) }, { label: submitLabel }),
      });
    };
    switch (action) {
      case 'swap':
        return submitForm(req, res, {
          dto: SwapDto,
          values: body,
          toInput: () => ({ version, entryA: body.entryA, entryB: body.entryB, reason }),
          run: (dto) => this.rounds.swap(user, roundId, dto),
          redirect: () => this.back(eventId, '#draft'),
          render: failed,
        });
      case 'colours':
        return submitForm(req, res, {
          dto: ColoursDto,
          values: body,
          toInput: () => ({ version, pairingId: body.pairingId, reason }),
          run: (dto) => this.rounds.colours(user, roundId, dto),
          redirect: () => this.back(eventId, '#draft'),
          render: failed,
        });
      case 'bye':
        return submitForm(req, res, {
          dto: ByeDto,
          values: body,
          toInput: () => ({ version, entryId: body.entryId, reason }),
          run: (dto) => this.rounds.bye(user, roundId, dto),
          redirect: () => this.back(eventId, '#draft'),
          render: failed,
        });
      case 'repair':
        if (body.confirm !== 'yes') return ask(t('console.confirmRepair', { n: round.number }), t('console.repair'));
        return submitForm(req, res, {
          dto: VersionDto,
          values: body,
          toInput: () => ({ version }),
          run: (dto) => this.rounds.repair(user, roundId, dto.version),
          redirect: () => this.back(eventId, '#draft'),
          render: failed,
        });
      case 'publish':
        if (body.confirm !== 'yes') return ask(t('console.confirmPublish', { n: round.number }), t('console.publish', { n: round.number }));
        return submitForm(req, res, {
          dto: VersionDto,
          values: body,
          toInput: () => ({ version }),
          run: (dto) => this.rounds.publish(user, roundId, dto.version),
          redirect: () => this.back(eventId, '#rounds'),
          render: failed,
        });
      case 'delete':
        if (body.confirm !== 'yes') return ask(t('console.confirmDelete', { n: round.number }), t('console.deleteDraft'));
        return submitForm(req, res, {
          dto: VersionDto,
          values: body,
          toInput: () => ({ version }),
          run: (dto) => this.rounds.remove(user, roundId, dto.version),
          redirect: () => this.back(eventId),
          render: failed,
        });
      case 'schedule': {
        const tz = await this.timeZone(eventId);
        return submitForm(req, res, {
          dto: UpdateRoundDto,
          values: body,
          toInput: () => ({ version, scheduledAt: localToIso(text(body.scheduledAt), tz) ?? null }),
          run: (dto) => this.rounds.schedule(user, roundId, dto),
          redirect: () => this.back(eventId, '#rounds'),
          render: this.again(req, res, user, eventId, `schedule-${roundId}`),
        });
      }
    }
  }

  @Post('games/:gameId/console/early-draw')
  async earlyDraw(
    @CurrentUser() user: AuthUser,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const eventId = await this.eventOfGame(gameId);
    await submitForm(req, res, {
      dto: DecideEarlyDrawDto,
      values: body,
      toInput: () => ({ version: int(body.version), decision: body.decision, reason: text(body.reason) }),
      run: (dto) => this.discipline.decideEarlyDraw(user, gameId, dto),
      redirect: () => this.back(eventId, '#early-draws'),
      render: this.again(req, res, user, eventId, `early-${gameId}`),
    });
  }

  @Post('sanctions/:sanctionId/console/confirm')
  async confirmSanction(
    @CurrentUser() user: AuthUser,
    @Param('sanctionId', uuidParam('sanctionId')) sanctionId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const sanction = await this.data.sanctionForConsole(sanctionId);
    if (!sanction) throw notFound('sanction');
    const event = sanction.game.pairing.round.event;
    const lang = langOf(req, res);
    const t = tr(lang);
    if (body.confirm !== 'yes') {
      return confirmPage(res, {
        lang,
        title: t('console.confirmSanction'),
        question: t('console.confirmSanctionQ'),
        action: `/sanctions/${sanctionId}/console/confirm`,
        fields: body,
        submitLabel: t('console.confirmSanction'),
        cancelHref: this.back(event.id, '#proposed'),
        breadcrumbs: crumbs(lang, event.tournament, event, { label: t('console.title'), href: this.back(event.id) }, { label: t('console.confirmSanction') }),
      });
    }
    await submitForm(req, res, {
      dto: VersionDto,
      values: body,
      toInput: () => ({ version: int(body.version) }),
      run: (dto) => this.discipline.confirm(user, sanctionId, dto.version),
      redirect: () => this.back(event.id, '#proposed'),
      render: this.again(req, res, user, event.id, `sanction-${sanctionId}`),
    });
  }

  @Post('pairings/:pairingId/console/team-forfeit')
  async teamForfeit(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('pairingId', uuidParam('pairingId')) pairingId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const pairing = await this.data.pairingForConsole(pairingId);
    if (!pairing) throw notFound('pairing');
    const event = pairing.round.event;
    const lang = langOf(req, res);
    const t = tr(lang);
    if (body.confirm !== 'yes') {
      const label = t('console.teamForfeit');
      return confirmPage(res, {
        lang,
        title: label,
        question: t('console.confirmForfeit', { table: pairing.table ?? '-' }),
        action: `/pairings/${pairingId}/console/team-forfeit`,
        fields: body,
        submitLabel: label,
        cancelHref: this.back(event.id, '#rounds'),
        breadcrumbs: crumbs(lang, event.tournament, event, { label: t('console.title'), href: this.back(event.id) }, { label }),
      });
    }
    // "both": a double forfeit names both teams (二章7节1).
    const absent =
      body.absent === 'both'
        ? [pairing.redEntryId, pairing.blackEntryId].filter((x): x is string => x !== null)
        : [body.absent].filter((x) => typeof x === 'string' && x !== '');
    await submitForm(req, res, {
      dto: TeamForfeitDto,
      values: body,
      toInput: () => ({ absent, reason: text(body.reason) }),
      run: (dto) => this.lineups.teamForfeit({ user, pairingId, absent: dto.absent, reason: dto.reason, access }),
      redirect: () => this.back(event.id, '#rounds'),
      render: this.again(req, res, user, event.id, `forfeit-${pairingId}`),
    });
  }

  // ── import a tournament file into a new event ─────────────────────────────────────────────
  @Get('tournaments/:tournamentId/import-event')
  async importForm(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.renderImport(req, res, tournamentId, { values: {}, errors: {} }));
  }

  @Post('tournaments/:tournamentId/import-event')
  async importFile(
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    let file: unknown = undefined;
    const raw = typeof body.file === 'string' ? body.file : '';
    try {
      file = raw.trim() ? JSON.parse(raw) : undefined;
    } catch (e) {
      res.status(400);
      return show(
        res,
        await this.renderImport(req, res, tournamentId, { values: body, errors: { file: tr(lang)('import.notJson', { why: (e as Error).message }) } }),
      );
    }
    await submitForm(req, res, {
      dto: ImportTournamentFileDto,
      values: body,
      toInput: () => ({ file, nameZh: text(body.nameZh), nameEn: text(body.nameEn) }),
      run: (dto) => this.exchange.importFile({ user, tournamentId, dto }),
      redirect: (r) => `/events/${(r as { event: { id: string } }).event.id}/console`,
      render: (form) => this.renderImport(req, res, tournamentId, form),
    });
  }

  private async renderImport(req: Request, res: Response, tournamentId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const tournament = await this.data.tournamentName(tournamentId);
    if (!tournament) throw notFound('tournament');
    // Errors of the file name their JSON path (file.entries.3.drawNumber): all shown under the file field.
    const fileErrors = Object.entries(form.errors)
      .filter(([k]) => k === 'file' || k.startsWith('file.'))
      .map(([k, v]) => (k === 'file' ? v : `${k}: ${v}`));
    return {
      view: 'staff/import-event',
      context: {
        lang,
        title: t('import.title'),
        breadcrumbs: crumbs(lang, tournament, null, { label: t('import.title') }),
        action: `/tournaments/${tournamentId}/import-event`,
        form,
        fileError: fileErrors.join('; ') || null,
      },
    };
  }

  private async eventOfGame(gameId: string): Promise<string> {
    const game = await this.data.eventIdOfGame(gameId);
    if (!game) throw notFound('game');
    return game.pairing.round.eventId;
  }

  private async timeZone(eventId: string): Promise<string> {
    const e = await this.data.timeZoneOfEvent(eventId);
    return e?.tournament.timeZone ?? 'UTC';
  }
}
