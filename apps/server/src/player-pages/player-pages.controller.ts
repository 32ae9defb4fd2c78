import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Authenticated } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { writeCalendar } from '@chuhe/tournament';
import type { Request, Response } from 'express';
import { DomainError } from '../common/errors';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { CredentialsService } from '../credentials/credentials.service';
import { personalPath } from '../credentials/credential-token';
import { publicOrigin } from '../common/public-url';
import { langOf } from '../staff-pages/page-context';
import { nameOf } from '../staff-pages/staff-view';
import { myPageContext } from './my-page-view';
import { PlayerViewService, type HolderView } from './player-view.service';
import { SERVICE_WORKER } from './service-worker';

/** How long a round is put in the calendar when its time control does not say (4 hours). */
const ROUND_MINUTES = 240;

/**
 * The holder's own page (issue 32 #2), opened from the credential's QR code without an account:
 * the next game, own results, the place, the team's lineup state for captains; a web app manifest
 * and a service worker (service-worker.ts) keep the last pairing on the phone when the network
 * drops; the rounds as an iCalendar file. The token is the capability: the page is never cached by
 * proxies, never sent on as a referrer, never indexed.
 */
@ApiTags('venue')
@Controller()
export class PlayerPagesController {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly views: PlayerViewService,
  ) {}

  /**
   * A signed-in player's own page (issue 32 #2, from My tournaments): the same page as the
   * credential's, for a player of the account's person (User.personId) only — 403 for anyone else's.
   */
  @Get('my/players/:playerId')
  @Authenticated()
  @ApiExcludeEndpoint()
  async mine(@Param('playerId', uuidParam('playerId')) playerId: string, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const lang = langOf(req, res);
    const [me, player] = await Promise.all([this.views.personOfUser(req.user!.id), this.views.playerWithTournament(playerId)]);
    if (!player || !me?.personId || player.personId !== me.personId) throw new DomainError('auth.not_yours', {}, 'playerId');
    const t = player.tournament;
    const view = await this.views.playerView({ credentialId: '', kind: 'player', tournament: { ...t, published: !!t.publishedAt } }, playerId);
    res.set('Cache-Control', 'private, no-store');
    const ctx = myPageContext(view, lang, { calendar: null, base: publicOrigin(req) });
    res.render('venue/my-page', {
      ...ctx,
      title: ctx.holderName,
      breadcrumbs: [{ label: translate('myTournaments', lang), href: '/my' }, { label: ctx.tournamentName }],
      liveEvents: view.events.map((e) => e.event.id).join(' '),
    });
  }

  @Get('p/sw.js')
  @ApiExcludeEndpoint()
  serviceWorker(@Res() res: Response) {
    res.set('Content-Type', 'text/javascript; charset=utf-8');
    res.set('Cache-Control', 'no-cache');
    res.send(SERVICE_WORKER);
  }

  @Get('api/credentials/:token')
  @ApiOperation({ summary: 'The holder’s own page as JSON (the personal link’s capability): next game, results, place' })
  async api(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const credential = await this.credentials.resolve(token, addressOf(req));
    capabilityHeaders(res);
    const view = await this.views.view(credential);
    return view;
  }

  @Get('p/:token')
  @ApiExcludeEndpoint()
  async page(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const credential = await this.resolveForPage(token, req, res, lang);
    if (!credential) return;
    const view = await this.views.view(credential);
    capabilityHeaders(res);
    const ctx = myPageContext(view, lang, { calendar: view.playerId ? `${personalPath(token)}/calendar.ics` : null, base: publicOrigin(req) });
    res.render('venue/my-page', {
      ...ctx,
      title: ctx.holderName,
      manifestHref: `${personalPath(token)}/manifest.webmanifest`,
      liveEvents: view.events.map((e) => e.event.id).join(' '),
      scripts: ['/static/js/my-page.js'],
    });
  }

  @Get('p/:token/manifest.webmanifest')
  @ApiExcludeEndpoint()
  async manifest(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const credential = await this.credentials.resolve(token, addressOf(req));
    const view = await this.views.view(credential);
    const lang = langOf(req, res);
    capabilityHeaders(res);
    res.set('Content-Type', 'application/manifest+json; charset=utf-8');
    res.send(
      JSON.stringify({
        name: `${nameOf(view.name, lang)} · ${nameOf({ nameZh: chineseIn(lang, view.tournament.nameZh), nameEn: view.tournament.nameEn }, lang)}`,
        short_name: translate('venue.myPage', lang),
        start_url: personalPath(token),
        scope: '/p/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#b91c1c',
        icons: [{ src: '/static/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      }),
    );
  }

  @Get('p/:token/calendar.ics')
  @ApiExcludeEndpoint()
  async calendar(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const credential = await this.credentials.resolve(token, addressOf(req));
    const view = await this.views.view(credential);
    capabilityHeaders(res);
    res.set('Content-Type', 'text/calendar; charset=utf-8');
    res.set('Content-Disposition', 'attachment; filename="chuhe-rounds.ics"');
    res.send(calendarOf(view, lang, `${publicOrigin(req)}${personalPath(token)}`));
  }

  /** The credential, or the refusal page (404 unknown, 410 revoked — a clear page, not a stack). */
  private async resolveForPage(token: string, req: Request, res: Response, lang: Language) {
    try {
      return await this.credentials.resolve(token, addressOf(req));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const revoked = error.code === 'credential.revoked';
      res.status(revoked ? 410 : 404);
      capabilityHeaders(res);
      res.render('venue/link-refused', {
        title: translate(revoked ? 'venue.revokedTitle' : 'venue.unknownTitle', lang),
        heading: translate(revoked ? 'venue.revokedTitle' : 'venue.unknownTitle', lang),
        text: translate(revoked ? 'venue.revokedText' : 'venue.unknownText', lang),
      });
      return null;
    }
  }
}

function addressOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}

function capabilityHeaders(res: Response): void {
  res.set('Cache-Control', 'private, no-cache');
  res.set('Referrer-Policy', 'no-referrer');
  res.set('X-Robots-Tag', 'noindex');
}

/** The holder's rounds (published so far) as iCalendar, at the tournament zone's clock time. */
export function calendarOf(view: HolderView, lang: Language, link: string): string {
  const tname = nameOf({ nameZh: chineseIn(lang, view.tournament.nameZh), nameEn: view.tournament.nameEn }, lang);
  const events = view.events.flatMap((e) =>
    e.games
      .filter((g) => g.scheduledAt)
      .map((g) => {
        const where = [
          translate('venue.round', lang, { n: g.round }),
          g.table !== null ? translate('venue.table', lang, { n: g.table }) : '',
          g.colour ? translate(g.colour === 'red' ? 'venue.red' : 'venue.black', lang) : '',
          g.opponent ? nameOf(g.opponent, lang) : '',
        ].filter(Boolean);
        return {
          uid: `${view.credentialId}-${g.roundId}@chuhe`,
          start: g.scheduledAt!,
          durationMinutes: ROUND_MINUTES,
          summary: `${nameOf({ nameZh: chineseIn(lang, e.event.nameZh), nameEn: e.event.nameEn }, lang)} · ${where.join(' · ')}`,
          location: view.tournament.venue,
          url: link,
        };
      }),
  );
  return writeCalendar({ name: tname, timeZone: view.tournament.timeZone, events, now: new Date() });
}
