/**
 * `chuhe moves [--fen FEN] [--notation chinese|axf|wxf|iccs|…]` — the legal moves of the side to
 * move, one per line (in generation order), in the chosen notation (default chinese).
 */
import { Command, UsageError, parseArgs } from '../cli-io';
import { NOTATIONS, Position, formatMove, isNotation } from '@chuhe/xiangqi';

export const USAGE = 'usage: chuhe moves [--fen FEN] [--notation NAME]';

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv);
  for (const f of flags.keys()) if (f !== 'fen' && f !== 'notation') throw new UsageError(`unknown option --${f} (options: --fen FEN, --notation NAME)`);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}' (quote the FEN after --fen)`);
  const fen = flags.get('fen');
  const notation = flags.get('notation') ?? 'chinese';
  if (fen === true) throw new UsageError('--fen needs a FEN string (quote it)');
  if (notation === true || !isNotation(notation)) {
    throw new UsageError(`--notation must be one of ${NOTATIONS.join(', ')}`);
  }
  const pos = fen === undefined ? { ok: true as const, value: Position.default() } : Position.fromFen(fen);
  if (!pos.ok) {
    io.stderr(`chuhe moves: bad --fen (${pos.error.code}): ${pos.error.message}`);
    return 2;
  }
  const moves = pos.value.legalMoves();
  if (moves.length === 0) {
    io.stdout(
      pos.value.isCheck() ? `no legal move: ${pos.value.turn} is checkmated (将死)` : `no legal move: ${pos.value.turn} is stalemated (困毙) and loses`,
    );
    return 0;
  }
  io.stdout(moves.map((m) => formatMove(pos.value, m, notation)).join('\n'));
  return 0;
};
