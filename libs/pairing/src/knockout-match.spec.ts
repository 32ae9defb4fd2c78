import fc from 'fast-check';
import { GameResult } from '../../tournament/src/model';
import {
  FIVE_PLUS_TWO_KNOCKOUT,
  KnockoutMatchFormat,
  knockoutMatchState,
  KnockoutMatchPlayers,
  MatchGame,
  SIX_PLUS_ONE_FINAL,
} from './knockout-match';

const players = { first: 'a', second: 'b' };
const g = (red: string, black: string, result: GameResult | null): MatchGame => ({ red, black, result });

function state(format: KnockoutMatchFormat, games: MatchGame[], p: KnockoutMatchPlayers = players) {
  const s = knockoutMatchState(format, p, games);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

describe('knockout match state machine', () => {
  test('first game: first player Red, slow clock', () => {
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [])).toMatchObject({
      status: 'next',
      game: { number: 1, kind: 'regular', red: 'a', black: 'b', drawWinner: null, timeControl: { red: { baseMinutes: 80, incrementSeconds: 30 } } },
    });
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', null)])).toMatchObject({ status: 'in_progress', game: { number: 1 } });
  });

  test('a decisive slow game decides', () => {
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', 'black_win')])).toEqual({ status: 'decided', winner: 'b', loser: 'a', decidedBy: 'regular' });
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', 'red_win_forfeit')])).toMatchObject({ winner: 'a' });
  });

  test('附录2 7b: slow drawn → rapid with colours reversed, 30\'+30", no score sheet', () => {
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', 'draw')])).toMatchObject({
      status: 'next',
      game: { number: 2, kind: 'rapid', red: 'b', black: 'a', timeControl: { red: { baseMinutes: 30, incrementSeconds: 30, recordMoves: false } } },
    });
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', 'draw'), g('b', 'a', 'red_win')])).toMatchObject({ winner: 'b', decidedBy: 'rapid' });
  });

  test('附录2 7b: slow and rapid drawn → armageddon, a draw wins for Black', () => {
    const games = [g('a', 'b', 'draw'), g('b', 'a', 'draw')];
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, games)).toMatchObject({ status: 'next', game: { number: 3, kind: 'armageddon', red: 'a', black: 'b', drawWinner: 'black' } });
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [...games, g('a', 'b', 'draw')])).toEqual({ status: 'decided', winner: 'b', loser: 'a', decidedBy: 'armageddon' });
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [...games, g('a', 'b', 'red_win')])).toMatchObject({ winner: 'a' });
  });

  test('附录3 6: the 6+1 final — slow 60\'+30", rapid 15\'+5", armageddon Red 15\'+5" / Black 10\'+5"', () => {
    expect(state(SIX_PLUS_ONE_FINAL, [])).toMatchObject({ game: { timeControl: { red: { baseMinutes: 60, incrementSeconds: 30, recordMoves: true } } } });
    expect(state(SIX_PLUS_ONE_FINAL, [g('a', 'b', 'draw')])).toMatchObject({ game: { kind: 'rapid', red: 'b', timeControl: { black: { baseMinutes: 15, incrementSeconds: 5 } } } });
    const arm = state(SIX_PLUS_ONE_FINAL, [g('a', 'b', 'draw'), g('b', 'a', 'draw')]);
    expect(arm).toMatchObject({
      status: 'next',
      game: { kind: 'armageddon', drawWinner: 'black', timeControl: { red: { baseMinutes: 15, incrementSeconds: 5 }, black: { baseMinutes: 10, incrementSeconds: 5 } } },
    });
  });

  test('armageddon colours by a recorded lot', () => {
    const format: KnockoutMatchFormat = { ...SIX_PLUS_ONE_FINAL, armageddon: { ...SIX_PLUS_ONE_FINAL.armageddon!, colours: 'lot' } };
    const games = [g('a', 'b', 'draw'), g('b', 'a', 'draw')];
    expect(state(format, games)).toEqual({ status: 'awaiting_lot' });
    expect(state(format, games, { ...players, armageddonRed: 'b' })).toMatchObject({ game: { red: 'b', black: 'a' } });
    expect(state(format, [...games, g('b', 'a', 'draw')], { ...players, armageddonRed: 'b' })).toMatchObject({ winner: 'a' });
  });

  test('two-game matches: colours reversed in game 2, totals decide, tie → rapid reversed from game 2', () => {
    const two: KnockoutMatchFormat = { ...FIVE_PLUS_TWO_KNOCKOUT, regularGames: 2 };
    expect(state(two, [g('a', 'b', 'red_win')])).toMatchObject({ status: 'next', game: { number: 2, kind: 'regular', red: 'b', black: 'a' } });
    expect(state(two, [g('a', 'b', 'red_win'), g('b', 'a', 'draw')])).toMatchObject({ winner: 'a', decidedBy: 'regular' });
    expect(state(two, [g('a', 'b', 'red_win'), g('b', 'a', 'red_win')])).toMatchObject({ game: { kind: 'rapid', red: 'a', black: 'b' } });
    expect(state(two, [g('a', 'b', 'draw'), g('b', 'a', 'draw'), g('a', 'b', 'draw')])).toMatchObject({ game: { kind: 'armageddon', red: 'b', black: 'a' } });
  });

  test('annulled games are replayed; double forfeits and missing tie-breaks leave no winner', () => {
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', 'annulled')])).toMatchObject({ status: 'next', game: { number: 2, kind: 'regular', red: 'a' } });
    expect(state(FIVE_PLUS_TWO_KNOCKOUT, [g('a', 'b', 'double_forfeit')])).toEqual({ status: 'no_winner', reason: 'double_forfeit' });
    expect(state({ ...FIVE_PLUS_TWO_KNOCKOUT, rapid: null }, [g('a', 'b', 'draw')])).toEqual({ status: 'no_winner', reason: 'tied' });
  });

  test('wrong colours, strangers and games after the decision are errors', () => {
    expect(knockoutMatchState(FIVE_PLUS_TWO_KNOCKOUT, players, [g('b', 'a', 'draw')])).toMatchObject({ ok: false, error: { code: 'unexpected_game' } });
    expect(knockoutMatchState(FIVE_PLUS_TWO_KNOCKOUT, players, [g('a', 'c', 'draw')])).toMatchObject({ ok: false, error: { code: 'not_a_player' } });
    expect(knockoutMatchState(FIVE_PLUS_TWO_KNOCKOUT, players, [g('a', 'b', 'red_win'), g('b', 'a', 'draw')])).toMatchObject({
      ok: false,
      error: { code: 'game_after_decision' },
    });
  });
});

describe('knockout match properties', () => {
  const RESULTS: GameResult[] = ['red_win', 'draw', 'black_win', 'red_win_forfeit', 'black_win_forfeit', 'red_win_penalty', 'annulled'];

  test('playing out any sequence of results ends with a winner, in at most regular + 2 games (annulled ones replayed)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const),
        fc.array(fc.constantFrom(...RESULTS), { minLength: 12, maxLength: 12 }),
        (regularGames, results) => {
          const format: KnockoutMatchFormat = { ...FIVE_PLUS_TWO_KNOCKOUT, regularGames };
          const games: MatchGame[] = [];
          for (let step = 0; step < 12; step++) {
            const s = state(format, games);
            if (s.status === 'decided') {
              expect([s.winner, s.loser].sort()).toEqual(['a', 'b']);
              const counted = games.filter((x) => x.result !== 'annulled');
              expect(counted.length).toBeLessThanOrEqual(regularGames + 2);
              const last = counted[counted.length - 1];
              if (s.decidedBy === 'armageddon' && last.result === 'draw') expect(s.winner).toBe(last.black); // draw = Black wins
              if (s.decidedBy !== 'regular') {
                // Tie-breaks: colours reversed from the previous counted game each time.
                const tail = counted.slice(regularGames - 1);
                for (let i = 1; i < tail.length; i++) expect(tail[i].red).toBe(tail[i - 1].black);
              }
              return;
            }
            expect(s.status).toBe('next');
            if (s.status !== 'next') return;
            games.push({ red: s.game.red, black: s.game.black, result: results[step] });
          }
          // Twelve results always suffice unless most were annulled.
          expect(results.filter((r) => r === 'annulled').length).toBeGreaterThan(12 - (regularGames + 3));
        },
      ),
      { numRuns: 300 },
    );
  });
});
