/**
 * A record file as it comes (`@chuhe/xiangqi/record-file`; kept out of the package's main entry
 * so the browser bundle does not carry the encoding tables): its bytes are XQF, or text in some
 * encoding (see record-encoding.ts) holding one game or many (a PGN file of games one after the
 * other). Every game is read and reported on its own. Formats Chuhe does not read (CBR, CBL,
 * CBF, DhtmlXQ) are named when refused.
 *
 * ```ts
 * const file = readRecordFile(bytes);
 * if (file.ok) for (const g of file.value.games) console.log(g.index, g.game ? g.game.plies.length : g.error.message);
 * ```
 */
import { decodeRecordBytes, DecodedRecord } from './record-encoding';
import { splitRecordTexts } from './pgn';
import { Game, ImportOptions, RecordError, gameFromMoves, importGame, resultWarnings } from './record';
import { Result, err, ok } from './types';
import { isXqf, readXqf } from './xqf';

export type RecordFileFormat = 'xqf' | 'pgn' | 'text';

export interface RecordFileGame {
  /** 1-based position of the game in the file. */
  index: number;
  game?: Game;
  error?: RecordError;
  warnings: string[];
}

export interface RecordFile {
  format: RecordFileFormat;
  /** For text: the encoding used and why (undefined when the input was already a string). */
  encoding?: Omit<DecodedRecord, 'text'>;
  /** XQF: its version and whether it was encrypted. */
  xqf?: { version: number; encrypted: boolean };
  games: RecordFileGame[];
}

export class RecordFileError extends Error {
  readonly code: 'unsupported_format' | 'bad_xqf' | 'empty';
  /** The refused format's name (CBR, CBL, CBF, DhtmlXQ). */
  readonly format?: string;
  constructor(code: RecordFileError['code'], message: string, format?: string) {
    super(message);
    this.name = 'RecordFileError';
    this.code = code;
    this.format = format;
  }
}

const REFUSED: { name: string; what: string; test: (bytes: Uint8Array, head: string) => boolean }[] = [
  { name: 'CBR', what: '象棋桥 (XQ Bridge) binary record', test: (_b, head) => head.startsWith('CCBridge Record') },
  { name: 'CBL', what: '象棋桥 (XQ Bridge) library of records', test: (_b, head) => head.startsWith('CCBridgeLibrary') || head.startsWith('CCBridge Library') },
  { name: 'CBF', what: '象棋桥 (XQ Bridge) XML record', test: (_b, head) => /<ChineseChessRecord\b/i.test(head) },
  { name: 'DhtmlXQ', what: 'DhtmlXQ web viewer record', test: (_b, head) => /\[DhtmlXQ/i.test(head) },
];

/** Names a format Chuhe refuses, from the file's first bytes (undefined: not one of them). */
export function refusedFormat(bytes: Uint8Array): { name: string; what: string } | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 2048).map((b) => (b < 0x80 ? b : 0x20)));
  return REFUSED.find((f) => f.test(bytes, head));
}

/** Reads every game of a record file (bytes as stored, or text already decoded). */
export function readRecordFile(input: Uint8Array | string, options: ImportOptions = {}): Result<RecordFile, RecordFileError> {
  if (typeof input !== 'string') {
    const refused = refusedFormat(input);
    if (refused) {
      return err(
        new RecordFileError(
          'unsupported_format',
          `this is a ${refused.name} file (${refused.what}); Chuhe reads PGN, XQF and move lists in Chinese, WXF/AXF or ICCS — save it as PGN or XQF`,
          refused.name,
        ),
      );
    }
    if (isXqf(input)) {
      const x = readXqf(input);
      if (!x.ok) return err(new RecordFileError('bad_xqf', `XQF: ${x.error.message}`));
      const game = gameFromMoves(x.value.startFen, x.value.moves);
      const entry: RecordFileGame = { index: 1, warnings: [] };
      if (game.ok) {
        game.value.tags = x.value.tags;
        if (x.value.result) game.value.resultToken = x.value.result;
        game.value.warnings = resultWarnings(game.value, x.value.result, undefined);
        entry.game = game.value;
        entry.warnings = game.value.warnings;
      } else {
        entry.error = game.error;
      }
      return ok({ format: 'xqf', xqf: { version: x.value.version, encrypted: x.value.encrypted }, games: [entry] });
    }
  }
  const decoded = typeof input === 'string' ? undefined : decodeRecordBytes(input);
  const text = decoded ? decoded.text : (input as string);
  if (typeof input === 'string') {
    const refused = refusedFormat(new TextEncoder().encode(text.slice(0, 2048)));
    if (refused)
      return err(
        new RecordFileError(
          'unsupported_format',
          `this is a ${refused.name} record (${refused.what}); Chuhe reads PGN, XQF and move lists in Chinese, WXF/AXF or ICCS — save it as PGN or XQF`,
          refused.name,
        ),
      );
  }
  const texts = splitRecordTexts(text).filter((t) => t.trim() !== '');
  if (texts.length === 0) return err(new RecordFileError('empty', 'the file holds no record'));
  const games = texts.map((t, i): RecordFileGame => {
    const g = importGame(t, options);
    return g.ok ? { index: i + 1, game: g.value, warnings: g.value.warnings ?? [] } : { index: i + 1, error: g.error, warnings: [] };
  });
  const encoding = decoded ? { encoding: decoded.encoding, by: decoded.by, note: decoded.note } : undefined;
  return ok({ format: /^\s*\[/m.test(text) ? 'pgn' : 'text', encoding, games });
}

export { decodeRecordBytes } from './record-encoding';
export type { DecodedRecord, RecordEncoding } from './record-encoding';
export { readXqf, writeXqf, isXqf, XqfError } from './xqf';
export type { XqfRecord, XqfWriteOptions } from './xqf';
