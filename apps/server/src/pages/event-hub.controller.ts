import { ROUND_STATE_KEYS, wordIn } from '../i18n/keys';
import { Controller, Get, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { knockoutRoundNames, placeText } from '@chuhe/pairing';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService } from '../standings/standings.service';
import { formatDateTime } from './event-pages';
import { translate } from '../i18n/i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { eventView } from './event-view';
import { LivePage } from '../live/live-pages';
import { EventPageData } from './event-page-data';
import { entryLink, eventState, layout, pgnHref, roundLabel, timeZoneOf } from './event-page-view';
import { scoreText } from './match-view';
import { criterionLabel, placesOf, ruleText, tableOf } from './standings-view';

/** The event's hub (issue 12): format, rules, schedule, starting list, leaders, latest results, every link. */
@ApiExcludeController()
@Controller()
export class EventHubController {
  constructor(
    private readonly data: EventPageData,
    private readonly rounds: RoundsService,
    private readonly standings: StandingsService,
  ) {}

  @Get('events/:eventId')
  @LivePage()
  @Render('event')
  async event(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.data.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const file = await this.standings.file(eventId);
    const koNames = knockoutRoundNames(file);
    const hasBracket = koNames.size > 0;
    const tz = timeZoneOf(event.tournament);
    const full = await this.data.eventWithEntries(eventId);
    const view = eventView(full, language, await this.data.heldTitles(full.entries.map((e) => e.player?.personId)));
    const stageCount = (event.stages as { type: string; rounds?: number }[]).map((s) => s.type);
    // Leaders: the top of the standings (or of the final places), with the points.
    const standing = rounds.length > 0 ? await this.standings.standings(eventId) : null;
    const table = standing ? tableOf(standing.report) : null;
    const places = standing ? placesOf(standing.report) : undefined;
    const leaders = places
      ? places.slice(0, 5).map((p) => ({
          rank: placeText(p).replace('-', '–'),
          ...entryLink(eventId, p.entry, names, language),
          score: p.row ? String(p.row.score) : '',
        }))
      : (table?.rows ?? [])
          .slice(0, 5)
          .map((r) => ({ rank: r.sharedRank ? `=${r.rank}` : String(r.rank), ...entryLink(eventId, r.entry, names, language), score: String(r.score) }));
    const last = [...rounds].reverse().find((r) => r.pairings.some((p) => p.games.some((g) => g.result !== null)));
    const recorded = await this.data.roundsWithRecords(eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    return {
      ...layout(language, event, `/events/${eventId}`),
      state: eventState(rounds, language),
      view,
      chain: (table?.chain ?? [])
        .filter((c) => c.criterion !== 'score')
        .map((c) => ({ label: criterionLabel(c.criterion, c.label, event.kind, language), rule: ruleText(c.rule, language) })),
      stageTypes: stageCount,
      timeZoneNote: translate('timeZoneNote', language, { zone: tz }),
      schedule: rounds.map((r) => ({
        number: r.number,
        label: roundLabel(r.number, koNames.get(r.number), language),
        startsAt: formatDateTime(r.scheduledAt, tz, language),
        state: wordIn(ROUND_STATE_KEYS, r.state, language),
        // 三章4E: play suspended, with the time and place it resumes.
        suspended: r.suspendedAt ? translate('suspendedShort', language, { at: formatDateTime(r.resumesAt, tz, language), venue: r.resumeVenue ?? '' }) : null,
        live: r.state === 'published',
        href: `/events/${eventId}/rounds/${r.number}?lang=${language}`,
        names: `/events/${eventId}/rounds/${r.number}/names?lang=${language}`,
        printPairings: `/events/${eventId}/rounds/${r.number}/print/pairings?lang=${language}`,
        printSlips: `/events/${eventId}/rounds/${r.number}/print/slips?lang=${language}`,
        printMatchCards: event.kind === 'team' ? `/events/${eventId}/rounds/${r.number}/print/match-cards?lang=${language}` : null,
      })),
      // Issue 21/25: the PGN of each round whose games have records, and of the whole event.
      roundPgns: rounds
        .filter((r) => recorded.has(r.id))
        .map((r) => ({ label: roundLabel(r.number, koNames.get(r.number), language), href: pgnHref(`/api/rounds/${r.id}/records.pgn`, language) })),
      eventPgn: recorded.size > 0 ? pgnHref(`/api/events/${eventId}/records.pgn`, language) : null,
      leaders,
      lastRound: last
        ? {
            label: translate('lastRoundResults', language, { round: roundLabel(last.number, koNames.get(last.number), language) }),
            href: `/events/${eventId}/rounds/${last.number}?lang=${language}`,
            rows: last.pairings
              .filter((p) => p.black !== null)
              .slice(0, 10)
              .map((p) => ({
                table: p.table,
                red: entryLink(eventId, p.red.id, names, language),
                black: entryLink(eventId, p.black!.id, names, language),
                score: scoreText(p, event.kind, scoring),
              })),
          }
        : null,
      links: {
        standings: `/events/${eventId}/standings?lang=${language}`,
        crosstable: `/events/${eventId}/crosstable?lang=${language}`,
        crosstableLabel: translate(
          event.kind === 'team' ? 'teamCrosstable' : stageCount.some((s) => s.includes('round_robin')) ? 'crosstable' : 'rankTable',
          language,
        ),
        teamReport: `/events/${eventId}/teams?lang=${language}`,
        players: `/events/${eventId}/players?lang=${language}`,
        bracket: hasBracket ? `/events/${eventId}/bracket?lang=${language}` : null,
        appeals: `/events/${eventId}/appeal-decisions?lang=${language}`,
        // The CSV's headers and file name in the page's language (issue 30 #5).
        standingsCsv: `/api/events/${eventId}/standings.csv?lang=${language}`,
        trf: `/api/events/${eventId}/trf`,
        tournamentFile: `/api/events/${eventId}/tournament-file`,
        wallChart: rounds.length > 0 ? `/events/${eventId}/print/standings?lang=${language}` : null,
      },
    };
  }
}
