import { CATEGORY_KEYS, REGULATION_TEXT_KEYS, wordOf } from '../i18n/keys';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { AccessService } from '../auth/access.service';
import { uuidParam } from '../common/id-param';
import { inPageLanguage, money, submitSection, when } from '../entry-requests/page-words';
import { isMessageKey, type Language, type MessageKey, type Translate } from '../i18n/i18n';
import { eventClocksLine } from '../i18n/clock-text';
import { RegulationsPageData } from './regulations-page-data';
import { act, setupCrumbs } from '../setup-pages/setup-view';
import { localToIso, isoToLocal } from '../staff-pages/times';
import { emptyForm, FormState, formValue, submitForm } from '../web/forms';
import { EventRegulationsDto, REGULATION_TEXTS, UpdateRegulationsDto } from './regulations.dto';
import { amendmentsOf, RegulationsService, textsOf } from './regulations.service';
import { langOf, nameIn, translator } from '../i18n/words';
import { invalidInput } from '../common/errors';

const EVENT_INTS = ['maxEntries', 'minBirthYear', 'maxBirthYear', 'minRating', 'maxRating', 'feePerPlayer', 'feePerTeam'] as const;

/** Regulations pages (三章1): the public page (and its A4 printout), the organizer's form. */
@ApiExcludeController()
@Controller()
export class RegulationsPagesController {
  constructor(
    private readonly data: RegulationsPageData,
    private readonly regulations: RegulationsService,
    private readonly access: AccessService,
  ) {}

  @Get('tournaments/:tournamentId/regulations')
  async publicPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(id);
    const regs = await this.regulations.get(id);
    const staff = (await this.access.of(req.user, id)).has(...REGISTRARS);
    const visible = regs && (regs.publishedAt || staff) ? regs : null;
    const events = await this.data.eventsOf(id);
    const texts = textsOf(visible?.texts);
    const pick = (x: { zh: string; en: string } | undefined) => (x ? (lang === 'en' ? x.en : x.zh) : '');
    res.render('entries/regulations', {
      title: `${t('regulations')} · ${nameIn(lang, tour)}`,
      breadcrumbs: [{ label: nameIn(lang, tour), href: `/tournaments/${id}` }, { label: t('regulations') }],
      timeZone: tour.timeZone,
      tournament: { ...tour, name: nameIn(lang, tour), otherName: lang === 'en' ? tour.nameZh : tour.nameEn },
      regs: visible,
      draft: visible && !visible.publishedAt,
      publishedOn: visible?.publishedAt ? t('regulationsPublished', { date: when(res, visible.publishedAt, tour.timeZone) }) : undefined,
      parts: REGULATION_TEXTS.map((k) => ({ label: t(`reg_${k}`), text: pick(texts[k]) })).filter((p) => p.text),
      window: visible
        ? {
            opens: when(res, visible.registrationOpensAt, tour.timeZone) || '—',
            closes: when(res, visible.registrationClosesAt, tour.timeZone) || '—',
            place: visible.registrationPlace,
          }
        : undefined,
      events: events.map((e) => ({
        id: e.id,
        name: nameIn(lang, e),
        rules: eventRules(e, lang, t, visible?.feeCurrency ?? 'CNY'),
        selfRegistration: e.selfRegistration,
      })),
      amendments: amendmentsOf(visible?.amendments).map((a) =>
        t('amendedOn', { date: when(res, a.at, tour.timeZone), fields: a.fields.map((f) => fieldLabel(f, t)).join(', ') }),
      ),
      staff,
    });
  }

  @Get('tournaments/:tournamentId/manage/regulations')
  @RequireRole('organizer')
  async editPage(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Res() res: Response) {
    res.render('entries/regulations-form', await this.formContext(res, id, undefined));
  }

  @Post('tournaments/:tournamentId/manage/regulations')
  @RequireRole('organizer')
  async save(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const tour = await this.data.tournament(id);
    await submitForm(req, res, {
      dto: UpdateRegulationsDto,
      values: body,
      toInput: (v) => {
        const texts: Record<string, { zh: string; en: string }> = {};
        for (const k of REGULATION_TEXTS) texts[k] = { zh: String(v[`${k}_zh`] ?? '').trim(), en: String(v[`${k}_en`] ?? '').trim() };
        const opens = formValue.text(v.registrationOpensAt);
        const closes = formValue.text(v.registrationClosesAt);
        return {
          version: formValue.int(v.version),
          texts,
          registrationOpensAt: opens ? localToIso(opens, tour.timeZone) : null,
          registrationClosesAt: closes ? localToIso(closes, tour.timeZone) : null,
          registrationPlace: formValue.text(v.registrationPlace) ?? null,
          feeCurrency: formValue.text(v.feeCurrency)?.toUpperCase(),
        };
      },
      run: (dto) => inPageLanguage(res, () => this.regulations.update({ user: req.user!, tournamentId: id, dto })),
      render: async (form) => ({ view: 'entries/regulations-form', context: await this.formContext(res, id, form) }),
      redirect: () => `/tournaments/${id}/manage/regulations`,
      flash: () => translator(res)('regulationsSaved'),
    });
  }

  @Post('tournaments/:tournamentId/manage/regulations/publish')
  @RequireRole('organizer')
  async publish(
    @Param('tournamentId', uuidParam('tournamentId')) id: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    // An empty or broken form has no version: a 400 naming it, never a 500 (issue 34 #8).
    const version = formValue.int(body?.version);
    await act(
      req,
      res,
      () =>
        typeof version === 'number'
          ? inPageLanguage(res, () => this.regulations.publish({ user: req.user!, tournamentId: id, version }))
          : Promise.reject(invalidInput('input.version', 'version', 'the regulations version the page was opened with')),
      `/tournaments/${id}/regulations`,
      translator(res)('regulationsPublishedNow'),
      `/tournaments/${id}/manage/regulations`,
    );
  }

  @Post('manage/events/:eventId/regulations')
  @RequireRole(...REGISTRARS)
  async saveEvent(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() res: Response,
  ) {
    const event = await this.data.event(eventId);
    await submitSection(req, res, {
      dto: EventRegulationsDto,
      values: body,
      toInput: (v) => {
        const out: Record<string, unknown> = {
          version: formValue.int(v.version),
          membersOnly: formValue.checkbox(v.membersOnly),
          selfRegistration: formValue.checkbox(v.selfRegistration),
        };
        for (const k of EVENT_INTS) out[k] = formValue.int(v[k]) ?? null;
        return out;
      },
      run: (dto) => inPageLanguage(res, () => this.regulations.updateEvent({ user: req.user!, eventId, dto })),
      render: async (form) => ({ view: 'entries/regulations-form', context: await this.formContext(res, event.tournamentId, undefined, { eventId, form }) }),
      redirect: () => `/tournaments/${event.tournamentId}/manage/regulations#event-${eventId}`,
      flash: () => translator(res)('regEventSaved', { event: nameIn(langOf(res), event) }),
    });
  }

  private async formContext(res: Response, id: string, form: FormState | undefined, eventForm?: { eventId: string; form: FormState }) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(id);
    const regs = await this.regulations.get(id);
    const texts = textsOf(regs?.texts);
    const values: Record<string, unknown> = {
      version: regs?.version,
      registrationOpensAt: isoToLocal(regs?.registrationOpensAt, tour.timeZone),
      registrationClosesAt: isoToLocal(regs?.registrationClosesAt, tour.timeZone),
      registrationPlace: regs?.registrationPlace ?? '',
      feeCurrency: regs?.feeCurrency ?? 'CNY',
    };
    for (const k of REGULATION_TEXTS) {
      values[`${k}_zh`] = texts[k]?.zh ?? '';
      values[`${k}_en`] = texts[k]?.en ?? '';
    }
    const events = await this.data.eventsOf(id);
    return {
      title: t('regulationsEdit'),
      breadcrumbs: setupCrumbs(lang, tour, { label: t('regulations') }),
      timeZone: tour.timeZone,
      tournament: tour,
      form: form ?? emptyForm(values),
      regs,
      zoneHint: t('regTimesHint', { zone: tour.timeZone }),
      parts: REGULATION_TEXTS.map((k) => ({
        key: k,
        zh: `${k}_zh`,
        en: `${k}_en`,
        labelZh: t('regTextZh', { part: t(`reg_${k}`) }),
        labelEn: t('regTextEn', { part: t(`reg_${k}`) }),
      })),
      events: events.map((e) => {
        const own = eventForm?.eventId === e.id ? eventForm.form : undefined;
        const v: Record<string, unknown> = { version: e.version, membersOnly: e.membersOnly, selfRegistration: e.selfRegistration };
        for (const k of EVENT_INTS) v[k] = e[k] ?? '';
        return { id: e.id, name: nameIn(lang, e), category: wordOf(CATEGORY_KEYS, e.category, t), team: e.kind === 'team', form: own ?? emptyForm(v) };
      }),
    };
  }
}

/** An event's eligibility and fee as one line of the page. */
function eventRules(
  e: {
    category: string;
    kind: string;
    maxEntries: number | null;
    minBirthYear: number | null;
    maxBirthYear: number | null;
    minRating: number | null;
    maxRating: number | null;
    membersOnly: boolean;
    feePerPlayer: number | null;
    feePerTeam: number | null;
    timeControl: unknown;
  },
  lang: Language,
  t: Translate,
  currency: string,
): string[] {
  const colon = lang === 'en' ? ': ' : '：';
  const out = [`${t('regCategory')}${colon}${wordOf(CATEGORY_KEYS, e.category, t)}`];
  if (e.maxEntries) out.push(`${t('maxEntries')}${colon}${e.maxEntries}`);
  if (e.minBirthYear !== null || e.maxBirthYear !== null) out.push(t('bornBetween', { min: e.minBirthYear ?? '…', max: e.maxBirthYear ?? '…' }));
  if (e.minRating !== null || e.maxRating !== null) out.push(t('ratingBetween', { min: e.minRating ?? '…', max: e.maxRating ?? '…' }));
  if (e.membersOnly) out.push(t('membersOnly'));
  const fee = e.kind === 'team' ? e.feePerTeam : e.feePerPlayer;
  if (fee) out.push(t('feeAmount', { amount: money(fee, currency, lang) }));
  // 三章1 对局时限 (二章2节, 附录3 #4): the clocks the event is played with, per stage.
  const clocks = eventClocksLine(e.timeControl, lang);
  if (clocks) out.push(`${t('timeControl')}${colon}${clocks}`);
  return out;
}

function fieldLabel(field: string, t: Translate): string {
  if (field.startsWith('texts.')) return wordOf(REGULATION_TEXT_KEYS, field.slice(6), t);
  const map: Record<string, MessageKey> = {
    registrationOpensAt: 'regOpens',
    registrationClosesAt: 'regCloses',
    registrationPlace: 'regPlace',
    feeCurrency: 'regCurrency',
  };
  if (map[field]) return t(map[field]);
  const dot = field.lastIndexOf('.');
  const last = field.slice(dot + 1);
  // A nested field's last part (an event's `nameZh` …) is a dictionary word where there is one.
  return dot > 0 ? `${field.slice(0, dot)} ${isMessageKey(last) ? t(last) : last}` : field;
}
