import { QUOTA_BASIS_KEYS, wordOf } from '../i18n/keys';
import type { Translate } from '../i18n/i18n';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Access, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { uuidParam } from '../common/id-param';
import { inPageLanguage, submitSection } from '../entry-requests/page-words';
import { MailService } from '../mail/mail.service';
import { UnitsPageData } from './units-page-data';
import { act, setupCrumbs } from '../setup-pages/setup-view';
import { invitationLanguages } from '../setup-pages/staff-setup.controller';
import { GrantRoleDto } from '../tournaments/tournament.dto';
import { TournamentsService } from '../tournaments/tournaments.service';
import { emptyForm, FormState, formValue, submitForm, validateAs } from '../web/forms';
import { QuotasService } from './quotas.service';
import { ImportUnitsDto, InvitationRuleDto, SetQuotaDto } from './units.dto';
import { langOf, nameIn, translator } from '../i18n/words';

/** The link an invitation's token opens (kept until accepted: shown again here, issue 31 #2). */
function invitationUrl(req: Request, token: string): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}/invitations/${token}`;
}

/**
 * Units, quotas and delegates (issue 31 #2): the quota of every unit per event, set by hand or by
 * 附录2 #1 from a finished event; delegates invited for a unit like other staff, their links shown
 * again until accepted (no mail yet).
 */
@ApiExcludeController()
@Controller()
export class UnitsPagesController {
  constructor(
    private readonly data: UnitsPageData,
    private readonly quotas: QuotasService,
    private readonly tournaments: TournamentsService,
    private readonly mail: MailService,
  ) {}

  @Get('tournaments/:tournamentId/manage/units')
  @RequireRole(...REGISTRARS)
  async page(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Access() access: TournamentAccess,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    res.setHeader('Cache-Control', 'no-store');
    res.render('entries/units', await this.context(req, res, id, access, {}));
  }

  @Post('manage/events/:eventId/quotas')
  @RequireRole(...REGISTRARS)
  async saveQuotas(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    const existing = new Map((await this.quotas.list(eventId)).map((q) => [q.affiliationId, q.quota]));
    await act(
      req,
      res,
      async () => {
        for (const [key, raw] of Object.entries(body)) {
          if (!key.startsWith('quota_')) continue;
          const affiliationId = key.slice(6);
          const value = formValue.int(raw);
          if (value === undefined || value === existing.get(affiliationId)) continue;
          const dto = await validateAs(SetQuotaDto, { quota: value });
          await this.quotas.set({ user: req.user!, eventId, affiliationId, quota: dto.quota });
        }
      },
      `/tournaments/${event.tournamentId}/manage/units#quotas-${eventId}`,
      translator(res)('quotasSaved'),
    );
  }

  @Post('manage/events/:eventId/quotas/rule')
  @RequireRole(...REGISTRARS)
  async rule(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Access() access: TournamentAccess,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    await submitSection(req, res, {
      dto: InvitationRuleDto,
      values: body,
      toInput: (v) => ({
        fromEventId: formValue.text(v.fromEventId),
        hostAffiliationId: formValue.text(v.hostAffiliationId),
        affiliationIds: formValue.list(v.affiliationIds),
      }),
      run: (dto) => inPageLanguage(res, () => this.quotas.applyInvitationRule({ user: req.user!, eventId, dto })),
      render: async (form) => ({ view: 'entries/units', context: await this.context(req, res, event.tournamentId, access, { rule: { eventId, form } }) }),
      redirect: () => `/tournaments/${event.tournamentId}/manage/units#quotas-${eventId}`,
      flash: (rows) => translator(res)('quotasComputed', { n: rows.length }),
    });
  }

  /** Units from a CSV pasted or chosen as a file (issue 31 #2); the refused form comes back with each line's reason. */
  @Post('tournaments/:tournamentId/manage/units/import')
  @RequireRole(...REGISTRARS)
  async importUnits(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Access() access: TournamentAccess,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: ImportUnitsDto,
      values: body,
      toInput: (v) => ({ csv: typeof v.csv === 'string' ? v.csv : '', ...(formValue.text(v.eventId) ? { eventId: formValue.text(v.eventId) } : {}) }),
      run: (dto) => this.quotas.importUnits({ user: req.user!, tournamentId: id, dto }),
      render: async (form) => ({ view: 'entries/units', context: await this.context(req, res, id, access, { csv: form }) }),
      redirect: () => `/tournaments/${id}/manage/units#units-csv`,
      flash: (r) => translator(res)('unitsCsvDone', { created: r.created, quotas: r.quotas }),
    });
  }

  @Post('tournaments/:tournamentId/manage/units/delegates')
  @RequireRole('organizer')
  async inviteDelegate(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Access() access: TournamentAccess,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: GrantRoleDto,
      values: body,
      toInput: (v) => ({
        email: formValue.text(v.email),
        role: 'delegate',
        affiliationId: formValue.text(v.affiliationId),
        language: formValue.text(v.language) ?? langOf(res),
      }),
      // The mail (issue 32's queue) is the invitation's own, in the language chosen for the invitee (the
      // page's by default), as is the invitation's page; the link stays on this page until accepted.
      run: (dto) => this.tournaments.invite({ user: req.user!, tournamentId: id, dto }),
      render: async (form) => ({ view: 'entries/units', context: await this.context(req, res, id, access, { delegate: form }) }),
      redirect: () => `/tournaments/${id}/manage/units#delegates`,
      flash: (inv) => translator(res)('delegateInvited', { email: inv.email }),
    });
  }

  private async context(
    req: AuthenticatedRequest,
    res: Response,
    id: string,
    access: TournamentAccess,
    forms: { rule?: { eventId: string; form: FormState }; delegate?: FormState; csv?: FormState },
  ) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(id);
    const [units, events, roles, invitations] = await Promise.all([
      this.data.unitsOf(id),
      this.data.eventsOf(id),
      this.data.delegatesOf(id),
      this.data.openDelegateInvitations(id),
    ]);
    const unitName = new Map(units.map((u) => [u.id, nameIn(lang, u)]));
    // Finished (or begun) events the user runs, here or in another tournament: last year's championship.
    const sources = await this.data.eventsToCopyFrom(req.user!.id);
    const sourceOptions = sources.map((e) => ({ value: e.id, label: `${nameIn(lang, e.tournament)} · ${nameIn(lang, e)}` }));
    const unitOptions = units.map((u) => ({ value: u.id, label: nameIn(lang, u) }));
    const eventRows = await Promise.all(
      events.map(async (e) => {
        const quotas = new Map((await this.quotas.list(e.id)).map((q) => [q.affiliationId, q]));
        return {
          id: e.id,
          name: nameIn(lang, e),
          fromId: `from-${e.id}`,
          hostId: `host-${e.id}`,
          invitedId: `invited-${e.id}`,
          rows: units.map((u) => {
            const q = quotas.get(u.id);
            return {
              unitId: u.id,
              unit: nameIn(lang, u),
              quota: q?.quota ?? '',
              used: q?.used ?? 0,
              left: q?.left ?? '',
              basis: q ? basisLabel(q.basis, t) : '',
            };
          }),
          ruleForm: forms.rule?.eventId === e.id ? forms.rule.form : emptyForm({ affiliationIds: units.map((u) => u.id) }),
        };
      }),
    );
    return {
      title: t('unitsAndQuotas'),
      breadcrumbs: setupCrumbs(lang, tour, { label: t('unitsAndQuotas') }),
      timeZone: tour.timeZone,
      tournament: tour,
      isOrganizer: access.has('organizer'),
      units: unitOptions,
      sourceOptions,
      events: eventRows,
      form: forms.delegate ?? emptyForm({ language: lang }),
      languageOptions: invitationLanguages(t),
      csvForm: forms.csv ?? emptyForm(),
      eventOptions: events.map((e) => ({ value: e.id, label: nameIn(lang, e) })),
      delegates: roles.map((r) => ({ name: r.user.displayName, email: r.user.email, unit: r.affiliationId ? unitName.get(r.affiliationId) : '' })),
      pending: invitations.map((i) => ({
        email: i.email,
        unit: i.affiliationId ? unitName.get(i.affiliationId) : '',
        link: i.token ? invitationUrl(req, i.token) : undefined,
      })),
    };
  }
}

function basisLabel(basis: unknown, t: Translate): string {
  const b = (basis ?? {}) as { by?: string; role?: string; fillUp?: boolean };
  if (b.by !== '附录2 #1' || !b.role) return t('basis_hand');
  return b.role === 'host' && b.fillUp ? t('basis_host_fill') : wordOf(QUOTA_BASIS_KEYS, b.role, t);
}
