/**
 * A page frame as a patch (issue 35, a 1,000-player open): a result changes one row of a 500-board
 * round's page, whose whole `<main>` is 800 KB of HTML — sent again to every viewer for every result.
 * A viewer that holds the previous frame's text gets only the lines that changed instead:
 * `[start, deleteCount, lines]` splices of the previous frame's lines (its `data:` lines, as the
 * browser's EventSource joins them with "\n"), applied by client/lib/page-patch.ts.
 */
export type Splice = [start: number, deleteCount: number, lines: string[]];

/**
 * The splices that turn `before` into `after`: where the line counts agree (a result changes cells,
 * not rows) one splice per run of changed lines; otherwise one splice between the common head and
 * tail. Null when the patch would not be much smaller than the page itself (a standings table
 * reordered), so that the viewer gets the whole frame.
 */
export function pagePatch(before: readonly string[], after: readonly string[]): Splice[] | null {
  const splices: Splice[] = [];
  if (before.length === after.length) {
    for (let i = 0; i < after.length; i++) {
      if (before[i] === after[i]) continue;
      let j = i;
      while (j < after.length && before[j] !== after[j]) j++;
      splices.push([i, j - i, after.slice(i, j)]);
      i = j;
    }
  } else {
    let head = 0;
    while (head < before.length && head < after.length && before[head] === after[head]) head++;
    let tail = 0;
    while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
    splices.push([head, before.length - head - tail, after.slice(head, after.length - tail)]);
  }
  let changed = 0;
  for (const [, , lines] of splices) for (const line of lines) changed += line.length + 1;
  let whole = 0;
  for (const line of after) whole += line.length + 1;
  return changed * 2 <= whole ? splices : null;
}
