import { GameResult } from '@chuhe/tournament';
import { FIVE_PLUS_TWO_KNOCKOUT, SIX_PLUS_ONE_FINAL } from './knockout-match';
import { knockoutFormatOf, knockoutRapidOption, StoredMatchGame, syncKnockoutMatch } from './knockout-match-games';

const players = { first: 'a', second: 'b' };
const g = (board: number, red: string, black: string, result: GameResult | null): StoredMatchGame => ({ board, red, black, result });

function sync(games: StoredMatchGame[], format = SIX_PLUS_ONE_FINAL) {
  const s = syncKnockoutMatch(format, players, games);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

describe('syncKnockoutMatch', () => {
  test('a decisive regular game decides the match: nothing to add', () => {
    expect(sync([g(1, 'a', 'b', 'red_win')])).toMatchObject({ state: { status: 'decided', winner: 'a', decidedBy: 'regular' }, create: null, remove: [] });
  });

  test('a game on the board: nothing to do', () => {
    expect(sync([g(1, 'a', 'b', null)])).toMatchObject({ state: { status: 'in_progress' }, create: null, remove: [] });
  });

  test('drawn regular game (附录3 #6): the rapid game with colours reversed is created as game 2', () => {
    const s = sync([g(1, 'a', 'b', 'draw')]);
    expect(s.remove).toEqual([]);
    expect(s.create).toMatchObject({ number: 2, kind: 'rapid', red: 'b', black: 'a' });
  });

  test('6+1 final, rapid drawn too: the armageddon game, draw = Black wins', () => {
    const s = sync([g(1, 'a', 'b', 'draw'), g(2, 'b', 'a', 'draw')]);
    expect(s.create).toMatchObject({ number: 3, kind: 'armageddon', drawWinner: 'black' });
    expect(sync([g(1, 'a', 'b', 'draw'), g(2, 'b', 'a', 'draw'), g(3, s.create!.red, s.create!.black, 'draw')]).state).toMatchObject({
      status: 'decided',
      winner: s.create!.black,
    });
  });

  test('5+2: whatever the library says after a drawn regular game and a drawn rapid game', () => {
    const games = [g(1, 'a', 'b', 'draw'), g(2, 'b', 'a', 'draw')];
    const s = sync(games, FIVE_PLUS_TWO_KNOCKOUT);
    if (s.state.status === 'next') expect(s.create).toEqual(s.state.game);
    else expect(s.create).toBeNull();
    expect(s.remove).toEqual([]);
  });

  test('a correction decides the match: the unplayed tie-break game is removed', () => {
    expect(sync([g(1, 'a', 'b', 'black_win'), g(2, 'b', 'a', null)])).toMatchObject({ state: { status: 'decided', winner: 'b' }, create: null, remove: [2] });
  });

  test('a correction decides the match: played tie-break games after it are removed too', () => {
    expect(sync([g(1, 'a', 'b', 'red_win_forfeit'), g(2, 'b', 'a', 'draw'), g(3, 'a', 'b', null)]).remove).toEqual([2, 3]);
  });

  test('an annulled game is replayed with the same colours: a wrong unplayed game is replaced', () => {
    const s = sync([g(1, 'a', 'b', 'annulled'), g(2, 'b', 'a', null)]);
    expect(s.remove).toEqual([2]);
    expect(s.create).toMatchObject({ number: 2, kind: 'regular', red: 'a', black: 'b' });
  });

  test('a played game out of sequence is an error', () => {
    const s = syncKnockoutMatch(SIX_PLUS_ONE_FINAL, players, [g(1, 'a', 'b', 'draw'), g(2, 'a', 'b', 'draw')]);
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.error.code).toBe('unexpected_game');
  });

  test('games are read in board order', () => {
    expect(sync([g(2, 'b', 'a', null), g(1, 'a', 'b', 'draw')])).toMatchObject({
      state: { status: 'in_progress', game: { number: 2 } },
      create: null,
      remove: [],
    });
  });

  test('knockoutFormatOf: 6+1 final, else the 5+2 knockout', () => {
    expect(knockoutFormatOf('championship_6_1')).toBe(SIX_PLUS_ONE_FINAL);
    expect(knockoutFormatOf('championship_5_2')).toBe(FIVE_PLUS_TWO_KNOCKOUT);
    expect(knockoutFormatOf('knockout')).toBe(FIVE_PLUS_TWO_KNOCKOUT);
  });
});

describe('the knockout rapid clock is the organizer’s for a chain’s knockout (二章6节1)', () => {
  it('options.knockoutRapid replaces 附录2 7b’s 30’+30” there, still without score sheets; the championships keep their own', () => {
    const rapid = knockoutRapidOption({ knockoutRapid: { baseMinutes: 15, incrementSeconds: 10 } });
    expect(rapid).toEqual({ baseMinutes: 15, incrementSeconds: 10 });
    expect(knockoutFormatOf('knockout', rapid).rapid).toEqual({ baseMinutes: 15, incrementSeconds: 10, recordMoves: false });
    expect(knockoutFormatOf('knockout').rapid).toMatchObject({ baseMinutes: 30, incrementSeconds: 30 });
    expect(knockoutFormatOf('championship_5_2', rapid).rapid).toMatchObject({ baseMinutes: 30, incrementSeconds: 30 });
    expect(knockoutRapidOption({ knockoutRapid: { baseMinutes: 'x' } })).toBeUndefined();
  });
});
