/**
 * A profile lists a career's games a page at a time (issue 33: a profile < 100 ms on the server with
 * 2,000 games — rendering every row was most of its cost). Newest first, as the query orders them.
 */
export const GAMES_PER_PAGE = 100;

/** The head-to-head table shows the most played opponents; `?opponents=all` shows every one (a career of 2,000 games has about as many). */
export const OPPONENTS_SHOWN = 50;

export type GamesPage<T> = { rows: T[]; page: number; pages: number; from: number; to: number; total: number };

/** The `page`th page (1-based; anything else reads as 1, past the end as the last page). */
export function gamesPage<T>(games: readonly T[], page: unknown, size = GAMES_PER_PAGE): GamesPage<T> {
  const pages = Math.max(1, Math.ceil(games.length / size));
  const asked = pageAsked(page);
  const current = Math.min(asked, pages);
  const start = (current - 1) * size;
  const rows = games.slice(start, start + size);
  return { rows, page: current, pages, from: rows.length ? start + 1 : 0, to: start + rows.length, total: games.length };
}

/** The page a `?page=` asks for (1-based; anything else reads as 1). */
export function pageAsked(page: unknown): number {
  return typeof page === 'string' && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1;
}
