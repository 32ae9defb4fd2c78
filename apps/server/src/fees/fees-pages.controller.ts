import { FEE_METHOD_KEYS, wordOf } from '../i18n/keys';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { REGISTRARS, RequireRole } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { inPageLanguage, money, when } from '../entry-requests/page-words';
import type { RequestDetails } from '../entry-requests/request-details';
import type { Language } from '../i18n/i18n';
import { FeesPageData } from './fees-page-data';
import { act, setupCrumbs } from '../setup-pages/setup-view';
import { formValue } from '../web/forms';
import { PAYMENT_METHODS } from './fees.dto';
import { FeesService } from './fees.service';
import { langOf, nameIn, translator } from '../i18n/words';

/** Who a fee is for: the unit, and the player or team entered. */
function payer(lang: Language, f: { affiliation: { nameZh: string; nameEn: string } | null; details: RequestDetails | null }, individual: string): string {
  const what = f.details ? (f.details.team ? nameIn(lang, f.details.team) : f.details.members[0] ? nameIn(lang, f.details.members[0]) : '') : '';
  return [f.affiliation ? nameIn(lang, f.affiliation) : individual, what].filter(Boolean).join(' · ');
}

/** 报名费 (issue 31 #6): what is owed and paid, marking, the unpaid list before the draw, receipts (A4). */
@ApiExcludeController()
@Controller()
export class FeesPagesController {
  constructor(
    private readonly data: FeesPageData,
    private readonly fees: FeesService,
  ) {}

  @Get('tournaments/:tournamentId/manage/fees')
  @RequireRole(...REGISTRARS)
  async page(@Param('tournamentId', uuidParam('tournamentId')) id: string, @Query('state') state: string | undefined, @Res() res: Response) {
    const t = translator(res);
    const lang = langOf(res);
    const tour = await this.data.tournament(id);
    const only = state === 'unpaid' ? 'unpaid' : undefined;
    const [fees, totals, units] = await Promise.all([this.fees.list(id, only), this.fees.totals(id), this.data.unitsOf(id)]);
    const unitName = new Map(units.map((u) => [u.id, nameIn(lang, u)]));
    const byUnit = new Map<string, { unit: string; owed: number; paid: number; currency: string }>();
    for (const r of totals) {
      const key = `${r.affiliationId ?? ''}|${r.currency}`;
      const row = byUnit.get(key) ?? {
        unit: r.affiliationId ? (unitName.get(r.affiliationId) ?? '') : t('individualPlayer'),
        owed: 0,
        paid: 0,
        currency: r.currency,
      };
      if (r.state === 'unpaid') row.owed += r.amount;
      if (r.state === 'paid') row.paid += r.amount;
      byUnit.set(key, row);
    }
    res.setHeader('Cache-Control', 'no-store');
    res.render('entries/fees', {
      title: t('fees'),
      breadcrumbs: setupCrumbs(lang, tour, { label: t('fees') }),
      timeZone: tour.timeZone,
      tournament: tour,
      unpaidOnly: !!only,
      methods: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) })),
      totals: [...byUnit.values()].map((r) => ({ unit: r.unit, owed: money(r.owed, r.currency, lang), paid: money(r.paid, r.currency, lang) })),
      rows: fees.map((f) => ({
        id: f.id,
        version: f.version,
        who: payer(lang, f, t('individualPlayer')),
        event: nameIn(lang, f.event ?? { nameZh: '', nameEn: '' }),
        amount: money(f.amount, f.currency, lang),
        state: f.state,
        stateLabel: t(`feeState_${f.state}`),
        method: f.method ? wordOf(FEE_METHOD_KEYS, f.method, t) : '',
        markedAt: when(res, f.markedAt, tour.timeZone),
        unpaid: f.state === 'unpaid',
        receipt: f.state === 'paid',
      })),
    });
  }

  @Post('manage/fees/:feeId/mark')
  @RequireRole(...REGISTRARS)
  async mark(@Param('feeId', uuidParam('feeId')) id: string, @Body() body: Record<string, unknown>, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const fee = await this.data.fee(id);
    const method = (PAYMENT_METHODS as readonly string[]).includes(String(body.method)) ? (body.method as (typeof PAYMENT_METHODS)[number]) : 'cash';
    const version = Number(formValue.int(body.version));
    await act(
      req,
      res,
      () => inPageLanguage(res, () => this.fees.mark({ user: req.user!, id, version, method })),
      `/tournaments/${fee.tournamentId}/manage/fees${body.unpaid === 'on' ? '?state=unpaid' : ''}`,
      translator(res)('feeMarked'),
    );
  }

  /** A receipt, printable on A4. */
  @Get('manage/fees/:feeId/receipt')
  @RequireRole(...REGISTRARS)
  async receipt(@Param('feeId', uuidParam('feeId')) id: string, @Res() res: Response) {
    const t = translator(res);
    const lang = langOf(res);
    const fee = await this.fees.get(id);
    const tour = fee.tournament;
    res.render('entries/receipt', {
      title: `${t('receiptTitle')} · ${nameIn(lang, tour)}`,
      breadcrumbs: setupCrumbs(lang, tour, { label: t('fees'), href: `/tournaments/${tour.id}/manage/fees` }, { label: t('receipt') }),
      timeZone: tour.timeZone,
      tournament: { name: nameIn(lang, tour), organizer: tour.organizer, venue: tour.venue },
      number: fee.receiptNumber ? t('receiptNo', { n: fee.receiptNumber }) : t(`feeState_${fee.state}`),
      who: payer(lang, fee, t('individualPlayer')),
      event: fee.event ? nameIn(lang, fee.event) : '',
      amount: money(fee.amount, fee.currency, lang),
      method: fee.method ? wordOf(FEE_METHOD_KEYS, fee.method, t) : t(`feeState_${fee.state}`),
      at: when(res, fee.markedAt, tour.timeZone),
      markedBy: fee.markedBy ?? '',
    });
  }
}
