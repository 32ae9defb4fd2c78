/**
 * `chuhe validate FILE [--fen FEN] [--claim PLY --by red|black] [--json]` — replay every game of
 * a record file move by move (PGN of many games, XQF, text in UTF-8, GBK/GB18030 or Big5: the
 * encoding is detected and named). Exit 0 and the final state (ongoing, 将死, 困毙, 自杀着法) when every move is
 * legal; exit 1 and the first illegal move (number, text, reason) otherwise.
 * `--claim PLY --by SIDE` also answers a natural-move-limit draw claim made after PLY (二章4节).
 */
import { CliIo, Command, UsageError, parseArgs } from '../cli-io';
import { Game, Result, SIDES, Side, checkMoveLimitClaim, describeEnd, endResult } from '@chuhe/xiangqi';
import { RecordFile, RecordFileError, readRecordFile } from '@chuhe/xiangqi/record-file';

export const USAGE = 'usage: chuhe validate [FILE] [--fen FEN] [--claim PLY --by SIDE] [--json] < record';

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['json']);
  for (const f of flags.keys()) {
    if (!['fen', 'json', 'claim', 'by'].includes(f)) throw new UsageError(`unknown option --${f} (options: --fen FEN, --claim PLY --by SIDE, --json)`);
  }
  if (positionals.length > 1) throw new UsageError('give one record FILE');
  const claimText = flags.get('claim');
  const by = flags.get('by');
  if ((claimText === undefined) !== (by === undefined)) throw new UsageError('--claim PLY and --by red|black go together');
  if (claimText !== undefined && (typeof claimText !== 'string' || !/^\d+$/.test(claimText))) throw new UsageError('--claim needs a ply number');
  if (by !== undefined && !(SIDES as readonly unknown[]).includes(by)) throw new UsageError('--by must be red or black');
  const file = readRecordBytes(await readRecord(positionals[0], io), flags.get('fen'));
  const json = flags.has('json');
  if (!file.ok) {
    if (json) io.stdout(JSON.stringify({ valid: false, error: { code: file.error.code, format: file.error.format, message: file.error.message } }, null, 2));
    else io.stderr(`invalid: ${file.error.message}`);
    return 1;
  }
  const { games } = file.value;
  if (claimText !== undefined && games.length > 1) throw new UsageError(`--claim checks one game; the file holds ${games.length}`);
  const reports = games.map((entry) => {
    if (!entry.game) {
      const e = entry.error!;
      return {
        index: entry.index,
        valid: false as const,
        error: { code: e.code, reason: e.reason, ply: e.ply, moveNumber: e.moveNumber, side: e.side, text: e.text, message: e.message },
      };
    }
    const g = entry.game;
    const claim = claimText === undefined ? undefined : checkMoveLimitClaim(g, { afterPly: Number(claimText), claimant: by as Side });
    return {
      index: entry.index,
      valid: true as const,
      plies: g.plies.length,
      end: g.end,
      result: endResult(g.end),
      moveLimitClaim: claim,
      warnings: entry.warnings,
      game: g,
    };
  });
  const source = describeSource(file.value);
  if (json) {
    const strip = ({ game: _g, ...r }: (typeof reports)[number] & { game?: Game }) => r;
    const meta = { format: file.value.format, encoding: file.value.encoding, xqf: file.value.xqf };
    if (reports.length === 1) io.stdout(JSON.stringify({ ...strip(reports[0]), ...meta }, null, 2));
    else io.stdout(JSON.stringify({ ...meta, games: reports.map(strip) }, null, 2));
    return reports.every((r) => r.valid) ? 0 : 1;
  }
  if (source) io.stdout(source);
  const many = reports.length > 1;
  for (const r of reports) {
    const prefix = many ? `game ${r.index}: ` : '';
    if (!r.valid) {
      io.stderr(`${prefix}invalid: ${r.error.message}`);
      continue;
    }
    io.stdout(`${prefix}valid: ${r.plies} plies; ${describeEnd(r.end)}${r.end.kind === 'ongoing' ? '' : ` (${r.result})`}`);
    for (const w of r.warnings) io.stdout(`${prefix}warning: ${w}`);
    if (r.moveLimitClaim)
      io.stdout(`move-limit claim by ${by} after ply ${claimText}: ${r.moveLimitClaim.valid ? 'valid' : 'not valid'} — ${r.moveLimitClaim.reason}`);
  }
  if (many) io.stdout(`${reports.filter((r) => r.valid).length} of ${reports.length} games valid`);
  return reports.every((r) => r.valid) ? 0 : 1;
};

/** How the file was read, when there is something to say: the encoding (other than plain UTF-8), XQF. */
export function describeSource(file: RecordFile): string | undefined {
  if (file.xqf) return `read as XQF version ${file.xqf.version}${file.xqf.encrypted ? ' (encrypted)' : ''}`;
  if (file.encoding && file.encoding.by !== 'utf-8') return file.encoding.note;
  return undefined;
}

/** Shared with `convert`: read a record from FILE or stdin (`-`). */

export async function readRecord(file: string | undefined, io: CliIo): Promise<Uint8Array> {
  if (file === undefined) throw new UsageError('give the record FILE (or - for standard input)');
  if (file === '-') return io.readStdinBytes();
  try {
    return io.readFileBytes(file);
  } catch (error) {
    throw new UsageError(`cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Every game of the file: XQF or text in any encoding (see `@chuhe/xiangqi/record-file`). */
export function readRecordBytes(bytes: Uint8Array, fen: string | true | undefined): Result<RecordFile, RecordFileError> {
  if (fen === true) throw new UsageError('--fen needs a FEN string (quote it)');
  return readRecordFile(bytes, { fen });
}
