import { pairingSystemFor } from '@chuhe/pairing';
import type { GameResult, Tournament } from '@chuhe/tournament';
import { seededRandom } from '@chuhe/registration';
import { main } from '../../apps/cli/src/main';
import { fakeIo } from '../../apps/cli/src/testing/fake-io';

/** Results drawn by a seeded lot: mostly played, some forfeits (零迟到) and double forfeits. */
export function randomResult(random: () => number, forfeitRate = 0.06): GameResult {
  const x = random();
  if (x < forfeitRate / 2) return 'red_win_forfeit';
  if (x < forfeitRate) return 'black_win_forfeit';
  if (x < forfeitRate * 1.2) return 'double_forfeit';
  const y = random();
  return y < 0.4 ? 'red_win' : y < 0.7 ? 'black_win' : 'draw';
}

/**
 * A tournament file played out with the libraries alone: each round paired by the file's own
 * pairing system (libs/pairing), every game given a seeded random result; `withdraw` takes an
 * entry out after a round (the rest of its rounds are not paired).
 */
export function playFile(base: Tournament, rounds: number, seed: string, withdraw?: { entry: string; afterRound: number }): Tournament {
  const random = seededRandom(seed);
  let t: Tournament = { ...base, rounds: [] };
  for (let r = 1; r <= rounds; r++) {
    if (withdraw && r === withdraw.afterRound + 1) {
      t = { ...t, entries: t.entries.map((e) => (e.id === withdraw.entry ? { ...e, withdrawnAfterRound: withdraw.afterRound } : e)) };
    }
    const system = pairingSystemFor(t);
    if (!system) throw new Error(`no pairing system ${String(t.options.pairingSystem)}`);
    const paired = system.pair({ tournament: t });
    if (!paired.ok) throw new Error(`round ${r}: ${paired.error.message}`);
    const starters = (id: string) =>
      (t.entries.find((e) => e.id === id)?.members ?? []).filter((m) => m.board !== undefined).sort((a, b) => a.board! - b.board!);
    // Team pairings come without games (lineups are the teams' business): the starters in board
    // order, the first-listed team Red on odd boards (附录6 用法2, 附录1 #9).
    const gamesOf = (p: { red: string; black: string; games: Tournament['rounds'][number]['pairings'][number]['games'] }) =>
      p.games.length || t.options.eventKind !== 'team'
        ? p.games
        : starters(p.red).map((m, b) => {
            const o = starters(p.black)[b];
            return b % 2 === 0 ? { red: m.id, black: o.id, result: null, board: b + 1 } : { red: o.id, black: m.id, result: null, board: b + 1 };
          });
    const round = {
      round: r,
      pairings: paired.value.pairings.map((p) => ({ ...p, games: gamesOf(p).map((g) => ({ ...g, result: randomResult(random) })) })),
      byes: paired.value.byes,
    };
    t = { ...t, rounds: [...t.rounds, round] };
  }
  return t;
}

/** `chuhe <command> … FILE` on a file, through the real CLI entry point (apps/cli main) with a fake io. */
export async function cli(args: string[], file: unknown): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo('', { 'event.json': JSON.stringify(file) });
  const code = await main([...args, 'event.json'], io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

/** What `chuhe standings --json FILE` prints, parsed. */
export async function cliStandings(file: unknown): Promise<unknown> {
  const r = await cli(['standings', '--json'], file);
  if (r.code !== 0) throw new Error(`chuhe standings exit ${r.code}: ${r.err}`);
  return JSON.parse(r.out);
}

/** `chuhe check-pairing --json --round N FILE`: exit code and the findings. */
export async function cliCheckPairing(
  file: unknown,
  round: number,
  off: string[] = [],
): Promise<{ code: number; findings: { code: string; severity: string; message: string }[] }> {
  const r = await cli(['check-pairing', '--json', '--round', String(round), ...(off.length ? ['--off', off.join(',')] : [])], file);
  if (r.code === 2) throw new Error(`chuhe check-pairing exit 2: ${r.err}`);
  return { code: r.code, findings: JSON.parse(r.out).findings };
}

interface FileEntry {
  id: string;
  drawNumber: number;
  members?: { id: string }[];
}

/**
 * The file with its ids replaced by names that do not depend on the database: an entry by its
 * draw number (E7), a team member by their entry and place in the team (E7.2). What is left must
 * be the same after export → import → export (issue 22, lossless exchange).
 */
export function withoutIds(file: { entries: FileEntry[] }): unknown {
  const label = new Map<string, string>();
  for (const e of file.entries) {
    label.set(e.id, `E${e.drawNumber}`);
    e.members?.forEach((m, i) => label.set(m.id, `E${e.drawNumber}.${i + 1}`));
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return label.get(v) ?? v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [label.get(k) ?? k, walk(x)]));
    return v;
  };
  return walk(file);
}
