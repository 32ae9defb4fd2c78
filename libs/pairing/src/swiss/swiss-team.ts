import { Pairing, Side } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { PairingError, PairingRequest, PairingSystem, RoundPairing } from '../pairing-system';
import { ColourCandidate, allocateColours, assignmentCost, dueColour } from './swiss-colours';
import { GroupPattern, runSwissEngine } from './swiss-engine';
import { EngineEntry, colourWarnings, forbiddenPairRule, toEngine } from './swiss-individual';
import { buildSwissField } from './swiss-field';

/**
 * Team Swiss (积分编排制团体赛, 附录1), one round at a time. Scores are match points (场分,
 * 附录1 #7); score groups, floats, bye and absolute rules as in swiss-engine.ts.
 *
 * 附录1 #4: round 1 by draw numbers, 1–2, 3–4 …
 * 附录1 #9: the first board's colour is the team's colour (odd boards that colour, even boards the
 *   other: 附录6 用法 2); a pairing's `red` is the team with Red on board 1.
 * 附录1 #10: "第 1、3、5、7 单轮次, 小号对近(近对), 小号先手。第 2、4、6 双轮次, 大号对远(远对),
 *   大号先手。高分配对低分队时, 根据高分者先后次序以决定先后手。"
 *
 * The rules do not say what 近对 and 远对 mean inside a score group. Our definition (a choice,
 * configurable through options.teamFarPairing):
 * - the teams of a score group are ordered by draw number (代号), smallest first;
 * - 近对 (odd rounds): neighbours, 1st–2nd, 3rd–4th … of the group ("small numbers against the
 *   nearest"), the team with the smaller draw number Red;
 * - 远对 (even rounds): 'mirror' (default) first against last, 2nd against second-to-last …
 *   ("the farthest"), or 'split': top half against bottom half, 1st–(k/2+1)th …;
 *   the team with the larger draw number Red.
 * - Floats, rematches and forbidden pairs move teams away from that pattern as little as the
 *   matching's priorities allow.
 * Colours: inside a score group the draw-number rule above decides, unless it breaks the
 * balance ("以后各轮需要平衡先后手", 附录1 #9): a colour difference above 1 or the same colour three
 * times in a row, when the other way round does not. Between different scores the higher-scored
 * team's due colour decides (附录1 #10); without one, the draw-number rule.
 */
function pairTeams(request: PairingRequest): Result<RoundPairing, PairingError> {
  const { tournament } = request;
  const round = request.round ?? tournament.rounds.length + 1;
  if (tournament.options.eventKind !== 'team') {
    return { ok: false, error: new PairingError('unsupported', "swiss-team pairs team events; use 'swiss-individual' for individual events") };
  }
  const built = buildSwissField(tournament, round);
  if (!built.ok) return built;
  const field = built.value;
  const odd = round % 2 === 1;
  const pattern: GroupPattern = odd ? 'adjacent' : (tournament.options.teamFarPairing ?? 'mirror');
  const forbidden = forbiddenPairRule(tournament, round);
  const engine = runSwissEngine({
    players: toEngine(field, (p) => p.drawNumber),
    forbidden: (a, b) => forbidden((a as EngineEntry).player, (b as EngineEntry).player),
    pattern,
  });
  if (!engine.ok) return engine;

  const pairings: Pairing[] = engine.value.pairs.map(([x, y]) => {
    const a = x as EngineEntry;
    const b = y as EngineEntry;
    const [small, large] = a.player.drawNumber < b.player.drawNumber ? [a, b] : [b, a];
    // 附录1 #10: odd rounds the smaller number Red, even rounds the larger number Red.
    const ruleSide: Side = odd ? 'red' : 'black'; // colour of `small`
    let smallSide = ruleSide;
    const cand = (e: EngineEntry): ColourCandidate => ({ colours: e.colours, score: e.score, order: e.player.drawNumber });
    if (small.score !== large.score) {
      const hi = small.score > large.score ? small : large;
      if (dueColour(hi.colours) !== undefined) smallSide = allocateColours(cand(small), cand(large), () => ruleSide);
    } else {
      const byRule = assignmentCost(small.colours, large.colours, ruleSide);
      const other = assignmentCost(small.colours, large.colours, ruleSide === 'red' ? 'black' : 'red');
      const weight = (c: { hard: number; soft: number }): number => c.hard * 10 + (c.soft >= 2 ? 1 : 0);
      if (weight(other) < weight(byRule)) smallSide = ruleSide === 'red' ? 'black' : 'red';
    }
    const [red, black] = smallSide === 'red' ? [small.id, large.id] : [large.id, small.id];
    // Board games are added when the lineups (排阵表, 附录1 #8) are in.
    return { red, black, games: [] };
  });
  const colours = new Map(field.players.map((p) => [p.id, p.colours]));
  return {
    ok: true,
    value: { round, pairings, byes: engine.value.bye ? [engine.value.bye.id] : [], warnings: colourWarnings(pairings, colours) },
  };
}

export const swissTeam: PairingSystem = {
  id: 'swiss-team',
  summary: 'team Swiss (附录1): match points, 近对 odd rounds / 远对 even rounds, first board sets the team colour',
  pair: pairTeams,
};
