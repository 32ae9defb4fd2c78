import { GAME_KIND_KEYS, wordIn } from '../i18n/keys';
import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { firstTeamIsRed, type GameResult } from '@chuhe/tournament';
import { knockoutRoundNames, knockoutView, type KnockoutRoundName } from '@chuhe/pairing';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService } from '../standings/standings.service';
import { bilingual, formatDateTime, resultNote, resultPoints, sortByName, type Named } from './event-pages';
import { translate } from '../i18n/i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { LivePage } from '../live/live-pages';
import { EventPageData } from './event-page-data';
import { layout, pgnHref, roundLabel, side, timeZoneOf } from './event-page-view';
import { matchPoints } from './match-view';

/** A round's pages (issue 12): pairings by table and by name, and the venue's printouts (pairing sheet, result slips, match cards). */
@ApiExcludeController()
@Controller()
export class RoundPagesController {
  constructor(
    private readonly data: EventPageData,
    private readonly rounds: RoundsService,
    private readonly standings: StandingsService,
  ) {}

  @Get('events/:eventId/rounds/:number')
  @LivePage()
  @Render('pairings')
  async pairings(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    return { ...ctx, byTable: true, rows: ctx.rows };
  }

  /** "Where do I sit": every entry in alphabetical order of the page's script, with table and colour. */
  @Get('events/:eventId/rounds/:number/names')
  @LivePage()
  @Render('pairings-by-name')
  async pairingsByName(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    const { language } = ctx;
    const seats: {
      name: Named;
      entry: ReturnType<typeof side>;
      table: number | null;
      colour: string;
      colourClass: string;
      opponent: ReturnType<typeof side> | null;
      score: string;
    }[] = [];
    for (const r of ctx.rows) {
      if (r.red)
        seats.push({
          name: r.red.named,
          entry: r.red,
          table: r.table,
          colour: r.bye ? translate('bye', language) : translate('red', language),
          colourClass: r.bye ? '' : 'red',
          opponent: r.black,
          score: r.score,
        });
      if (r.black)
        seats.push({
          name: r.black.named,
          entry: r.black,
          table: r.table,
          colour: translate('black', language),
          colourClass: 'black',
          opponent: r.red,
          score: r.score,
        });
    }
    return { ...ctx, seats: sortByName(seats, (s) => s.name, language) };
  }

  @Get('events/:eventId/rounds/:number/print/pairings')
  @LivePage()
  @Render('print/pairing-sheet')
  async printPairings(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return { ...(await this.roundContext(eventId, number, lang, req)), printPage: true };
  }

  /** One slip per table for the two players and the arbiter to sign: result, time used (三章6B, 二章8节6). */
  @Get('events/:eventId/rounds/:number/print/slips')
  @LivePage()
  @Render('print/result-slips')
  async printSlips(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    const slips = ctx.rows
      .filter((r) => !r.bye)
      .flatMap(
        (
          r,
        ): {
          table: number | null;
          board: number | null;
          red: { primary: string; secondary: string } | null;
          black: { primary: string; secondary: string } | null;
          gameId: string | null;
          team: { red: unknown; black: unknown } | null;
        }[] =>
          r.boards.length > 0
            ? r.boards.map((b) => ({ table: r.table, board: b.board, red: b.red, black: b.black, gameId: b.gameId, team: { red: r.red, black: r.black } }))
            : [
                {
                  table: r.table,
                  board: null,
                  red: r.red ? { primary: r.red.primary, secondary: r.red.secondary } : null,
                  black: r.black ? { primary: r.black.primary, secondary: r.black.secondary } : null,
                  gameId: r.gameId,
                  team: null,
                },
              ],
      );
    return { ...ctx, printPage: true, slipEventName: ctx.eventNav.event.name, slips };
  }

  @Get('events/:eventId/rounds/:number/print/match-cards')
  @LivePage()
  @Render('print/match-cards')
  async printMatchCards(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const ctx = await this.roundContext(eventId, number, lang, req);
    return { ...ctx, printPage: true, cards: ctx.rows.filter((r) => !r.bye) };
  }

  /** A round's pairings as the pairings page, the by-name list and the printouts show them. */
  private async roundContext(eventId: string, number: string, lang: unknown, req: Request) {
    const { language, event, names } = await this.data.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const round = rounds.find((r) => String(r.number) === number);
    if (!round) throw new NotFoundException(translate('notFound', language));
    const before = await this.data.scores(eventId, round.number - 1);
    const recorded = await this.data.recordedGames(eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    const file = await this.standings.file(eventId);
    const koName = knockoutRoundNames(file).get(round.number);
    // Each knockout match by its name: a 5+2 round 7 holds the final and the 3rd-place match (附录2 #6).
    const matchNames = new Map<string, KnockoutRoundName>();
    if (koName) {
      const ko = knockoutView(file);
      for (const r of ko.ok && ko.value ? ko.value.rounds : [])
        for (const m of r.matches) if (m.bottom) matchNames.set(`${m.round}|${[m.top, m.bottom].sort().join('|')}`, m.name);
    }
    const team = event.kind === 'team';
    const label = roundLabel(round.number, koName, language);
    const tz = timeZoneOf(event.tournament);
    const rows = round.pairings.map((p) => {
      const main = p.games.find((g) => g.kind === 'regular') ?? p.games[0];
      const points = team ? matchPoints(p.games, scoring) : resultPoints((main?.result as GameResult | null) ?? null, scoring);
      const matchName = p.black ? matchNames.get(`${round.number}|${[p.red.id, p.black.id].sort().join('|')}`) : undefined;
      return {
        table: p.table,
        stage: matchName ? translate(`knockoutRound_${matchName}`, language) : '',
        bye: p.black === null,
        red: side(eventId, p.red.id, names, before, language),
        black: p.black ? side(eventId, p.black.id, names, before, language) : null,
        score: points ? `${points.red} : ${points.black}` : '',
        note: team ? '' : resultNote((main?.result as GameResult | null) ?? null, language),
        gameId: main?.id ?? null,
        // Tie-break games of a knockout match (附录2 7b), named by kind.
        extra: team
          ? []
          : p.games
              .filter((g) => g !== main)
              .map((g) => ({
                label: wordIn(GAME_KIND_KEYS, g.kind, language),
                score: ((r) => (r ? `${r.red} : ${r.black}` : ''))(resultPoints(g.result as GameResult | null, scoring)),
              })),
        // Team boards, team A (the first-listed) Red on the odd boards (附录6 用法2).
        boards: team
          ? p.games
              .filter((g) => g.kind === 'regular')
              .map((g) => ({
                board: g.board,
                gameId: g.id,
                red: g.red ? bilingual(g.red, language) : null,
                black: g.black ? bilingual(g.black, language) : null,
                aIsRed: firstTeamIsRed(g.board, g.leg),
              }))
          : [],
        card: team && p.black ? `/pairings/${p.id}?lang=${language}` : null,
        // Issue 25: the game viewer; called "record" only once there is one (issue 30 #6).
        gameHref: !team && p.black && main ? `/games/${main.id}?lang=${language}` : null,
        recorded: !!main && recorded.has(main.id),
      };
    });
    return {
      ...layout(language, event, `/events/${eventId}/rounds/${round.number}`, label),
      language,
      round: {
        number: round.number,
        label,
        state: round.state,
        startsAt: formatDateTime(round.scheduledAt, tz, language),
        knockout: koName ?? '',
        // 三章4E: shown to the public while play is suspended.
        suspended: round.suspendedAt
          ? translate('suspendedNotice', language, { at: formatDateTime(round.resumesAt, tz, language), venue: round.resumeVenue ?? '' })
          : null,
      },
      isTeam: team,
      byTableHref: `/events/${eventId}/rounds/${round.number}?lang=${language}`,
      byNameHref: `/events/${eventId}/rounds/${round.number}/names?lang=${language}`,
      printPairings: `/events/${eventId}/rounds/${round.number}/print/pairings?lang=${language}`,
      printSlips: `/events/${eventId}/rounds/${round.number}/print/slips?lang=${language}`,
      printMatchCards: team ? `/events/${eventId}/rounds/${round.number}/print/match-cards?lang=${language}` : null,
      pgn: (await this.data.roundsWithRecords(eventId)).has(round.id) ? pgnHref(`/api/rounds/${round.id}/records.pgn`, language) : null,
      prev:
        round.number > 1
          ? { href: `/events/${eventId}/rounds/${round.number - 1}?lang=${language}`, label: translate('round', language, { n: round.number - 1 }) }
          : null,
      next: rounds.some((r) => r.number === round.number + 1)
        ? { href: `/events/${eventId}/rounds/${round.number + 1}?lang=${language}`, label: translate('round', language, { n: round.number + 1 }) }
        : null,
      rows,
    };
  }
}
