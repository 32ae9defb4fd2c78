/**
 * `npx tsx test/bench/cpu-profile-summary.ts FILE.cpuprofile [per]` — what a `node --cpu-prof`
 * profile of the server spent its CPU on (issue 35 #3): self time by function and by where the
 * code lives (the project's files, each package under node_modules, node's own), and the total
 * time under each of the project's functions (inclusive). With `per` (e.g. the results entered
 * while profiled), every figure is also printed per unit. Idle time is left out.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: the project's file, a package, node's own, or the engine. */
export function placeOf(url: string): string {
  if (!url) return '(engine)';
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 5) : url;
}

export function summarize(file: string, per = 0, top = 25): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Time per node from the samples (µs), not hitCount: the deltas carry the sampling gaps.
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${placeOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
  let busy = 0;
  let gc = 0;
  const fn = new Map<string, number>();
  const place = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === '(idle)') continue;
    if (name === '(garbage collector)') gc += us;
    busy += us;
    if (idle.has(name) && name !== '(garbage collector)') {
      fn.set(name, (fn.get(name) ?? 0) + us);
      continue;
    }
    fn.set(label(n), (fn.get(label(n)) ?? 0) + us);
    place.set(placeOf(n.callFrame.url), (place.get(placeOf(n.callFrame.url)) ?? 0) + us);
    // Inclusive time of the project's own functions (each counted once per sample's stack).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!;
      const url = f.callFrame.url;
      if (!url || url.includes('/node_modules/') || url.startsWith('node:')) continue;
      const l = label(f);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + us);
    }
  }
  const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
  const each = (us: number) => (per ? ` ${(us / 1000 / per).toFixed(3).padStart(7)} ms each` : '');
  const pctOf = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${ms(us)} ms ${pctOf(us)}${each(us)}  ${k}`);
  const wall = (profile.endTime - profile.startTime) / 1000;
  return [
    `${file}: ${(wall / 1000).toFixed(1)} s profiled, busy ${(busy / 1000).toFixed(0)} ms (GC ${(gc / 1000).toFixed(0)} ms)${per ? `, ${per} units: ${(busy / 1000 / per).toFixed(2)} ms busy each` : ''}`,
    '-- self time by place:',
    ...rows(place, 15),
    '-- self time by function:',
    ...rows(fn, top),
    "-- inclusive time of the project's functions:",
    ...rows(inclusive, top),
  ];
}

if (require.main === module) {
  const [file, per] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [units]');
  for (const line of summarize(file, Number(per ?? 0))) console.log(line);
}
