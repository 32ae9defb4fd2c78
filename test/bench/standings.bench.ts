/**
 * Standings speed (issue 6): 10,000 players × 11 Swiss rounds, target < 200 ms for the full
 * computation (sanctions, withdrawals, scoring, the 二章6节3 chain with 对手分, 直接对赛, 强对手分 …,
 * why-this-rank, progressive scores).
 *
 * Reference, measured in the same run on the same Tournament object: the least any standings
 * code must do — one pass over every game adding 2/1/0 into a Map by entry id, then sorting the
 * entries by that score alone.
 */
import { Game, GameResult, Tournament } from '@chuhe/tournament';
import { Sanction, computeStandings } from '@chuhe/standings';
import { median, prng } from './bench-support';

const PLAYERS = 10_000;
const ROUNDS = 11;

/** A Swiss-like event: each round pairs neighbours in score order (random inside a score group). */
function swissTournament(): { t: Tournament; sanctions: Sanction[] } {
  const random = prng(20261121);
  const ids = Array.from({ length: PLAYERS }, (_, i) => `p${i + 1}`);
  const score = new Map(ids.map((id) => [id, 0]));
  const t: Tournament = {
    name: 'bench',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1 },
    entries: ids.map((id, i) => ({ id, drawNumber: i + 1 })),
    rounds: [],
  };
  const sanctions: Sanction[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const keyed = ids.map((id) => ({ id, key: score.get(id)! * 1e6 + random() }));
    keyed.sort((a, b) => b.key - a.key);
    const pairings = [];
    for (let k = 0; k < keyed.length; k += 2) {
      const red = keyed[k].id;
      const black = keyed[k + 1].id;
      const x = random();
      const result: GameResult =
        x < 0.38
          ? 'red_win'
          : x < 0.62
            ? 'draw'
            : x < 0.985
              ? 'black_win'
              : x < 0.992
                ? 'red_win_forfeit'
                : x < 0.998
                  ? 'black_win_forfeit'
                  : 'red_win_penalty';
      const game: Game = { red, black, result };
      pairings.push({ red, black, games: [game] });
      const pr = result === 'draw' ? 1 : result.startsWith('red') ? 2 : 0;
      score.set(red, score.get(red)! + pr);
      score.set(black, score.get(black)! + 2 - pr);
      if (random() < 0.01) sanctions.push({ kind: 'technical_foul', round: r, player: random() < 0.5 ? red : black });
    }
    t.rounds.push({ round: r, pairings, byes: [] });
  }
  // A few withdrawals after round 6: their round 7–11 games become forfeits.
  for (let k = 0; k < 20; k++) t.entries[k * 97].withdrawnAfterRound = 6;
  return { t, sanctions };
}

function reference(t: Tournament): string[] {
  const score = new Map<string, number>();
  for (const e of t.entries) score.set(e.id, 0);
  for (const round of t.rounds) {
    for (const p of round.pairings) {
      for (const g of p.games) {
        const r = g.result;
        const red = r === 'draw' ? 1 : r === 'red_win' || r === 'red_win_forfeit' || r === 'red_win_penalty' ? 2 : 0;
        score.set(g.red, score.get(g.red)! + red);
        score.set(g.black, score.get(g.black)! + (r === 'double_forfeit' ? 0 : 2 - red));
      }
    }
  }
  return t.entries.map((e) => e.id).sort((a, b) => score.get(b)! - score.get(a)!);
}

/** Median wall time and median CPU time (user + system, all threads) in ms. */
function time(fn: () => void, runs: number): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = process.hrtime.bigint();
    fn();
    wall.push(Number(process.hrtime.bigint() - t) / 1e6);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

export async function bench(): Promise<void> {
  const { t, sanctions } = swissTournament();
  const run = () => {
    const s = computeStandings(t, { format: 'swiss', sanctions });
    if (!s.ok) throw s.error;
    return s.value;
  };
  for (let i = 0; i < 3; i++) run(); // warm-up
  const s = run();
  const tiedGroups = s.rows.filter((r) => r.decidedBy !== null).length;
  const shared = s.rows.filter((r) => r.sharedRank).length;
  const ms = time(run, 11);
  for (let i = 0; i < 3; i++) reference(t);
  const ref = time(() => void reference(t), 11);
  console.log(`standings, ${PLAYERS} players × ${ROUNDS} rounds (chain ${s.chainId}, ${sanctions.length} sanctions, 20 withdrawals):`);
  console.log(
    `  median ${ms.wall.toFixed(1)} ms wall, ${ms.cpu.toFixed(1)} ms CPU (target < 200 ms); ${tiedGroups} ranks decided by a tie-break, ${shared} still shared`,
  );
  console.log(`  reference (one pass adding 2/1/0 per game + sort by score alone): ${ref.wall.toFixed(1)} ms wall — ratio ${(ms.wall / ref.wall).toFixed(1)}×`);
  console.log(`  (the machine is shared: wall times vary with its load; CPU time varies less)`);
}
