import { GAME_KIND_KEYS, READING_GROUP_WORDS, READING_WORDS, wordIn } from '../i18n/keys';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, PRINTERS, RequireRole, STANDINGS_SETTERS, SUSPENDERS, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { StandingsReadingsDto } from '../events/event.dto';
import { EventsService } from '../events/events.service';
import { READING_CHOICES, READING_DEFAULTS, READING_GROUPS, READING_KEYS, readingsOf, type EventReadings } from '../events/readings';
import { HTML_LANG, translate, type Language } from '../i18n/i18n';
import { bilingual } from '../pages/event-pages';
import { StaffPageData } from './staff-page-data';
import { VersionDto } from '../common/dto-fields';
import { SuspendRoundDto } from '../rounds/round.dto';
import { RoundsService } from '../rounds/rounds.service';
import { submitForm, type FormState } from '../web/forms';
import { crumbs, langOf, show } from './page-context';
import { int, text } from './staff-view';
import { isoToLocal, localToIso } from './times';

type Form = Record<string, unknown>;
type ReadingKey = keyof EventReadings;

/** A radio's value back to the reading's: the booleans of the counting settings come as 'true' / 'false'. */
function readingInput(key: ReadingKey, raw: unknown): unknown {
  const value = text(raw);
  if (!value) return undefined;
  if (typeof READING_DEFAULTS[key] !== 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : value; // anything else: 400 from the DTO
}

/** Moves a record form has room for (二章3节: every move recorded; two columns of 40). */
const RECORD_FORM_MOVES = 80;

/**
 * Issue 30, rules found missing — the staff pages:
 * - 三章4E: suspend a round's play with the new time and place, resume it (forms on the console);
 * - 三章4C: the event's readings of open articles, fixed by the chief arbiter until round 1;
 * - 三章6B (队员名牌、记录表格、积分表): the name cards, the record forms of a round and the score
 *   table, A4 printouts in the page language, linked from the console and the result sheet.
 */
@ApiExcludeController()
@Controller()
export class RulesPagesController {
  constructor(
    private readonly data: StaffPageData,
    private readonly rounds: RoundsService,
    private readonly events: EventsService,
  ) {}

  // ── 三章4E suspension ──────────────────────────────────────────────────────────────────────
  @Post('rounds/:roundId/console/suspend')
  @RequireRole(...SUSPENDERS)
  async suspend(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const round = await this.roundOf(roundId);
    const tz = round.event.tournament.timeZone;
    await submitForm(req, res, {
      dto: SuspendRoundDto,
      values: body,
      toInput: (v) => ({
        version: int(v.version),
        resumesAt: localToIso(text(v.resumesAt), tz) ?? '',
        resumeVenue: text(v.resumeVenue),
        reason: text(v.reason),
      }),
      run: (dto) => this.rounds.suspend(user, roundId, dto),
      render: (form) => this.suspendPage(req, res, round, form),
      redirect: () => `/events/${round.eventId}/console#round-${round.number}`,
    });
  }

  @Post('rounds/:roundId/console/resume')
  @RequireRole(...SUSPENDERS)
  async resume(
    @CurrentUser() user: AuthUser,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const round = await this.roundOf(roundId);
    await submitForm(req, res, {
      dto: VersionDto,
      values: body,
      toInput: (v) => ({ version: int(v.version) }),
      run: (dto) => this.rounds.resume(user, roundId, dto.version),
      render: (form) => this.suspendPage(req, res, round, form),
      redirect: () => `/events/${round.eventId}/console#round-${round.number}`,
    });
  }

  private suspendPage(req: Request, res: Response, round: Awaited<ReturnType<RulesPagesController['roundOf']>>, form: FormState) {
    const lang = langOf(req, res);
    const title = `${translate('suspendTitle', lang)} · ${translate('round', lang, { n: round.number })}`;
    return {
      view: 'staff/suspend',
      context: {
        lang,
        title,
        breadcrumbs: crumbs(
          lang,
          round.event.tournament,
          round.event,
          { label: translate('console.title', lang), href: `/events/${round.eventId}/console` },
          { label: title },
        ),
        round: {
          id: round.id,
          number: round.number,
          version: round.version,
          suspended: round.suspendedAt !== null,
          resumesLocal: text(form.values.resumesAt) || isoToLocal(round.resumesAt, round.event.tournament.timeZone),
          resumeVenue: text(form.values.resumeVenue) || round.resumeVenue || '',
        },
        consoleHref: `/events/${round.eventId}/console`,
        form,
      },
    };
  }

  private async roundOf(roundId: string) {
    const round = await this.data.roundWithEvent(roundId);
    if (!round) throw notFound('round');
    return round;
  }

  // ── 三章4C the event's readings ─────────────────────────────────────────────────────────────
  @Get('events/:eventId/readings')
  @RequireRole(...STANDINGS_SETTERS)
  async readingsPage(@Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.readingsContext(req, res, eventId, undefined));
  }

  @Post('events/:eventId/readings')
  @RequireRole(...STANDINGS_SETTERS)
  async saveReadings(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: StandingsReadingsDto,
      values: body,
      toInput: (v) => ({ version: int(v.version), ...Object.fromEntries(READING_KEYS.map((k) => [k, readingInput(k, v[k])])) }),
      run: (dto) => this.events.setReadings({ user, id: eventId, dto }),
      render: (form) => this.readingsContext(req, res, eventId, form),
      redirect: () => `/events/${eventId}/readings`,
      flash: () => translate('saved', langOf(req, res)),
    });
  }

  private async readingsContext(req: Request, res: Response, eventId: string, form: FormState | undefined) {
    const lang = langOf(req, res);
    const event = await this.data.eventForReadings(eventId);
    if (!event) throw notFound('event');
    const current = readingsOf(event);
    const title = `${translate('readingsTitle', lang)} · ${bilingual(event, lang).primary}`;
    return {
      view: 'staff/readings',
      context: {
        lang,
        title,
        heading: translate('readingsTitle', lang),
        breadcrumbs: crumbs(lang, event.tournament, event, { label: translate('readingsTitle', lang) }),
        frozen: event.round1PairedAt !== null ? translate('readingsFrozen', lang) : null,
        eventId,
        version: event.version,
        form,
        groups: Object.entries(READING_GROUPS).map(([group, keys]) => ({
          heading: translate(READING_GROUP_WORDS[group as keyof typeof READING_GROUPS], lang),
          readings: keys.map((key: ReadingKey) => ({
            key,
            label: translate(READING_WORDS[key].title, lang),
            error: form?.errors[key],
            options: READING_CHOICES[key].map((choice) => {
              const value = String(choice);
              return {
                value,
                label: wordIn(READING_WORDS[key].choices, value, lang),
                checked: (text(form?.values[key]) || String(current[key])) === value,
                isDefault: choice === READING_DEFAULTS[key],
              };
            }),
          })),
        })),
      },
    };
  }

  // ── 三章6B printouts ────────────────────────────────────────────────────────────────────────
  /** 队员名牌 / 台签: one card per entry, folded along the middle (the top half upside down). */
  @Get('events/:eventId/print/name-cards')
  @RequireRole(...PRINTERS)
  async nameCards(@Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const event = await this.eventWithEntries(eventId);
    const cards = event.entries
      .filter((e) => e.status !== 'withdrawn')
      .map((e) => ({
        drawNumber: e.drawNumber ?? '',
        name: bilingual(e.player ?? e.team, lang),
        // A long name (a team's, a romanized one) is set smaller, so that each half of the card holds it.
        long: bilingual(e.player ?? e.team, lang).primary.length > 8,
        affiliation: bilingual(e.player?.affiliation ?? e.team?.affiliation, lang).primary,
        members: e.team
          ? e.team.members
              .slice()
              .sort((a, b) => (a.board ?? 99) - (b.board ?? 99))
              .map((m) => bilingual(m.player, lang).primary)
              .join(lang === 'en' ? ', ' : '、')
          : '',
      }));
    const eventName = bilingual(event, lang).primary;
    this.print(res, lang, 'print/name-cards', translate('nameCardsTitle', lang, { event: eventName }), event, { eventName, cards });
  }

  /** 记录纸: one record form per game of a round (二章3节 the moves, 二章8节6 result, times, signatures). */
  @Get('rounds/:roundId/print/record-forms')
  @RequireRole(...PRINTERS)
  async recordForms(@Param('roundId', uuidParam('roundId')) roundId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const round = await this.data.roundForRecordForms(roundId);
    if (!round) throw notFound('round');
    const team = round.event.kind === 'team';
    const roundLabel = translate('round', lang, { n: round.number });
    const rows = Array.from({ length: RECORD_FORM_MOVES / 2 }, (_, i) => ({ left: i + 1, right: i + 1 + RECORD_FORM_MOVES / 2 }));
    const forms = round.pairings.flatMap((p) =>
      p.games.map((g) => ({
        table: translate('tableLabel', lang, { n: p.table ?? '' }),
        board: team ? (g.leg > 1 ? `${g.board}.${g.leg}` : String(g.board)) : null,
        kind: g.kind === 'regular' ? null : wordIn(GAME_KIND_KEYS, g.kind, lang),
        red: bilingual(g.redPlayer, lang),
        black: bilingual(g.blackPlayer, lang),
      })),
    );
    const eventName = bilingual(round.event, lang).primary;
    this.print(res, lang, 'print/record-forms', translate('recordFormsTitle', lang, { round: `${eventName} · ${roundLabel}` }), round.event, {
      eventName,
      roundLabel,
      forms,
      rows,
    });
  }

  /** 成绩表 (三章3B 胜负及积分表): every entry's opponent and result by round, the points so far, blanks for the rest. */
  @Get('events/:eventId/print/score-table')
  @RequireRole(...PRINTERS)
  async scoreTable(@Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const event = await this.eventWithEntries(eventId);
    const rounds = await this.data.publishedRoundsWithGames(eventId);
    const stages = event.stages as { rounds?: number }[];
    const planned = Math.max(
      rounds.length,
      stages.reduce((n, s) => n + (s.rounds ?? 0), 0),
    );
    const numbers = new Map(event.entries.map((e) => [e.id, e.drawNumber]));
    const cell = (entryId: string, r: (typeof rounds)[number]) => {
      const p = r.pairings.find((x) => x.redEntryId === entryId || x.blackEntryId === entryId);
      if (!p) return { text: '' };
      if (p.blackEntryId === null) return { text: translate('bye', lang) };
      const red = p.redEntryId === entryId;
      const opponent = numbers.get(red ? p.blackEntryId : p.redEntryId) ?? '?';
      // 局分 from this entry's side (二章5节1): the games of the pairing, by colour of each game.
      let mine = 0;
      let theirs = 0;
      let open = false;
      for (const g of p.games) {
        if (g.result === null) {
          open = true;
          continue;
        }
        const [rp, bp] = points(g.result);
        const entryIsRed = g.redPlayerId !== null && (team(event) ? memberOf(event, entryId, g.redPlayerId) : g.redPlayerId === playerOf(event, entryId));
        if (entryIsRed) [mine, theirs] = [mine + rp, theirs + bp];
        else [mine, theirs] = [mine + bp, theirs + rp];
      }
      const outcome = open ? '' : mine > theirs ? translate('slipWin', lang) : mine < theirs ? translate('slipLoss', lang) : translate('slipDraw', lang);
      return { text: `${red ? translate('red', lang) : translate('black', lang)}${opponent} ${outcome}`.trim() };
    };
    const rows = event.entries
      .filter((e) => e.drawNumber !== null)
      .sort((a, b) => (a.drawNumber ?? 0) - (b.drawNumber ?? 0))
      .map((e) => ({
        drawNumber: e.drawNumber,
        name: bilingual(e.player ?? e.team, lang).primary,
        affiliation: bilingual(e.player?.affiliation ?? e.team?.affiliation, lang).primary,
        cells: [...rounds.map((r) => cell(e.id, r)), ...Array.from({ length: planned - rounds.length }, () => ({ text: '' }))],
      }));
    const eventName = bilingual(event, lang).primary;
    this.print(res, lang, 'print/score-table', translate('scoreTableTitle', lang, { event: eventName }), event, {
      eventName,
      heads: Array.from({ length: planned }, (_, i) => i + 1),
      rows,
      landscape: planned > 7,
    });
  }

  private async eventWithEntries(eventId: string) {
    const event = await this.data.eventWithEntries(eventId);
    if (!event) throw notFound('event');
    return event;
  }

  private print(
    res: Response,
    lang: Language,
    view: string,
    title: string,
    event: { id: string; nameZh: string; nameEn: string; tournament: { id: string; nameZh: string; nameEn: string } },
    data: object,
  ) {
    res.status(200).render(view, {
      layout: 'layouts/main',
      lang,
      htmlLang: HTML_LANG[lang],
      title,
      heading: title,
      printPage: true,
      breadcrumbs: crumbs(lang, event.tournament, event, { label: title }),
      consoleHref: `/events/${event.id}/console`,
      ...data,
    });
  }
}

type EventEntries = Awaited<ReturnType<RulesPagesController['eventWithEntries']>>;

function team(event: EventEntries): boolean {
  return event.kind === 'team';
}

function playerOf(event: EventEntries, entryId: string): string | null {
  return event.entries.find((e) => e.id === entryId)?.playerId ?? null;
}

function memberOf(event: EventEntries, entryId: string, playerId: string): boolean {
  return event.entries.find((e) => e.id === entryId)?.team?.members.some((m) => m.playerId === playerId) ?? false;
}

/** 局分 of a result, Red's and Black's, on the 2/1/0 scale (二章5节1; a comparison only). */
function points(result: string): [number, number] {
  if (result.startsWith('red_win')) return [2, 0];
  if (result.startsWith('black_win')) return [0, 2];
  if (result === 'draw') return [1, 1];
  return [0, 0];
}
