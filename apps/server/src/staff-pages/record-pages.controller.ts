import { Controller, Get, NotFoundException, Param, Query, Render, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { annotationsOf, diagramSvg, gameMoveTexts, gamePositions, makeSquareName, replayGame, variationMovetext } from '@chuhe/xiangqi';
import type { Annotations, Position } from '@chuhe/xiangqi';
import type { Game as RecordGame, Notation } from '@chuhe/xiangqi';
import { isUuid } from '../auth/tournament-scope.service';
import { bilingualKey, chooseLanguage, HTML_LANG, type Language } from '../i18n/i18n';
import { RECORD_MESSAGES, recordText, type RecordMessageKey } from '../i18n/messages/records';
import { DomainError, refusalTemplates } from '../common/errors';
import { RecordsService } from '../records/records.service';
import { bilingual } from '../pages/event-pages';
import { personFields } from '../pages/person-name';
import { RecordLinksService } from '../records/record-links.service';

const VIEWER_NOTATIONS: Notation[] = ['chinese', 'chinese-traditional', 'wxf', 'iccs'];
const RESULT_LABEL: Record<string, string> = {
  red_win: '1-0',
  red_win_forfeit: '1-0 (+)',
  red_win_penalty: '1-0',
  black_win: '0-1',
  black_win_forfeit: '0-1 (+)',
  black_win_penalty: '0-1',
  draw: '½-½',
  double_forfeit: '0-0',
  annulled: '—',
};

/** The refusals a record save can meet: the record's checks, the link's state, the version, the input, the rate limit, the session. */
const SAVE_REFUSALS = ['record.', 'record_link.', 'edit.', 'input.', 'limit.record_link', 'auth.', 'database.', 'resource.'] as const;

/**
 * The record pages (issue 25): the entry page a record link opens (/records/:token, the token
 * is the capability), the public game viewer (/games/:gameId, every position linkable by ?ply=N)
 * and its printable diagram sheet (/games/:gameId/diagrams). Rules stay in @chuhe/xiangqi.
 */
@ApiExcludeController()
@Controller()
export class RecordPagesController {
  constructor(
    private readonly links: RecordLinksService,
    private readonly records: RecordsService,
  ) {}

  @Get('records/:token')
  @Render('record-entry')
  async entry(@Param('token') token: string, @Query('lang') lang: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const language = chooseLanguage(lang, req.headers['accept-language']);
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('X-Robots-Tag', 'noindex');
    const view = await this.links.view(token, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    if (!view.mayEnter) res.status(403);
    const t = (k: RecordMessageKey, v: Record<string, string | number> = {}) => recordText(k, bilingualKey(language), v);
    const name = (p: { nameZh: string; nameEn: string } | null) => (p ? (language === 'en' ? p.nameEn : p.nameZh) : '?');
    const eventName = language === 'en' ? view.event.nameEn : view.event.nameZh;
    // Raw templates: the client fills {n}, {reason}.
    const labels = Object.fromEntries(Object.entries(RECORD_MESSAGES).map(([k, v]) => [k, v[bilingualKey(language)]]));
    const data = {
      token,
      gameId: view.gameId,
      lang: language,
      result: view.result,
      mayEnter: view.mayEnter,
      initialFen: view.initialFen,
      adjournedFen: view.adjournedFen,
      record: view.record,
      viewerHref: `/games/${view.gameId}?lang=${language}`,
      labels,
      // A failed save is worded from its code (issue 30 #5): the codes PUT /api/record-links/:token/record answers.
      refusals: refusalTemplates(language, SAVE_REFUSALS),
    };
    return {
      ...layout(language, `${t('enterRecord')} · ${eventName}`, `/records/${token}`),
      breadcrumbs: [{ label: eventName, href: `/events/${view.event.id}?lang=${language}` }, { label: t('enterRecord') }],
      m: labels,
      eventName,
      where: t('roundTable', { round: view.round, table: view.table ?? '-' }),
      red: name(view.red),
      black: name(view.black),
      result: view.result ? RESULT_LABEL[view.result] : t('noResult'),
      youAre: t('youAre', { side: t(view.side as 'red' | 'black') }),
      mayEnter: view.mayEnter,
      refusal: view.refusal ? new DomainError(view.refusal.code, view.refusal.params).wordsIn(language) : null,
      adjourned: !!view.adjournedFen,
      viewerHref: data.viewerHref,
      // A JSON data island (not executed, so the CSP allows it): </ is escaped against breaking out.
      dataJson: JSON.stringify(data).replace(/</g, '\\u003c'),
    };
  }

  @Get('games/:gameId')
  @Render('game')
  async game(
    @Param('gameId') gameId: string,
    @Query('ply') plyText: unknown,
    @Query('notation') notationText: unknown,
    @Query('lang') lang: unknown,
    @Req() req: Request,
  ) {
    const language = chooseLanguage(lang, req.headers['accept-language']);
    const g = await this.load(gameId, language);
    const notation = viewerNotation(notationText, language);
    const t = (k: RecordMessageKey, v: Record<string, string | number> = {}) => recordText(k, bilingualKey(language), v);
    const game = g.record ? replayGame(g.record.startFen, g.record.moves as string[]) : undefined;
    const rec: RecordGame | undefined = game?.ok ? game.value : undefined;
    const n = rec?.plies.length ?? 0;
    const ply = typeof plyText === 'string' && /^\d{1,4}$/.test(plyText) ? Math.min(Number(plyText), n) : n;
    const base = `/games/${gameId}`;
    const href = (p: number) => `${base}?ply=${p}&lang=${language}&notation=${notation}`;
    const positions = rec ? gamePositions(rec) : [];
    const fen = rec ? positions[ply].toFen() : (g.record?.startFen ?? 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    const last = rec && ply > 0 ? rec.plies[ply - 1].move : undefined;
    const svg = diagramSvg(fen, {
      cell: 36,
      caption: ply === 0 ? t('startPosition') : t('positionAfter', { n: ply }),
      arrows: last ? [{ from: makeSquareName(last.from), to: makeSquareName(last.to), kind: 'move' }] : [],
    });
    const texts = rec ? gameMoveTexts(rec, notation) : [];
    // Issue 30: the record's comments and variations (a bulletin's annotated game).
    const notes = rec ? annotationViews(annotationsOf(g.record?.annotations), rec, positions, texts, notation, ply, href, t) : undefined;
    return {
      ...layout(language, `${t('game')} · ${g.title}`, base),
      breadcrumbs: [
        { label: g.eventName, href: `/events/${g.eventId}?lang=${language}` },
        { label: g.where, href: `/events/${g.eventId}/rounds/${g.roundNumber}?lang=${language}` },
        { label: g.title },
      ],
      m: Object.fromEntries(Object.keys(RECORD_MESSAGES).map((k) => [k, t(k as RecordMessageKey)])),
      heading: g.title,
      eventName: g.eventName,
      where: g.where,
      red: g.red,
      black: g.black,
      result: g.result,
      hasRecord: !!rec,
      board: svg.ok ? svg.value : '',
      ply,
      plies: n,
      nav: { first: href(0), prev: href(Math.max(0, ply - 1)), next: href(Math.min(n, ply + 1)), last: href(n), atStart: ply === 0, atEnd: ply === n },
      moves: moveRows(rec, texts, ply, href, notes?.commented),
      comment: notes?.current,
      comments: notes?.comments ?? [],
      variations: notes?.variations ?? [],
      notations: VIEWER_NOTATIONS.map((v) => ({
        value: v,
        label: NOTATION_LABEL[v],
        current: v === notation,
        href: `${base}?ply=${ply}&lang=${language}&notation=${v}`,
      })),
      pgn: `/api/games/${gameId}/record.pgn`,
      roundPgn: `/api/rounds/${g.roundId}/records.pgn`,
      eventPgn: `/api/events/${g.eventId}/records.pgn`,
      diagrams: `${base}/diagrams?lang=${language}&notation=${notation}`,
      backHref: `/events/${g.eventId}/rounds/${g.roundNumber}?lang=${language}`,
    };
  }

  @Get('games/:gameId/diagrams')
  @Render('game-diagrams')
  async diagrams(@Param('gameId') gameId: string, @Query('notation') notationText: unknown, @Query('lang') lang: unknown, @Req() req: Request) {
    const language = chooseLanguage(lang, req.headers['accept-language']);
    const g = await this.load(gameId, language);
    const notation = viewerNotation(notationText, language);
    const t = (k: RecordMessageKey, v: Record<string, string | number> = {}) => recordText(k, bilingualKey(language), v);
    const game = g.record ? replayGame(g.record.startFen, g.record.moves as string[]) : undefined;
    const rec = game?.ok ? game.value : undefined;
    const positions = rec ? gamePositions(rec) : [];
    const n = rec?.plies.length ?? 0;
    // A diagram every 10 moves (20 plies) and the final position.
    const at = [...new Set([...Array.from({ length: Math.floor(n / 20) }, (_, i) => (i + 1) * 20), n])].filter((p) => p > 0);
    const texts = rec ? gameMoveTexts(rec, notation) : [];
    return {
      ...layout(language, `${t('diagramSheet')} · ${g.title}`, `/games/${gameId}/diagrams`),
      breadcrumbs: [
        { label: g.eventName, href: `/events/${g.eventId}?lang=${language}` },
        { label: g.title, href: `/games/${gameId}?lang=${language}` },
        { label: t('diagramSheet') },
      ],
      heading: g.title,
      eventName: g.eventName,
      where: g.where,
      red: g.red,
      black: g.black,
      result: g.result,
      m: Object.fromEntries(Object.keys(RECORD_MESSAGES).map((k) => [k, t(k as RecordMessageKey)])),
      hasRecord: !!rec,
      diagrams: at.map((p) => {
        const last = rec!.plies[p - 1].move;
        const svg = diagramSvg(positions[p].toFen(), {
          cell: 28,
          idPrefix: `p${p}`,
          caption: t('positionAfter', { n: p }),
          arrows: [{ from: makeSquareName(last.from), to: makeSquareName(last.to), kind: 'move' }],
        });
        return { ply: p, svg: svg.ok ? svg.value : '' };
      }),
      moves: moveRows(rec, texts, -1, () => ''),
      viewerHref: `/games/${gameId}?lang=${language}`,
    };
  }

  /** A published game (the public may not see drafts or unpublished tournaments). */
  private async load(gameId: string, language: Language) {
    const g = isUuid(gameId) ? await this.records.publicGame(gameId) : null;
    if (!g || g.pairing.round.state === 'draft' || !g.pairing.round.event.tournament.publishedAt)
      throw new NotFoundException(recordText('noRecord', bilingualKey(language)));
    const primary = (p: { nameZh: string; nameEn: string } | null) => (p ? (language === 'en' ? p.nameEn : p.nameZh) : '?');
    // Each side's name with its titles, linked to the person's profile (issue 33).
    const side = (p: NonNullable<typeof g.redPlayer> | null) =>
      p ? { ...bilingual(p, language), ...personFields({ personId: p.personId, title: p.title, held: p.person?.titles }, language) } : { primary: '?' };
    const ev = g.pairing.round.event;
    const eventName = language === 'en' ? ev.nameEn : ev.nameZh;
    const where = recordText('roundTable', bilingualKey(language), { round: g.pairing.round.number, table: g.pairing.table ?? '-' });
    return {
      record: g.record,
      red: side(g.redPlayer),
      black: side(g.blackPlayer),
      result: g.result ? RESULT_LABEL[g.result] : recordText('noResult', bilingualKey(language)),
      title: `${primary(g.redPlayer)} – ${primary(g.blackPlayer)}`,
      eventName,
      where,
      eventId: ev.id,
      roundId: g.pairing.round.id,
      roundNumber: g.pairing.round.number,
    };
  }
}

const NOTATION_LABEL: Record<string, string> = { chinese: '中文', 'chinese-traditional': '中文（繁）', wxf: 'WXF', iccs: 'ICCS' };

/** The page's language picks the notation (Chinese for zh, WXF for en) unless ?notation= says. */
function viewerNotation(text: unknown, language: Language): Notation {
  if (typeof text === 'string' && (VIEWER_NOTATIONS as string[]).includes(text)) return text as Notation;
  return language === 'en' ? 'wxf' : 'chinese';
}

/** The viewer's comments (the current position's, and the list) and variations, in the chosen notation. */
function annotationViews(
  a: Annotations,
  rec: RecordGame,
  positions: Position[],
  texts: string[],
  notation: Notation,
  current: number,
  href: (p: number) => string,
  t: (k: RecordMessageKey, v?: Record<string, string | number>) => string,
) {
  const label = (ply: number) => {
    if (ply === 0) return t('startPosition');
    const p = rec.plies[ply - 1];
    return `${p.moveNumber}${p.side === 'black' ? '…' : '.'} ${texts[ply - 1]}`;
  };
  const comments = Object.entries(a.comments)
    .map(([k, text]) => ({ ply: Number(k), text }))
    .filter((c) => c.ply <= rec.plies.length)
    .sort((x, y) => x.ply - y.ply)
    .map((c) => ({ ...c, label: label(c.ply), href: href(c.ply), current: c.ply === current }));
  const variations = a.variations
    .filter((v) => v.ply >= 1 && v.ply <= rec.plies.length)
    .sort((x, y) => x.ply - y.ply)
    .map((v) => ({
      ply: v.ply,
      label: t('variationAt', { n: v.ply }),
      href: href(v.ply - 1),
      text: variationMovetext(positions[v.ply - 1], v, notation).join(' '),
    }));
  return { current: a.comments[current], comments, variations, commented: new Set(comments.map((c) => c.ply)) };
}

function moveRows(rec: RecordGame | undefined, texts: string[], current: number, href: (p: number) => string, commented?: Set<number>) {
  if (!rec) return [];
  const rows: { number: number; red: unknown; black: unknown }[] = [];
  rec.plies.forEach((p, i) => {
    const cell = { text: texts[i], href: href(p.ply), current: p.ply === current, ply: p.ply, commented: commented?.has(p.ply) ?? false };
    if (p.side === 'red' || !rows.length || rows[rows.length - 1].number !== p.moveNumber) rows.push({ number: p.moveNumber, red: null, black: null });
    rows[rows.length - 1][p.side] = cell;
  });
  return rows;
}

function layout(lang: Language, title: string, path: string) {
  const other: Language = lang === 'en' ? 'zh' : 'en';
  return { layout: 'layouts/main', lang, htmlLang: HTML_LANG[lang], title, switchHref: `${path}?lang=${other}` };
}
