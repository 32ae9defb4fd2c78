import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, CurrentUser, PAIRERS, RequireRole, STAFF, type AuthUser } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { arrivalOf } from '../common/arrival';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { FileAppealDto } from '../appeals/appeals.dto';
import { AppealsService, appealDeadline } from '../appeals/appeals.service';
import { SubmitLineupDto } from '../lineups/lineup.dto';
import { LineupsService } from '../lineups/lineups.service';
import { StaffPageData } from './staff-page-data';
import { submitForm, type FormState } from '../web/forms';
import { show } from './page-context';
import { crumbs, langOf } from './page-context';
import { int, nameOf, resultText, text, tr } from './staff-view';
import { isoToLocal } from './times';

type Form = Record<string, unknown>;
const EMPTY: FormState = { values: {}, errors: {} };

/**
 * The captain's pages (issue 20, page 10): the team's matches with their lineups, the lineup form
 * (附录1 #8: secret until both are in or the deadline), and a written appeal on a game of the team
 * (二章8节4: fee and deadline shown; the service refuses a late one).
 */
@ApiExcludeController()
@Controller()
export class CaptainPagesController {
  constructor(
    private readonly data: StaffPageData,
    private readonly lineups: LineupsService,
    private readonly appeals: AppealsService,
  ) {}

  @Get('tournaments/:tournamentId/my-team')
  @RequireRole('team_captain')
  async myTeam(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const tournament = await this.data.tournamentHead(tournamentId);
    if (!tournament) throw notFound('tournament');
    const captained = access.captainedTeam();
    const teamIds = captained === null ? [] : [captained];
    const entries = await this.data.teamEntries(teamIds);
    const pairings = await this.data.publishedPairingsOf(entries.map((e) => e.id));
    // The boards as the lineups service shows them to this captain: the players stay hidden until the lineups are released (附录1 #8).
    const cards = new Map(
      await Promise.all(pairings.filter((p) => p.blackEntryId !== null).map(async (p) => [p.id, await this.lineups.lineups(p.id, user, access)] as const)),
    );
    const teams = entries.map((e) => ({
      name: nameOf(e.team, lang),
      event: nameOf(e.event, lang),
      matches: pairings
        .filter((p) => p.redEntryId === e.id || p.blackEntryId === e.id)
        .map((p) => ({
          id: p.id,
          title: `${t('staff.round', { n: p.round.number })} · ${t('staff.table')} ${p.table ?? '-'}`,
          match: `${nameOf(p.redEntry.team, lang)} – ${p.blackEntry ? nameOf(p.blackEntry.team, lang) : t('staff.bye')}`,
          bye: p.blackEntryId === null,
          lineup: p.lineups.some((l) => l.entryId === e.id) ? t('captain.submitted') : t('captain.notSubmitted'),
          submitted: p.lineups.some((l) => l.entryId === e.id),
          lineupHref: `/pairings/${p.id}/lineup`,
          games: (cards.get(p.id)?.boards ?? []).map((g) => ({
            label: `${t('staff.board')} ${g.board}${g.red && g.black ? `: ${nameOf(g.red as { nameZh: string; nameEn: string }, lang)} – ${nameOf(g.black as { nameZh: string; nameEn: string }, lang)}` : ''}`,
            result: g.result ? resultText(g.result, lang) : t('staff.open'),
            appealHref: g.result ? `/games/${g.id}/appeal` : null,
          })),
        })),
    }));
    show(res, {
      view: 'staff/my-team',
      context: {
        lang,
        title: `${t('captain.title')} · ${nameOf(tournament, lang)}`,
        breadcrumbs: crumbs(lang, tournament, null, { label: t('captain.title') }),
        teams,
      },
    });
  }

  // ── lineup ──────────────────────────────────────────────────────────────────────────────
  @Get('pairings/:pairingId/lineup')
  @RequireRole('team_captain', ...PAIRERS)
  async lineupForm(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('pairingId', uuidParam('pairingId')) pairingId: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    show(res, await this.renderLineup(req, res, user, access, pairingId, null));
  }

  @Post('pairings/:pairingId/lineup/:entryId')
  @RequireRole('team_captain', ...PAIRERS)
  async submitLineup(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('pairingId', uuidParam('pairingId')) pairingId: string,
    @Param('entryId', uuidParam('entryId')) entryId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    // board1, board2, … → players in board order (the form has one select per board).
    const players = Object.keys(body)
      .filter((k) => /^board\d+$/.test(k))
      .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))
      .map((k) => body[k]);
    await submitForm(req, res, {
      dto: SubmitLineupDto,
      values: body,
      toInput: () => ({ players, version: int(text(body.version) ?? ''), reason: text(body.reason) }),
      run: (dto) => this.lineups.submit({ user, pairingId, entryId, dto, arrived: arrivalOf(req), access }),
      redirect: () => `/pairings/${pairingId}/lineup?saved=${entryId}`,
      render: (form) => this.renderLineup(req, res, user, access, pairingId, { entryId, form }),
    });
  }

  private async renderLineup(
    req: Request,
    res: Response,
    user: AuthUser,
    access: TournamentAccess,
    pairingId: string,
    failed: { entryId: string; form: FormState } | null,
  ) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const card = await this.lineups.lineups(pairingId, user, access);
    const pairing = await this.data.eventOfPairing(pairingId);
    const event = pairing.round.event;
    // The guard's access (the pairing's tournament): the pairers fill either side, a captain their own team's.
    const pairer = access.has(...PAIRERS);
    const captained = access.captainedTeam();
    const sides = [card.red, card.black].filter((s) => s !== null && s.teamId !== null && (pairer || s.teamId === captained)).map((s) => s!);
    const teams = await this.data.teamMembers(sides.map((s) => s.teamId!));
    const boards = card.boards.filter((b) => b.kind === 'regular').length || 3;
    const saved = typeof req.query.saved === 'string' ? [card.red, card.black].find((s) => s?.entryId === req.query.saved) : undefined;
    const tz = event.tournament.timeZone ?? 'UTC';
    return {
      view: 'staff/lineup',
      context: {
        lang,
        title: `${t('lineup.title')} · ${t('staff.round', { n: card.roundNumber })} · ${t('staff.table')} ${card.table ?? '-'}`,
        breadcrumbs: crumbs(lang, event.tournament, event, {
          label: `${t('lineup.title')} · ${t('staff.round', { n: card.roundNumber })} · ${t('staff.table')} ${card.table ?? '-'}`,
        }),
        matchHref: `/pairings/${pairingId}`,
        deadline: card.deadline ? `${isoToLocal(card.deadline, tz).replace('T', ' ')} (${tz})` : '—',
        released: card.released ? t('lineup.released') : t('lineup.notReleased'),
        saved: saved ? t('lineup.saved', { team: nameOf(saved, lang) }) : null,
        sides: [card.red, card.black]
          .filter((s) => s !== null)
          .map((s) => ({
            name: nameOf(s!, lang),
            submitted: s!.submitted,
            status: s!.submitted ? t('captain.submitted') : t('captain.notSubmitted'),
            players: s!.lineup?.players.map((p) => nameOf(p as { nameZh: string; nameEn: string }, lang)) ?? null,
          })),
        forms: sides.map((s, ti) => {
          const members = teams.find((x) => x.id === s.teamId)?.members ?? [];
          const current = s.lineup ? s.lineup.players.map((p) => p.id) : null;
          const starters = members
            .filter((m) => m.role === 'starter')
            .sort((a, b) => (a.board ?? 99) - (b.board ?? 99))
            .map((m) => m.playerId);
          const form = failed?.entryId === s.entryId ? failed.form : null;
          return {
            index: ti,
            title: t('lineup.for', { team: nameOf(s, lang) }),
            action: `/pairings/${pairingId}/lineup/${s.entryId}`,
            version: s.lineup?.version ?? '',
            asArbiter: pairer,
            error: form ? [form.error, ...Object.entries(form.errors).map(([k, v]) => `${k}: ${v}`)].filter(Boolean).join('; ') : null,
            reason: form?.values.reason ?? '',
            boards: Array.from({ length: boards }, (_, i) => {
              const pick = String(form?.values[`board${i + 1}`] ?? (current && current[i]) ?? starters[i] ?? '');
              return {
                name: `board${i + 1}`,
                id: `lineup-${ti}-board-${i + 1}`,
                label: `${t('staff.board')} ${i + 1}`,
                options: members.map((m) => ({
                  value: m.playerId,
                  label: `${nameOf(m.player, lang)} (${m.role === 'reserve' ? t('lineup.reserve') : t('lineup.starter')})`,
                  selected: m.playerId === pick,
                })),
              };
            }),
          };
        }),
        noTeams: sides.length === 0,
      },
    };
  }

  // ── appeal (二章8节4) ────────────────────────────────────────────────────────────────────
  @Get('games/:gameId/appeal')
  @RequireRole(...STAFF, 'team_captain')
  async appealForm(@Access() access: TournamentAccess, @Param('gameId', uuidParam('gameId')) gameId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.renderAppeal(req, res, access, gameId, EMPTY));
  }

  @Post('games/:gameId/appeal')
  @RequireRole(...STAFF, 'team_captain')
  async fileAppeal(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: FileAppealDto,
      values: body,
      toInput: () => ({ text: text(body.text), disputeId: text(body.disputeId), entryId: text(body.entryId) }),
      run: (dto) => this.appeals.file(user, gameId, dto, undefined, access),
      redirect: (a) => `/games/${gameId}/appeal?filed=${a.id}`,
      render: (form) => this.renderAppeal(req, res, access, gameId, form),
    });
  }

  private async renderAppeal(req: Request, res: Response, access: TournamentAccess, gameId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const info = await this.data.gameInfo(gameId, lang);
    const event = info.event;
    const tz = info.tournament.timeZone ?? 'UTC';
    const deadline = info.game.resultEnteredAt ? appealDeadline(info.game.resultEnteredAt, event.appealDeadlineMinutes) : null;
    const at = deadline ? `${isoToLocal(deadline, tz).replace('T', ' ')} (${tz})` : '';
    const disputes = await this.data.disputesOf(gameId);
    const fee = `${(event.appealFeeAmount / 100).toFixed(2)} ${event.appealFeeCurrency}`;
    const filed = typeof req.query.filed === 'string';
    // Issue 30 #6: a team captain appeals for their own team, so only it is offered (chosen already);
    // the arbiters, filing for either side, choose.
    const captained = access.captainedTeam();
    const sides = [info.game.pairing.redEntry, info.game.pairing.blackEntry].filter((e) => e !== null);
    const own = sides.filter((e) => e.teamId !== null && e.teamId === captained);
    const offered = own.length > 0 ? own : sides;
    return {
      view: 'staff/appeal-file',
      context: {
        lang,
        title: `${t('appeal.fileTitle')} · ${info.label}`,
        breadcrumbs: crumbs(lang, info.tournament, event, { label: t('appeal.fileTitle') }),
        info: { label: info.label, result: info.resultText },
        intro: t('appeal.fileIntro', { minutes: event.appealDeadlineMinutes, fee }),
        deadline: deadline ? (deadline.getTime() < Date.now() ? t('appeal.late', { at }) : t('appeal.deadline', { at })) : t('appeal.notEnded'),
        late: deadline !== null && deadline.getTime() < Date.now(),
        filed: filed ? t('appeal.filed') : null,
        action: `/games/${gameId}/appeal`,
        entries: offered.map((e) => ({
          value: e.id,
          label: nameOf(e.team ?? e.player, lang),
          selected: form.values.entryId === e.id || offered.length === 1,
        })),
        disputes: [
          { value: '', label: '—' },
          ...disputes.map((d) => ({ value: d.id, label: d.ruling ?? d.createdAt.toISOString(), selected: form.values.disputeId === d.id })),
        ],
        form,
      },
    };
  }
}
