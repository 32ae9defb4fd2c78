/**
 * `chuhe convert FILE --to chinese|axf|wxf|iccs|pgn|… [--fen FEN]` — read a game record (move
 * list in any notation, or a xiangqi PGN; FILE `-` = stdin), check every move, write it in
 * another notation. A record that does not replay is refused with its first illegal move.
 */
import { Command, UsageError, parseArgs } from '../cli-io';
import { EXPORT_FORMATS, ExportFormat, exportGame } from '@chuhe/xiangqi';
import { importRecord, readRecord } from './validate';

export const USAGE = 'usage: chuhe convert [FILE] [--to FORMAT] [--fen FEN] < record';

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv);
  for (const f of flags.keys()) if (f !== 'to' && f !== 'fen') throw new UsageError(`unknown option --${f} (options: --to FORMAT, --fen FEN)`);
  const to = flags.get('to');
  if (typeof to !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(to)) {
    throw new UsageError(`--to must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  if (positionals.length > 1) throw new UsageError('give one record FILE');
  const game = importRecord(await readRecord(positionals[0], io), flags.get('fen'));
  if (!game.ok) {
    io.stderr(`chuhe convert: ${game.error.message}`);
    return 1;
  }
  io.stdout(exportGame(game.value, to as ExportFormat));
  return 0;
};
