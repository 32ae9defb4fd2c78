import { Controller, Get, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { type GameResult } from '@chuhe/tournament';
import { knockoutView, placeText } from '@chuhe/pairing';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService } from '../standings/standings.service';
import { personFields } from './person-name';
import { bilingual, outcomeFor, pick, resultNote, resultPoints } from './event-pages';
import { translate } from '../i18n/i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { LivePage } from '../live/live-pages';
import { EventPageData } from './event-page-data';
import { entryLink, layout, roundLabel, withdrawnText } from './event-page-view';
import { boardPoints, matchPoints, teamOutcome } from './match-view';
import { criterionLabel, definitionOf, placesOf, placeWhy, ruleText, showValue, tableOf, whyText } from './standings-view';
import { DomainError } from '../common/errors';

/** The standings with every tie-break column and "why this rank", the wall chart, the crosstable or Swiss rank table, the knockout bracket (issues 12, 21). */
@ApiExcludeController()
@Controller()
export class StandingsPagesController {
  constructor(
    private readonly data: EventPageData,
    private readonly rounds: RoundsService,
    private readonly standings: StandingsService,
  ) {}

  @Get('events/:eventId/standings')
  @LivePage()
  @Render('standings')
  async standingsPage(@Param('eventId') eventId: string, @Query('afterRound') afterRound: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    return this.standingsContext(eventId, afterRound, lang, req, `/events/${eventId}/standings`);
  }

  @Get('events/:eventId/print/standings')
  @LivePage()
  @Render('print/wall-chart')
  async printStandings(@Param('eventId') eventId: string, @Query('afterRound') afterRound: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    return { ...(await this.standingsContext(eventId, afterRound, lang, req, `/events/${eventId}/print/standings`)), printPage: true };
  }

  @Get('events/:eventId/crosstable')
  @LivePage()
  @Render('crosstable')
  async crosstable(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.data.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const result = await this.standings.standings(eventId);
    const rows = tableOf(result.report).rows;
    // A championship's final places come first (附录2 #10): the crosstable follows them.
    const places = placesOf(result.report);
    const order = places ? places.map((p) => p.entry) : rows.map((r) => r.entry);
    const rankOf = new Map(places ? places.map((p) => [p.entry, p.place] as const) : rows.map((r) => [r.entry, r.rank] as const));
    const scoreOf = new Map(rows.map((r) => [r.entry, r.score]));
    const roundRobin = (event.stages as { type: string }[]).some((s) => s.type.includes('round_robin'));
    const team = event.kind === 'team';
    const scoring = SCORING_FROM_DB[event.scoring];
    // Each entry's games: opponent, colour, result (red/black marked, 一章1节3 colours).
    type Cell = { round: number; opponent: string | null; colour: 'red' | 'black' | null; mark: string; kind: string; points: string; games: string };
    const cells = new Map<string, Cell[]>();
    const push = (id: string, v: Cell) => cells.set(id, [...(cells.get(id) ?? []), v]);
    for (const r of rounds) {
      for (const p of r.pairings) {
        if (!p.black) {
          push(p.red.id, { round: r.number, opponent: null, colour: null, mark: translate('bye', language), kind: 'bye', points: '', games: '' });
          continue;
        }
        const g = p.games.find((x) => x.kind === 'regular') ?? p.games[0];
        const result = team ? teamOutcome(p.games, scoring) : ((g?.result as GameResult | null) ?? null);
        const pts = team ? matchPoints(p.games, scoring) : resultPoints(result as GameResult | null, scoring);
        const gp = team ? boardPoints(p.games, scoring) : null;
        for (const [me, other, colour] of [
          [p.red.id, p.black.id, 'red'],
          [p.black.id, p.red.id, 'black'],
        ] as const) {
          const o = outcomeFor(result as GameResult | null, colour, language);
          push(me, { round: r.number, opponent: other, colour, mark: o.mark, kind: o.kind, points: pts ? pts[colour] : '', games: gp ? gp[colour] : '' });
        }
      }
    }
    const rowOf = (id: string) => ({ rank: rankOf.get(id), ...entryLink(eventId, id, names, language) });
    if (roundRobin) {
      return {
        ...layout(language, event, `/events/${eventId}/crosstable`, translate('crosstable', language)),
        roundRobin: true,
        heads: order.map((_, i) => i + 1),
        rows: order.map((id) => ({
          ...rowOf(id),
          cells: order.map((other) => {
            if (other === id) return { self: true };
            const games = (cells.get(id) ?? []).filter((c) => c.opponent === other);
            return { self: false, games: games.map((c) => ({ points: c.points, games: c.games, colour: c.colour, kind: c.kind, round: c.round })) };
          }),
          total: scoreOf.get(id),
        })),
        team,
      };
    }
    const roundNumbers = rounds.map((r) => r.number);
    return {
      ...layout(language, event, `/events/${eventId}/crosstable`, translate(team ? 'teamCrosstable' : 'rankTable', language)),
      roundRobin: false,
      team,
      roundNumbers,
      rows: order.map((id) => ({
        ...rowOf(id),
        cells: roundNumbers.map((n) => {
          const c = (cells.get(id) ?? []).find((x) => x.round === n);
          if (!c) return { text: '' };
          if (!c.opponent) return { text: c.mark, kind: 'bye' };
          const opp = `${rankOf.get(c.opponent) ?? '?'}${c.colour === 'red' ? translate('redShort', language) : translate('blackShort', language)}`;
          // Teams: the opponent, then match points and game points (附录1 #7); players: + = −.
          return { text: team ? `${opp} ${c.points}` : `${opp}${c.mark}`, sub: team && c.games ? c.games : '', kind: c.kind, colour: c.colour };
        }),
        total: scoreOf.get(id),
      })),
    };
  }

  @Get('events/:eventId/bracket')
  @LivePage()
  @Render('bracket')
  async bracket(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.data.load(eventId, lang, req);
    const file = await this.standings.file(eventId);
    const view = knockoutView(file);
    if (!view.ok) throw new DomainError('standings.no_bracket', { detail: view.error.message });
    const rounds = await this.rounds.list(undefined, eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    const pairingOf = (round: number, a: string, b: string | null) =>
      rounds
        .find((r) => r.number === round)
        ?.pairings.find((p) => b !== null && ((p.red.id === a && p.black?.id === b) || (p.red.id === b && p.black?.id === a)));
    const name = (id: string | null) => (id ? entryLink(eventId, id, names, language) : null);
    const b = view.value;
    return {
      ...layout(language, event, `/events/${eventId}/bracket`, translate('bracket', language)),
      started: b !== null,
      rounds: (b?.rounds ?? []).map((r) => ({
        label: roundLabel(r.round, r.name, language),
        name: r.name,
        href: `/events/${eventId}/rounds/${r.round}?lang=${language}`,
        matches: r.matches.map((m) => {
          const p = pairingOf(m.round, m.top, m.bottom);
          return {
            top: { ...name(m.top)!, won: m.winner === m.top },
            bottom: m.bottom ? { ...name(m.bottom)!, won: m.winner === m.bottom } : null,
            walkover: m.bottom === null,
            games: m.games.map((g) => {
              const pts = resultPoints(g.result, scoring);
              return {
                kind: translate(`gameKind_${g.kind}`, language),
                red: pick(names.get(g.red), language),
                black: pick(names.get(g.black), language),
                score: pts ? `${pts.red} : ${pts.black}` : '–',
                note: g.drawCountsAsBlackWin ? translate('drawCountsForBlack', language) : resultNote(g.result, language),
              };
            }),
            decidedBy: m.decidedBy ? translate('decidedBy', language, { kind: translate(`gameKind_${m.decidedBy}`, language) }) : '',
            card: p ? `/events/${eventId}/rounds/${m.round}?lang=${language}` : null,
          };
        }),
      })),
      places: (b?.places ?? []).map((p) => ({ place: p.places[0] === p.places[1] ? String(p.places[0]) : `${p.places[0]}–${p.places[1]}`, ...name(p.entry)! })),
    };
  }

  private async standingsContext(eventId: string, afterRound: unknown, lang: unknown, req: Request, path: string) {
    const n = typeof afterRound === 'string' && /^\d{1,3}$/.test(afterRound) ? Number(afterRound) : undefined;
    // The names and the table are independent reads: side by side (a 1,000-player page, issue 12).
    const [{ language, event, names }, result] = await Promise.all([this.data.load(eventId, lang, req), this.standings.standings(eventId, n)]);
    const table = tableOf(result.report);
    const chain = table.chain.filter((c) => c.criterion !== 'score');
    const columns = chain.map((c, i) => ({
      key: String.fromCharCode(65 + i),
      label: criterionLabel(c.criterion, c.label, event.kind, language),
      rule: ruleText(c.rule, language),
      definition: definitionOf(c, language),
    }));
    const labelOf = (criterion: string, label: string) => criterionLabel(criterion, label, event.kind, language);
    const rows = table.rows.map((r) => {
      const e = names.get(r.entry);
      return {
        rank: r.sharedRank ? `=${r.rank}` : String(r.rank),
        drawNumber: e?.drawNumber ?? '',
        ...bilingual(e, language),
        ...personFields(e, language),
        affiliation: e?.affiliation ? pick(e.affiliation, language) : '',
        href: `/events/${eventId}/entries/${r.entry}?lang=${language}`,
        score: r.score,
        values: chain.map((c) => showValue(r.values[c.criterion])),
        why: whyText(r, language, labelOf),
        withdrawn: r.withdrawn ? withdrawnText(r.withdrawn, language) : '',
      };
    });
    const places = placesOf(result.report)?.map((p) => ({
      place: placeText(p).replace('-', '–'), // the library's text: shared =3, pending 1–4 (as the CSV and `chuhe standings`)
      ...bilingual(names.get(p.entry), language),
      ...personFields(names.get(p.entry), language),
      href: `/events/${eventId}/entries/${p.entry}?lang=${language}`,
      status: p.status === 'final' ? '' : translate(p.status === 'provisional' ? 'provisional' : 'pending', language),
      why: placeWhy(p, names, language, labelOf),
    }));
    const heading = translate('standingsAfter', language, { n: result.afterRound });
    return {
      ...layout(language, event, path, heading),
      afterRound: result.afterRound,
      heading,
      columns,
      // Wide chains print landscape (chuhe.css: .landscape).
      landscape: columns.length > 4,
      rows,
      places,
      rounds: Array.from({ length: result.afterRound }, (_, i) => ({
        n: i + 1,
        href: `${path}?afterRound=${i + 1}&lang=${language}`,
        current: i + 1 === result.afterRound,
      })),
      wallChart: `/events/${eventId}/print/standings?afterRound=${result.afterRound}&lang=${language}`,
      csv: `/api/events/${eventId}/standings.csv?lang=${language}${n !== undefined ? `&afterRound=${n}` : ''}`,
    };
  }
}
