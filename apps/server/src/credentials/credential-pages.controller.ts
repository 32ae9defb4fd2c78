import { VENUE_ROLE_KEYS, wordIn } from '../i18n/keys';
import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, REGISTRARS, RequireRole, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { recordLinkQrSvg } from '../records/record-link-qr';
import { confirmPage, crumbs, langOf } from '../staff-pages/page-context';
import { nameOf } from '../staff-pages/staff-view';
import { CredentialsService, type Badge } from './credentials.service';
import { publicOrigin } from '../common/public-url';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The badge sheet (大会证件, 二章8节7; issue 32 #1): A4, eight badges a page, each with the name in
 * both scripts, the unit, the role, the event, the draw number once drawn and the QR code of the
 * holder's personal link. Opening the sheet makes the credentials still missing (the links of
 * those already made do not change: credentials.service.ts); a reprint asks first.
 */
@ApiExcludeController()
@Controller()
@RequireRole(...REGISTRARS)
export class CredentialPagesController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get('events/:eventId/print/credentials')
  async sheet(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Query('only') only: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    const single = typeof only === 'string' && UUID.test(only) ? only : undefined;
    const { event, badges } = await this.credentials.badgesOf(user, eventId, single);
    const tournament = await this.tournamentOf(event.tournamentId);
    const base = publicOrigin(req);
    const eventName = nameOf({ nameZh: chineseIn(lang, event.nameZh), nameEn: event.nameEn }, lang);
    const title = translate('venue.credentialsOf', lang, { event: eventName });
    const cards = await Promise.all(badges.map((b) => this.card(b, lang, base, eventId)));
    // The sheet holds capabilities: never cached, never sent on as a referrer, never indexed.
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('X-Robots-Tag', 'noindex');
    res.render('venue/badges', {
      title,
      heading: title,
      printPage: true,
      breadcrumbs: crumbs(lang, tournament, event, { label: translate('venue.credentials', lang) }),
      tournamentName: nameOf({ nameZh: chineseIn(lang, tournament.nameZh), nameEn: tournament.nameEn }, lang),
      eventName,
      single: !!single,
      allHref: `/events/${eventId}/print/credentials`,
      badges: cards,
    });
  }

  private async card(b: Badge, lang: Language, base: string, eventId: string) {
    const url = `${base}${b.path}`;
    const zh = chineseIn(lang, b.name.nameZh);
    return {
      credentialId: b.credentialId,
      kind: b.kind,
      nameZh: zh,
      nameEn: b.name.nameEn !== b.name.nameZh ? b.name.nameEn : '',
      unit: b.unit ? nameOf({ nameZh: chineseIn(lang, b.unit.nameZh), nameEn: b.unit.nameEn }, lang) : '',
      team: b.team ? nameOf({ nameZh: chineseIn(lang, b.team.nameZh), nameEn: b.team.nameEn }, lang) : '',
      role: b.kind === 'staff' && b.role ? wordIn(VENUE_ROLE_KEYS, b.role, lang) : translate(`venue.kind.${b.kind}`, lang),
      drawNumber: b.drawNumber === null ? null : translate('venue.drawNumber', lang, { n: b.drawNumber }),
      qr: await recordLinkQrSvg(url, { size: 132, label: translate('venue.scanToOpen', lang) }),
      reprintHref: `/events/${eventId}/print/credentials/${b.credentialId}/reprint`,
    };
  }

  @Get('events/:eventId/print/credentials/:credentialId/reprint')
  async askReprint(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('credentialId', uuidParam('credentialId')) credentialId: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    const { event, badges } = await this.credentials.badgesOf(user, eventId, credentialId);
    const badge = badges[0];
    const tournament = await this.tournamentOf(event.tournamentId);
    const title = translate('venue.reprint', lang);
    confirmPage(res, {
      lang,
      title,
      question: translate('venue.reprintQuestion', lang, { name: badge ? nameOf(badge.name, lang) : '—' }),
      action: `/events/${eventId}/print/credentials/${credentialId}/reprint`,
      fields: {},
      submitLabel: title,
      cancelHref: `/events/${eventId}/print/credentials`,
      breadcrumbs: crumbs(
        lang,
        tournament,
        event,
        { label: translate('venue.credentials', lang), href: `/events/${eventId}/print/credentials` },
        { label: title },
      ),
    });
  }

  @Post('events/:eventId/print/credentials/:credentialId/reprint')
  async reprint(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('credentialId', uuidParam('credentialId')) credentialId: string,
    @Res() res: Response,
  ) {
    const { event } = await this.credentials.holdersOf(eventId);
    const r = await this.credentials.reprint(user, event.tournamentId, credentialId);
    res.redirect(303, `/events/${eventId}/print/credentials?only=${r.credential.id}`);
  }

  private async tournamentOf(id: string) {
    return this.credentials.tournament(id);
  }
}
