import type { CodedFieldProblem } from '../common/errors';

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
}): CodedFieldProblem[] {
  const problems: CodedFieldProblem[] = [];
  const { starters, reserves, limits } = input;
  if (starters.length !== limits.starters)
    problems.push({
      field: 'starters',
      reason: `the event needs exactly ${limits.starters} starters in board order`,
      code: 'team.starters_count',
      params: { count: limits.starters },
    });
  if (reserves.length > limits.reserves)
    problems.push({
      field: 'reserves',
      reason: `the event allows at most ${limits.reserves} reserve(s)`,
      code: 'team.reserves_max',
      params: { count: limits.reserves },
    });
  const seen = new Set<string>();
  const check = (field: string, id: string) => {
    if (seen.has(id)) return problems.push({ field, reason: 'a player appears twice in the team', code: 'team.player_twice' });
    seen.add(id);
    const p = input.players.get(id);
    if (!p || !p.tournamentOk) return problems.push({ field, reason: 'no such player in this tournament', code: 'player.unknown' });
    if (p.affiliationId !== input.affiliationId)
      problems.push({ field, reason: "the player is not of the team's affiliation", code: 'team.other_affiliation' });
    if (input.category === 'women' && p.gender !== 'female')
      problems.push({ field, reason: "a women's event admits women players only", code: 'player.not_woman' });
    if (input.inOtherTeam.has(id)) problems.push({ field, reason: 'the player is already in another team of this event', code: 'team.player_in_other_team' });
  };
  starters.forEach((id, i) => check(`starters.${i}`, id));
  reserves.forEach((id, i) => check(`reserves.${i}`, id));
  return problems;
}
