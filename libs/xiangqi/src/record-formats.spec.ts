/**
 * The formats people bring (issue 30): 象棋巫师 PGN with its trailer and 「四兵进一」, 东萍 DhtmlXQ
 * pages, 象棋桥 CBR records and CBL libraries, and the comments and variations of each.
 *
 * Each binary or viewer format is checked against a second decoding path: the test encodes a game
 * itself from the documented layout (its own code, not the reader's) and the reader must give the
 * same start position and main line as the XQF reader gives for the same game — the published
 * sample of the XQF description (柳大华–吕钦) — and DhtmlXQ also against a published dpxq page's
 * own opening label.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import * as iconv from 'iconv-lite';
import fc from 'fast-check';
import { annotationsOf } from './annotations';
import { INITIAL_FEN } from './fen';
import { makeIccs, parseIccs } from './iccs';
import { parseMove } from './notation';
import { Position } from './position';
import { mulberry32 } from './prng';
import { exportGame, gameFromMoves, importGame } from './record';
import { dhtmlXqResult, readCbl, readCbr, readDhtmlXq, readRecordFile, readXqf } from './record-file';
import { Move, squareFile, squareRank } from './types';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '..', 'fixtures', 'records', name)));
const iccs = (moves: Move[]) => moves.map(makeIccs);

describe('象棋巫师 (XQWizard) PGN', () => {
  test('the ===== trailer and the text after the result are ignored; the game is read (GBK, CRLF)', () => {
    const file = readRecordFile(fixture('xqwizard-trailer.pgn'));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value.encoding?.encoding).toBe('GB18030');
    const [g] = file.value.games;
    expect(g.error).toBeUndefined();
    expect(g.game!.tags).toMatchObject({ Red: '王天一', Black: '郑惟桐', Result: '1-0', ECCO: 'C45' });
    expect(g.game!.plies).toHaveLength(14);
    expect(g.game!.resultToken).toBe('1-0');
    expect(g.warnings.join(' ')).toMatch(/text after the end of the game was ignored: =+ 欢迎访问《象棋百科全书网》/);
    // Its comments are kept, on the ply they follow.
    expect(g.game!.annotations?.comments).toEqual({ '0': '中炮对屏风马', '6': '黑方挺7卒，形成屏风马挺7卒阵势' });
  });

  test('two games in one file, each with its trailer', () => {
    const file = readRecordFile(fixture('xqwizard-two-games.pgn'));
    expect(file.ok && file.value.games.map((g) => [g.game?.tags.Red, g.game?.plies.length, g.game?.resultToken])).toEqual([
      ['甲', 4, '1/2-1/2'],
      ['乙', 2, '0-1'],
    ]);
  });

  test('「四兵进一」: pawns doubled on two files, numbered across the files (一兵…四兵, from the right, front first)', () => {
    const file = readRecordFile(fixture('xqwizard-four-pawns.pgn'));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    const g = file.value.games[0].game!;
    expect(file.value.games[0].error).toBeUndefined();
    expect(g.plies.map((p) => makeIccs(p.move))).toEqual(['c5c6', 'e9d9', 'g5f5', 'e8f7', 'c7d7']);
    // …and written back in the rulebook's own form (图-B), which names the file.
    const pos = Position.fromFen('4k4/4a4/2P3P2/9/2P3P2/9/9/9/9/4K4 w');
    if (!pos.ok) throw new Error('fen');
    expect(exportGame(g, 'chinese').split('\n')[0]).toBe('1. 后七进一 将5平4');
    for (const [text, move] of [
      ['一兵进一', 'g7g8'],
      ['二兵平四', 'g5f5'],
      ['三兵平六', 'c7d7'],
      ['四兵进一', 'c5c6'],
      ['后七进一', 'c5c6'],
    ]) {
      const r = parseMove(pos.value, text);
      expect([text, r.ok && makeIccs(r.value)]).toEqual([text, move]);
    }
  });

  test('pawns on one file: 前/中/后 and 一…五 (five pawns)', () => {
    const three = Position.fromFen('4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w');
    const five = Position.fromFen('5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w');
    if (!three.ok || !five.ok) throw new Error('fen');
    const m = (p: Position, t: string) => {
      const r = parseMove(p, t);
      return r.ok ? makeIccs(r.value) : r.error.code;
    };
    expect([m(three.value, '前兵平四'), m(three.value, '中兵平四'), m(three.value, '后兵平六')]).toEqual(['e7f7', 'e6f6', 'e5d5']);
    expect([m(five.value, '一兵平四'), m(five.value, '三兵平六'), m(five.value, '四兵平六')]).toEqual(['e8f8', 'e6d6', 'e5d5']);
  });

  test('the result ends the game even without the ===== line; a result inside a variation does not', () => {
    const g = importGame('1. 炮二平五 (1. 兵七进一 *) 马8进7 1-0 这是广告');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.plies).toHaveLength(2);
    expect(g.value.warnings?.[0]).toMatch(/ignored: 这是广告/);
  });
});

describe('comments and variations of a PGN', () => {
  const annotated = `[Event "公报"]

{开局} 1. 炮二平五 {中炮} 马8进7 (1... 炮8平5 {顺炮} 2. 马二进三 (2. 炮五进四 士4进5) 马8进7) 2. 马二进三 车9平8 {屏风马} *`;

  test('kept by ply: comments after their move, variations replacing a move, nested', () => {
    const g = importGame(annotated);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.plies.map((p) => makeIccs(p.move))).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(g.value.annotations).toEqual({
      comments: { '0': '开局', '1': '中炮', '4': '屏风马' },
      variations: [
        {
          ply: 2,
          moves: ['h7e7', 'h0g2', 'h9g7'],
          comments: { '2': '顺炮' },
          variations: [{ ply: 3, moves: ['e2e6', 'd9e8'], comments: {}, variations: [] }],
        },
      ],
    });
  });

  test('written back into the PGN, and read again the same', () => {
    const g = importGame(annotated);
    if (!g.ok) throw new Error(g.error.message);
    const pgn = exportGame(g.value, 'pgn');
    expect(pgn.replace(/\s+/g, ' ')).toContain(
      '{开局} 1. 炮二平五 {中炮} 1... 马8进7 ( 1... 炮8平5 {顺炮} 2. 马二进三 ( 2. 炮五进四 士4进5 ) 2... 马8进7 ) 2. 马二进三',
    );
    const back = importGame(pgn);
    expect(back.ok && back.value.annotations).toEqual(g.value.annotations);
  });

  test('a variation that cannot be played is left out with a warning; the game stays', () => {
    const g = importGame('1. 炮二平五 (1. 车一进三) 马8进7 *');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.annotations).toBeUndefined();
    expect(g.value.warnings?.join(' ')).toMatch(/variation at ply 1 was left out: its move 1 '车一进三' cannot be played/);
  });

  test('random games with random comments and variations survive export and import (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const rnd = mulberry32(seed);
        const pos = Position.default();
        const moves: Move[] = [];
        for (let i = 0; i < 2 + (seed % 30); i++) {
          const legal = pos.legalMoves();
          if (!legal.length) break;
          const m = legal[Math.floor(rnd() * legal.length)];
          pos.play(m);
          moves.push(m);
        }
        const game = gameFromMoves(INITIAL_FEN, moves);
        if (!game.ok) throw new Error(game.error.message);
        const positions = [Position.default()];
        for (const m of moves) {
          const p = positions[positions.length - 1].clone();
          p.play(m);
          positions.push(p);
        }
        const comments: Record<string, string> = {};
        for (let k = 0; k <= moves.length; k++) if (rnd() < 0.3) comments[k] = `评注 ${k} (a) {b}`.replace(/[{}]/g, '');
        const variations = [];
        for (let ply = 1; ply <= moves.length; ply++) {
          if (rnd() > 0.3) continue;
          const p = positions[ply - 1].clone();
          const alt = p.legalMoves().filter((m) => makeIccs(m) !== makeIccs(moves[ply - 1]));
          if (!alt.length) continue;
          const first = alt[Math.floor(rnd() * alt.length)];
          p.play(first);
          const line = [makeIccs(first)];
          const reply = p.legalMoves();
          if (reply.length) line.push(makeIccs(reply[0]));
          variations.push({ ply, moves: line, comments: rnd() < 0.5 ? { [ply]: '变着' } : {}, variations: [] });
        }
        game.value.annotations = { comments, variations };
        const back = importGame(exportGame(game.value, 'pgn'));
        if (!back.ok) throw new Error(back.error.message);
        expect(iccs(back.value.plies.map((p) => p.move))).toEqual(iccs(moves));
        expect(back.value.annotations ?? { comments: {}, variations: [] }).toEqual({ comments, variations });
      }),
      { numRuns: 40 },
    );
  });

  test('stored annotations are read back leniently (only well-formed parts)', () => {
    expect(annotationsOf({ comments: { '3': 'x', bad: 'y', '4': 5 }, variations: [{ ply: 2, moves: ['h9g7', 7] }, { moves: [] }] })).toEqual({
      comments: { '3': 'x' },
      variations: [{ ply: 2, moves: ['h9g7'], comments: {}, variations: [] }],
    });
    expect(annotationsOf(null)).toEqual({ comments: {}, variations: [] });
  });
});

// ── a second decoding path: the test's own encoders, from the documented layouts ──

/** The published sample of the XQF 1.0 description (柳大华–吕钦), as in record-file.spec.ts. */
function xqfSample(): Uint8Array {
  const moves = '2F38 6763 5760 293B 2C4A 2B27 2236 2133 182A 2B2F 2422 276B 606D 336D 5E5E 716F';
  const header = new Uint8Array(0x400);
  header.set([0x58, 0x51, 0x0a]);
  header.set(
    [
      0x50, 0x46, 0x3c, 0x32, 0x28, 0x1e, 0x14, 0x0a, 0x00, 0x48, 0x0c, 0x53, 0x3f, 0x2b, 0x17, 0x03, 0x09, 0x13, 0x1d, 0x27, 0x31, 0x3b, 0x45, 0x4f, 0x59,
      0x11, 0x4d, 0x06, 0x1a, 0x2e, 0x42, 0x56,
    ],
    0x10,
  );
  header[0x33] = 2;
  const body = [0x18, 0x20, 0xf0, 0xff, 0, 0, 0, 0];
  const list = moves.split(' ');
  list.forEach((m, i) => body.push(parseInt(m.slice(0, 2), 16), parseInt(m.slice(2), 16), i === list.length - 1 ? 0 : 0xf0, 0, 0, 0, 0, 0));
  return new Uint8Array([...header, ...body]);
}

/** Board cell (file from Red's left, rank from Black's side) of a square named in ICCS. */
const cell = (sq: number) => ({ x: squareFile(sq), y: 9 - squareRank(sq) });

/** DhtmlXQ as the dpxq viewer writes it: binit in the order 车马相仕帅仕相马车炮炮兵×5, Red then Black. */
function encodeDhtmlXq(fen: string, moves: Move[], fields: Record<string, string>): string {
  const pos = Position.fromFen(fen);
  if (!pos.ok) throw new Error(fen);
  const order = 'RHEAKAEHRCCPPPPP';
  const code: Record<string, string> = { rook: 'R', horse: 'H', elephant: 'E', advisor: 'A', king: 'K', cannon: 'C', pawn: 'P' };
  const slots: string[] = new Array(32).fill('99');
  for (const { square, piece } of pos.value.pieces()) {
    const base = piece.side === 'red' ? 0 : 16;
    let i = 0;
    while (order[i] !== code[piece.role] || slots[base + i] !== '99') i++;
    const c = cell(square);
    slots[base + i] = `${c.x}${c.y}`;
  }
  const movelist = moves.map((m) => `${cell(m.from).x}${cell(m.from).y}${cell(m.to).x}${cell(m.to).y}`).join('');
  const extra = Object.entries(fields)
    .map(([k, v]) => `[DhtmlXQ_${k}]${v}[/DhtmlXQ_${k}]`)
    .join('\n');
  return `<div>[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n[DhtmlXQ_binit]${slots.join('')}[/DhtmlXQ_binit]<br>\n[DhtmlXQ_movelist]${movelist}[/DhtmlXQ_movelist]\n${extra}\n[/DhtmlXQ]</div>`;
}

interface CbrNode {
  move: Move;
  comment?: string;
  next?: CbrNode;
  alternatives?: CbrNode[];
}

/** A CBR record (version 2) written from the layout the readers agree on (cbr.ts module comment). */
function encodeCbr(
  fen: string,
  line: CbrNode | undefined,
  info: { red?: string; black?: string; title?: string; result?: number; rootComment?: string },
): Uint8Array {
  const head = new Uint8Array(2214);
  head.set([...'CCBridge Record'].map((c) => c.charCodeAt(0)));
  head[19] = 2;
  const putUtf16 = (at: number, s: string) =>
    [...s].forEach((ch, i) => ((head[at + 2 * i] = ch.charCodeAt(0) & 0xff), (head[at + 2 * i + 1] = ch.charCodeAt(0) >> 8)));
  if (info.title) putUtf16(180, info.title);
  if (info.red) putUtf16(1076, info.red);
  if (info.black) putUtf16(1300, info.black);
  head[2076] = info.result ?? 0;
  const pos = Position.fromFen(fen);
  if (!pos.ok) throw new Error(fen);
  head[2112] = pos.value.turn === 'red' ? 1 : 2;
  head[2116] = pos.value.turn === 'red' ? 1 : 2;
  const roles: Record<string, number> = { rook: 1, horse: 2, elephant: 3, advisor: 4, king: 5, cannon: 6, pawn: 7 };
  for (const { square, piece } of pos.value.pieces()) {
    const c = cell(square);
    head[2120 + c.y * 9 + c.x] = (piece.side === 'red' ? 0x10 : 0x20) | roles[piece.role];
  }
  const body: number[] = [];
  const utf16 = (s: string) => [...s].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]);
  const rec = (flags: number, from: number, to: number, comment?: string) => {
    const c = comment ? utf16(comment) : [];
    body.push(flags | (c.length ? 4 : 0), 0, from, to);
    if (c.length) body.push(c.length & 0xff, c.length >> 8, 0, 0, ...c);
  };
  rec(line ? 0 : 1, 0, 0, info.rootComment);
  const sq = (s: number) => cell(s).y * 9 + cell(s).x;
  // Pre-order: a move, its line, then its alternatives (each written the same way).
  const write = (siblings: CbrNode[]) => {
    siblings.forEach((n, i) => {
      const hasAlt = i < siblings.length - 1;
      rec((n.next ? 0 : 1) | (hasAlt ? 2 : 0), sq(n.move.from), sq(n.move.to), n.comment);
      if (n.next) write([n.next, ...(n.next.alternatives ?? [])]);
    });
  };
  if (line) write([line, ...(line.alternatives ?? [])]);
  body.push(0, 0, 0, 0);
  return new Uint8Array([...head, ...body]);
}

const chain = (moves: Move[]): CbrNode | undefined => {
  let next: CbrNode | undefined;
  for (let i = moves.length - 1; i >= 0; i--) next = { move: moves[i], next };
  return next;
};

describe('东萍 DhtmlXQ', () => {
  test('the published start position and the opening a dpxq page labels D29 顺炮直车对横车', () => {
    // binit and the first moves as dpxq publishes them (the page's [DhtmlXQ_open] says D29 顺炮直车对横车:
    // 炮二平五 炮8平5 马二进三 车9进1 车一平二 — the coordinates can only mean these moves).
    const page = `[DhtmlXQ]
[DhtmlXQ_title]全国象棋甲级联赛[/DhtmlXQ_title]
[DhtmlXQ_red]许银川[/DhtmlXQ_red]
[DhtmlXQ_black]吕钦[/DhtmlXQ_black]
[DhtmlXQ_blacktime][/DhtmlXQ_time]
[DhtmlXQ_result]紅勝[/DhtmlXQ_result]
[DhtmlXQ_open]D29 顺炮直车对横车[/DhtmlXQ_open]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]77477242796780818979[/DhtmlXQ_movelist]
[/DhtmlXQ]`;
    const file = readRecordFile(new TextEncoder().encode(page));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value.format).toBe('dhtmlxq');
    const g = file.value.games[0].game!;
    expect(g.startFen).toBe(Position.default().toFen());
    expect(exportGame(g, 'chinese')).toBe('1. 炮二平五 炮8平5\n2. 马二进三 车9进1\n3. 车一平二');
    expect(g.tags).toMatchObject({ Red: '许银川', Black: '吕钦', Result: '1-0', Opening: 'D29 顺炮直车对横车' });
  });

  test('the same game as the XQF reader gives for the published XQF sample: start position and main line', () => {
    const x = readXqf(xqfSample());
    if (!x.ok) throw new Error(x.error.message);
    const page = encodeDhtmlXq(x.value.startFen, x.value.moves, { red: '柳大华', black: '吕钦', result: '黑胜' });
    const file = readRecordFile(iconv.encode(page, 'gbk'));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    const g = file.value.games[0].game!;
    expect(g.startFen).toBe(x.value.startFen);
    expect(g.plies.map((p) => makeIccs(p.move))).toEqual(iccs(x.value.moves));
    expect(g.resultToken).toBe('0-1');
  });

  test('comments (|| a line break) and variations, nested, by ply', () => {
    const start = Position.default().toFen();
    const m = (s: string) => parseIccs(s)!;
    const page = encodeDhtmlXq(start, [m('h2e2'), m('h9g7'), m('h0g2')], {
      comment0: '开局',
      comment1: '中炮||红方先手',
      move_0_2_1: '72427967', // 1... 炮8平5 2. 马二进三 instead of 1... 马8进7
      comment1_2: '顺炮',
      move_1_3_2: '1927', // 2. 马八进七 instead of 马二进三, inside variation 1
      move_0_3_3: '1927', // 2. 马八进七 instead of 马二进三
      move_0_1_4: '1747', // 1. 炮八平五 instead of 炮二平五
      move_0_2_5: '7740', // 1... from an empty square: left out
    });
    const r = readDhtmlXq(page);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.annotations.comments).toEqual({ '0': '开局', '1': '中炮\n红方先手' });
    expect(r.value.annotations.variations).toEqual([
      { ply: 2, moves: ['h7e7', 'h0g2'], comments: { '2': '顺炮' }, variations: [{ ply: 3, moves: ['b0c2'], comments: {}, variations: [] }] },
      { ply: 3, moves: ['b0c2'], comments: {}, variations: [] },
      { ply: 1, moves: ['b2e2'], comments: {}, variations: [] },
    ]);
    expect(r.value.warnings).toEqual(['a variation at ply 2 was left out: its move h2e9 cannot be played']);
  });

  test('refusals say what is wrong', () => {
    expect(readDhtmlXq('[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/groups of four digits/) },
    });
    expect(readDhtmlXq('[DhtmlXQ_binit]12[/DhtmlXQ_binit]')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/binit holds 32 squares/) } });
    const illegal = readRecordFile('[DhtmlXQ][DhtmlXQ_movelist]77407062[/DhtmlXQ_movelist][/DhtmlXQ]');
    expect(illegal.ok && illegal.value.games[0].error?.message).toMatch(/ply 1/);
    expect(['红胜', '黑負', '和棋', '红负', '???'].map(dhtmlXqResult)).toEqual(['1-0', '1-0', '1/2-1/2', '0-1', undefined]);
  });
});

describe('象棋桥 CBR and CBL', () => {
  test('the same game as the XQF reader gives for the published XQF sample: start position and main line', () => {
    const x = readXqf(xqfSample());
    if (!x.ok) throw new Error(x.error.message);
    const bytes = encodeCbr(x.value.startFen, chain(x.value.moves), { title: '柳大华 负 吕钦', red: '柳大华', black: '吕钦', result: 2 });
    const file = readRecordFile(bytes);
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value.format).toBe('cbr');
    const g = file.value.games[0].game!;
    expect(g.startFen).toBe(x.value.startFen);
    expect(g.plies.map((p) => makeIccs(p.move))).toEqual(iccs(x.value.moves));
    expect(g.tags).toMatchObject({ Red: '柳大华', Black: '吕钦', Title: '柳大华 负 吕钦', Result: '0-1' });
    expect(exportGame(g, 'chinese').split('\n')[0]).toBe('1. 兵七进一 马8进7');
  });

  test('an endgame with Black to move, comments and alternatives (variations), in random games (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const rnd = mulberry32(seed);
        const fen = seed % 2 ? INITIAL_FEN : '3k5/4a4/9/9/9/9/9/9/4A4/2R1K4 b';
        const pos = Position.fromFen(fen);
        if (!pos.ok) throw new Error(fen);
        const moves: Move[] = [];
        const before: Position[] = [];
        for (let i = 0; i < 1 + (seed % 40); i++) {
          const legal = pos.value.legalMoves();
          if (!legal.length) break;
          before.push(pos.value.clone());
          const m = legal[Math.floor(rnd() * legal.length)];
          pos.value.play(m);
          moves.push(m);
        }
        if (!moves.length) return;
        const line = chain(moves)!;
        // An alternative to a random ply, with a comment.
        const k = Math.floor(rnd() * moves.length);
        const alt = before[k].legalMoves().find((m) => makeIccs(m) !== makeIccs(moves[k]));
        let node: CbrNode = line;
        for (let i = 0; i < k; i++) node = node.next!;
        if (alt) node.alternatives = [{ move: alt, comment: '变着' }];
        node.comment = '主着';
        const bytes = encodeCbr(fen, line, { rootComment: '开局评注' });
        const r = readCbr(bytes);
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.startFen).toBe(Position.fromFen(fen).ok && (Position.fromFen(fen) as { value: Position }).value.toFen());
        expect(iccs(r.value.moves)).toEqual(iccs(moves));
        expect(r.value.annotations.comments).toEqual({ '0': '开局评注', [k + 1]: '主着' });
        expect(r.value.annotations.variations).toEqual(alt ? [{ ply: k + 1, moves: [makeIccs(alt)], comments: { [k + 1]: '变着' }, variations: [] }] : []);
      }),
      { numRuns: 40 },
    );
  });

  test('a CBL library: every record on its 4096-byte slots, a long record running into the next slot', () => {
    const x = readXqf(xqfSample());
    if (!x.ok) throw new Error(x.error.message);
    const short = encodeCbr(INITIAL_FEN, chain([parseIccs('h2e2')!]), { red: '甲', black: '乙', result: 3 });
    // A record longer than one slot: a long comment on the first move.
    const longLine = chain(x.value.moves)!;
    longLine.comment = '长'.repeat(2500);
    const long = encodeCbr(x.value.startFen, longLine, { red: '柳大华', black: '吕钦' });
    expect(long.length).toBeGreaterThan(4096);
    const slots = 128;
    const start = 66624 + slots * 276;
    const lib = new Uint8Array(start + 4 * 4096);
    lib.set([...'CCBridgeLibrary'].map((c) => c.charCodeAt(0)));
    lib[60] = slots;
    [...'公报'].forEach((ch, i) => ((lib[64 + 2 * i] = ch.charCodeAt(0) & 0xff), (lib[65 + 2 * i] = ch.charCodeAt(0) >> 8)));
    lib.set(short, start);
    lib.set(long, start + 4096); // runs on into slot 3
    lib.set(short, start + 3 * 4096);
    const file = readRecordFile(lib);
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value).toMatchObject({ format: 'cbl', library: '公报' });
    expect(file.value.games.map((g) => [g.index, g.game?.tags.Red, g.game?.plies.length])).toEqual([
      [1, '甲', 1],
      [2, '柳大华', x.value.moves.length],
      [3, '甲', 1],
    ]);
    expect(file.value.games[1].game!.annotations?.comments['1']).toHaveLength(2500);
    expect(readCbl(lib.subarray(0, 600))).toMatchObject({ ok: false });
  });

  test('refusals name the format', () => {
    const bad = encodeCbr(INITIAL_FEN, undefined, {});
    bad[19] = 1;
    const file = readRecordFile(bad);
    expect(!file.ok && file.error.message).toMatch(/^CBR: CBR record version 1/);
    const cut = encodeCbr(INITIAL_FEN, chain([parseIccs('h2e2')!]), {}).subarray(0, 100);
    expect(!readRecordFile(cut).ok).toBe(true);
  });
});
