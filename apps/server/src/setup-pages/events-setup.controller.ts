import { CATEGORY_KEYS, REPETITION_RULES_KEYS, SAME_AFFILIATION_KEYS } from '../i18n/keys';
import { eventClocksLine } from '../i18n/clock-text';
import { stagesOf } from '../events/event-stages';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { SAME_AFFILIATION_RULES } from '@chuhe/tournament';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { DisciplineSettingsDto } from '../discipline/discipline.dto';
import { DisciplineService } from '../discipline/discipline.service';
import { CreateEventDto, EVENT_CATEGORIES, UpdateEventDto } from '../events/event.dto';
import {
  chainView,
  type ChainStepView,
  EVENT_PRESETS,
  PRESET_TIME_CONTROLS,
  EventPreset,
  PRESET_NUMBERS,
  presetKind,
  presetOf,
  presetStages,
} from '../events/event-presets';
import { EventsService } from '../events/events.service';
import { defaultTieBreaks, TIE_BREAK_CRITERIA } from '../events/tie-breaks';
import { SetupPageData } from './setup-page-data';
import { ForbiddenPairDto } from '../rounds/round.dto';
import { RoundsService } from '../rounds/rounds.service';
import { chineseIn, type Language, type MessageKey } from '../i18n/i18n';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { act, requireConfirmation, unplacedErrors, options, setupCrumbs } from './setup-view';
import { langOf, nameIn, translator } from '../i18n/words';

/** Form strings → the event's settings in the DTO's shape (the preset gives kind and stages). */
function eventInput(v: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const preset = formValue.text(v.preset) as EventPreset | undefined;
  const known = preset && (EVENT_PRESETS as readonly string[]).includes(preset);
  const numbers = { rounds: formValue.int(v[ROUNDS]), groups: formValue.int(v[GROUPS]), qualifiers: formValue.int(v[QUALIFIERS]) } as Record<
    string,
    number | undefined
  >;
  const team = known ? presetKind(preset) === 'team' : v.kind === 'team';
  return {
    nameZh: formValue.text(v.nameZh),
    nameEn: formValue.text(v.nameEn),
    ...(creating ? { kind: known ? presetKind(preset) : preset } : {}),
    ...(known ? { stages: presetStages(preset, numbers) } : creating ? { stages: preset } : {}),
    category: formValue.text(v.category),
    scoring: formValue.text(v.scoring),
    gamesPerPairing: formValue.int(v.gamesPerPairing),
    ...(team ? { teamStarters: formValue.int(v.teamStarters), teamReserves: formValue.int(v.teamReserves) } : {}),
    timeControl: {
      baseMinutes: formValue.int(v['timeControl.baseMinutes']),
      incrementSeconds: formValue.int(v['timeControl.incrementSeconds']),
      movesInBase: formValue.int(v['timeControl.movesInBase']),
      ...timeControlExtras(v),
    },
    pairingOptions: { sameAffiliation: formValue.text(v[SAME_AFFILIATION]) },
    lineupDeadlineMinutes: formValue.int(v.lineupDeadlineMinutes),
  };
}

/** How many stages the form offers their own clocks for (the presets have one or two stages). */
const STAGE_CLOCK_ROWS = 2;

/** The form's names of the second period (二章2节2) and the stages' clocks (附录3 #4), as the API names their problems. */
const SECOND_PERIOD_FIELDS = ['timeControl.secondPeriod.minutes', 'timeControl.secondPeriod.moves', 'timeControl.secondPeriod.afterMinutes'];
const STAGE_CLOCK_FIELDS = Array.from({ length: STAGE_CLOCK_ROWS }, (_, i) =>
  (['slow', 'rapid'] as const).flatMap((kind) => [`timeControl.stages.${i}.${kind}.baseMinutes`, `timeControl.stages.${i}.${kind}.incrementSeconds`]),
).flat();

/**
 * The second period (二章2节2 限时限着制: after the base time, so many moves every so many
 * minutes) and each stage's slow and rapid clocks (附录3 #4: 60′+30″ slow, 15′+5″ rapid), from the
 * form: a part left blank is not sent, so the API keeps none (the event's clock, the format's rapid).
 */
function timeControlExtras(v: Record<string, unknown>): { secondPeriod?: Record<string, unknown>; stages?: Record<string, unknown>[] } {
  const period = {
    minutes: formValue.int(v['timeControl.secondPeriod.minutes']),
    moves: formValue.int(v['timeControl.secondPeriod.moves']),
    afterMinutes: formValue.int(v['timeControl.secondPeriod.afterMinutes']),
  };
  const clock = (prefix: string) => {
    const c = { baseMinutes: formValue.int(v[`${prefix}.baseMinutes`]), incrementSeconds: formValue.int(v[`${prefix}.incrementSeconds`]) };
    return c.baseMinutes === undefined && c.incrementSeconds === undefined ? undefined : c;
  };
  const stages = Array.from({ length: STAGE_CLOCK_ROWS }, (_, i) => {
    const slow = clock(`timeControl.stages.${i}.slow`);
    const rapid = clock(`timeControl.stages.${i}.rapid`);
    return { ...(slow ? { slow } : {}), ...(rapid ? { rapid } : {}) };
  });
  while (stages.length && !Object.keys(stages[stages.length - 1]).length) stages.pop();
  return {
    ...(Object.values(period).some((x) => x !== undefined) ? { secondPeriod: period } : {}),
    ...(stages.length ? { stages } : {}),
  };
}

/**
 * The clock's refusals that name a whole part (`timeControl.secondPeriod`, `timeControl.stages.1`)
 * beside that part's first input, so each is seen where it is fixed.
 */
function placeClockErrors(form: FormState): FormState {
  const errors: Record<string, string> = {};
  for (const [field, reason] of Object.entries(form.errors)) {
    const stage = /^timeControl\.stages\.(\d+)(?:\.(slow|rapid))?$/.exec(field);
    const at =
      field === 'timeControl.secondPeriod'
        ? 'timeControl.secondPeriod.minutes'
        : stage && Number(stage[1]) < STAGE_CLOCK_ROWS
          ? `timeControl.stages.${stage[1]}.${stage[2] ?? 'slow'}.baseMinutes`
          : field;
    errors[at] ??= reason;
  }
  return { ...form, errors };
}

/** The stored second period and stage clocks as the form's values. */
function timeControlExtraValues(tc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const period = (tc.secondPeriod ?? {}) as Record<string, unknown>;
  for (const k of ['minutes', 'moves', 'afterMinutes']) out[`timeControl.secondPeriod.${k}`] = period[k] ?? '';
  const stages = (tc.stages ?? []) as (Record<string, Record<string, unknown> | undefined> | null)[];
  for (let i = 0; i < STAGE_CLOCK_ROWS; i++)
    for (const kind of ['slow', 'rapid'])
      for (const k of ['baseMinutes', 'incrementSeconds']) out[`timeControl.stages.${i}.${kind}.${k}`] = stages[i]?.[kind]?.[k] ?? '';
  return out;
}

/**
 * The form's number fields carry the names the API gives their problems (`stages.0.rounds`,
 * `timeControl.baseMinutes`), so that a refusal lands beside its field: every preset has its Swiss
 * rounds or groups in stage 0 and its knockout qualifiers in stage 1.
 */
const ROUNDS = 'stages.0.rounds';
const GROUPS = 'stages.0.groups';
const QUALIFIERS = 'stages.1.qualifiers';
const SAME_AFFILIATION = 'pairingOptions.sameAffiliation';

/**
 * Events (issue 20 #4): create and edit with the rules' formats as presets, scoring, time control,
 * the tie-break chain by format with each step's article (editable until round 1, 二章6节), pairing
 * options (same-affiliation rule, forbidden pairs), lineup deadline, discipline settings.
 */
@ApiExcludeController()
@Controller()
export class EventsSetupController {
  constructor(
    private readonly data: SetupPageData,
    private readonly events: EventsService,
    private readonly rounds: RoundsService,
    private readonly discipline: DisciplineService,
  ) {}

  @Get('tournaments/:tournamentId/manage/events/new')
  @RequireRole(...REGISTRARS)
  async newPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    const values = {
      preset: 'individual_swiss',
      [ROUNDS]: 9,
      category: 'open',
      scoring: '2-1-0',
      gamesPerPairing: 1,
      'timeControl.baseMinutes': 60,
      'timeControl.incrementSeconds': 30,
      teamStarters: 3,
      teamReserves: 1,
      [SAME_AFFILIATION]: 'allowed',
      lineupDeadlineMinutes: 30,
    };
    res.render('setup/event-form', await this.formContext(res, id, undefined, emptyForm(values)));
  }

  @Post('tournaments/:tournamentId/manage/events/new')
  @RequireRole(...REGISTRARS)
  async create(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: CreateEventDto,
      values: body,
      toInput: (v) => eventInput(v, true),
      run: (dto) => this.events.create({ user: req.user!, tournamentId: id, dto }),
      render: async (form) => ({ view: 'setup/event-form', context: await this.formContext(res, id, undefined, placeClockErrors(form)) }),
      redirect: (e) => `/manage/events/${e.id}`,
      flash: () => translator(res)('eventCreated'),
    });
  }

  /** The event's setup page: its settings at a glance and the way to each step. */
  @Get('manage/events/:eventId')
  @RequireRole(...REGISTRARS)
  async overview(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const [entries, draws, rounds] = await Promise.all([this.data.entryCountsByStatus(eventId), this.data.lastDraw(eventId), this.data.roundCount(eventId)]);
    const stages = stagesOf(event);
    const preset = presetOf(event.kind, stages);
    res.render('setup/event', {
      title: nameIn(lang, event),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event) }),
      timeZone: event.tournament.timeZone,
      event: { ...event, name: nameIn(lang, event), isTeam: event.kind === 'team' },
      format: preset ? t(`preset_${preset.preset}`).replace(/\bN\b/, String(preset.numbers.rounds ?? 'N')) : t('preset_custom'),
      formatNumbers: preset
        ? PRESET_NUMBERS[preset.preset]
            .map((k) => `${t(k === 'rounds' ? 'roundsCount' : k === 'groups' ? 'groupsCount' : 'qualifiers')}: ${preset.numbers[k]}`)
            .join(' · ')
        : JSON.stringify(stages),
      scoring: t(event.scoring === 'two_one_zero' ? 'scoring_210' : 'scoring_10'),
      // 二章2节, 附录3 #4: every clock of the event, per stage, with a second period.
      timeControl: eventClocksLine(event.timeControl, lang),
      chain: chainIn(lang, chainView(event.kind, stages, event.tieBreaks as string[])),
      entries: entries.reduce((n, g) => n + g._count, 0),
      lastDraw: draws,
      started: event.round1PairedAt !== null,
      rounds,
      deleteConfirm: t('deleteEventConfirm', { name: nameIn(lang, event) }),
    });
  }

  @Get('manage/events/:eventId/edit')
  @RequireRole(...REGISTRARS)
  async editPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    const event = await this.data.event(eventId);
    const preset = presetOf(event.kind, stagesOf(event));
    const tc = event.timeControl as Record<string, unknown>;
    const values = {
      ...event,
      preset: preset?.preset ?? '',
      [ROUNDS]: preset?.numbers.rounds ?? '',
      [GROUPS]: preset?.numbers.groups ?? '',
      [QUALIFIERS]: preset?.numbers.qualifiers ?? '',
      scoring: event.scoring === 'two_one_zero' ? '2-1-0' : '1-0.5-0',
      'timeControl.baseMinutes': tc.baseMinutes,
      'timeControl.incrementSeconds': tc.incrementSeconds ?? '',
      'timeControl.movesInBase': tc.movesInBase ?? '',
      ...timeControlExtraValues(tc),
      [SAME_AFFILIATION]: (event.pairingOptions as { sameAffiliation?: string }).sameAffiliation ?? 'allowed',
    };
    res.render('setup/event-form', await this.formContext(res, event.tournamentId, event, emptyForm(values)));
  }

  @Post('manage/events/:eventId/edit')
  @RequireRole(...REGISTRARS)
  async edit(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    const started = event.round1PairedAt !== null;
    await submitForm(req, res, {
      dto: UpdateEventDto,
      values: body,
      toInput: (v) => {
        const input: Record<string, unknown> = { ...eventInput(v, false), version: formValue.int(v.version) };
        // What round 1 froze is not sent again once it is paired (the fields are shown, disabled).
        if (started) for (const k of ['stages', 'pairingOptions', 'scoring', 'category', 'gamesPerPairing', 'teamStarters', 'teamReserves']) delete input[k];
        // Unchanged entry-shaping values are not changes (the API refuses changing them while there are entries).
        for (const k of ['category', 'teamStarters', 'teamReserves'] as const) if (input[k] === event[k]) delete input[k];
        // The form edits the whole clock: the second period and the stages' clocks (二章2节2,
        // 附录3 #4) are its fields too, so one left blank is removed.
        return input;
      },
      run: (dto) => this.events.update({ user: req.user!, id: eventId, dto }),
      render: async (form) => ({ view: 'setup/event-form', context: await this.formContext(res, event.tournamentId, event, placeClockErrors(form)) }),
      redirect: () => `/manage/events/${eventId}`,
      flash: () => translator(res)('saved'),
    });
  }

  // ── tie-breaks ────────────────────────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/tie-breaks')
  @RequireRole(...REGISTRARS)
  async tieBreaksPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    const event = await this.data.event(eventId);
    const steps = event.tieBreaks as string[];
    res.render('setup/tie-breaks', await this.tieBreaksContext(res, eventId, emptyForm(Object.fromEntries(steps.map((c, i) => [`step${i}`, c])))));
  }

  /** The chain as the selects give it, in order (blanks dropped); `reset` = the format's chain (二章6节2–5). */
  @Post('manage/events/:eventId/tie-breaks')
  @RequireRole(...REGISTRARS)
  async tieBreaks(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    const reset = body.reset === 'on' || body.reset === '1';
    await submitForm(req, res, {
      dto: UpdateEventDto,
      values: body,
      toInput: (v) => ({
        version: formValue.int(v.version),
        tieBreaks: reset
          ? defaultTieBreaks(event.kind, stagesOf(event))
          : Array.from({ length: STEPS }, (_, i) => formValue.text(v[`step${i}`])).filter((c): c is string => c !== undefined),
      }),
      run: (dto) => this.events.update({ user: req.user!, id: eventId, dto }),
      render: async (form) => ({ view: 'setup/tie-breaks', context: await this.tieBreaksContext(res, eventId, form) }),
      redirect: () => `/manage/events/${eventId}/tie-breaks`,
      flash: () => translator(res)('saved'),
    });
  }

  // ── forbidden pairs ───────────────────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/forbidden-pairs')
  @RequireRole(...REGISTRARS)
  async forbiddenPairsPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    res.render('setup/forbidden-pairs', await this.forbiddenContext(res, eventId, emptyForm()));
  }

  /** The chief arbiter's forbidden pair, through the console's own service (a draft is checked again). */
  @Post('manage/events/:eventId/forbidden-pairs')
  @RequireRole(...REGISTRARS)
  async addForbiddenPair(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: ForbiddenPairDto,
      values: body,
      toInput: (v) => ({
        version: formValue.int(v.version),
        entryA: formValue.text(v.entryA),
        entryB: formValue.text(v.entryB),
        reason: formValue.text(v.reason),
      }),
      run: (dto) => this.rounds.addForbiddenPair(req.user!, eventId, dto),
      render: async (form) => ({ view: 'setup/forbidden-pairs', context: await this.forbiddenContext(res, eventId, form) }),
      redirect: () => `/manage/events/${eventId}/forbidden-pairs`,
      flash: () => translator(res)('saved'),
    });
  }

  // ── discipline ────────────────────────────────────────────────────────────────────────────

  @Get('manage/events/:eventId/discipline')
  @RequireRole(...REGISTRARS)
  async disciplinePage(@Param('eventId', uuidParam('eventId')) eventId: string, @Res() res: Response) {
    const settings = await this.discipline.settings(eventId);
    res.render('setup/discipline', await this.disciplineContext(res, eventId, emptyForm({ ...settings })));
  }

  @Post('manage/events/:eventId/discipline')
  @RequireRole(...REGISTRARS)
  async disciplineSave(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: DisciplineSettingsDto,
      values: body,
      toInput: (v) => ({
        version: formValue.int(v.version),
        appealDeadlineMinutes: formValue.int(v.appealDeadlineMinutes),
        appealFeeAmount: formValue.int(v.appealFeeAmount),
        appealFeeCurrency: formValue.text(v.appealFeeCurrency)?.toUpperCase(),
        repetitionRules: formValue.text(v.repetitionRules),
      }),
      run: (dto) => this.discipline.updateSettings(req.user!, eventId, dto),
      render: async (form) => ({ view: 'setup/discipline', context: await this.disciplineContext(res, eventId, form) }),
      redirect: () => `/manage/events/${eventId}`,
      flash: () => translator(res)('saved'),
    });
  }

  @Post('manage/events/:eventId/delete')
  @RequireRole(...REGISTRARS)
  async delete(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    requireConfirmation(body);
    const event = await this.data.event(eventId);
    await act(
      req,
      res,
      () => this.events.remove({ user: req.user!, id: eventId }),
      `/tournaments/${event.tournamentId}/manage`,
      translator(res)('deleted'),
      `/manage/events/${eventId}`,
    );
  }

  // ── contexts ──────────────────────────────────────────────────────────────────────────────

  private async formContext(
    res: Response,
    tournamentId: string,
    event: { id: string; nameZh: string; nameEn: string; version: number; kind: string; round1PairedAt: Date | null } | undefined,
    form: FormState,
  ) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(tournamentId);
    const started = event?.round1PairedAt != null;
    const presets = EVENT_PRESETS.filter((p) => !event || presetKind(p) === event.kind).map((p) => ({ value: p, label: t(`preset_${p}`) }));
    if (event && !presetOf(event.kind as 'individual' | 'team', stagesOf(await this.data.eventRow(event.id))))
      presets.unshift({ value: '' as EventPreset, label: t('preset_custom') });
    return {
      title: event ? t('eventSettings') : t('newEvent'),
      breadcrumbs: event
        ? setupCrumbs(lang, tour, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('eventSettings') })
        : setupCrumbs(lang, tour, { label: t('newEvent') }),
      timeZone: tour.timeZone,
      event,
      started,
      frozenWhen: event?.round1PairedAt,
      form,
      action: event ? `/manage/events/${event.id}/edit` : `/tournaments/${tour.id}/manage/events/new`,
      presetOptions: presets,
      // The clock's parts with their refusals placed beside them (placeClockErrors): the page's `form` is the refusal as it came.
      clockForm: form,
      // 二章2节2 and 附录3 #4: open when one is set or refused, so what is stored or wrong is seen.
      clockExtrasOpen: [...SECOND_PERIOD_FIELDS, ...STAGE_CLOCK_FIELDS].some((f) => (form.values[f] ?? '') !== '' || form.errors[f] !== undefined),
      stageClockRows: Array.from({ length: STAGE_CLOCK_ROWS }, (_, i) => ({
        n: i + 1,
        slowBase: `timeControl.stages.${i}.slow.baseMinutes`,
        slowIncrement: `timeControl.stages.${i}.slow.incrementSeconds`,
        rapidBase: `timeControl.stages.${i}.rapid.baseMinutes`,
        rapidIncrement: `timeControl.stages.${i}.rapid.incrementSeconds`,
      })),
      // The form's script (client/event-form.ts): each preset's kind (team fields only for team presets) and its rules' clock (issue 30 #6).
      presetJson: JSON.stringify(
        Object.fromEntries(EVENT_PRESETS.map((p) => [p, { kind: presetKind(p), timeControl: PRESET_TIME_CONTROLS[p] ?? null }])),
      ).replace(/</g, '\\u003c'),
      categoryOptions: options(lang, EVENT_CATEGORIES, CATEGORY_KEYS),
      scoringOptions: [
        { value: '2-1-0', label: t('scoring_210') },
        { value: '1-0.5-0', label: t('scoring_10') },
      ],
      gamesOptions: [
        { value: 1, label: t('gamesPerPairing1') },
        { value: 2, label: t('gamesPerPairing2') },
      ],
      sameAffiliationOptions: options(lang, SAME_AFFILIATION_RULES, SAME_AFFILIATION_KEYS),
      isTeam: event ? event.kind === 'team' : undefined,
      unplaced: unplacedErrors(form, EVENT_FORM_FIELDS, (field) => eventPartLabel(field, t), lang),
    };
  }

  private async tieBreaksContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const stages = stagesOf(event);
    const current = event.tieBreaks as string[];
    const all = chainView(event.kind, stages, [...TIE_BREAK_CRITERIA]);
    const started = event.round1PairedAt !== null;
    return {
      title: t('tieBreaks'),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('tieBreaks') }),
      timeZone: event.tournament.timeZone,
      event,
      chain: chainIn(lang, chainView(event.kind, stages, current)),
      custom: event.tieBreaksCustom,
      started,
      frozenWhen: event.round1PairedAt,
      form,
      steps: Array.from({ length: STEPS }, (_, i) => ({ name: `step${i}`, label: t('tieBreakStep', { n: i + 1 }) })),
      criterionOptions: chainIn(lang, all).map((c) => ({ value: c.criterion, label: `${c.name.replace(/^[A-Z(]\S*\s/, '')} (${c.article})` })),
    };
  }

  private async forbiddenContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    const entries = await this.data.entriesWithNames(eventId);
    const label = new Map(
      entries.map((e) => [e.id, `${e.drawNumber ?? '–'} ${e.player ? `${e.player.nameZh} ${e.player.nameEn}` : e.team ? nameIn(lang, e.team) : ''}`]),
    );
    const pairs = ((event.pairingOptions as { forbiddenPairs?: [string, string][] }).forbiddenPairs ?? []).map(([a, b]) => ({
      a: label.get(a) ?? a,
      b: label.get(b) ?? b,
    }));
    return {
      title: t('forbiddenPairs'),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('forbiddenPairs') }),
      event,
      pairs,
      form,
      entryOptions: entries.map((e) => ({ value: e.id, label: label.get(e.id)! })),
    };
  }

  private async disciplineContext(res: Response, eventId: string, form: FormState) {
    const t = translator(res);
    const lang = langOf(res);
    const event = await this.data.event(eventId);
    return {
      title: t('discipline'),
      breadcrumbs: setupCrumbs(lang, event.tournament, { label: nameIn(lang, event), href: `/manage/events/${event.id}` }, { label: t('discipline') }),
      event,
      form,
      repetitionOptions: options(lang, ['axf_2017', 'cxa'] as const, REPETITION_RULES_KEYS),
    };
  }
}

/** The fields the event form shows (a refusal naming another lands under the format). */
const EVENT_FORM_FIELDS = [
  'nameZh',
  'nameEn',
  'preset',
  ROUNDS,
  GROUPS,
  QUALIFIERS,
  'category',
  'scoring',
  'gamesPerPairing',
  'teamStarters',
  'teamReserves',
  'timeControl.baseMinutes',
  'timeControl.incrementSeconds',
  'timeControl.movesInBase',
  ...SECOND_PERIOD_FIELDS,
  ...STAGE_CLOCK_FIELDS,
  SAME_AFFILIATION,
  'lineupDeadlineMinutes',
];

/** The event form's part a field path belongs to, in the page's language (for refusals the form places under the format). */
function eventPartLabel(field: string, t: (key: MessageKey) => string): string | undefined {
  if (/^stages(\.|$)/.test(field)) return t('format');
  if (/^timeControl(\.|$)/.test(field)) return t('timeControlRule');
  if (/^tieBreaks(\.|$)/.test(field)) return t('tieBreaks');
  return undefined;
}

/** How many steps the chain form offers (the rules' longest chain has 9). */
const STEPS = 10;

/**
 * A tie-break chain in the page's language (issue 30 #5): the rules' Chinese name on Chinese pages
 * (no "Buchholz (sum of opponents' scores)" beside it), the English name on English ones; the
 * article's "item 1" as "第1项" in Chinese.
 */
function chainIn(lang: Language, chain: ChainStepView[]): { criterion: string; name: string; article: string }[] {
  return chain.map((c) => ({
    criterion: c.criterion,
    name: lang === 'en' ? c.english : chineseIn(lang, c.nameZh),
    article: lang === 'en' ? c.article : chineseIn(lang, c.article.replace(/ item (\d+)/g, ' 第$1项')),
  }));
}
