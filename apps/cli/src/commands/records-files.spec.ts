/** `chuhe validate` / `convert` on record files as they come: encodings, many games, XQF, refused formats. */
import * as iconv from 'iconv-lite';
import { INITIAL_FEN, parseIccs } from '@chuhe/xiangqi';
import { writeXqf } from '@chuhe/xiangqi/record-file';
import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const TRAD = '[Event "首屆"味極王杯"象棋精英賽"]\n[Red "柳大華"]\n\n1. 炮二平五 馬8進7 2. 馬二進三 車9平8 *\n';
const SIMP = '[Event "全国赛"]\n\n1. 炮二平五 马8进7 *\n';

describe('chuhe validate / convert on record files', () => {
  test('a Big5 file with an unescaped quote in a tag: valid, the encoding and the warning said', async () => {
    const io = fakeIo('', { 'g.pgn': iconv.encode(TRAD, 'big5') });
    expect(await main(['validate', 'g.pgn'], io)).toBe(0);
    const out = io.out.join('\n');
    expect(out).toContain('read as Big5');
    expect(out).toContain('valid: 4 plies');
    expect(out).toContain('warning: line 1: the Event tag has unescaped quotes');
  });

  test('a GBK file of three games, one of them illegal: each reported, exit 1', async () => {
    const bad = '[Event "坏棋"]\n\n1. 炮二平五 马8进6 *\n';
    const io = fakeIo('', { 'g.pgn': iconv.encode(`${SIMP}\n${SIMP}\n${bad}`, 'gbk') });
    expect(await main(['validate', 'g.pgn'], io)).toBe(1);
    expect(io.out.join('\n')).toMatch(/read as GB18030[\s\S]*game 1: valid: 2 plies[\s\S]*game 2: valid: 2 plies[\s\S]*2 of 3 games valid/);
    expect(io.err.join('\n')).toContain('game 3: invalid: move 1... 马8进6');
    const json = fakeIo('', { 'g.pgn': iconv.encode(`${SIMP}\n${bad}`, 'gbk') });
    expect(await main(['validate', 'g.pgn', '--json'], json)).toBe(1);
    expect(JSON.parse(json.out.join(''))).toMatchObject({
      format: 'pgn',
      encoding: { encoding: 'GB18030' },
      games: [
        { index: 1, valid: true, plies: 2 },
        { index: 2, valid: false, error: { code: 'illegal_move' } },
      ],
    });
  });

  test('convert writes every game', async () => {
    const io = fakeIo('', { 'g.pgn': iconv.encode(`${SIMP}\n${SIMP}`, 'gb18030') });
    expect(await main(['convert', 'g.pgn', '--to', 'wxf'], io)).toBe(0);
    expect(io.out.join('')).toBe('1. C2.5 H8+7\n\n1. C2.5 H8+7');
  });

  test('an encrypted XQF file is read and converted', async () => {
    const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9'].map((m) => parseIccs(m)!);
    const bytes = writeXqf(INITIAL_FEN, moves, { version: 12, tags: { Red: '许银川', Black: '吕钦' } });
    const io = fakeIo('', { 'g.xqf': bytes });
    expect(await main(['validate', 'g.xqf'], io)).toBe(0);
    expect(io.out.join('\n')).toBe('read as XQF version 12 (encrypted)\nvalid: 4 plies; the game goes on');
    const conv = fakeIo(bytes);
    expect(await main(['convert', '-', '--to', 'pgn'], conv)).toBe(0);
    expect(conv.out.join('')).toMatch(/\[Red "许银川"\][\s\S]*1\. 炮二平五 马8进7/);
  });

  test('CBF is refused by name; a broken CBR says it is CBR', async () => {
    const cbf = fakeIo('', { 'g.cbf': new TextEncoder().encode('<?xml version="1.0"?>\n<ChineseChessRecord Version="1.0"/>') });
    expect(await main(['validate', 'g.cbf'], cbf)).toBe(1);
    expect(cbf.err.join('')).toMatch(/this is a CBF file/);
    const io = fakeIo('', { 'g.cbr': new Uint8Array([...new TextEncoder().encode('CCBridge Record\0'), 0, 0, 0]) });
    expect(await main(['validate', 'g.cbr'], io)).toBe(1);
    expect(io.err.join('')).toMatch(/CBR: a CBR record has a 2214-byte header/);
  });
});
