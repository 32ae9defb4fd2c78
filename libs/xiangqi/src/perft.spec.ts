import data from '../fixtures/perft.json';
import { Position } from './position';
import { perft, perftDivide } from './perft';

// Copied from ../shared/rules/perft.json. Deeper counts run in `npm run bench` / `chuhe perft`.
const CASES = (data as { fen: string; perft: number[] }[]).flatMap(({ fen, perft: counts }) =>
  counts.slice(0, 3).map((nodes, i) => [fen, i + 1, nodes] as const),
);

describe('perft (一章2节)', () => {
  test.each(CASES)('%s depth %d = %d', (fen, depth, nodes) => {
    const pos = Position.fromFen(fen);
    if (!pos.ok) throw pos.error;
    expect(perft(pos.value, depth)).toBe(nodes);
  });

  test('start position depth 4', () => {
    expect(perft(Position.default(), 4)).toBe(3290240);
  });

  test('divide sums to perft and leaves the position unchanged', () => {
    const pos = Position.default();
    const parts = perftDivide(pos, 2);
    expect(parts).toHaveLength(44);
    expect(parts.reduce((s, p) => s + p.nodes, 0)).toBe(1920);
    expect(pos.toFen()).toBe(Position.default().toFen());
  });
});
