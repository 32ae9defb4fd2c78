import fc from 'fast-check';
import * as iconv from 'iconv-lite';
import { INITIAL_FEN } from './fen';
import { makeIccs } from './iccs';
import { NOTATIONS, parseMove } from './notation';
import { Position } from './position';
import { mulberry32 } from './prng';
import { EXPORT_FORMATS, exportGame, gameFromMoves, importGame } from './record';
import { decodeRecordBytes, readRecordFile, readXqf, writeXqf } from './record-file';
import { Move } from './types';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** A random legal game from a seed (stops at the end of the game or at `plies`). */
function randomGame(seed: number, plies: number, fen = INITIAL_FEN): { fen: string; moves: Move[] } {
  const rnd = mulberry32(seed);
  const pos = Position.fromFen(fen);
  if (!pos.ok) throw new Error(pos.error.message);
  const moves: Move[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = pos.value.legalMoves();
    if (!legal.length) break;
    const m = legal[Math.floor(rnd() * legal.length)];
    pos.value.play(m);
    moves.push(m);
  }
  return { fen, moves };
}

const PGN_ZH = `[Game "Chinese Chess"]
[Event "全国象棋锦标赛"]
[Red "许银川"]
[Black "吕钦"]
[Result "1/2-1/2"]

1. 炮二平五 马8进7 2. 马二进三 车9平8 1/2-1/2
`;

const PGN_TRAD = `[Event "首屆象棋精英賽"]
[Red "柳大華"]
[Black "呂欽"]

1. 炮二平五 馬8進7 2. 馬二進三 車9平8 *
`;

describe('record encodings', () => {
  test('UTF-8, with and without a BOM', () => {
    expect(decodeRecordBytes(utf8(PGN_ZH))).toMatchObject({ encoding: 'UTF-8', by: 'utf-8', text: PGN_ZH });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(PGN_ZH)]);
    expect(decodeRecordBytes(bom)).toMatchObject({ encoding: 'UTF-8', by: 'bom', text: PGN_ZH });
  });

  test('GBK / GB18030 and Big5 are told apart by what the text reads as', () => {
    const gbk = decodeRecordBytes(iconv.encode(PGN_ZH, 'gbk'));
    expect(gbk).toMatchObject({ encoding: 'GB18030', text: PGN_ZH });
    expect(gbk.note).toContain('GB18030');
    const big5 = decodeRecordBytes(iconv.encode(PGN_TRAD, 'big5'));
    expect(big5).toMatchObject({ encoding: 'Big5', text: PGN_TRAD });
    expect(big5.note).toContain('Big5');
  });

  test("the file's own declaration wins", () => {
    const text = `[Encoding "GBK"]\n${PGN_ZH}`;
    expect(decodeRecordBytes(iconv.encode(text, 'gbk'))).toMatchObject({ encoding: 'GB18030', by: 'declaration', text });
  });

  test('a Big5 PGN file reads as it is, and says so', () => {
    const file = readRecordFile(iconv.encode(PGN_TRAD, 'big5'));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value.encoding?.encoding).toBe('Big5');
    expect(file.value.games[0].game?.tags.Red).toBe('柳大華');
    expect(file.value.games[0].game?.plies.length).toBe(4);
  });
});

describe('multi-game PGN files', () => {
  test('every game is read and reported on its own', () => {
    const bad = `[Event "third"]\n\n1. 炮二平五 马8进6 *\n`;
    const file = readRecordFile(utf8(`${PGN_ZH}\n${PGN_TRAD}\n${bad}`));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    const games = file.value.games;
    expect(games.map((g) => g.index)).toEqual([1, 2, 3]);
    expect(games[0].game?.tags.Event).toBe('全国象棋锦标赛');
    expect(games[1].game?.tags.Event).toBe('首屆象棋精英賽');
    expect(games[2].error?.message).toContain('马8进6');
  });

  test('a tag-like line inside a comment starts no game', () => {
    const text = `[Event "a"]\n\n1. 炮二平五 {see\n[Event "not a game"]\n} 马8进7 *\n`;
    const file = readRecordFile(text);
    expect(file.ok && file.value.games.length).toBe(1);
  });
});

describe('lenient reading', () => {
  test('a tag with unescaped inner quotes is read with a warning', () => {
    const g = importGame('[Event "首屆"味極王杯"象棋精英賽"]\n\n1. 炮二平五 馬8進7 *');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.tags.Event).toBe('首屆"味極王杯"象棋精英賽');
    expect(g.value.warnings?.[0]).toMatch(/line 1: the Event tag has unescaped quotes/);
  });

  test('full-width WXF is read after NFKC', () => {
    const g = importGame('1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９．８');
    expect(g.ok && g.value.plies.map((p) => makeIccs(p.move))).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    // …while the sub- and superscripts of 二章3节3 keep their meaning.
    const pos = Position.fromFen('3k5/9/9/9/9/9/9/9/9/3AK4 w');
    expect(pos.ok && parseMove(pos.value, '士6₅').ok).toBe(true);
  });

  test('a result contradicting a mate on the board is kept with a warning', () => {
    const g = importGame('[FEN "3k5/R8/9/9/9/9/9/9/2R6/4K4 w"]\n[Result "0-1"]\n\n1. R7=6 0-1');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.end).toMatchObject({ kind: 'checkmate', loser: 'black' });
    expect(g.value.warnings).toHaveLength(2);
    expect(g.value.warnings?.[0]).toMatch(/Result tag says 0-1 .* black is checkmated/);
    const agreeing = importGame('[FEN "3k5/R8/9/9/9/9/9/9/2R6/4K4 w"]\n[Result "1-0"]\n\n1. R7=6 1-0');
    expect(agreeing.ok && agreeing.value.warnings).toEqual([]);
  });
});

describe('XQF', () => {
  test('every version, plain and encrypted, reads back the game the project wrote', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<10 | 11 | 12>(10, 11, 12),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 9, maxLength: 9 }),
        (seed, version, keys) => {
          const { fen, moves } = randomGame(seed, 1 + (seed % 120));
          const bytes = writeXqf(fen, moves, {
            version,
            keys,
            tags: { Event: '全国赛', Red: '许银川', Black: '吕钦', Result: '1-0' },
            comments: { 0: '开局', 3: '好棋' },
          });
          const x = readXqf(bytes);
          if (!x.ok) throw new Error(x.error.message);
          expect(x.value.version).toBe(version);
          expect(x.value.encrypted).toBe(version >= 11);
          expect(x.value.moves.map(makeIccs)).toEqual(moves.map(makeIccs));
          expect(x.value.tags).toMatchObject({ Event: '全国赛', Red: '许银川', Black: '吕钦', Result: '1-0' });
        },
      ),
      { numRuns: 60 },
    );
  });

  test('an endgame with Black to move, through readRecordFile', () => {
    const fen = '4k4/4a4/9/9/9/9/9/9/4A4/3K1R3 b';
    const { moves } = randomGame(7, 10, fen);
    const file = readRecordFile(writeXqf(fen, moves, { version: 12 }));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value).toMatchObject({ format: 'xqf', xqf: { version: 12, encrypted: true } });
    expect(file.value.games[0].game?.startFen).toBe(Position.fromFen(fen).ok && (Position.fromFen(fen) as { value: Position }).value.toFen());
    expect(file.value.games[0].game?.plies.length).toBe(moves.length);
  });

  test('the 1.0 sample of the format description (8 moves, 柳大华–吕钦)', () => {
    // Bytes 0x400– of the sample in XQF.TXT: the root, then 15 moves.
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
    const file = readRecordFile(new Uint8Array([...header, ...body]));
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    const g = file.value.games[0].game!;
    expect(exportGame(g, 'chinese').split('\n').slice(0, 2)).toEqual(['1. 兵七进一 马8进7', '2. 兵三进一 炮2平3']);
    expect(g.resultToken).toBe('0-1');
  });

  test('a cut-off file is refused naming XQF', () => {
    const bytes = writeXqf(INITIAL_FEN, randomGame(1, 10).moves, { version: 11 });
    const file = readRecordFile(bytes.subarray(0, bytes.length - 3));
    expect(file.ok).toBe(false);
    if (!file.ok) expect(file.error.message).toMatch(/^XQF: move record \d+ is cut off/);
  });
});

describe('formats refused by name', () => {
  test.each([['CBF', utf8('<?xml version="1.0" encoding="utf-8"?>\n<ChineseChessRecord Version="1.0"><Head/></ChineseChessRecord>')]])('%s', (name, bytes) => {
    const file = readRecordFile(bytes);
    expect(file.ok).toBe(false);
    if (!file.ok) {
      expect(file.error).toMatchObject({ code: 'unsupported_format', format: name });
      expect(file.error.message).toContain(`${name} `);
    }
  });

  test('CBR, CBL and DhtmlXQ are read now (record-formats.spec.ts), and a broken one says which format it is', () => {
    const cbr = readRecordFile(new Uint8Array([...utf8('CCBridge Record\0'), 0, 0, 2, 0]));
    expect(!cbr.ok && cbr.error).toMatchObject({ code: 'bad_cbr', message: expect.stringMatching(/^CBR: /) });
    const cbl = readRecordFile(new Uint8Array([...utf8('CCBridgeLibrary\0'), 0, 0]));
    expect(!cbl.ok && cbl.error).toMatchObject({ code: 'bad_cbr', message: expect.stringMatching(/^CBL: /) });
    const dhtml = readRecordFile(utf8('[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]'));
    expect(dhtml.ok && dhtml.value.games[0].game?.plies.map((p) => makeIccs(p.move))).toEqual(['h2e2', 'h9g7']);
  });
});

describe('random legal games read back identically in every notation (property)', () => {
  test('move lists in each notation, and PGN with each movetext', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { fen, moves } = randomGame(seed, 1 + (seed % 160));
        const game = gameFromMoves(fen, moves);
        if (!game.ok) throw new Error(game.error.message);
        const expected = moves.map(makeIccs);
        for (const format of EXPORT_FORMATS) {
          const back = importGame(exportGame(game.value, format));
          if (!back.ok) throw new Error(`${format}: ${back.error.message}`);
          expect(back.value.plies.map((p) => makeIccs(p.move))).toEqual(expected);
        }
        for (const n of NOTATIONS) {
          const back = importGame(exportGame(game.value, 'pgn', { pgnNotation: n }));
          if (!back.ok) throw new Error(`pgn/${n}: ${back.error.message}`);
          expect(back.value.plies.map((p) => makeIccs(p.move))).toEqual(expected);
        }
      }),
      { numRuns: 40 },
    );
  });
});
