import { FieldProblem } from '../common/validation';

/**
 * A team's composition against its event (附录1 #1: 3 starters + 1 reserve by default):
 * exact number of starters, at most the allowed reserves, nobody twice, every player of the
 * tournament, of the team's affiliation, of the event's category, and in no other team of the event.
 */
export function compositionProblems(input: {
  starters: string[];
  reserves: string[];
  limits: { starters: number; reserves: number };
  category: 'open' | 'women';
  affiliationId: string;
  players: Map<string, { tournamentOk: boolean; affiliationId: string | null; gender: 'male' | 'female' }>;
  inOtherTeam: Set<string>;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { starters, reserves, limits } = input;
  if (starters.length !== limits.starters) problems.push({ field: 'starters', reason: `the event needs exactly ${limits.starters} starters in board order` });
  if (reserves.length > limits.reserves) problems.push({ field: 'reserves', reason: `the event allows at most ${limits.reserves} reserve(s)` });
  const seen = new Set<string>();
  const check = (field: string, id: string) => {
    if (seen.has(id)) return problems.push({ field, reason: 'a player appears twice in the team' });
    seen.add(id);
    const p = input.players.get(id);
    if (!p || !p.tournamentOk) return problems.push({ field, reason: 'no such player in this tournament' });
    if (p.affiliationId !== input.affiliationId) problems.push({ field, reason: "the player is not of the team's affiliation" });
    if (input.category === 'women' && p.gender !== 'female') problems.push({ field, reason: "a women's event admits women players only" });
    if (input.inOtherTeam.has(id)) problems.push({ field, reason: 'the player is already in another team of this event' });
  };
  starters.forEach((id, i) => check(`starters.${i}`, id));
  reserves.forEach((id, i) => check(`reserves.${i}`, id));
  return problems;
}
