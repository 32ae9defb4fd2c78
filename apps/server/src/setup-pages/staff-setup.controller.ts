import { ROLE_KEYS, wordOf } from '../i18n/keys';
import { Body, Controller, Get, HttpException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Authenticated, RequireRole } from '../auth/auth.decorators';
import { tokenHash } from '../auth/auth.service';
import { uuidParam } from '../common/id-param';
import { SetupPageData } from './setup-page-data';
import { GrantRoleDto, TOURNAMENT_ROLES } from '../tournaments/tournament.dto';
import { TournamentsService } from '../tournaments/tournaments.service';
import { emptyForm, FormState, formRefusal, formValue, submitForm } from '../web/forms';
import { clearCookie, readCookies, setCookie } from '../auth/session-cookie';
import { flash, pageLanguage } from '../web/page-context';
import { publicOrigin } from '../common/public-url';
import { act, requireConfirmation, options, setupCrumbs } from './setup-view';
import { langOf, nameIn, translator } from '../i18n/words';
import { LANGUAGES, type Translate } from '../i18n/i18n';

/** The languages an invitation may be sent in, each named in its own script. */
export function invitationLanguages(t: Translate) {
  return LANGUAGES.map((l) => ({ value: l, label: t(`languageName_${l}`) }));
}

/** Carries a new invitation's token from the invite form to the staff page that shows it once. */
const INVITATION_COOKIE = 'chuhe_invitation';

/** The link an invitation's token opens (shown once to the organizer, to copy). */
function invitationUrl(req: Request, token: string): string {
  // The configured public address (issue 34 #10), else the one the organizer's browser used (not behind a proxy).
  return `${publicOrigin(req)}/invitations/${token}`;
}

/**
 * Staff (issue 20 #3): invite by role — the link shown once, to copy —, pending invitations
 * (revoke), roles held (remove); and the invitation's landing page, where the invitee logs in or
 * signs up and accepts (issue 20 #1).
 */
@ApiExcludeController()
@Controller()
export class StaffSetupController {
  constructor(
    private readonly data: SetupPageData,
    private readonly tournaments: TournamentsService,
  ) {}

  @Get('tournaments/:tournamentId/manage/staff')
  @RequireRole('organizer')
  async staffPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const t = translator(res);
    const fresh = readCookies(req)[INVITATION_COOKIE];
    if (fresh) clearCookie(req, res, INVITATION_COOKIE);
    const [invitationId, token] = fresh?.split('.') ?? [];
    const context = await this.staffContext(res, id, emptyForm({ role: 'arbiter', language: langOf(res) }));
    const invitation = invitationId ? context.invitations.find((i) => i.id === invitationId) : undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.render('setup/staff', {
      ...context,
      created:
        invitation && token
          ? { link: invitationUrl(req, token), role: invitation.roleLabel, note: t('invitationLinkOnce', { email: invitation.email }) }
          : undefined,
    });
  }

  /**
   * The invitation is made, then the browser is sent back to the staff page, which shows its link
   * once: the token travels in a one-minute HttpOnly cookie read and cleared by that page (it is never
   * stored in clear on the server, and a reload neither shows it again nor invites twice).
   */
  @Post('tournaments/:tournamentId/manage/staff')
  @RequireRole('organizer')
  async invite(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: GrantRoleDto,
      values: { email: body.email, role: body.role, teamId: body.teamId, language: body.language },
      // The invitee's language, chosen on the form (the page's language by default): the mail and the invitation's page.
      toInput: (v) => ({
        email: formValue.text(v.email),
        role: formValue.text(v.role),
        teamId: formValue.text(v.teamId),
        language: formValue.text(v.language) ?? langOf(res),
      }),
      run: (dto) => this.tournaments.invite({ user: req.user!, tournamentId: id, dto }),
      render: async (form) => ({ view: 'setup/staff', context: await this.staffContext(res, id, form) }),
      redirect: (invitation) => {
        setCookie(req, res, INVITATION_COOKIE, `${invitation.id}.${invitation.token}`, { maxAgeSeconds: 60 });
        return `/tournaments/${id}/manage/staff`;
      },
    });
  }

  @Post('tournaments/:tournamentId/manage/invitations/:invitationId/revoke')
  @RequireRole('organizer')
  async revokeInvitation(
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('invitationId', uuidParam('invitationId')) invitationId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    await act(
      req,
      res,
      () => this.tournaments.revokeInvitation({ user: req.user!, tournamentId, invitationId }),
      `/tournaments/${tournamentId}/manage/staff`,
      translator(res)('invitationRevoked'),
    );
  }

  @Post('tournaments/:tournamentId/manage/roles/:roleId/remove')
  @RequireRole('organizer')
  async removeRole(
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('roleId', uuidParam('roleId')) roleId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    await act(
      req,
      res,
      () => this.tournaments.revokeRole({ user: req.user!, tournamentId, roleId }),
      `/tournaments/${tournamentId}/manage/staff`,
      translator(res)('roleRemoved'),
    );
  }

  // ── the invitee's side ────────────────────────────────────────────────────────────────────

  /** Public: what the invitation offers; log in or sign up (coming back here), or accept when logged in. */
  @Get('invitations/:token')
  async invitationPage(@Param('token') token: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    // In the invitee's language, chosen by the organizer (issue 32 #5), unless the visitor picked one.
    if (typeof req.query.lang !== 'string') {
      const language = await this.tournaments.invitationLanguage(token);
      if (language) return res.redirect(303, `/invitations/${encodeURIComponent(token)}?lang=${language}`);
    }
    res.render('setup/invitation', await this.invitationContext(res, req, token, emptyForm()));
  }

  @Post('invitations/:token')
  @Authenticated()
  async accept(@Param('token') token: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    try {
      const role = await this.tournaments.acceptInvitation({ user: req.user!, token });
      flash(req, res, translator(res)('invitationAccepted'));
      res.redirect(303, ['organizer', 'chief_arbiter', 'deputy_chief_arbiter'].includes(role.role) ? `/tournaments/${role.tournamentId}/manage` : '/my');
    } catch (error) {
      // Unknown, expired or used: the landing page says so (the token's own 404/409).
      if (!(error instanceof HttpException) || ![404, 409].includes(error.getStatus())) throw error;
      const refused = formRefusal(error, pageLanguage(req, res));
      res
        .status(error.getStatus())
        .render(
          'setup/invitation',
          await this.invitationContext(res, req, token, { values: {}, errors: {}, error: refused?.form.error ?? translator(res)('invitationUnknown') }),
        );
    }
  }

  // ── contexts ──────────────────────────────────────────────────────────────────────────────

  private async staffContext(res: Response, id: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(id);
    const [roles, invitations, teams] = await Promise.all([
      this.tournaments.listRoles(id),
      this.tournaments.listInvitations(id),
      this.data.teamsWithEvents(id),
    ]);
    const teamName = new Map(teams.map((x) => [x.id, `${nameIn(lang, x)} (${nameIn(lang, x.event)})`]));
    return {
      title: t('staff'),
      breadcrumbs: setupCrumbs(lang, tour, { label: t('staff') }),
      scripts: ['/static/js/copy-link.js'],
      timeZone: tour.timeZone,
      tournament: tour,
      form,
      roleOptions: options(lang, TOURNAMENT_ROLES, ROLE_KEYS),
      languageOptions: invitationLanguages(t),
      teamOptions: teams.map((x) => ({ value: x.id, label: teamName.get(x.id)! })),
      roles: roles.map((r) => {
        const role = wordOf(ROLE_KEYS, r.role, t);
        return {
          ...r,
          roleLabel: role,
          team: r.teamId ? teamName.get(r.teamId) : undefined,
          confirm: t('removeRoleConfirm', { name: r.user.displayName, role }),
        };
      }),
      invitations: invitations.map((i) => ({
        ...i,
        roleLabel: wordOf(ROLE_KEYS, i.role, t),
        team: i.teamId ? teamName.get(i.teamId) : undefined,
        confirm: t('revokeInvitationConfirm', { email: i.email }),
      })),
    };
  }

  private async invitationContext(res: Response, req: AuthenticatedRequest, token: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    // Read by the token's hash, as acceptInvitation does; nothing is revealed about other invitations.
    const invitation = token.length >= 20 && token.length <= 100 ? await this.data.invitationByHash(tokenHash(token)) : null;
    const usable = invitation && invitation.expiresAt > new Date();
    const here = `/invitations/${encodeURIComponent(token)}`;
    return {
      title: t('invitation'),
      breadcrumbs: [{ label: t('invitation') }],
      form,
      unknown: !usable,
      used: usable && invitation.acceptedAt !== null,
      offer: usable
        ? {
            text: t('invitationFor', { tournament: nameIn(lang, invitation.tournament), role: wordOf(ROLE_KEYS, invitation.role, t) }),
            team: invitation.team ? t('invitationTeam', { team: nameIn(lang, invitation.team) }) : undefined,
            email: invitation.email,
          }
        : undefined,
      action: here,
      acceptLabel: req.user ? t('acceptAs', { name: `${req.user.displayName} <${req.user.email}>` }) : undefined,
      loginHref: `/login?next=${encodeURIComponent(here)}`,
      signupHref: `/signup?next=${encodeURIComponent(here)}`,
    };
  }
}
