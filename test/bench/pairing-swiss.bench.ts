/**
 * One Swiss round (积分编排) for 1,000 and 10,000 players after 8 rounds of random results:
 * time and peak memory of the blossom pairer, against a greedy pairer over the same field
 * (reference measured in the same run: first unpaired non-met opponent down the score order).
 *
 * The 8 rounds of history are made by the greedy pairer (fast), so the measured round starts
 * from a realistic field: score groups, colour histories, byes, no-rematch constraints.
 */
import { GameResult, Round, Tournament } from '@chuhe/tournament/model';
import { scoresAfter } from '@chuhe/tournament/scoring-basics';
import { seededRandom } from '@chuhe/registration/prng';
import { entryHistories } from '@chuhe/pairing/checker-history';
import { checkRound } from '@chuhe/pairing/checker';
import { assignmentCost, dueColour } from '@chuhe/pairing/swiss/swiss-colours';
import { playRandomTournament, randomField, randomResult } from '@chuhe/pairing/swiss/random-tournament';
import { swissIndividual } from '@chuhe/pairing/swiss/swiss-individual';
import { DENSE_LIMIT } from '@chuhe/pairing/swiss/swiss-engine';

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

function field(players: number): Tournament {
  const random = seededRandom(`bench-${players}`);
  const t = randomField({ seed: `bench-${players}`, players, rounds: 0 }, random);
  for (let r = 0; r < 8; r++) {
    const round = greedyRound(t);
    for (const p of round.pairings) for (const g of p.games) g.result = randomResult(random) as GameResult;
    t.rounds.push(round);
  }
  return t;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

export async function bench(): Promise<void> {
  await roundBench();
  await heavyProperties();
}

async function roundBench(): Promise<void> {
  console.log(`one dense matching up to ${DENSE_LIMIT} players; larger fields are solved score bracket by score bracket (sparse candidate graphs for large brackets)`);
  for (const players of [1000, 10000]) {
    const t = field(players);
    const t0 = performance.now();
    greedyRound(t);
    const greedyMs = performance.now() - t0;
    const rssBefore = process.resourceUsage().maxRSS * 1024;
    const t1 = performance.now();
    const r = swissIndividual.pair({ tournament: t });
    const swissMs = performance.now() - t1;
    const rssAfter = process.resourceUsage().maxRSS * 1024;
    if (!r.ok) throw r.error;
    const { warnings, ...round } = r.value;
    const errors = checkRound(t, round).filter((f) => f.severity === 'error');
    const codes = [...new Set(errors.map((e) => e.code))].join(', ') || 'none';
    const before = entryHistories(t);
    const alreadyOver = [...before.values()].filter((h) => Math.abs(h.colours.reduce((d, c) => d + (c === 'red' ? 1 : -1), 0)) >= 3).length;
    console.log(
      `${players} players, round 9: blossom Swiss ${swissMs.toFixed(0)} ms, greedy reference ${greedyMs.toFixed(0)} ms, ratio ${(swissMs / greedyMs).toFixed(1)}×; ` +
        `${round.pairings.length} pairings, ${round.byes.length} bye, ${warnings.length} colour warnings, ${errors.length} checker errors (${codes}; ${alreadyOver} players were already 3+ off balance from the greedy history); ` +
        `peak RSS ${mb(rssAfter)} (${mb(rssBefore)} before the round, field and history included)`,
    );
  }
}

/**
 * The heavy property run (the unit tests run smaller fields): random tournaments of 2…300
 * players, up to 11 rounds, withdrawals, forbidden pairs and same-affiliation rules, every round
 * checked by the pairing checker.
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
