import type { Tournament } from '@chuhe/tournament';

/**
 * Text output names people, never ids (issue 22): an entry's or a team member's name from the
 * tournament file; the id only when the file gives no name (then it is all there is to show).
 */
export function namer(tournament: Pick<Tournament, 'entries'>): (id: string) => string {
  const names = new Map<string, string>();
  for (const e of tournament.entries) {
    if (e.name) names.set(e.id, e.name);
    for (const m of e.members ?? []) if (m.name) names.set(m.id, m.name);
  }
  return (id) => names.get(id) ?? id;
}
