import { FieldProblem } from '../common/validation';
import type { StageDto } from './event.dto';

/**
 * Cross-field checks of an event's configuration that a single DTO decorator cannot express.
 * Pure: returns the problems, the caller turns them into a 400.
 */
export function eventConfigProblems(config: {
  kind: 'individual' | 'team';
  stages: StageDto[];
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  config.stages.forEach((stage, i) => {
    const field = `stages.${i}`;
    if (stage.type === 'swiss' && stage.rounds === undefined) problems.push({ field: `${field}.rounds`, reason: 'a Swiss stage needs its number of rounds' });
    if (stage.type !== 'swiss' && stage.rounds !== undefined) problems.push({ field: `${field}.rounds`, reason: `only a Swiss stage has a number of rounds (this is ${stage.type})` });
    if (stage.type === 'group_round_robin' && stage.groups === undefined) problems.push({ field: `${field}.groups`, reason: 'a group round-robin needs its number of groups' });
    if (stage.type !== 'group_round_robin' && stage.groups !== undefined) problems.push({ field: `${field}.groups`, reason: 'only a group round-robin has groups' });
    // 附录2 / 附录3 are individual championships, complete formats in themselves.
    if ((stage.type === 'championship_5_2' || stage.type === 'championship_6_1') && config.kind !== 'individual')
      problems.push({ field: `${field}.type`, reason: `${stage.type} is an individual format (附录2/附录3)` });
    if ((stage.type === 'championship_5_2' || stage.type === 'championship_6_1') && config.stages.length > 1)
      problems.push({ field: `${field}.type`, reason: `${stage.type} is a whole format and cannot be combined with other stages` });
  });
  return problems;
}
