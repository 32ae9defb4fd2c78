import { Controller, Get, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { firstTeamIsRed, type GameResult } from '@chuhe/tournament';
import { isUuid } from '../auth/tournament-scope.service';
import { LineupsService } from '../lineups/lineups.service';
import { TeamReportService } from '../lineups/team-report.service';
import { bilingual, pick, resultNote, resultPoints, type Named } from './event-pages';
import { translate } from '../i18n/i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { LivePage } from '../live/live-pages';
import { EventPageData } from './event-page-data';
import { entryLink, layout, memberName } from './event-page-view';
import { showPoints } from './match-view';
import { missingResource } from '../common/errors';

/** A team match card (boards, colours, 场分/局分) and the team report with board prizes (issues 21, 25). */
@ApiExcludeController()
@Controller()
export class TeamPagesController {
  constructor(
    private readonly data: EventPageData,
    private readonly lineups: LineupsService,
    private readonly teamReport: TeamReportService,
  ) {}

  @Get('pairings/:pairingId')
  @LivePage()
  @Render('match-card')
  async matchCard(@Param('pairingId') pairingId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    if (!isUuid(pairingId)) throw missingResource('pairingId', 'pairing');
    const card = await this.lineups.lineups(pairingId, undefined);
    const eventId = await this.data.eventIdOfRound(card.roundId);
    const { language, event, people } = await this.data.load(eventId, lang, req);
    const recorded = await this.data.recordedGames(eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    // A board's player: the event's member (with the person and titles) by id, else the names the card gives.
    const named = (p: unknown) =>
      p && typeof p === 'object' && 'nameZh' in p ? memberName(('id' in p && people.get(String(p.id))) || (p as Named), language) : null;
    return {
      ...layout(language, event, `/pairings/${pairingId}`, `${translate('round', language, { n: card.roundNumber })} · ${translate('matchCard', language)}`),
      roundLabel: translate('round', language, { n: card.roundNumber }),
      table: card.table,
      released: card.boards.some((b) => b.red !== null || b.black !== null),
      teamA: card.red ? bilingual(card.red, language) : null,
      teamB: card.black ? bilingual(card.black, language) : null,
      // Team A (the first-listed team) always on the left; each board's colour marked: A is Red on
      // the odd boards (附录6 用法2), colours reversed in a board's second game (二章5节4).
      boards: card.boards.map((b) => {
        const aIsRed = firstTeamIsRed(b.board, b.leg);
        const pts = resultPoints(b.result as GameResult | null, scoring);
        return {
          board: b.leg > 1 ? `${b.board}.${b.leg}` : String(b.board),
          a: named(aIsRed ? b.red : b.black),
          b: named(aIsRed ? b.black : b.red),
          aColour: translate(aIsRed ? 'redShort' : 'blackShort', language),
          bColour: translate(aIsRed ? 'blackShort' : 'redShort', language),
          aClass: aIsRed ? 'red' : 'black',
          bClass: aIsRed ? 'black' : 'red',
          score: pts ? (aIsRed ? `${pts.red} : ${pts.black}` : `${pts.black} : ${pts.red}`) : '',
          note: resultNote(b.result as GameResult | null, language),
          // Issue 25: the board's game in the viewer, once its players are public; called "record" only once there is one (issue 30 #6).
          gameHref: b.red || b.black ? `/games/${b.id}?lang=${language}` : null,
          recorded: recorded.has(b.id),
        };
      }),
      score: card.score
        ? `${translate('matchPointsShort', language)} ${showPoints(card.score.matchPoints.red, scoring)} : ${showPoints(card.score.matchPoints.black, scoring)} · ${
            // 二章5节4: two games per board — 大分 decides, then 小分.
            'bigPoints' in card.score && card.score.bigPoints
              ? `${translate('bigPoints', language)} ${card.score.bigPoints.red} : ${card.score.bigPoints.black} · `
              : ''
          }${translate('gamePointsShort', language)} ${showPoints(card.score.gamePoints.red, scoring)} : ${showPoints(card.score.gamePoints.black, scoring)}`
        : '',
      eventHref: `/events/${eventId}?lang=${language}`,
    };
  }

  @Get('events/:eventId/teams')
  @LivePage()
  @Render('teams')
  async teams(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names, people } = await this.data.load(eventId, lang, req);
    const report = await this.teamReport.report(eventId);
    const players = people;
    return {
      ...layout(language, event, `/events/${eventId}/teams`, translate('teamReport', language)),
      teams: report.teams.map((t) => ({
        rank: t.rank,
        ...entryLink(eventId, t.entry, names, language),
        score: t.score,
        rounds: t.rounds.map((r) => ({
          round: r.round,
          opponent: r.opponent ? pick(names.get(r.opponent), language) : translate('bye', language),
          colour: r.colour ? translate(r.colour === 'red' ? 'redShort' : 'blackShort', language) : '',
          colourClass: r.colour ?? '',
          match: r.matchPoints ? `${r.matchPoints[0]}:${r.matchPoints[1]}` : '',
          games: r.gamePoints ? `${r.gamePoints[0]}:${r.gamePoints[1]}` : '',
        })),
      })),
      // Each player's record across boards; a reserve's total counts one board (附录1 #6).
      players: report.players
        .filter((m) => m.boards.length > 0)
        .map((m) => ({
          ...memberName(players.get(m.player), language),
          team: pick(names.get(m.team), language),
          role: m.starterBoard === null ? translate('reserve', language) : `${translate('board', language)} ${m.starterBoard}`,
          boards: m.boards.map((b) => `${translate('board', language)} ${b.board}: ${b.points} / ${b.games}`).join(' · '),
          counted: m.countedPoints,
          countedBoard: m.countedBoard,
        })),
      boardPrizes: report.boardPrizes.map((b) => ({
        board: b.board,
        rows: b.rows.slice(0, 10).map((r) => ({
          rank: r.rank,
          ...memberName(players.get(r.player), language),
          team: pick(names.get(r.team), language),
          points: r.points,
          games: r.games,
        })),
      })),
    };
  }
}
