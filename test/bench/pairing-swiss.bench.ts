/**
 * `npm run bench -- swiss`: one Swiss round (积分编排) after 8 rounds of random results, on seeded
 * fields of 100 / 1,000 / 3,000 / 10,000 players, by both paths of the engine
 * (libs/pairing/src/swiss/swiss-engine.ts): the dense matching (every allowed pair an edge; run up
 * to DENSE_RUN players, above that it is too big to be worth the wait) and the sparse candidate
 * graph with its certificate (the path every field above DENSE_LIMIT takes).
 *
 * Per path it prints the quality measures of issue 15 — rematches, players outside their score
 * group, sum and maximum of score differences, third colour in a row, colour difference above 2,
 * players not getting their due colour, whether the bye went to the lowest-ranked player without
 * one — then time (and its ratio to a greedy pairer over the same field, the reference measured
 * in the same run) and peak RSS. It fails if the sparse result is worse than the dense one on the
 * engine's priorities (rematches, then hard colour faults, then Σ score difference²) where both run.
 *
 * The 8 rounds of history are made by the greedy pairer (fast), so the measured round starts from
 * a realistic and somewhat rough field: score groups, colour histories with some imbalance, byes,
 * no-rematch constraints.
 */
import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { scoresAfter } from '@chuhe/tournament';
import { seededRandom } from '@chuhe/registration';
import { entryHistories } from '@chuhe/pairing';
import { checkRound } from '@chuhe/pairing';
import { assignmentCost, colourDiff, dueColour } from '@chuhe/pairing';
import { playRandomTournament, randomField, randomResult } from '@chuhe/pairing';
import { EngineTuning, pairSwissIndividual, swissIndividual } from '@chuhe/pairing';
import { DENSE_LIMIT } from '@chuhe/pairing';

const SIZES = process.env.SWISS_BENCH_SIZES ? process.env.SWISS_BENCH_SIZES.split(',').map(Number) : [100, 1000, 3000, 10000];
/** The dense path is run up to this many players (3,000 would be 4.5 million edges). */
const DENSE_RUN = 1000;

function greedyRound(t: Tournament): Round {
  const round = t.rounds.length + 1;
  const scores = scoresAfter(t).scores;
  const hist = entryHistories(t);
  const order = [...t.entries].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.drawNumber - b.drawNumber).map((e) => e.id);
  const byes: string[] = [];
  if (order.length % 2 === 1) {
    for (let i = order.length - 1; i >= 0; i--) {
      if ((hist.get(order[i])?.byes.length ?? 0) === 0) {
        byes.push(order[i]);
        order.splice(i, 1);
        break;
      }
    }
  }
  const used = new Set<string>();
  const pairings: Round['pairings'] = [];
  for (let i = 0; i < order.length; i++) {
    const a = order[i];
    if (used.has(a)) continue;
    for (let j = i + 1; j < order.length; j++) {
      const b = order[j];
      if (used.has(b) || hist.get(a)?.opponents.has(b)) continue;
      used.add(a);
      used.add(b);
      const ca = hist.get(a)?.colours ?? [];
      const cb = hist.get(b)?.colours ?? [];
      const x = assignmentCost(ca, cb, 'red');
      const y = assignmentCost(ca, cb, 'black');
      const aRed = x.hard !== y.hard ? x.hard < y.hard : x.soft !== y.soft ? x.soft < y.soft : dueColour(ca) !== 'black';
      const [red, black] = aRed ? [a, b] : [b, a];
      pairings.push({ red, black, games: [{ red, black, result: null }] });
      break;
    }
  }
  return { round, pairings, byes };
}

/** A seeded field after 8 greedy rounds; one player withdraws after round 8, so round 9 has a bye. */
function field(players: number): Tournament {
  const random = seededRandom(`bench-${players}`);
  const t = randomField({ seed: `bench-${players}`, players, rounds: 0 }, random);
  for (let r = 0; r < 8; r++) {
    const round = greedyRound(t);
    for (const p of round.pairings) for (const g of p.games) g.result = randomResult(random) as GameResult;
    t.rounds.push(round);
  }
  t.entries[Math.floor(random() * players)].withdrawnAfterRound = 8;
  return t;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

interface Quality {
  rematches: number;
  outsideGroup: number;
  sumDiff: number;
  maxDiff: number;
  sumD2: number;
  threeInRow: number;
  diffOver2: number;
  notDue: number;
  byeToLowest: boolean | null;
}

/** The quality measures of a proposed round (scores in points: 2-1-0 game points / 2). */
function quality(t: Tournament, round: Round): Quality {
  const scores = scoresAfter(t).scores;
  const hist = entryHistories(t);
  const q: Quality = { rematches: 0, outsideGroup: 0, sumDiff: 0, maxDiff: 0, sumD2: 0, threeInRow: 0, diffOver2: 0, notDue: 0, byeToLowest: null };
  for (const p of round.pairings) {
    if (hist.get(p.red)?.opponents.has(p.black)) q.rematches++;
    const d = Math.abs((scores.get(p.red) ?? 0) - (scores.get(p.black) ?? 0)) / 2;
    if (d > 0) q.outsideGroup += 2;
    q.sumDiff += d;
    q.sumD2 += d * d;
    q.maxDiff = Math.max(q.maxDiff, d);
    for (const [id, side] of [
      [p.red, 'red'],
      [p.black, 'black'],
    ] as const) {
      const colours = hist.get(id)?.colours ?? [];
      const n = colours.length;
      if (n >= 2 && colours[n - 1] === side && colours[n - 2] === side) q.threeInRow++;
      if (Math.abs(colourDiff(colours) + (side === 'red' ? 1 : -1)) > 2) q.diffOver2++;
      const due = dueColour(colours);
      if (due !== undefined && due !== side) q.notDue++;
    }
  }
  if (round.byes.length === 1) {
    // 附录 rules leave the bye to the software; Chuhe: lowest score, then lowest seeding rank, without one.
    const eligible = t.entries.filter((e) => e.withdrawnAfterRound === undefined && (hist.get(e.id)?.byes.length ?? 0) === 0).map((e) => scores.get(e.id) ?? 0);
    q.byeToLowest = (scores.get(round.byes[0]) ?? 0) === Math.min(...eligible);
  }
  return q;
}

function describe(q: Quality): string {
  return (
    `rematches ${q.rematches}, outside their group ${q.outsideGroup}, score differences Σ ${q.sumDiff} max ${q.maxDiff} (Σ² ${q.sumD2}), ` +
    `third colour in a row ${q.threeInRow}, colour difference > 2 ${q.diffOver2}, not their due colour ${q.notDue}, bye to the lowest ${q.byeToLowest ?? '—'}`
  );
}

/** Engine priorities 0–3: rematches, then hard colour faults, then Σ score difference². */
function worse(a: Quality, b: Quality): boolean {
  const key = (q: Quality) => [q.rematches, q.threeInRow + q.diffOver2, q.sumD2];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

export async function bench(): Promise<void> {
  await roundBench();
  if (!process.env.SWISS_BENCH_SKIP_HEAVY) await heavyProperties();
}

async function roundBench(): Promise<void> {
  console.log(`dense matching up to ${DENSE_LIMIT} players by default (benchmarked up to ${DENSE_RUN}); the sparse graph with its certificate above`);
  const failures: string[] = [];
  for (const size of SIZES) {
    const t = field(size);
    const players = t.entries.length;
    const active = { ...t, entries: t.entries.filter((e) => e.withdrawnAfterRound === undefined) };
    const t0 = performance.now();
    greedyRound(active);
    const greedyMs = performance.now() - t0;
    const results = new Map<string, Quality>();
    for (const [path, tuning] of [
      ['sparse', { denseLimit: 0 }],
      ['dense', { denseLimit: Infinity }],
    ] as Array<[string, EngineTuning]>) {
      if (path === 'dense' && players > DENSE_RUN) {
        console.log(`${players} players, dense: not run (${((players * (players - 1)) / 2 / 1e6).toFixed(1)} million candidate edges)`);
        continue;
      }
      let how = '';
      const report: EngineTuning['report'] = (e) =>
        (how = `${e.path}${e.path === 'sparse' ? `, ${e.resolves} re-solves, ${e.certified ? (e.proof === 'priced' ? 'proved optimal on every priority' : 'proved optimal on priorities 0–3') : 'not proved optimal'}` : ''}`);
      const t1 = performance.now();
      const r = pairSwissIndividual({ tournament: t }, { ...tuning, report });
      const ms = performance.now() - t1;
      if (!r.ok) throw r.error;
      const { warnings: _warnings, ...round } = r.value;
      const q = quality(t, round);
      results.set(path, q);
      const errors = checkRound(t, round).filter((f) => f.severity === 'error' && f.code !== 'colour_difference');
      console.log(
        `${players} players, ${how}: ${ms.toFixed(0)} ms (${(ms / greedyMs).toFixed(1)}× the greedy reference's ${greedyMs.toFixed(0)} ms), peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}; ` +
          `${describe(q)}; checker errors besides colour difference: ${errors.length}`,
      );
      if (errors.length > 0) failures.push(`${players} ${path}: checker ${[...new Set(errors.map((e) => e.code))].join(', ')}`);
    }
    const sparse = results.get('sparse');
    const dense = results.get('dense');
    if (sparse && dense && worse(sparse, dense)) failures.push(`${players} players: the sparse result is worse than the dense one`);
  }
  if (failures.length > 0) throw new Error(`pairing-swiss bench: ${failures.join('; ')}`);
}

/**
 * The heavy property run (the unit tests run fewer): random tournaments of 2…300 players, up to 11
 * rounds, withdrawals, forbidden pairs and same-affiliation rules, every round checked by the
 * pairing checker.
 */
export async function heavyProperties(): Promise<void> {
  const random = seededRandom('heavy');
  let rounds = 0;
  let findings = 0;
  let colourFindings = 0;
  let failures = 0;
  const t0 = performance.now();
  for (let k = 0; k < 30; k++) {
    const players = 2 + Math.floor(random() * 299);
    const spec = {
      seed: `heavy-${k}`,
      players,
      rounds: 1 + Math.floor(random() * 11),
      withdrawalRate: 0.02,
      affiliations: 5,
      forbiddenPairs: 5,
      options: { sameAffiliation: k % 2 ? ('round1' as const) : ('event' as const) },
    };
    const { error } = playRandomTournament(spec, swissIndividual, (t, r) => {
      rounds++;
      const errors = checkRound(t, r).filter((f) => f.severity === 'error');
      colourFindings += errors.filter((f) => f.code === 'colour_difference').length;
      findings += errors.length;
    });
    if (error) failures++;
  }
  console.log(
    `heavy properties: 30 random tournaments (2…300 players, ≤ 11 rounds), ${rounds} rounds paired in ${(performance.now() - t0).toFixed(0)} ms; ` +
      `checker errors: ${findings} (colour difference above 2: ${colourFindings}); tournaments stopped by an unpairable round: ${failures}`,
  );
  if (findings > colourFindings) throw new Error('the checker rejected a Swiss round');
}
