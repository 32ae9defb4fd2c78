/**
 * 棋例 adjudicator speed (issue 4): median time to adjudicate a 12-ply cycle (target < 10 ms) and a
 * batch of 200 cases, each against a reference measured in the same run: replaying the same moves
 * from the FEN with a legality check per move and generating every legal move of every position
 * of the game — the least any adjudicator has to do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Position, adjudicate, adjudicateBatch, parseIccs } from '@chuhe/xiangqi';

interface Case {
  fen?: string;
  moves: string[];
}

// 12-ply cycle from the start position (both sides shuffle three pieces out and back), played twice
const CYCLE_12 = 'h0g2 h9g7 b0c2 b9c7 h2h1 h7h8 g2h0 g7h9 c2b0 c7b9 h1h2 h8h7'.split(' ');
const TWELVE: Case = { moves: [...CYCLE_12, ...CYCLE_12] };

function reference(c: Case): number {
  let pos = c.fen ? (Position.fromFen(c.fen) as { ok: true; value: Position }).value : Position.default();
  let n = pos.legalMoves().length;
  for (const text of c.moves) {
    const m = parseIccs(text)!;
    if (!pos.isLegal(m)) throw new Error('bench: illegal move');
    pos = pos.clone();
    pos.play(m);
    n += pos.legalMoves().length;
  }
  return n;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn: () => void, runs: number): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

export async function bench(): Promise<void> {
  const dev = JSON.parse(readFileSync(join(__dirname, '../../libs/xiangqi/fixtures/dev-repetition-cases.json'), 'utf8')) as Case[];
  const batch: Case[] = Array.from({ length: 200 }, (_, i) => (i % 33 === 32 ? TWELVE : dev[i % 33]));

  // warm-up
  for (let i = 0; i < 5; i++) adjudicate(TWELVE);
  const check = adjudicate(TWELVE);
  if (!check.ok || check.value.cycle?.plies !== 12) throw new Error('bench: the 12-ply case did not give a 12-ply cycle');

  const one = time(() => void adjudicate(TWELVE), 41);
  const oneRef = time(() => void reference(TWELVE), 41);
  console.log(`12-ply cycle (start position, ${TWELVE.moves.length} plies): median ${one.toFixed(2)} ms (target < 10 ms)`);
  console.log(`  reference (replay + legal moves of every position): ${oneRef.toFixed(3)} ms — ratio ${(one / oneRef).toFixed(1)}×`);

  // Paired: adjudication and reference alternate, so a busy machine slows both alike (2 cores shared by
  // many processes make the separate medians below swing by 2×); the median of the per-pair ratios.
  const pairs: number[] = [];
  const pairsOne: number[] = [];
  for (let i = 0; i < 15; i++) {
    const a = time(() => void adjudicateBatch(batch), 1);
    const b = time(() => batch.forEach(reference), 1);
    pairs.push(a / b);
    const c = time(() => void adjudicate(TWELVE), 5);
    const d = time(() => void reference(TWELVE), 5);
    pairsOne.push(c / d);
  }
  console.log(`paired ratios (median of 15 alternating runs): 12-ply ${median(pairsOne).toFixed(1)}×, batch ${median(pairs).toFixed(1)}×`);

  const many = time(() => void adjudicateBatch(batch), 7);
  const manyRef = time(() => batch.forEach(reference), 7);
  console.log(
    `batch of ${batch.length} cases (the 32 dev cases + the 12-ply case, repeated): median ${many.toFixed(1)} ms (${(many / batch.length).toFixed(2)} ms per case)`,
  );
  console.log(`  reference: ${manyRef.toFixed(2)} ms — ratio ${(many / manyRef).toFixed(1)}×`);
}
