import { applyPatch } from '../../client/lib/page-patch';
import { pagePatch } from './page-patch';

/**
 * A page frame's patch (issue 35): the splices the server computes, applied by the browser's script
 * to the previous frame's text, give the next frame's text exactly — or the whole frame is sent.
 */
describe('pagePatch / applyPatch', () => {
  const table = (n: number, changed: Record<number, string> = {}) => [
    '<h1>Round 1</h1>',
    '<p>Results in: 0</p>',
    ...Array.from({ length: n }, (_, i) => changed[i] ?? `<tr><td>${i + 1}</td><td>Player ${2 * i + 1}</td><td></td><td>Player ${2 * i + 2}</td></tr>`),
    '</table>',
  ];

  it('one result on a 500-board round: two lines, applied to the text as the browser holds it', () => {
    const before = table(500);
    const after = table(500, { 41: '<tr><td>42</td><td>Player 83</td><td>1–0</td><td>Player 84</td></tr>' });
    after[1] = '<p>Results in: 1</p>';
    const splices = pagePatch(before, after)!;
    expect(splices).toEqual([
      [1, 1, ['<p>Results in: 1</p>']],
      [43, 1, [after[43]]],
    ]);
    expect(applyPatch(before.join('\n'), splices)).toBe(after.join('\n'));
    expect(JSON.stringify(splices).length).toBeLessThan(after.join('\n').length / 100);
  });

  it('lines added and removed: one splice between the common head and tail', () => {
    const before = table(10);
    const after = [...before.slice(0, 5), '<tr><td>bye</td></tr>', '<tr><td>bye 2</td></tr>', ...before.slice(6)];
    const splices = pagePatch(before, after)!;
    expect(splices).toEqual([[5, 1, ['<tr><td>bye</td></tr>', '<tr><td>bye 2</td></tr>']]]);
    expect(applyPatch(before.join('\n'), splices)).toBe(after.join('\n'));
    const shorter = [...before.slice(0, 3), ...before.slice(8)];
    expect(applyPatch(before.join('\n'), pagePatch(before, shorter)!)).toBe(shorter.join('\n'));
  });

  it('random edits of every kind round-trip; a page mostly changed is sent whole', () => {
    let seed = 7;
    let patched = 0;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 300; k++) {
      const before = Array.from({ length: 1 + random(60) }, (_, i) => `line ${i} ${random(3)}`);
      const after = [...before];
      for (let e = random(4); e >= 0; e--) {
        const at = random(after.length + 1);
        const kind = random(3);
        if (kind === 0) after.splice(at, 0, `new ${random(1000)}`);
        else if (kind === 1 && after.length > 1) after.splice(Math.min(at, after.length - 1), 1);
        else if (after.length) after[Math.min(at, after.length - 1)] = `changed ${random(1000)}`;
      }
      const splices = pagePatch(before, after);
      if (!splices) continue;
      patched++;
      expect(applyPatch(before.join('\n'), splices)).toBe(after.join('\n'));
    }
    expect(patched).toBeGreaterThan(100);
    const before = table(20);
    const reordered = [...before].reverse();
    expect(pagePatch(before, reordered)).toBeNull();
  });

  it('a patch that does not fit the text is refused (the browser fetches the page)', () => {
    expect(applyPatch('a\nb', [[5, 1, ['x']]])).toBeNull();
    expect(applyPatch('a\nb', [[1, 3, []]])).toBeNull();
  });
});
