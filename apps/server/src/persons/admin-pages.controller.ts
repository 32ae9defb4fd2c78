import { Body, Controller, Get, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Authenticated } from '../auth/auth.decorators';
import { isUuid } from '../auth/tournament-scope.service';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { bilingual, pick } from '../pages/event-pages';
import { submitForm } from '../web/forms';
import { pageLanguage } from '../web/page-context';
import { LiftBanDto } from './persons.dto';
import { PersonsService } from './persons.service';

const day = (d: Date) => d.toISOString().slice(0, 10);
const minute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The server administrators' pages (issue 33): the overview of rating lists, title rules, merges
 * and bans (/admin, linked from the account page), and a ban's page with its lifting (/bans/:id).
 * Anyone else: 401 → the login page, 403 → the error page (requireAdmin).
 */
@ApiExcludeController()
@Controller()
export class AdminPagesController {
  constructor(private readonly persons: PersonsService) {}

  @Get('admin')
  @Authenticated()
  async overview(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    const language = pageLanguage(req);
    const { lists, rules, merges, bans } = await this.persons.adminOverview(req.user!);
    const q = `lang=${language}`;
    res.render('persons/admin', {
      title: translate('serverAdmin', language),
      breadcrumbs: [{ label: translate('serverAdmin', language) }],
      lists: lists.map((l) => ({ name: l.name, href: `/rating-lists/${l.id}?${q}`, events: l._count.events })),
      rules: rules.map((r) => ({
        text: translate('titleRuleText', language, { n: r.topN, title: language === 'en' ? r.titleEn : chineseIn(language, r.titleZh) }),
        event: `${pick(r.event.tournament, language)} · ${pick(r.event, language)}`,
        href: `/events/${r.eventId}?${q}`,
      })),
      merges: merges.map((m) => ({
        survivor: m.survivor ? pick(m.survivor, language) : m.survivorId,
        survivorHref: `/persons/${m.survivorId}?${q}`,
        merged: m.merged ? pick(m.merged, language) : m.mergedId,
        mergedHref: `/persons/${m.mergedId}?${q}`,
        at: minute(m.mergedAt),
        undone: !!m.undoneAt,
      })),
      bans: bans.map((b) => ({ ...this.banRow(b, language), href: `/bans/${b.id}?${q}` })),
    });
  }

  @Get('bans/:banId')
  @Authenticated()
  async banPage(@Param('banId') banId: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const language = pageLanguage(req);
    if (!isUuid(banId)) throw new NotFoundException(translate('notFound', language));
    res.render('persons/ban', await this.banContext(req.user!, banId, language));
  }

  @Post('bans/:banId/lift')
  @Authenticated()
  async lift(@Param('banId') banId: string, @Body() body: Record<string, unknown>, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const language = pageLanguage(req);
    if (!isUuid(banId)) throw new NotFoundException(translate('notFound', language));
    await submitForm(req as Request, res, {
      dto: LiftBanDto,
      values: body,
      toInput: (v) => ({ reason: typeof v.reason === 'string' ? v.reason : '' }),
      run: (dto) => this.persons.liftBan(req.user!, banId, dto.reason),
      render: async () => ({ view: 'persons/ban', context: await this.banContext(req.user!, banId, language) }),
      redirect: () => `/bans/${banId}?lang=${language}`,
      flash: () => translate('banLiftedFlash', language),
    });
  }

  private banRow(b: { person: { nameZh: string; nameEn: string }; startsOn: Date; endsOn: Date; liftedAt: Date | null; decision: string }, language: Language) {
    const today = day(new Date());
    const state = b.liftedAt ? 'banLifted' : day(b.endsOn) < today ? 'banEnded' : 'banRunning';
    return {
      name: pick(b.person, language),
      dates: translate('banDates', language, { from: day(b.startsOn), until: day(b.endsOn) }),
      state: translate(state, language),
      stateClass: state,
      decision: b.decision,
    };
  }

  private async banContext(user: NonNullable<AuthenticatedRequest['user']>, banId: string, language: Language) {
    const { ban, decidedBy, lifted } = await this.persons.ban(user, banId);
    const name = bilingual(ban.person, language);
    const who = (u: { displayName: string; email: string } | null) => (u ? `${u.displayName} (${u.email})` : '—');
    return {
      title: `${translate('banTitle', language)} · ${name.primary}`,
      breadcrumbs: [{ label: translate('serverAdmin', language), href: `/admin?lang=${language}` }, { label: translate('banTitle', language) }],
      ban: {
        ...this.banRow(ban, language),
        personHref: `/persons/${ban.personId}?lang=${language}`,
        secondary: name.secondary,
        decidedBy: who(decidedBy),
        eventHref: ban.eventId ? `/events/${ban.eventId}?lang=${language}` : '',
      },
      lifted: lifted ? translate('banLiftedBy', language, { at: minute(lifted.at), by: who(lifted.by), reason: lifted.reason }) : '',
      liftAction: `/bans/${banId}/lift`,
    };
  }
}
