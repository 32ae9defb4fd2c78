import { gamesPage } from './games-page';

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
