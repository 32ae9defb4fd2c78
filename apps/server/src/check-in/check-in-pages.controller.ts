import { RESULT_KEYS, VENUE_KIND_KEYS, wordIn } from '../i18n/keys';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, RequireRole, type AuthUser } from '../auth/auth.decorators';
import { DomainError } from '../common/errors';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { confirmPage, crumbs, langOf } from '../staff-pages/page-context';
import { nameOf } from '../staff-pages/staff-view';
import { CHECKERS, CheckInService, type Identity } from './check-in.service';
import { START_SIGNALLERS } from './start-roles';
import { StartSignalService, type Presence } from './start-signal.service';
import { clock } from '../i18n/words';

type Form = Record<string, unknown>;
interface Named {
  nameZh: string;
  nameEn: string;
}
const named = (n: Named | null | undefined, lang: Language) => (n ? nameOf({ nameZh: chineseIn(lang, n.nameZh), nameEn: n.nameEn }, lang) : '');
const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : '');

/**
 * The steward's scan page (检录, issue 32 #3): the phone's camera reads the credential's QR code
 * (client/check-in-scan.ts, jsQR served by the app), or the code is typed; the page shows who it is
 * and checks them in. Works without JavaScript (the typed code). And the venue desk of an event
 * (issue 32 #4): who is in per table, the start signal, the absences — also shown as a section of
 * the chief arbiter's console.
 */
@ApiExcludeController()
@Controller()
export class CheckInPagesController {
  constructor(
    private readonly checkIns: CheckInService,
    private readonly start: StartSignalService,
  ) {}

  @Get('tournaments/:tournamentId/check-in')
  @RequireRole(...CHECKERS)
  async scanPage(
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Query('code') code: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    let identity: Identity | null = null;
    let refusal: string | null = null;
    if (str(code)) {
      try {
        identity = await this.checkIns.lookup(tournamentId, str(code));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refusal = error.wordsIn(lang);
      }
    }
    await this.renderScan(res, lang, tournamentId, { code: str(code), identity, refusal, done: null });
  }

  @Post('tournaments/:tournamentId/check-in')
  @RequireRole(...CHECKERS)
  async checkIn(
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Body() form: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    const code = str(form.code);
    const tz = (await this.checkIns.tournament(tournamentId)).timeZone;
    try {
      const r = await this.checkIns.checkIn(user, tournamentId, code, str(form.eventId));
      const done = translate('venue.checkInDone', lang, { name: named(r.name, lang), time: clock(r.checkedInAt, tz) });
      res.status(200);
      await this.renderScan(res, lang, tournamentId, { code, identity: await this.checkIns.lookup(tournamentId, code), refusal: null, done });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const identity = await this.checkIns.lookup(tournamentId, code).catch(() => null);
      res.status(error.getStatus());
      await this.renderScan(res, lang, tournamentId, { code, identity, refusal: error.wordsIn(lang), done: null });
    }
  }

  private async renderScan(
    res: Response,
    lang: Language,
    tournamentId: string,
    s: { code: string; identity: Identity | null; refusal: string | null; done: string | null },
  ) {
    const tournament = await this.checkIns.tournament(tournamentId);
    const title = translate('venue.checkIn', lang);
    const id = s.identity;
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    res.render('venue/scan', {
      title,
      breadcrumbs: crumbs(lang, tournament, null, { label: title }),
      action: `/tournaments/${tournamentId}/check-in`,
      code: s.code,
      refusal: s.refusal,
      done: s.done,
      identity: id
        ? {
            name: named(id.name, lang),
            nameZh: chineseIn(lang, id.name.nameZh),
            nameEn: id.name.nameEn,
            unit: named(id.unit, lang),
            kind: wordIn(VENUE_KIND_KEYS, ['player', 'captain', 'delegate'].includes(id.kind) ? id.kind : 'staff', lang),
            notPlayer: !id.playerId,
            events: id.events.map((e) => ({
              eventId: e.eventId,
              name: named(e.event, lang),
              team: named(e.team, lang),
              drawNumber: e.drawNumber === null ? translate('venue.notDrawn', lang) : translate('venue.drawNumber', lang, { n: e.drawNumber }),
              checkedIn: e.checkedInAt ? translate('venue.checkedInAt', lang, { time: clock(e.checkedInAt, tournament.timeZone) }) : null,
              noRound: e.roundNumber === null,
              button:
                e.roundNumber && e.roundNumber > 0
                  ? translate('venue.checkInRound', lang, { event: named(e.event, lang), n: e.roundNumber })
                  : translate('venue.checkInFor', lang, { event: named(e.event, lang) }),
            })),
          }
        : null,
      scripts: ['/static/js/check-in-scan.js'],
    });
  }

  // ── the venue desk: presence per table, the start signal, the absences ──

  @Get('events/:eventId/venue-desk')
  @RequireRole(...START_SIGNALLERS)
  async desk(@Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const p = await this.start.presence(eventId);
    const tournament = await this.checkIns.tournament(p.event.tournamentId);
    const title = translate('venue.venueDesk', lang);
    res.render('venue/desk', { title, breadcrumbs: crumbs(lang, tournament, p.event, { label: title }), ...deskContext(p, lang) });
  }

  /** The console's section (loaded into the chief arbiter's console; no layout). */
  @Get('events/:eventId/venue-desk/section')
  @RequireRole(...START_SIGNALLERS)
  async section(@Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const p = await this.start.presence(eventId);
    res.render('venue/desk-section', { layout: false, lang, ...deskContext(p, lang), compact: true });
  }

  @Post('events/:eventId/venue-desk/start')
  @RequireRole(...START_SIGNALLERS)
  async startRound(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() form: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.confirmThenAct(req, res, eventId, form, 'start', (p, round, lang) => {
      const n = round.number;
      return {
        label: translate('venue.startRound', lang, { n }),
        question: translate('venue.startQuestion', lang, { n }),
        detail: translate('venue.presenceOf', lang, { n, in: p.checkedIn, all: p.players }),
        act: () => this.start.start(user, round.id),
      };
    });
  }

  @Post('events/:eventId/venue-desk/absences')
  @RequireRole(...START_SIGNALLERS)
  async absences(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() form: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.confirmThenAct(req, res, eventId, form, 'absences', (p, round, lang) => ({
      label: translate('venue.recordAbsences', lang, { n: p.absences.length }),
      question: translate('venue.absenceQuestion', lang, { n: p.absences.length }),
      detail: p.absences.map((a) => `${translate('venue.table', lang, { n: a.table ?? '-' })}: ${a.names.join(', ')}`).join('; '),
      act: () => this.start.recordAbsences(user, round.id),
    }));
  }

  /**
   * The desk's two round-wide acts (the start signal, the absences): asked once on a confirmation
   * page with what they will do, then done, then back to the desk.
   */
  private async confirmThenAct(
    req: Request,
    res: Response,
    eventId: string,
    form: Form,
    path: 'start' | 'absences',
    words: (
      p: Presence,
      round: NonNullable<Presence['round']>,
      lang: Language,
    ) => { label: string; question: string; detail: string; act: () => Promise<unknown> },
  ) {
    const lang = langOf(req, res);
    const p = await this.start.presence(eventId, str(form.roundId) || undefined);
    if (!p.round) throw notFound('round');
    const w = words(p, p.round, lang);
    const desk = `/events/${eventId}/venue-desk`;
    if (form.confirm !== 'yes') {
      const tournament = await this.checkIns.tournament(p.event.tournamentId);
      return confirmPage(res, {
        lang,
        title: w.label,
        question: w.question,
        detail: w.detail,
        action: `${desk}/${path}`,
        fields: { roundId: p.round.id },
        submitLabel: w.label,
        cancelHref: desk,
        breadcrumbs: crumbs(lang, tournament, p.event, { label: translate('venue.venueDesk', lang), href: desk }),
      });
    }
    await w.act();
    res.redirect(303, desk);
  }
}

/** The desk's words and rows in the page's language. */
export function deskContext(p: Presence, lang: Language) {
  const tz = p.event.timeZone;
  const seat = (s: Presence['boards'][number]['red']) =>
    s ? { name: named(s.name, lang), present: s.present, state: s.checkedInAt ? clock(s.checkedInAt, tz) : translate('venue.notCheckedIn', lang) } : null;
  const round = p.round;
  const teamBoards = p.boards.some((b) => b.board > 1);
  return {
    eventId: p.event.id,
    eventName: named(p.event, lang),
    round: round ? { id: round.id, number: round.number } : null,
    summary: round ? translate('venue.presenceOf', lang, { n: round.number, in: p.checkedIn, all: p.players }) : translate('venue.presenceNone', lang),
    started: round?.startedAt ? translate('venue.startedAt', lang, { n: round.number, time: clock(round.startedAt, tz) }) : null,
    tolerance: round?.startedAt && p.limit && p.event.lateToleranceMinutes > 0 ? translate('venue.toleranceUntil', lang, { time: clock(p.limit, tz) }) : null,
    startLabel: round ? translate('venue.startRound', lang, { n: round.number }) : '',
    mayStart: !!round && !round.startedAt,
    // Everyone not there by the limit, recorded or not (a recorded one shows its result).
    absences: round?.startedAt
      ? p.boards.flatMap((b) =>
          [b.red, b.black]
            .filter((x): x is NonNullable<typeof x> => x !== null && !x.present)
            .map((x) => ({
              table: b.table,
              board: teamBoards ? b.board : null,
              names: named(x.name, lang),
              result: b.result ? wordIn(RESULT_KEYS, b.result, lang) : null,
            })),
        )
      : [],
    absencesLabel: translate('venue.recordAbsences', lang, { n: p.absences.length }),
    mayRecord: !!round?.startedAt && p.absences.length > 0 && p.limit !== null && p.now >= p.limit,
    boards: p.boards.map((b) => ({ table: b.table, board: teamBoards ? b.board : null, red: seat(b.red), black: seat(b.black), result: b.result })),
  };
}
