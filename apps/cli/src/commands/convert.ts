/**
 * `chuhe convert FILE --to chinese|axf|wxf|iccs|pgn|… [--fen FEN]` — read a record file (move
 * list in any notation, a xiangqi PGN of one game or many, or XQF; any encoding; FILE `-` = stdin),
 * check every move, write each game in another notation. A game that does not replay is reported
 * with its first illegal move (exit 1); the others are still written.
 */
import { Command, UsageError, parseArgs } from '../cli-io';
import { EXPORT_FORMATS, ExportFormat, exportGame } from '@chuhe/xiangqi';
import { describeSource, readRecord, readRecordBytes } from './validate';

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv);
  for (const f of flags.keys()) if (f !== 'to' && f !== 'fen') throw new UsageError(`unknown option --${f} (options: --to FORMAT, --fen FEN)`);
  const to = flags.get('to');
  if (typeof to !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(to)) {
    throw new UsageError(`--to must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  if (positionals.length > 1) throw new UsageError('give one record FILE');
  const file = readRecordBytes(await readRecord(positionals[0], io), flags.get('fen'));
  if (!file.ok) {
    io.stderr(`chuhe convert: ${file.error.message}`);
    return 1;
  }
  const source = describeSource(file.value);
  if (source) io.stderr(`chuhe convert: ${source}`);
  const { games } = file.value;
  const many = games.length > 1;
  const out: string[] = [];
  for (const g of games) {
    const prefix = many ? `game ${g.index}: ` : '';
    if (!g.game) io.stderr(`chuhe convert: ${prefix}${g.error!.message}`);
    else {
      for (const w of g.warnings) io.stderr(`chuhe convert: ${prefix}warning: ${w}`);
      out.push(exportGame(g.game, to as ExportFormat));
    }
  }
  // Several games: one after another, a blank line between (a multi-game PGN for --to pgn).
  if (out.length) io.stdout(out.join('\n\n'));
  return games.every((g) => g.game) ? 0 : 1;
};
