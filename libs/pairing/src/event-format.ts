/**
 * An event's format (二章1节3 赛制: 循环制、积分编排制、淘汰制, 也可分阶段混合采用) as a list of
 * stages, stated once: which stage lists are valid (`eventFormatProblems` — the server's 400s, the
 * tournament-file import and the stage chain's own `readStages` all ask it), which pairing system
 * runs it (`formatOptions`), and how many rounds a one-stage format has (`stageRoundCount`).
 * Pure: no framework.
 */
import type { TournamentOptions } from '@chuhe/tournament';

/** 二章1节3: the formats an event's stages may take; 附录2 / 附录3 are the two championship formats. */
export const EVENT_STAGE_TYPES = [
  'round_robin',
  'double_round_robin',
  'group_round_robin',
  'swiss',
  'knockout',
  'championship_5_2',
  'championship_6_1',
] as const;
export type EventStageType = (typeof EVENT_STAGE_TYPES)[number];

/** One stage as Event.stages (and the tournament file's options.stages) hold it. */
export interface EventStage {
  type: string;
  rounds?: number;
  groups?: number;
  qualifiers?: number;
}

/** A problem with the format: `field` as the API names it (`stages.1.qualifiers`), `reason` in English. */
export interface FormatProblem {
  field: string;
  reason: string;
  /** Stable code (the server words it in the page's language). */
  code: FormatProblemCode;
  params?: Record<string, string | number>;
}

export type FormatProblemCode =
  | 'format.not_a_type'
  | 'format.swiss_rounds'
  | 'format.rounds_swiss_only'
  | 'format.groups_needed'
  | 'format.groups_only'
  | 'format.individual_only'
  | 'format.whole'
  | 'format.first_no_qualifiers'
  | 'format.knockout_qualifiers'
  | 'format.after_knockout'
  | 'format.qualifiers_multiple';

/**
 * Every problem of an event's format (empty: valid). Cross-field checks a single field cannot
 * express; the caller turns them into a 400 (server) or a refusal (pairing, import).
 */
export function eventFormatProblems(config: { kind: 'individual' | 'team'; stages: readonly EventStage[]; gamesPerPairing?: number }): FormatProblem[] {
  const problems: FormatProblem[] = [];
  // 二章5节4: a team match may have two games per board (Game.leg 1 and 2, colours reversed) — allowed.
  config.stages.forEach((stage, i) => {
    const field = `stages.${i}`;
    if (!(EVENT_STAGE_TYPES as readonly string[]).includes(stage.type)) {
      problems.push({ field: `${field}.type`, reason: `must be one of ${EVENT_STAGE_TYPES.join(', ')}`, code: 'format.not_a_type' });
      return;
    }
    if (stage.type === 'swiss' && stage.rounds === undefined)
      problems.push({ field: `${field}.rounds`, reason: 'a Swiss stage needs its number of rounds', code: 'format.swiss_rounds' });
    if (stage.type !== 'swiss' && stage.rounds !== undefined)
      problems.push({
        field: `${field}.rounds`,
        reason: `only a Swiss stage has a number of rounds (this is ${stage.type})`,
        code: 'format.rounds_swiss_only',
      });
    if (stage.type === 'group_round_robin' && stage.groups === undefined)
      problems.push({ field: `${field}.groups`, reason: 'a group round-robin needs its number of groups', code: 'format.groups_needed' });
    if (stage.type !== 'group_round_robin' && stage.groups !== undefined)
      problems.push({ field: `${field}.groups`, reason: 'only a group round-robin has groups', code: 'format.groups_only' });
    // 附录2 / 附录3 are individual championships, complete formats in themselves.
    if ((stage.type === 'championship_5_2' || stage.type === 'championship_6_1') && config.kind !== 'individual')
      problems.push({
        field: `${field}.type`,
        reason: `${stage.type} is an individual format (附录2/附录3)`,
        code: 'format.individual_only',
        params: { type: stage.type },
      });
    if ((stage.type === 'championship_5_2' || stage.type === 'championship_6_1') && config.stages.length > 1)
      problems.push({
        field: `${field}.type`,
        reason: `${stage.type} is a whole format and cannot be combined with other stages`,
        code: 'format.whole',
        params: { type: stage.type },
      });
    // 二章1节3 stage chains (stage-chain.ts): who plays a later stage, and what may follow what.
    const previous = i > 0 ? config.stages[i - 1] : undefined;
    if (i === 0 && stage.qualifiers !== undefined)
      problems.push({
        field: `${field}.qualifiers`,
        reason: 'the first stage is played by the whole field: only a later stage has qualifiers',
        code: 'format.first_no_qualifiers',
      });
    if (previous && stage.type === 'knockout' && stage.qualifiers === undefined)
      problems.push({
        field: `${field}.qualifiers`,
        reason: 'a knockout after another stage needs its number of qualifiers (e.g. 8)',
        code: 'format.knockout_qualifiers',
      });
    if (previous?.type === 'knockout')
      problems.push({ field: `${field}.type`, reason: 'no stage can follow a knockout (it ranks only its winner)', code: 'format.after_knockout' });
    if (previous?.type === 'group_round_robin' && previous.groups !== undefined && stage.qualifiers !== undefined && stage.qualifiers % previous.groups !== 0)
      problems.push({
        field: `${field}.qualifiers`,
        reason: `must be a multiple of the previous stage's ${previous.groups} groups (the same number from each group)`,
        code: 'format.qualifiers_multiple',
        params: { groups: previous.groups },
      });
  });
  return problems;
}

/**
 * An event's stages as the libs/tournament options that name its pairing system: the 附录6
 * round-robin tables (once or twice round), Swiss 积分编排 for players or teams, the 附录2 5+2 and
 * 附录3 6+1 championships. Formats of more than one stage, and a standalone knockout or group
 * round-robin, use the stage chain ('stage-chain', stage-chain.ts), which pairs each stage in turn
 * from `options.stages`.
 */
export function formatOptions(kind: 'individual' | 'team', stages: readonly EventStage[]): Partial<TournamentOptions> {
  if (stages.length > 1) return { pairingSystem: 'stage-chain', stages: stages.map((s) => ({ ...s })) };
  const stage = stages[0];
  switch (stage?.type) {
    case 'round_robin':
      return { pairingSystem: 'round-robin', roundRobinCycles: 1 };
    case 'double_round_robin':
      return { pairingSystem: 'round-robin', roundRobinCycles: 2 };
    case 'championship_5_2':
      return { pairingSystem: 'championship-5-2' };
    case 'championship_6_1':
      return { pairingSystem: 'championship-6-1' };
    case 'swiss':
      return { pairingSystem: kind === 'team' ? 'swiss-team' : 'swiss-individual', totalRounds: stage.rounds };
    default:
      return { pairingSystem: 'stage-chain', stages: stages.map((s) => ({ ...s })) };
  }
}

/** 附录6: a round-robin of n entries has n − 1 rounds (n even) or n (n odd: one bye a round). */
export function roundRobinRoundCount(entries: number): number {
  return entries % 2 === 0 ? entries - 1 : entries;
}

/**
 * Rounds a one-stage format has when the format fixes them: Swiss as configured; a round-robin by
 * the field (附录6, doubled for a double round-robin); 5+2 and 6+1 seven in all (附录2, 附录3).
 * Null when the stage chain's plan decides (group round-robin, knockout: stagePlan).
 */
export function stageRoundCount(stage: EventStage, entries: number): number | null {
  switch (stage.type) {
    case 'swiss':
      return stage.rounds ?? null;
    case 'round_robin':
      return roundRobinRoundCount(entries);
    case 'double_round_robin':
      return 2 * roundRobinRoundCount(entries);
    case 'championship_5_2':
    case 'championship_6_1':
      return 7;
    default:
      return null;
  }
}
