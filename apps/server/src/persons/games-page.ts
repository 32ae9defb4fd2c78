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

/**
 * The events a page of games spans (games newest first: by the tournament's start, then the event's
 * id, as PERSON_GAMES_PAGE orders them) and the offset of the page's first game in them; null when a
 * game's event is not among the entries (then the page is read from all games).
 */
export function spanOf(
  entries: readonly { eventId: string; tournamentId: string; startDate: Date }[],
  byEvent: ReadonlyMap<string, { games: number }>,
  start: number,
  size: number,
): { offset: number; within: { tournaments: string[]; events: string[] } } | null {
  const events = new Map(entries.map((e) => [e.eventId, e]));
  if ([...byEvent.keys()].some((id) => !events.has(id))) return null;
  const order = [...events.values()].sort(
    (a, b) => b.startDate.getTime() - a.startDate.getTime() || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0),
  );
  let before = 0;
  let offset = 0;
  const within = { tournaments: [] as string[], events: [] as string[] };
  for (const e of order) {
    const n = byEvent.get(e.eventId)?.games ?? 0;
    if (n && before + n > start && before < start + size) {
      if (!within.events.length) offset = start - before;
      within.events.push(e.eventId);
      within.tournaments.push(e.tournamentId);
    }
    before += n;
  }
  return within.events.length ? { offset, within } : null;
}
