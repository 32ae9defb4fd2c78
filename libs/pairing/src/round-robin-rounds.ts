/**
 * A round-robin table (附录6) applied to a field of entries: the model's rounds, with the
 * colours of every game.
 *
 * - Entries are placed on the table by their draw number (代号, 附录6 用法 1), which must be
 *   exactly 1…N.
 * - Individual events: each pairing gets its games; in a two-game pairing game 2 reverses
 *   colours (附录6 用法 1).
 * - Team events: a pairing's board games need the lineups (排阵表, 附录1 #8), which come later,
 *   so `games` is empty; `teamBoardSides` tells which team has Red on which board (附录6 用法 2).
 * - Double round-robin: the second cycle repeats the table with colours reversed.
 */
import { Entry, Game, Pairing, Round } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { PairingError, PairingRequest, PairingSystem, RoundPairing } from './pairing-system';
import { doubleRoundRobinTable, pairingGameSides, RoundRobinError, RoundRobinResult, RoundRobinTable, roundRobinTable } from './round-robin';

export interface RoundRobinRoundsOptions {
  eventKind: 'individual' | 'team';
  /** 1 or 2 games per pairing (individual events). */
  gamesPerPairing: 1 | 2;
  /** 1 = single round-robin, 2 = double (the second cycle reverses colours). */
  cycles?: 1 | 2;
}

/** Where an entry sits on the table: the entry whose draw number is n. */
function byDrawNumber(entries: readonly Entry[]): RoundRobinResult<Map<number, Entry>> {
  const map = new Map<number, Entry>();
  for (const e of entries) map.set(e.drawNumber, e);
  for (let n = 1; n <= entries.length; n++) {
    if (!map.has(n) || map.size !== entries.length) {
      const numbers = entries.map((e) => e.drawNumber).sort((a, b) => a - b);
      return {
        ok: false,
        error: new RoundRobinError(
          'bad_draw_numbers',
          `a round-robin of ${entries.length} needs draw numbers 1…${entries.length} (附录6 用法 1), got ${numbers.join(', ')}`,
        ),
      };
    }
  }
  return { ok: true, value: map };
}

/** The model's rounds for a round-robin of `entries` (every round of every cycle, results empty). */
export function roundRobinRounds(entries: readonly Entry[], options: RoundRobinRoundsOptions): RoundRobinResult<Round[]> {
  const placed = byDrawNumber(entries);
  if (!placed.ok) return placed;
  const table: RoundRobinResult<RoundRobinTable> = (options.cycles ?? 1) === 2 ? doubleRoundRobinTable(entries.length) : roundRobinTable(entries.length);
  if (!table.ok) return table;
  const id = (n: number) => placed.value.get(n)!.id;
  const rounds = table.value.rounds.map((r): Round => ({
    round: r.round,
    pairings: r.pairs.map(([red, black]): Pairing => {
      const games: Game[] =
        options.eventKind === 'team'
          ? []
          : pairingGameSides(id(red), id(black), options.gamesPerPairing).map((g) => ({
              red: g.red,
              black: g.black,
              result: null,
              ...(options.gamesPerPairing === 2 ? { board: g.game } : {}),
            }));
      return { red: id(red), black: id(black), games };
    }),
    byes: r.bye === null ? [] : [id(r.bye)],
  }));
  return { ok: true, value: rounds };
}

/**
 * The next round of a round-robin tournament, in the PairingSystem shape (pairing-system.ts), so
 * the registry can offer it: round `rounds.length + 1` of the 附录6 table for the tournament's
 * entries (options.roundRobinCycles: 1 or 2, default 1). The table is fixed in advance, so a
 * withdrawn entry keeps its place (its games are forfeited, 二章7节) and results do not matter.
 */
export const roundRobinSystem: PairingSystem = {
  id: 'round-robin',
  summary: '附录6 round-robin tables (single or double)',
  pair(request: PairingRequest): Result<RoundPairing, PairingError> {
    const { tournament } = request;
    const next = request.round ?? tournament.rounds.length + 1;
    if (next !== tournament.rounds.length + 1) {
      return { ok: false, error: new PairingError('round_out_of_order', `can only pair round ${tournament.rounds.length + 1}, not round ${next}`) };
    }
    const cycles = tournament.options.roundRobinCycles === 2 ? 2 : 1;
    const rounds = roundRobinRounds(tournament.entries, {
      eventKind: tournament.options.eventKind,
      gamesPerPairing: tournament.options.gamesPerPairing,
      cycles,
    });
    if (!rounds.ok) return { ok: false, error: new PairingError('unsupported', rounds.error.message) };
    const round = rounds.value[next - 1];
    if (!round) {
      return { ok: false, error: new PairingError('unsupported', `the round-robin has ${rounds.value.length} rounds; there is no round ${next}`) };
    }
    return { ok: true, value: { ...round, warnings: [] } };
  },
};
