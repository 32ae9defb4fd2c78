import { Controller, Get, NotFoundException, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { comparePoints, gamePoints, type GameResult } from '@chuhe/tournament';
import { CRITERIA, scorePairing, type CriterionId } from '@chuhe/standings';
import { isUuid } from '../auth/tournament-scope.service';
import { LineupsService } from '../lineups/lineups.service';
import { TeamReportService } from '../lineups/team-report.service';
import { PrismaService } from '../prisma/prisma.service';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService } from '../standings/standings.service';
import { bilingual, outcomeFor, pick, rankChartSvg, resultNote, resultPoints } from './event-pages';
import { chooseLanguage, Language, translate } from './i18n';
import { SCORING_FROM_DB } from '../events/scoring-map';

type RoundView = Awaited<ReturnType<RoundsService['list']>>[number];
type Report = Awaited<ReturnType<StandingsService['standings']>>['report'];
interface Row {
  rank: number;
  entry: string;
  score: number;
  values: Record<string, unknown>;
  decidedBy: { label: string; rule: string; previous: unknown; current: unknown; criterion: string } | null;
  sharedRank: boolean;
  withdrawn?: { afterRound: number; reason: string };
}

/**
 * The public event pages (issue 12): pairings of each round, standings with every tie-break
 * column and "why this rank", the round-robin crosstable or the Swiss rank table, the player
 * page with a rank-by-round chart, team match cards and team results. They read through the
 * same services as the JSON API, so a page never shows what the API would not (drafts, secret
 * lineups). Every page prints on A4 (chuhe.css @media print) with the event and round on it.
 */
@ApiExcludeController()
@Controller()
export class EventPagesController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly rounds: RoundsService,
    private readonly standings: StandingsService,
    private readonly lineups: LineupsService,
    private readonly teamReport: TeamReportService,
  ) {}

  @Get('events/:eventId')
  @Render('event')
  async event(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    return {
      ...this.layout(language, event, `/events/${eventId}`),
      state: eventState(rounds, language),
      rounds: rounds.map((r) => ({ number: r.number, label: translate('round', language, { n: r.number }), state: r.state, href: `/events/${eventId}/rounds/${r.number}?lang=${language}` })),
      entries: names.size,
    };
  }

  @Get('events/:eventId/rounds/:number')
  @Render('pairings')
  async pairings(@Param('eventId') eventId: string, @Param('number') number: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const round = rounds.find((r) => String(r.number) === number);
    if (!round) throw new NotFoundException(translate('notFound', language));
    const before = await this.scores(eventId, round.number - 1);
    const scoring = SCORING_FROM_DB[event.scoring];
    const side = (e: RoundView['pairings'][number]['red'] | null) => {
      if (!e) return null;
      const n = names.get(e.id);
      return { ...bilingual(e, language), drawNumber: e.drawNumber, affiliation: n?.affiliation ? pick(n.affiliation, language) : '', title: n?.title ?? '', points: before.get(e.id) ?? '0', href: `/events/${eventId}/entries/${e.id}?lang=${language}` };
    };
    return {
      ...this.layout(language, event, `/events/${eventId}/rounds/${round.number}`, translate('round', language, { n: round.number })),
      round: { number: round.number, label: translate('round', language, { n: round.number }), state: round.state, scheduledAt: round.scheduledAt ? new Date(round.scheduledAt).toISOString().slice(0, 16).replace('T', ' ') : '' },
      isTeam: event.kind === 'team',
      prev: round.number > 1 ? { href: `/events/${eventId}/rounds/${round.number - 1}?lang=${language}`, label: translate('round', language, { n: round.number - 1 }) } : null,
      next: rounds.some((r) => r.number === round.number + 1) ? { href: `/events/${eventId}/rounds/${round.number + 1}?lang=${language}`, label: translate('round', language, { n: round.number + 1 }) } : null,
      pairings: round.pairings.map((p) => {
        const main = p.games.find((g) => g.kind === 'regular') ?? p.games[0];
        const team = event.kind === 'team';
        const points = team ? matchPoints(p.games, scoring) : resultPoints((main?.result as GameResult | null) ?? null, scoring);
        return {
          table: p.table,
          bye: p.black === null,
          red: side(p.red),
          black: side(p.black),
          score: points ? `${points.red} : ${points.black}` : '',
          note: team ? '' : resultNote((main?.result as GameResult | null) ?? null, language),
          extra: team
            ? []
            : p.games.slice(1).map((g) => ({ label: `${translate(g.kind === 'regular' ? 'games' : g.kind, language)} ${g.board}`, score: ((r) => (r ? `${r.red} : ${r.black}` : ''))(resultPoints(g.result as GameResult | null, scoring)) })),
          matchKey: p.matchKey,
          card: team && p.black ? `/pairings/${p.id}?lang=${language}` : null,
        };
      }),
    };
  }

  @Get('events/:eventId/standings')
  @Render('standings')
  async standingsPage(@Param('eventId') eventId: string, @Query('afterRound') afterRound: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    const n = typeof afterRound === 'string' && /^\d{1,3}$/.test(afterRound) ? Number(afterRound) : undefined;
    // The names and the table are independent reads: side by side (a 1,000-player page, issue 12).
    const [{ language, event, names }, result] = await Promise.all([this.load(eventId, lang, req), this.standings.standings(eventId, n)]);
    const report = result.report as Report & { rows?: Row[]; chain?: { criterion: string; label: string; rule: string; definition: string }[]; places?: unknown[]; standings?: { rows: Row[]; chain: { criterion: string; label: string; rule: string; definition: string }[] } };
    const table = (report.rows ? report : report.standings!) as { rows: Row[]; chain: { criterion: string; label: string; rule: string; definition: string }[]; notes?: string[] };
    const chain = table.chain.filter((c) => c.criterion !== 'score');
    const rows = table.rows.map((r) => {
      const e = names.get(r.entry);
      return {
        rank: r.sharedRank ? `=${r.rank}` : String(r.rank),
        drawNumber: e?.drawNumber ?? '',
        ...bilingual(e, language),
        title: e?.title ?? '',
        affiliation: e?.affiliation ? pick(e.affiliation, language) : '',
        href: `/events/${eventId}/entries/${r.entry}?lang=${language}`,
        score: r.score,
        values: chain.map((c) => showValue(r.values[c.criterion])),
        why: whyText(r, language),
        withdrawn: r.withdrawn ? translate('withdrawn', language) : '',
      };
    });
    const places = (report.places as { place: number; places: [number, number]; shared?: boolean; entry: string; status: string; why: string; basis: string }[] | undefined)?.map((p) => ({
      // A stage chain's shared place (knockout losers of one round) is "=3"; a range still undecided "1–4".
      place: p.shared && p.status !== 'pending' ? `=${p.place}` : p.places[0] === p.places[1] ? String(p.place) : `${p.places[0]}–${p.places[1]}`,
      ...bilingual(names.get(p.entry), language),
      status: p.status === 'final' ? '' : translate('pending', language),
      why: p.why,
    }));
    return {
      ...this.layout(language, event, `/events/${eventId}/standings`, translate('standingsAfter', language, { n: result.afterRound })),
      afterRound: result.afterRound,
      heading: translate('standingsAfter', language, { n: result.afterRound }),
      columns: chain.map((c) => ({ label: criterionLabel(c.criterion, c.label, event.kind, language), rule: c.rule, definition: c.definition })),
      rows,
      places,
      rounds: Array.from({ length: result.afterRound }, (_, i) => ({ n: i + 1, href: `/events/${eventId}/standings?afterRound=${i + 1}&lang=${language}`, current: i + 1 === result.afterRound })),
      notes: (table as { notes?: string[] }).notes ?? [],
    };
  }

  @Get('events/:eventId/crosstable')
  @Render('crosstable')
  async crosstable(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const rounds = await this.rounds.list(undefined, eventId);
    const result = await this.standings.standings(eventId);
    const report = result.report as Report & { rows?: Row[]; standings?: { rows: Row[] } };
    const order = (report.rows ?? report.standings!.rows).map((r) => r.entry);
    const rankOf = new Map(order.map((id, i) => [id, i + 1]));
    const roundRobin = (event.stages as { type: string }[]).some((s) => s.type.includes('round_robin'));
    const scoring = SCORING_FROM_DB[event.scoring];
    // Each entry's games: opponent, colour, result (red/black marked, 一章1节3 colours).
    const cells = new Map<string, { round: number; opponent: string | null; colour: 'red' | 'black' | null; mark: string; kind: string; points: string }[]>();
    const push = (id: string, v: { round: number; opponent: string | null; colour: 'red' | 'black' | null; mark: string; kind: string; points: string }) => cells.set(id, [...(cells.get(id) ?? []), v]);
    for (const r of rounds) {
      for (const p of r.pairings) {
        if (!p.black) {
          push(p.red.id, { round: r.number, opponent: null, colour: null, mark: translate('bye', language), kind: 'bye', points: '' });
          continue;
        }
        const g = p.games.find((x) => x.kind === 'regular') ?? p.games[0];
        const result = event.kind === 'team' ? teamOutcome(p.games, scoring) : ((g?.result as GameResult | null) ?? null);
        const pts = event.kind === 'team' ? matchPoints(p.games, scoring) : resultPoints(result as GameResult | null, scoring);
        for (const [me, other, colour] of [[p.red.id, p.black.id, 'red'], [p.black.id, p.red.id, 'black']] as const) {
          const o = outcomeFor(result as GameResult | null, colour);
          push(me, { round: r.number, opponent: other, colour, mark: o.mark, kind: o.kind, points: pts ? pts[colour] : '' });
        }
      }
    }
    const rowOf = (id: string) => {
      const e = names.get(id);
      return { rank: rankOf.get(id), drawNumber: e?.drawNumber, ...bilingual(e, language), href: `/events/${eventId}/entries/${id}?lang=${language}` };
    };
    if (roundRobin) {
      return {
        ...this.layout(language, event, `/events/${eventId}/crosstable`, translate('crosstable', language)),
        roundRobin: true,
        heads: order.map((_, i) => i + 1),
        rows: order.map((id) => ({
          ...rowOf(id),
          cells: order.map((other) => {
            if (other === id) return { self: true };
            const games = (cells.get(id) ?? []).filter((c) => c.opponent === other);
            return { self: false, games: games.map((c) => ({ points: c.points, colour: c.colour, kind: c.kind, round: c.round })) };
          }),
          total: (report.rows ?? report.standings!.rows).find((r) => r.entry === id)?.score,
        })),
      };
    }
    const roundNumbers = rounds.map((r) => r.number);
    return {
      ...this.layout(language, event, `/events/${eventId}/crosstable`, translate('rankTable', language)),
      roundRobin: false,
      roundNumbers,
      rows: order.map((id) => ({
        ...rowOf(id),
        cells: roundNumbers.map((n) => {
          const c = (cells.get(id) ?? []).find((x) => x.round === n);
          if (!c) return { text: '' };
          if (!c.opponent) return { text: c.mark, kind: 'bye' };
          return { text: `${rankOf.get(c.opponent) ?? '?'}${c.colour === 'red' ? translate('redShort', language) : translate('blackShort', language)}${c.mark}`, kind: c.kind, colour: c.colour };
        }),
        total: (report.rows ?? report.standings!.rows).find((r) => r.entry === id)?.score,
      })),
    };
  }

  @Get('events/:eventId/entries/:entryId')
  @Render('player')
  async player(@Param('eventId') eventId: string, @Param('entryId') entryId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const me = names.get(entryId);
    if (!me) throw new NotFoundException(translate('notFound', language));
    const rounds = await this.rounds.list(undefined, eventId);
    const scoring = SCORING_FROM_DB[event.scoring];
    const games: Record<string, unknown>[] = [];
    const ranks: { round: number; rank: number }[] = [];
    for (const r of rounds) {
      const p = r.pairings.find((x) => x.red.id === entryId || x.black?.id === entryId);
      if (p) {
        const colour = p.red.id === entryId ? 'red' : 'black';
        const other = colour === 'red' ? p.black : p.red;
        const g = p.games.find((x) => x.kind === 'regular') ?? p.games[0];
        const result = event.kind === 'team' ? teamOutcome(p.games, scoring) : ((g?.result as GameResult | null) ?? null);
        const pts = event.kind === 'team' ? matchPoints(p.games, scoring) : resultPoints(result as GameResult | null, scoring);
        games.push({
          round: r.number,
          opponent: other ? { ...bilingual(other, language), href: `/events/${eventId}/entries/${other.id}?lang=${language}` } : null,
          colour: other ? translate(colour, language) : '',
          colourClass: other ? colour : '',
          points: other ? (pts ? pts[colour] : '') : translate('bye', language),
          note: event.kind === 'team' ? '' : resultNote(result as GameResult | null, language),
        });
      }
      if (r.state === 'completed') {
        const after = await this.standings.standings(eventId, r.number);
        const rep = after.report as Report & { rows?: Row[]; standings?: { rows: Row[] } };
        const row = (rep.rows ?? rep.standings!.rows).find((x) => x.entry === entryId);
        if (row) ranks.push({ round: r.number, rank: row.rank });
      }
    }
    return {
      ...this.layout(language, event, `/events/${eventId}/entries/${entryId}`, pick(me, language)),
      player: { ...bilingual(me, language), title: me.title, affiliation: me.affiliation ? pick(me.affiliation, language) : '', drawNumber: me.drawNumber },
      games,
      chart: rankChartSvg(ranks, names.size, translate('rankByRound', language)),
    };
  }

  @Get('pairings/:pairingId')
  @Render('match-card')
  async matchCard(@Param('pairingId') pairingId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    if (!isUuid(pairingId)) throw new NotFoundException();
    const card = await this.lineups.lineups(pairingId, undefined);
    const round = await this.prisma.round.findUniqueOrThrow({ where: { id: card.roundId }, select: { eventId: true } });
    const { language, event } = await this.load(round.eventId, lang, req);
    const scoring = SCORING_FROM_DB[event.scoring];
    return {
      ...this.layout(language, event, `/pairings/${pairingId}`, `${translate('round', language, { n: card.roundNumber })} · ${translate('matchCard', language)}`),
      roundLabel: translate('round', language, { n: card.roundNumber }),
      table: card.table,
      released: card.released,
      red: card.red ? bilingual(card.red, language) : null,
      black: card.black ? bilingual(card.black, language) : null,
      boards: card.boards.map((b) => {
        const pts = resultPoints(b.result as GameResult | null, scoring);
        // The first-listed team plays Red on the odd boards (附录6 用法2); a board's second game reversed (二章5节4).
        return { board: b.board, red: b.red && 'nameZh' in b.red ? bilingual(b.red as { nameZh: string; nameEn: string }, language) : null, black: b.black && 'nameZh' in b.black ? bilingual(b.black as { nameZh: string; nameEn: string }, language) : null, score: pts ? `${pts.red} : ${pts.black}` : '', note: resultNote(b.result as GameResult | null, language), firstIsRed: (b.board % 2 === 1) === (b.leg === 1) };
      }),
      score: card.score
        ? `${showPoints(card.score.matchPoints.red, scoring)} : ${showPoints(card.score.matchPoints.black, scoring)} (${
            // 二章5节4: two games per board — 大分 decides, then 小分.
            'bigPoints' in card.score && card.score.bigPoints ? `${language === 'en' ? 'big points' : '大分'} ${card.score.bigPoints.red} : ${card.score.bigPoints.black}, ${language === 'en' ? 'small points' : '小分'} ` : ''
          }${showPoints(card.score.gamePoints.red, scoring)} : ${showPoints(card.score.gamePoints.black, scoring)})`
        : '',
      eventHref: `/events/${round.eventId}?lang=${language}`,
    };
  }

  @Get('events/:eventId/teams')
  @Render('teams')
  async teams(@Param('eventId') eventId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    const { language, event, names } = await this.load(eventId, lang, req);
    const report = await this.teamReport.report(eventId);
    const players = await this.playerNames(eventId);
    return {
      ...this.layout(language, event, `/events/${eventId}/teams`, translate('teamReport', language)),
      teams: report.teams.map((t) => ({
        rank: t.rank,
        ...bilingual(names.get(t.entry), language),
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
          ...bilingual(players.get(m.player), language),
          team: pick(names.get(m.team), language),
          role: m.starterBoard === null ? translate('reserve', language) : `${translate('board', language)} ${m.starterBoard}`,
          boards: m.boards.map((b) => `${translate('board', language)} ${b.board}: ${b.points} / ${b.games}`).join(' · '),
          counted: m.countedPoints,
          countedBoard: m.countedBoard,
        })),
      boardPrizes: report.boardPrizes.map((b) => ({
        board: b.board,
        rows: b.rows.slice(0, 10).map((r) => ({ rank: r.rank, ...bilingual(players.get(r.player), language), team: pick(names.get(r.team), language), points: r.points, games: r.games })),
      })),
    };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────

  private async load(eventId: string, lang: unknown, req: Request) {
    const language = chooseLanguage(lang, req.headers['accept-language']);
    const event = isUuid(eventId) ? await this.prisma.event.findUnique({ where: { id: eventId }, include: { tournament: true } }) : null;
    if (!event || !event.tournament.publishedAt) throw new NotFoundException(translate('notFound', language));
    const entries = await this.prisma.entry.findMany({ where: { eventId }, include: { player: { include: { affiliation: true } }, team: { include: { affiliation: true } } } });
    const names = new Map(
      entries.map((e) => {
        const n = e.player ?? e.team!;
        const a = e.player?.affiliation ?? e.team?.affiliation ?? null;
        return [e.id, { nameZh: n.nameZh, nameEn: n.nameEn, title: e.player?.title ?? '', drawNumber: e.drawNumber, affiliation: a ? { nameZh: a.nameZh, nameEn: a.nameEn } : null }] as const;
      }),
    );
    return { language, event, names };
  }

  private async playerNames(eventId: string) {
    const members = await this.prisma.teamMember.findMany({ where: { team: { eventId } }, include: { player: true } });
    return new Map(members.map((m) => [m.playerId, { nameZh: m.player.nameZh, nameEn: m.player.nameEn }]));
  }

  /** Scores after a round (display units), for "points before the round" on the pairing list. */
  private async scores(eventId: string, afterRound: number): Promise<Map<string, string>> {
    if (afterRound < 1) return new Map();
    const result = await this.standings.standings(eventId, afterRound);
    const report = result.report as Report & { rows?: Row[]; standings?: { rows: Row[] } };
    return new Map((report.rows ?? report.standings?.rows ?? []).map((r) => [r.entry, String(r.score)]));
  }

  private layout(lang: Language, event: { id: string; nameZh: string; nameEn: string; kind: string; stages: unknown; tournament: { id: string; nameZh: string; nameEn: string } }, path: string, subtitle?: string) {
    const other: Language = lang === 'en' ? 'zh' : 'en';
    const eventName = pick(event, lang);
    const tournamentName = pick(event.tournament, lang);
    const roundRobin = (event.stages as { type: string }[]).some((s) => s.type.includes('round_robin'));
    return {
      layout: 'layouts/main',
      lang,
      htmlLang: lang === 'en' ? 'en' : 'zh-Hans',
      title: [subtitle, eventName, tournamentName].filter(Boolean).join(' · '),
      switchHref: `${path}?lang=${other}`,
      printHeader: [tournamentName, eventName, subtitle].filter(Boolean).join(' · '),
      eventNav: {
        tournament: { name: tournamentName, href: `/tournaments/${event.tournament.id}?lang=${lang}` },
        event: { name: eventName, otherName: pick(event, other), href: `/events/${event.id}?lang=${lang}` },
        standings: `/events/${event.id}/standings?lang=${lang}`,
        crosstable: `/events/${event.id}/crosstable?lang=${lang}`,
        crosstableLabel: translate(roundRobin ? 'crosstable' : 'rankTable', lang),
        teams: event.kind === 'team' ? `/events/${event.id}/teams?lang=${lang}` : null,
      },
    };
  }
}

/** Registration, round N in play, round N completed, or finished. */
function eventState(rounds: readonly RoundView[], lang: Language): string {
  if (rounds.length === 0) return translate('state_registration', lang);
  const last = rounds[rounds.length - 1];
  if (last.state !== 'completed') return translate('state_playing', lang, { n: last.number });
  return translate('state_between', lang, { n: last.number });
}

/** A chain step's column heading: the rules' Chinese name, or the English one. */
function criterionLabel(id: string, label: string, kind: string, lang: Language): string {
  const c = CRITERIA[id as CriterionId];
  if (!c) return label;
  if (lang === 'en') return c.english.split(/[(:;,]/)[0].trim();
  const zh = label && label !== id ? label.split(/[（(]所/)[0].replace(/^[A-H（(]?\w?[)）.、]?\s*/, '') : '';
  return zh || (kind === 'team' ? c.name.team : c.name.individual);
}

function showValue(v: unknown): string {
  if (v === null || v === undefined) return '–';
  return Array.isArray(v) ? v.join(' ') : String(v);
}

function showPoints(points: number, scoring: string): string {
  if (scoring !== '1-0.5-0') return String(points);
  return points % 2 === 0 ? String(points / 2) : `${(points - 1) / 2 || ''}½`;
}

function whyText(row: Row, lang: Language): string {
  if (row.sharedRank) return lang === 'en' ? 'tied on the whole chain (no lot recorded)' : '全部条件相同（未抽签）';
  const d = row.decidedBy;
  if (!d) return '';
  if (d.criterion === 'lot') return lang === 'en' ? 'drawn by lot' : '抽签';
  return `${d.label.split(/[（(]所/)[0]}: ${showValue(d.previous)} / ${showValue(d.current)} (${d.rule})`;
}

/** 场分 of a team match from its boards (附录1 #7, libs/tournament), display units; null while a board is open. */
function matchPoints(games: readonly { kind: string; board: number; leg?: number; result: string | null }[], scoring: string): { red: string; black: string } | null {
  const regular = games.filter((g) => g.kind === 'regular');
  if (regular.length === 0 || regular.some((g) => g.result === null)) return null;
  if (regular.every((g) => g.result === 'double_forfeit' || g.result === 'annulled')) return { red: '0', black: '0' };
  if (regular.some((g) => g.leg === 2)) {
    // 二章5节4: two games per board — 大分 per board decides, then 小分 (libs/standings scorePairing, as the standings count).
    const counted = regular.filter((g) => g.result !== 'annulled');
    const s = scorePairing('team', 2, counted.map((g) => ({ board: g.board, aIsRed: (g.board % 2 === 1) === (g.leg !== 2), result: g.result as GameResult })));
    return { red: showPoints(s.score[0], scoring), black: showPoints(s.score[1], scoring) };
  }
  let first = 0;
  let second = 0;
  for (const g of regular) {
    // The first-listed team is Red on the odd boards (附录6 用法2).
    const firstSide = g.board % 2 === 1 ? 'red' : 'black';
    first += gamePoints(g.result as GameResult, firstSide);
    second += gamePoints(g.result as GameResult, firstSide === 'red' ? 'black' : 'red');
  }
  return { red: showPoints(comparePoints(first, second), scoring), black: showPoints(comparePoints(second, first), scoring) };
}

/** A team match's outcome as if it were one game, for the rank table's marks. */
function teamOutcome(games: readonly { kind: string; board: number; leg?: number; result: string | null }[], scoring: string): GameResult | null {
  const m = matchPoints(games, scoring);
  if (!m) return null;
  return m.red === m.black ? 'draw' : Number(m.red) > Number(m.black) ? 'red_win' : 'black_win';
}
