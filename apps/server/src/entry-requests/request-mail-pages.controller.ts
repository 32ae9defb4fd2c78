import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { AccessService } from '../auth/access.service';
import { Authenticated } from '../auth/auth.decorators';
import { DomainError } from '../common/errors';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { EntryRequestsPageData } from './entry-requests-page-data';
import { langOf, nameIn, translator } from '../i18n/words';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { EntryRequestsByMailService } from './by-mail.service';
import { editByLinkPath } from './confirm-token';
import { EditEntryRequestDto } from './entry-request.dto';
import { EntryRequestsService } from './entry-requests.service';
import { inPageLanguage } from './page-words';
import { detailsOf } from './request-details';
import { memberInput } from './request-rows';

/** The confirmation token of a mailed link: base64url, as made by by-mail.service.ts. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Entering without an account (issue 31 #4) and changing a request (issue 31 #3), as pages:
 * the account-free form's post, the mailed link that confirms it, and the submitter's edit form.
 */
@ApiExcludeController()
@Controller()
export class RequestMailPagesController {
  constructor(
    private readonly data: EntryRequestsPageData,
    private readonly access: AccessService,
    private readonly requests: EntryRequestsService,
    private readonly byMail: EntryRequestsByMailService,
  ) {}

  /**
   * The mailed link. Following it is the confirmation (a GET: the person clicks a link in a mail);
   * it changes the request once — a second follow, or two server instances, answer "confirmed
   * before" with its state. Unknown 404, expired 410, each a clear page in the request's language.
   */
  @Get('entry-requests/confirm/:token')
  async confirm(@Param('token') token: string, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    const t = translator(res);
    try {
      if (!TOKEN.test(token)) throw new DomainError('entry.confirm_unknown');
      const done = await this.byMail.confirm(token);
      const state = t(`state_${done.request.state}`);
      res.render('entries/confirmed', {
        title: t('confirmTitle'),
        heading: `${done.eventName}: ${done.label}`,
        message: done.confirmedBefore ? t('confirmedBefore', { state }) : done.request.state === 'waiting' ? t('confirmedWaiting') : t('confirmedNow'),
        state: done.request.state,
        stateLabel: state,
        eventHref: `/events/${done.request.eventId}`,
        // The same mailed token changes the request until the window closes (an account-free request has no other way in).
        editHref: ['submitted', 'waiting'].includes(done.request.state) ? `${editByLinkPath(token)}?lang=${done.lang}` : undefined,
        ok: true,
      });
    } catch (error) {
      if (
        !(error instanceof DomainError) ||
        !['entry.confirm_unknown', 'entry.confirm_expired', 'entry.duplicate', 'entry.other_unit', 'entry.window_closed'].includes(error.code)
      )
        throw error;
      res.status(error.getStatus()).render('entries/confirmed', {
        title: t('confirmRefusedTitle'),
        heading: t('confirmRefusedTitle'),
        message: error.wordsIn(langOf(res)),
        ok: false,
      });
    }
  }

  // ── the submitter changes a request (issue 31 #3) ─────────────────────────────────────────

  /**
   * An account-free request changed through its mailed link (no account: the token is the
   * capability). Unknown token 404, not yet confirmed 409, each a clear page; saving is the
   * service's editByLink (window, eligibility, clashes, version: of two saves at once one 409).
   */
  @Get('entry-requests/by-link/:token/edit')
  async editByLinkPage(@Param('token') token: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    linkHeaders(res);
    const request = await this.ofLink(token, req, res);
    if (request) res.render('entries/edit', await this.editContext(res, request, emptyForm(valuesOf(request)), editByLinkPath(token)));
  }

  @Post('entry-requests/by-link/:token/edit')
  async editByLink(@Param('token') token: string, @Body() body: Record<string, unknown>, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    linkHeaders(res);
    const request = await this.ofLink(token, req, res);
    if (!request) return;
    const event = request.event;
    await submitForm(req, res, {
      dto: EditEntryRequestDto,
      values: body,
      toInput: (v) => ({ ...entryInput(event, v), version: formValue.int(v.version) }),
      run: (dto) => {
        const { version, ...entry } = dto;
        return inPageLanguage(res, () => this.requests.editByLink({ token, version, dto: entry, lang: langOf(res), address: req.ip ?? '' }));
      },
      render: async (form) => ({ view: 'entries/edit', context: await this.editContext(res, request, form, editByLinkPath(token)) }),
      redirect: () => `${editByLinkPath(token)}?lang=${langOf(res)}`,
      flash: () => translator(res)('requestSaved'),
    });
  }

  /** The request of a mailed link, or the refusal's page (404 unknown, 409 not yet confirmed) and undefined. */
  private async ofLink(token: string, req: AuthenticatedRequest, res: Response) {
    try {
      return await this.requests.requestOfLink(token, req.ip ?? '');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const t = translator(res);
      res.status(error.getStatus()).render('entries/confirmed', {
        title: t('editLinkRefusedTitle'),
        heading: t('editLinkRefusedTitle'),
        message: error.wordsIn(langOf(res)),
        ok: false,
      });
      return undefined;
    }
  }

  @Get('entry-requests/:entryRequestId/edit')
  @Authenticated()
  async editPage(@Param('entryRequestId', uuidParam('entryRequestId')) id: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    const request = await this.mine(req, id);
    res.render('entries/edit', await this.editContext(res, request, emptyForm(valuesOf(request)), `/entry-requests/${request.id}/edit`));
  }

  @Post('entry-requests/:entryRequestId/edit')
  @Authenticated()
  async edit(
    @Param('entryRequestId', uuidParam('entryRequestId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const request = await this.mine(req, id);
    const event = request.event;
    await submitForm(req, res, {
      dto: EditEntryRequestDto,
      values: body,
      toInput: (v) => ({ ...entryInput(event, v), version: formValue.int(v.version) }),
      run: (dto) => {
        const { version, ...entry } = dto;
        return inPageLanguage(res, () => this.requests.edit({ user: req.user!, id, version, dto: entry, lang: langOf(res) }));
      },
      render: async (form) => ({ view: 'entries/edit', context: await this.editContext(res, request, form, `/entry-requests/${id}/edit`) }),
      redirect: () => (request.source === 'delegate' ? `/tournaments/${event.tournamentId}/unit#event-${event.id}` : `/events/${event.id}/enter`),
      flash: () => translator(res)('requestSaved'),
    });
  }

  /** The request, when the user is its submitter or a delegate of its unit (the service checks again on saving). */
  private async mine(req: AuthenticatedRequest, id: string) {
    const request = await this.data.request(id);
    if (!request) throw notFound('entryRequest');
    const user = req.user!;
    const delegate =
      request.source === 'delegate' &&
      !!request.affiliationId &&
      (await this.access.of(user, request.event.tournamentId)).delegateUnit() === request.affiliationId;
    if (!delegate && !(request.source !== 'delegate' && request.submittedById === user.id)) throw new DomainError('auth.other_unit');
    return request;
  }

  private async editContext(res: Response, request: Awaited<ReturnType<RequestMailPagesController['mine']>>, form: FormState, action: string) {
    const t = translator(res);
    const lang = langOf(res);
    const event = request.event;
    const d = detailsOf(request.details);
    const name = d.kind === 'team' && d.team ? nameIn(lang, d.team) : d.members[0] ? nameIn(lang, d.members[0]) : '';
    const [units, players] = await Promise.all([
      request.source === 'self' ? this.data.unitsOf(event.tournamentId) : [],
      request.source === 'delegate' && request.affiliationId ? this.data.playersOfUnit(request.affiliationId) : [],
    ]);
    const back = request.source === 'delegate' ? `/tournaments/${event.tournamentId}/unit` : `/events/${event.id}/enter`;
    return {
      title: t('editRequestTitle', { name }),
      breadcrumbs: [
        { label: nameIn(lang, event.tournament), href: `/tournaments/${event.tournamentId}` },
        { label: nameIn(lang, event), href: back },
        { label: t('editRequest') },
      ],
      timeZone: event.tournament.timeZone,
      request: { id: request.id, version: request.version },
      team: event.kind === 'team',
      delegate: request.source === 'delegate',
      members: Array.from({ length: event.teamStarters + event.teamReserves }, (_, i) => ({
        legend: i < event.teamStarters ? t('starterN', { n: i + 1 }) : t('reserveNo', { n: i + 1 - event.teamStarters }),
        f: Object.fromEntries(['playerId', 'nameZh', 'nameEn', 'gender', 'birthYear', 'federationId'].map((k) => [k, `m${i}_${k}`])),
      })),
      genders: [
        { value: 'female', label: t('gender_female') },
        { value: 'male', label: t('gender_male') },
      ],
      units: units.map((u) => ({ value: u.id, label: nameIn(lang, u) })),
      playerOptions: players.map((p) => ({ value: p.id, label: `${nameIn(lang, p)}${p.birthYear ? ` (${p.birthYear})` : ''}` })),
      form,
      back,
      action,
    };
  }
}

/** A capability link's page: never cached, never sent on as a referrer, never indexed. */
function linkHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex');
}

/** Form strings → the entry (as on submission): a player, or a team of starter and reserve rows. */
function entryInput(event: { kind: string; teamStarters: number; teamReserves: number }, v: Record<string, unknown>): Record<string, unknown> {
  if (event.kind !== 'team')
    return { player: memberInput(v, '') ?? {}, ...(formValue.text(v.affiliationId) ? { affiliationId: formValue.text(v.affiliationId) } : {}) };
  const starters = Array.from({ length: event.teamStarters }, (_, i) => memberInput(v, `m${i}_`) ?? {});
  const reserves = Array.from({ length: event.teamReserves }, (_, i) => memberInput(v, `m${event.teamStarters + i}_`)).filter((m) => m !== undefined);
  return { team: { nameZh: formValue.text(v.teamNameZh), nameEn: formValue.text(v.teamNameEn), starters, reserves } };
}

/** The stored request as the edit form's values. */
function valuesOf(request: { details: unknown; affiliationId: string | null; version: number }): Record<string, unknown> {
  const d = detailsOf(request.details);
  const out: Record<string, unknown> = { version: request.version };
  const put = (prefix: string, m: (typeof d.members)[number]) => {
    if (m.playerId) out[`${prefix}playerId`] = m.playerId;
    else {
      out[`${prefix}nameZh`] = m.nameZh;
      out[`${prefix}nameEn`] = m.nameEn;
      out[`${prefix}gender`] = m.gender;
      if (m.birthYear !== null) out[`${prefix}birthYear`] = m.birthYear;
      if (m.rating !== null) out[`${prefix}rating`] = m.rating;
      if (m.federationId) out[`${prefix}federationId`] = m.federationId;
      if (m.email) out[`${prefix}email`] = m.email;
    }
  };
  if (d.kind === 'team') {
    out.teamNameZh = d.team?.nameZh ?? '';
    out.teamNameEn = d.team?.nameEn ?? '';
    d.members.forEach((m, i) => put(`m${i}_`, m));
  } else if (d.members[0]) put('', d.members[0]);
  if (request.affiliationId) out.affiliationId = request.affiliationId;
  return out;
}
