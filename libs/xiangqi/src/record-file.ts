/**
 * A record file as it comes (`@chuhe/xiangqi/record-file`; kept out of the package's main entry
 * so the browser bundle does not carry the encoding tables): its bytes are XQF, or text in some
 * encoding (see record-encoding.ts) holding one game or many (a PGN file of games one after the
 * other), a 东萍 DhtmlXQ page (dhtmlxq.ts), or 象棋桥's CBR record or CBL library (cbr.ts). Every
 * game is read and reported on its own, with its comments and variations. CBF (象棋桥's XML) is
 * named when refused.
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
import { hasAnnotations } from './annotations';
import { isCbl, isCbr, readCbl, readCbr } from './cbr';
import { ImportedRecord, dhtmlXqBlocks, isDhtmlXq, readDhtmlXq } from './dhtmlxq';

export type RecordFileFormat = 'xqf' | 'pgn' | 'text' | 'dhtmlxq' | 'cbr' | 'cbl';

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
  /** CBL: the library's name. */
  library?: string;
  games: RecordFileGame[];
}

export class RecordFileError extends Error {
  readonly code: 'unsupported_format' | 'bad_xqf' | 'bad_cbr' | 'bad_dhtmlxq' | 'empty';
  /** The refused format's name (CBF). */
  readonly format?: string;
  constructor(code: RecordFileError['code'], message: string, format?: string) {
    super(message);
    this.name = 'RecordFileError';
    this.code = code;
    this.format = format;
  }
}

const REFUSED: { name: string; what: string; test: (bytes: Uint8Array, head: string) => boolean }[] = [
  { name: 'CBF', what: '象棋桥 (XQ Bridge) XML record', test: (_b, head) => /<ChineseChessRecord\b/i.test(head) },
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
      const entry = importedGame(1, { ...x.value, annotations: { comments: x.value.comments, variations: [] }, warnings: [] });
      return ok({ format: 'xqf', xqf: { version: x.value.version, encrypted: x.value.encrypted }, games: [entry] });
    }
    if (isCbl(input)) {
      const lib = readCbl(input);
      if (!lib.ok) return err(new RecordFileError('bad_cbr', `CBL: ${lib.error.message}`));
      const games = lib.value.games.map((g, i) =>
        g.record.ok ? importedGame(i + 1, g.record.value) : { index: i + 1, error: new RecordError('syntax', `CBR: ${g.record.error.message}`), warnings: [] },
      );
      return ok({ format: 'cbl', library: lib.value.name || undefined, games });
    }
    if (isCbr(input)) {
      const rec = readCbr(input);
      if (!rec.ok) return err(new RecordFileError('bad_cbr', `CBR: ${rec.error.message}`));
      return ok({ format: 'cbr', games: [importedGame(1, rec.value)] });
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
  if (isDhtmlXq(text)) {
    const games = dhtmlXqBlocks(text).map((block, i): RecordFileGame => {
      const rec = readDhtmlXq(block);
      return rec.ok ? importedGame(i + 1, rec.value) : { index: i + 1, error: new RecordError('syntax', `DhtmlXQ: ${rec.error.message}`), warnings: [] };
    });
    const encoding = decoded ? { encoding: decoded.encoding, by: decoded.by, note: decoded.note } : undefined;
    return ok({ format: 'dhtmlxq', encoding, games });
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

/** A game read from moves (XQF, CBR, DhtmlXQ): replayed and checked like any record. */
function importedGame(index: number, rec: ImportedRecord): RecordFileGame {
  const game = gameFromMoves(rec.startFen, rec.moves);
  if (!game.ok) return { index, error: game.error, warnings: [] };
  game.value.tags = rec.tags;
  if (rec.result) game.value.resultToken = rec.result;
  game.value.warnings = [...rec.warnings, ...resultWarnings(game.value, rec.result, undefined)];
  if (hasAnnotations(rec.annotations)) game.value.annotations = rec.annotations;
  return { index, game: game.value, warnings: game.value.warnings };
}

export { decodeRecordBytes } from './record-encoding';
export type { DecodedRecord, RecordEncoding } from './record-encoding';
export { readXqf, writeXqf, isXqf, XqfError } from './xqf';
export { readCbr, readCbl, isCbr, isCbl, CbrError, CBR_HEADER_SIZE, CBL_SLOT } from './cbr';
export { readDhtmlXq, dhtmlXqBlocks, dhtmlXqResult, isDhtmlXq, DhtmlXqError } from './dhtmlxq';
export type { ImportedRecord } from './dhtmlxq';
export type { XqfRecord, XqfWriteOptions } from './xqf';
