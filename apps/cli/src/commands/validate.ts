/**
 * `chuhe validate FILE [--fen FEN] [--claim PLY --by red|black] [--json]` — replay a game record
 * move by move. Exit 0 and the final state (ongoing, 将死, 困毙, 自杀着法) when every move is
 * legal; exit 1 and the first illegal move (number, text, reason) otherwise.
 * `--claim PLY --by SIDE` also answers a natural-move-limit draw claim made after PLY (二章4节).
 */
import { CliIo, Command, UsageError, parseArgs } from '../cli-io';
import { Game, RecordError, Result, SIDES, Side, checkMoveLimitClaim, describeEnd, endResult, importGame } from '@chuhe/xiangqi';

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
  const game = importRecord(await readRecord(positionals[0], io), flags.get('fen'));
  const json = flags.has('json');
  if (!game.ok) {
    const e = game.error;
    if (json) {
      io.stdout(JSON.stringify({ valid: false, error: { code: e.code, reason: e.reason, ply: e.ply, moveNumber: e.moveNumber, side: e.side, text: e.text, message: e.message } }, null, 2));
    } else {
      io.stderr(`invalid: ${e.message}`);
    }
    return 1;
  }
  const g = game.value;
  const claim = claimText === undefined ? undefined : checkMoveLimitClaim(g, { afterPly: Number(claimText), claimant: by as Side });
  if (json) {
    io.stdout(JSON.stringify({ valid: true, plies: g.plies.length, end: g.end, result: endResult(g.end), moveLimitClaim: claim }, null, 2));
  } else {
    io.stdout(`valid: ${g.plies.length} plies; ${describeEnd(g.end)}${g.end.kind === 'ongoing' ? '' : ` (${endResult(g.end)})`}`);
    if (claim) io.stdout(`move-limit claim by ${by} after ply ${claimText}: ${claim.valid ? 'valid' : 'not valid'} — ${claim.reason}`);
  }
  return 0;
};

/** Shared with `convert`: read a record from FILE or stdin (`-`). */

export async function readRecord(file: string | undefined, io: CliIo): Promise<string> {
  if (file === undefined) throw new UsageError('give the record FILE (or - for standard input)');
  if (file === '-') return io.readStdin();
  try {
    return io.readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function importRecord(text: string, fen: string | true | undefined): Result<Game, RecordError> {
  if (fen === true) throw new UsageError('--fen needs a FEN string (quote it)');
  return importGame(text, { fen });
}
