import { FieldProblem } from '../common/validation';
import type { StageDto } from './event.dto';

/**
 * Cross-field checks of an event's configuration that a single DTO decorator cannot express.
 * Pure: returns the problems, the caller turns them into a 400.
 */
export function eventConfigProblems(config: { kind: 'individual' | 'team'; stages: StageDto[]; gamesPerPairing?: number }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  // 二章5节4: a team match may have two games per board (Game.leg 1 and 2, colours reversed) — allowed.
  config.stages.forEach((stage, i) => {
    const field = `stages.${i}`;
    if (stage.type === 'swiss' && stage.rounds === undefined) problems.push({ field: `${field}.rounds`, reason: 'a Swiss stage needs its number of rounds' });
    if (stage.type !== 'swiss' && stage.rounds !== undefined)
      problems.push({ field: `${field}.rounds`, reason: `only a Swiss stage has a number of rounds (this is ${stage.type})` });
    if (stage.type === 'group_round_robin' && stage.groups === undefined)
      problems.push({ field: `${field}.groups`, reason: 'a group round-robin needs its number of groups' });
    if (stage.type !== 'group_round_robin' && stage.groups !== undefined)
      problems.push({ field: `${field}.groups`, reason: 'only a group round-robin has groups' });
    // 附录2 / 附录3 are individual championships, complete formats in themselves.
    if ((stage.type === 'championship_5_2' || stage.type === 'championship_6_1') && config.kind !== 'individual')
      problems.push({ field: `${field}.type`, reason: `${stage.type} is an individual format (附录2/附录3)` });
    if ((stage.type === 'championship_5_2' || stage.type === 'championship_6_1') && config.stages.length > 1)
      problems.push({ field: `${field}.type`, reason: `${stage.type} is a whole format and cannot be combined with other stages` });
    // 二章1节3 stage chains (libs/pairing stage-chain.ts): who plays a later stage, and what may follow what.
    const previous = i > 0 ? config.stages[i - 1] : undefined;
    if (i === 0 && stage.qualifiers !== undefined)
      problems.push({ field: `${field}.qualifiers`, reason: 'the first stage is played by the whole field: only a later stage has qualifiers' });
    if (previous && stage.type === 'knockout' && stage.qualifiers === undefined)
      problems.push({ field: `${field}.qualifiers`, reason: 'a knockout after another stage needs its number of qualifiers (e.g. 8)' });
    // A knockout match is one pairing decided game by game (附录2 7b); a team match's winner by board
    // points and its tie-breaks are not modelled: team knockouts are refused rather than run wrongly.
    if (stage.type === 'knockout' && config.kind === 'team')
      problems.push({ field: `${field}.type`, reason: 'a knockout stage is for individual events only (team knockouts are not supported)' });
    if (previous?.type === 'knockout') problems.push({ field: `${field}.type`, reason: 'no stage can follow a knockout (it ranks only its winner)' });
    if (previous?.type === 'group_round_robin' && previous.groups !== undefined && stage.qualifiers !== undefined && stage.qualifiers % previous.groups !== 0)
      problems.push({
        field: `${field}.qualifiers`,
        reason: `must be a multiple of the previous stage's ${previous.groups} groups (the same number from each group)`,
      });
  });
  return problems;
}
