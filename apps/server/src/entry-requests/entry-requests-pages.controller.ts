import type { Translate } from '../i18n/i18n';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { windowState } from '@chuhe/registration';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { AccessService } from '../auth/access.service';
import { Authenticated, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import type { Event } from '../generated/prisma/client';
import { EntryRequestsPageData } from './entry-requests-page-data';
import { act, setupCrumbs } from '../setup-pages/setup-view';
import { QuotasService } from '../units/quotas.service';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { CONFIRM_HOURS, EntryRequestsByMailService } from './by-mail.service';
import { CreateEntryRequestByMailDto, CreateEntryRequestDto, RequestFilterDto, REQUEST_SOURCES, REQUEST_STATES } from './entry-request.dto';
import { EntryRequestsService } from './entry-requests.service';
import { inPageLanguage, submitSection, when } from './page-words';
import { memberInput, requestRows } from './request-rows';
import { langOf, nameIn, translator } from '../i18n/words';

const DECISIONS = ['approve', 'wait', 'refuse'] as const;
const MEMBER_FIELDS = ['playerId', 'nameZh', 'nameEn', 'gender', 'birthYear', 'federationId'] as const;

/** Where a form may send the browser back to (this site's paths only). */
function back(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^\/[A-Za-z0-9/_\-?=&#.%]*$/.test(value) && !value.startsWith('//') ? value : fallback;
}

/**
 * The pages of 报名 and 审核 (issue 31 #3–5): the organizer's queue with filters and decisions, the
 * delegate's page of their unit (quotas, deadline, entry forms, states), and a person's own entry
 * to an open event.
 */
@ApiExcludeController()
@Controller()
export class EntryRequestsPagesController {
  constructor(
    private readonly data: EntryRequestsPageData,
    private readonly requests: EntryRequestsService,
    private readonly quotas: QuotasService,
    private readonly access: AccessService,
    private readonly byMail: EntryRequestsByMailService,
  ) {}

  // ── the organizer's queue ────────────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/requests')
  @RequireRole(...REGISTRARS)
  async queue(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const filter: RequestFilterDto = {
      state: (REQUEST_STATES as readonly string[]).includes(String(query.state)) ? (query.state as RequestFilterDto['state']) : undefined,
      source: (REQUEST_SOURCES as readonly string[]).includes(String(query.source)) ? (query.source as RequestFilterDto['source']) : undefined,
      affiliationId: typeof query.unit === 'string' && /^[0-9a-f-]{36}$/.test(query.unit) ? query.unit : undefined,
    };
    const [requests, places, units] = await Promise.all([
      this.requests.list({ user: req.user!, eventId, filter }),
      this.requests.places(eventId),
      this.data.unitsOf(event.tournamentId),
    ]);
    const here = `/manage/events/${eventId}/requests${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
    res.setHeader('Cache-Control', 'no-store');
    res.render('entries/queue', {
      title: t('requestsOf', { event: nameIn(lang, event) }),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${eventId}` }, { label: t('entryRequests') }),
      timeZone: event.tournament.timeZone,
      event: { id: eventId, name: nameIn(lang, event), tournamentId: event.tournamentId },
      places: places.max === null ? t('placesNoMax', places as unknown as Record<string, number>) : t('places', places as unknown as Record<string, number>),
      canPromote: places.waiting > 0 && (places.free === null || places.free > 0),
      oddField: places.hostFillUp === 1 && places.active > 0 ? t('oddField', { n: places.active }) : undefined,
      filters: {
        state: REQUEST_STATES.map((s) => ({ value: s, label: t(`state_${s}`), selected: filter.state === s })),
        source: REQUEST_SOURCES.map((s) => ({ value: s, label: t(`source_${s}`), selected: filter.source === s })),
        unit: units.map((u) => ({ value: u.id, label: nameIn(lang, u), selected: filter.affiliationId === u.id })),
      },
      rows: requestRows(res, lang, event.tournament.timeZone, requests),
      labels: { approve: t('approve'), wait: t('putWaiting'), reason: t('refuseReason'), refuse: t('refuse') },
      back: here,
    });
  }

  @Post('manage/entry-requests/:entryRequestId/decide')
  @RequireRole(...REGISTRARS)
  async decide(
    @Param('entryRequestId', uuidParam('entryRequestId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const t = translator(res);
    const request = await this.data.requestRow(id);
    const to = back(body.back, `/manage/events/${request.eventId}/requests`);
    const action = (DECISIONS as readonly string[]).includes(String(body.action)) ? (body.action as (typeof DECISIONS)[number]) : 'approve';
    const version = Number(formValue.int(body.version));
    const reason = formValue.text(body.reason);
    const user = req.user!;
    const lang = langOf(res);
    await act(
      req,
      res,
      () =>
        inPageLanguage(res, () =>
          action === 'approve'
            ? this.requests.approve({ user, id, version, lang })
            : action === 'wait'
              ? this.requests.wait({ user, id, version, reason })
              : this.requests.refuse({ user, id, version, reason }),
        ),
      to,
      t(`decided_${action === 'approve' ? 'approved' : action === 'wait' ? 'waiting' : 'refused'}`),
    );
  }

  @Post('manage/events/:eventId/requests/promote')
  @RequireRole(...REGISTRARS)
  async promote(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const lang = langOf(res);
    let name = '';
    await act(
      req,
      res,
      async () => {
        const r = await inPageLanguage(res, () => this.requests.promote({ user: req.user!, eventId, lang }));
        const d = r.details as { members?: { nameZh: string; nameEn: string }[]; team?: { nameZh: string; nameEn: string } };
        name = d.team ? nameIn(lang, d.team) : d.members?.[0] ? nameIn(lang, d.members[0]) : '';
      },
      back(body.back, `/manage/events/${eventId}/requests`),
      () => translator(res)('promoted', { name }),
    );
  }

  // ── the delegate's page ──────────────────────────────────────────────────────────────────

  @Get('tournaments/:tournamentId/unit')
  @RequireRole('delegate')
  async unitPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    res.render('entries/unit', await this.unitContext(req, res, id, undefined));
  }

  @Post('events/:eventId/unit-entries')
  @RequireRole('delegate')
  async unitEntry(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    await submitSection(req, res, {
      dto: CreateEntryRequestDto,
      values: body,
      toInput: (v) => requestInput(event, v),
      run: (dto) => inPageLanguage(res, () => this.requests.submit({ user: req.user!, eventId, dto, lang: langOf(res) })),
      render: async (form) => ({ view: 'entries/unit', context: await this.unitContext(req, res, event.tournamentId, { eventId, form }) }),
      redirect: () => `/tournaments/${event.tournamentId}/unit#event-${eventId}`,
      flash: (r) => translator(res)(r.state === 'waiting' ? 'entryWaiting' : 'entrySubmitted'),
    });
  }

  @Post('entry-requests/:entryRequestId/take-back')
  @Authenticated()
  async takeBack(
    @Param('entryRequestId', uuidParam('entryRequestId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const version = Number(formValue.int(body.version));
    await act(
      req,
      res,
      () => inPageLanguage(res, () => this.requests.withdraw({ user: req.user!, id, version })),
      back(body.back, '/my'),
      translator(res)('takenBack'),
    );
  }

  private async unitContext(req: AuthenticatedRequest, res: Response, tournamentId: string, refused: { eventId: string; form: FormState } | undefined) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(tournamentId);
    // Both routes require the delegate role: the guard's access (this tournament) holds its unit.
    const unitId = req.access!.delegateUnit();
    const unit = unitId ? await this.data.unit(unitId) : null;
    const [events, players, regs, now] = await Promise.all([
      this.data.eventsOf(tournamentId),
      unitId ? this.data.playersOfUnit(unitId) : [],
      this.data.regulationsOf(tournamentId),
      this.data.now(),
    ]);
    const playerOptions = players.map((p) => ({ value: p.id, label: `${nameIn(lang, p)}${p.birthYear ? ` (${p.birthYear})` : ''}` }));
    const rows = await Promise.all(
      events.map(async (e) => {
        const [quota] = unitId ? await this.quotas.list(e.id, unitId) : [];
        const requests = await this.requests.list({ user: req.user!, eventId: e.id, filter: {} });
        return {
          id: e.id,
          name: nameIn(lang, e),
          team: e.kind === 'team',
          quota: quota ? t('quotaLine', { quota: quota.quota, used: quota.used, left: quota.left }) : t('noQuota'),
          canEnter: !!quota && quota.left > 0 && e.round1PairedAt === null,
          form: refused?.eventId === e.id ? refused.form : emptyForm(),
          members: memberRowsOf(e, t),
          ids: Object.fromEntries(
            ['teamNameZh', 'teamNameEn', 'playerId', 'nameZh', 'nameEn', 'gender', 'birthYear', 'rating', 'federationId', 'email'].map((k) => [
              k,
              `e${e.id.slice(0, 8)}-${k}`,
            ]),
          ),
          requests: requestRows(res, lang, tour.timeZone, requests),
        };
      }),
    );
    return {
      title: t('myUnitOf', { unit: unit ? nameIn(lang, unit) : '' }),
      breadcrumbs: [{ label: t('myTournaments'), href: '/my' }, { label: nameIn(lang, tour), href: `/tournaments/${tournamentId}` }, { label: t('myUnit') }],
      timeZone: tour.timeZone,
      tournament: { id: tournamentId, name: nameIn(lang, tour) },
      unit: unit ? nameIn(lang, unit) : '',
      window: windowLine(res, regs, now, tour.timeZone),
      genders: genderOptions(t),
      playerOptions,
      events: rows,
      back: `/tournaments/${tournamentId}/unit`,
    };
  }

  // ── a person enters an open event ─────────────────────────────────────────────────────────

  @Get('events/:eventId/enter')
  async enterPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    res.render('entries/enter', await this.enterContext(req, res, eventId, emptyForm()));
  }

  @Post('events/:eventId/enter')
  @Authenticated()
  async enter(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    await submitForm(req, res, {
      dto: CreateEntryRequestDto,
      values: body,
      toInput: (v) => ({ ...requestInput(event, v), ...(formValue.text(v.affiliationId) ? { affiliationId: formValue.text(v.affiliationId) } : {}) }),
      run: (dto) => inPageLanguage(res, () => this.requests.submit({ user: req.user!, eventId, dto, lang: langOf(res) })),
      render: async (form) => ({ view: 'entries/enter', context: await this.enterContext(req, res, eventId, form) }),
      redirect: () => `/events/${eventId}/enter`,
      flash: (r) => translator(res)(r.state === 'waiting' ? 'entryWaiting' : 'entrySubmitted'),
    });
  }

  /** The account-free form (issue 31 #4): stored unconfirmed, the link mailed in the page's language. */
  @Post('events/:eventId/enter-by-mail')
  async enterByMail(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const lang = langOf(res);
    await submitForm(req, res, {
      dto: CreateEntryRequestByMailDto,
      values: body,
      toInput: (v) => ({
        player: memberInput(v, '') ?? {},
        email: formValue.text(v.requestEmail),
        ...(formValue.text(v.affiliationId) ? { affiliationId: formValue.text(v.affiliationId) } : {}),
      }),
      run: (dto) => inPageLanguage(res, () => this.byMail.submit({ eventId, dto, lang, address: req.ip ?? '' })),
      render: async (form) => ({ view: 'entries/enter', context: await this.enterContext(req, res, eventId, form) }),
      redirect: () => `/events/${eventId}/enter`,
      flash: (r) => translator(res)('checkYourMail', { email: r.email, hours: CONFIRM_HOURS }),
    });
  }

  private async enterContext(req: AuthenticatedRequest, res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const tour = event.tournament;
    const [regs, now, units] = await Promise.all([this.data.regulationsOf(tour.id), this.data.now(), this.data.unitsOf(tour.id)]);
    const mine = req.user ? await this.requests.list({ user: req.user, eventId, filter: {} }) : [];
    const staff = req.user ? (await this.access.of(req.user, tour.id)).has('delegate') : false;
    const here = `/events/${eventId}/enter`;
    const rules: string[] = [`${t('regCategory')}: ${t(`category_${event.category}`)}`];
    if (event.minBirthYear !== null || event.maxBirthYear !== null)
      rules.push(t('bornBetween', { min: event.minBirthYear ?? '…', max: event.maxBirthYear ?? '…' }));
    if (event.minRating !== null || event.maxRating !== null) rules.push(t('ratingBetween', { min: event.minRating ?? '…', max: event.maxRating ?? '…' }));
    return {
      title: t('enterEventTitle', { event: nameIn(lang, event) }),
      breadcrumbs: [
        { label: nameIn(lang, tour), href: `/tournaments/${tour.id}` },
        { label: nameIn(lang, event), href: `/events/${eventId}` },
        { label: t('enterEvent') },
      ],
      timeZone: tour.timeZone,
      event: { id: eventId, name: nameIn(lang, event), tournamentId: tour.id },
      open: event.selfRegistration && !event.membersOnly && event.kind === 'individual',
      delegate: staff,
      loggedIn: !!req.user,
      byMail: !req.user && this.byMail.available,
      byMailHint: t('enterByMailHint', { hours: CONFIRM_HOURS }),
      loginHref: `/login?next=${encodeURIComponent(here)}`,
      signupHref: `/signup?next=${encodeURIComponent(here)}`,
      window: windowLine(res, regs, now, tour.timeZone),
      rules,
      form,
      genders: genderOptions(t),
      units: units.map((u) => ({ value: u.id, label: nameIn(lang, u) })),
      requests: requestRows(res, lang, tour.timeZone, mine),
      back: here,
    };
  }
}

/** Form strings → the request: a player, or a team of starter and reserve rows. */
function requestInput(event: Event, v: Record<string, unknown>): Record<string, unknown> {
  if (event.kind !== 'team') return { player: memberInput(v, '') ?? {} };
  const starters = Array.from({ length: event.teamStarters }, (_, i) => memberInput(v, `m${i}_`) ?? {});
  const reserves = Array.from({ length: event.teamReserves }, (_, i) => memberInput(v, `m${event.teamStarters + i}_`)).filter((m) => m !== undefined);
  return { team: { nameZh: formValue.text(v.teamNameZh), nameEn: formValue.text(v.teamNameEn), starters, reserves } };
}

function memberRowsOf(e: Event, t: Translate) {
  return Array.from({ length: e.teamStarters + e.teamReserves }, (_, i) => ({
    legend: i < e.teamStarters ? t('starterN', { n: i + 1 }) : t('reserveNo', { n: i + 1 - e.teamStarters }),
    f: Object.fromEntries(MEMBER_FIELDS.map((k) => [k, `m${i}_${k}`])),
    i: Object.fromEntries(MEMBER_FIELDS.map((k) => [k, `e${e.id.slice(0, 8)}-m${i}-${k}`])),
  }));
}

function genderOptions(t: Translate) {
  return [
    { value: 'female', label: t('gender_female') },
    { value: 'male', label: t('gender_male') },
  ];
}

/** The registration window's state by the database's clock, as one line of the page. */
function windowLine(res: Response, regs: { registrationOpensAt: Date | null; registrationClosesAt: Date | null } | null, now: Date, timeZone: string): string {
  const t = translator(res);
  if (!regs || (!regs.registrationOpensAt && !regs.registrationClosesAt)) return t('windowUnset');
  const state = windowState({ opensAt: regs.registrationOpensAt, closesAt: regs.registrationClosesAt }, now);
  if (state === 'not_open') return t('windowNotOpen', { opens: when(res, regs.registrationOpensAt, timeZone) });
  if (state === 'closed') return t('windowClosedAt', { closes: when(res, regs.registrationClosesAt, timeZone) });
  return regs.registrationClosesAt ? t('windowOpen', { closes: when(res, regs.registrationClosesAt, timeZone) }) : '';
}
