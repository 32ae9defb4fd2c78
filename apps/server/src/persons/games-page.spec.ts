import { gamesPage, spanOf } from './games-page';

describe('gamesPage: a profile shows a career a page at a time', () => {
  const games = Array.from({ length: 250 }, (_, i) => i);

  it('the first page by default, and for what is not a page number', () => {
    for (const asked of [undefined, '', '0', '-1', 'x', '1.5', ['2']]) {
      expect(gamesPage(games, asked)).toMatchObject({ page: 1, pages: 3, from: 1, to: 100, total: 250 });
    }
    expect(gamesPage(games, undefined).rows).toEqual(games.slice(0, 100));
  });

  it('a later page, and the last page for a page past the end', () => {
    expect(gamesPage(games, '2')).toMatchObject({ page: 2, from: 101, to: 200, rows: games.slice(100, 200) });
    expect(gamesPage(games, '3')).toMatchObject({ page: 3, from: 201, to: 250, rows: games.slice(200) });
    expect(gamesPage(games, '99')).toMatchObject({ page: 3, from: 201, to: 250 });
  });

  it('no games: one empty page', () => {
    expect(gamesPage([], '2')).toEqual({ rows: [], page: 1, pages: 1, from: 0, to: 0, total: 0 });
  });
});

describe('spanOf', () => {
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  // Newest first; two events on one day in the order of their ids.
  const entries = [
    { eventId: 'e1', tournamentId: 't1', startDate: at('2024-01-01') },
    { eventId: 'e3', tournamentId: 't3', startDate: at('2024-03-01') },
    { eventId: 'e2b', tournamentId: 't2', startDate: at('2024-02-01') },
    { eventId: 'e2a', tournamentId: 't2', startDate: at('2024-02-01') },
  ];
  const games = new Map([
    ['e3', { games: 60 }],
    ['e2a', { games: 30 }],
    ['e2b', { games: 30 }],
    ['e1', { games: 50 }],
  ]);

  it('names the events a page spans and the offset of its first game in them', () => {
    // e3 holds games 0–59, e2a 60–89, e2b 90–119, e1 120–169: game 100 is e2b's 11th.
    expect(spanOf(entries, games, 0, 100)).toEqual({ offset: 0, within: { tournaments: ['t3', 't2', 't2'], events: ['e3', 'e2a', 'e2b'] } });
    expect(spanOf(entries, games, 100, 100)).toEqual({ offset: 10, within: { tournaments: ['t2', 't1'], events: ['e2b', 'e1'] } });
  });

  it('is null for a game in an event not among the entries, or a page past the end', () => {
    expect(spanOf(entries, new Map([...games, ['e9', { games: 1 }]]), 0, 100)).toBeNull();
    expect(spanOf(entries, games, 200, 100)).toBeNull();
  });
});
