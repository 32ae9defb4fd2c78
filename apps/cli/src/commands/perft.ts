/**
 * `chuhe perft DEPTH [--fen FEN] [--divide]` — leaf nodes of the legal move tree (一章2节).
 * With --divide, one line per first move (`h2e2 1234`), then the total. The last line printed is
 * always the node count.
 */
import { Command, UsageError, parseArgs } from '../cli-io';
import { Position, makeIccs, perft, perftDivide } from '@chuhe/xiangqi';

export const USAGE = 'usage: chuhe perft DEPTH [--fen FEN] [--divide]';

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['divide']);
  for (const f of flags.keys()) if (f !== 'fen' && f !== 'divide') throw new UsageError(`unknown option --${f} (options: --fen FEN, --divide)`);
  if (positionals.length !== 1) throw new UsageError('usage: chuhe perft DEPTH [--fen FEN] [--divide]');
  const depth = Number(positionals[0]);
  if (!/^\d+$/.test(positionals[0]) || depth > 12) throw new UsageError(`DEPTH must be a whole number from 0 to 12, not '${positionals[0]}'`);
  const fen = flags.get('fen');
  if (fen === true) throw new UsageError('--fen needs a FEN string (quote it)');
  const pos = fen === undefined ? { ok: true as const, value: Position.default() } : Position.fromFen(fen);
  if (!pos.ok) {
    io.stderr(`chuhe perft: bad --fen (${pos.error.code}): ${pos.error.message}`);
    return 2;
  }
  if (flags.has('divide') && depth >= 1) {
    let total = 0;
    for (const { move, nodes } of perftDivide(pos.value, depth)) {
      io.stdout(`${makeIccs(move)} ${nodes}`);
      total += nodes;
    }
    io.stdout(String(total));
    return 0;
  }
  io.stdout(String(perft(pos.value, depth)));
  return 0;
};
