import { CRITERIA, CriterionId, DEFAULT_CHAINS } from '@chuhe/standings';
import type { StageDto } from './event.dto';
import { defaultChainFor } from './tie-breaks';

/**
 * The formats of the rules (二章1节3, 附录1–3) as presets for the event form: a preset and its
 * numbers (rounds, groups, qualifiers) give the event's kind and stages. The form shows only the
 * preset; the stages are what the API stores, so an event made by the API shows its preset too
 * (presetOf), or none when no preset matches.
 */
export const EVENT_PRESETS = [
  'individual_swiss',
  'individual_round_robin',
  'individual_double_round_robin',
  'groups_then_knockout',
  'swiss_then_knockout',
  'team_round_robin',
  'team_double_round_robin',
  'team_swiss',
  'championship_5_2',
  'championship_6_1',
] as const;
export type EventPreset = (typeof EVENT_PRESETS)[number];

export interface PresetNumbers {
  rounds?: number;
  groups?: number;
  qualifiers?: number;
}

/** Which numbers each preset asks for (the form shows only these). */
export const PRESET_NUMBERS: Record<EventPreset, readonly (keyof PresetNumbers)[]> = {
  individual_swiss: ['rounds'],
  individual_round_robin: [],
  individual_double_round_robin: [],
  groups_then_knockout: ['groups', 'qualifiers'],
  swiss_then_knockout: ['rounds', 'qualifiers'],
  team_round_robin: [],
  team_double_round_robin: [],
  team_swiss: ['rounds'],
  championship_5_2: [],
  championship_6_1: [],
};

/**
 * The clock a preset's rules give (the form fills it in when the preset is chosen; the organizer may
 * change it): 附录2 #4 the 5+2 championship's slow game 80′+30″; 附录3 #4 the 6+1's 60′+30″.
 * Presets without one keep the form's value.
 */
export const PRESET_TIME_CONTROLS: Partial<Record<EventPreset, { baseMinutes: number; incrementSeconds: number; article: string }>> = {
  championship_5_2: { baseMinutes: 80, incrementSeconds: 30, article: '附录2 #4' },
  championship_6_1: { baseMinutes: 60, incrementSeconds: 30, article: '附录3 #4' },
};

export function presetKind(preset: EventPreset): 'individual' | 'team' {
  return preset.startsWith('team_') ? 'team' : 'individual';
}

/** The stages of a preset; a missing number stays missing, so the API's check names it (stages.0.rounds). */
export function presetStages(preset: EventPreset, n: PresetNumbers): StageDto[] {
  switch (preset) {
    case 'individual_swiss':
    case 'team_swiss':
      return [{ type: 'swiss', rounds: n.rounds }];
    case 'individual_round_robin':
    case 'team_round_robin':
      return [{ type: 'round_robin' }];
    case 'individual_double_round_robin':
    case 'team_double_round_robin':
      return [{ type: 'double_round_robin' }];
    case 'groups_then_knockout':
      return [
        { type: 'group_round_robin', groups: n.groups },
        { type: 'knockout', qualifiers: n.qualifiers },
      ];
    case 'swiss_then_knockout':
      return [
        { type: 'swiss', rounds: n.rounds },
        { type: 'knockout', qualifiers: n.qualifiers },
      ];
    case 'championship_5_2':
      return [{ type: 'championship_5_2' }];
    case 'championship_6_1':
      return [{ type: 'championship_6_1' }];
  }
}

/** The preset and numbers that give these stages, or undefined (an event shaped by the API alone). */
export function presetOf(kind: 'individual' | 'team', stages: StageDto[]): { preset: EventPreset; numbers: PresetNumbers } | undefined {
  for (const preset of EVENT_PRESETS) {
    if (presetKind(preset) !== kind) continue;
    const numbers: PresetNumbers = {};
    for (const key of PRESET_NUMBERS[preset]) {
      const value = stages.map((s) => s[key]).find((v) => v !== undefined);
      if (value !== undefined) numbers[key] = value;
    }
    if (JSON.stringify(presetStages(preset, numbers)) === JSON.stringify(stages.map((s) => ({ ...s })))) return { preset, numbers };
  }
  return undefined;
}

/** One step of an event's tie-break chain as a page shows it: the criterion, its name and its article. */
export interface ChainStepView {
  criterion: string;
  nameZh: string;
  english: string;
  article: string;
}

/**
 * The event's chain with each step's article (二章6节): the article of the chain the rules give for
 * the event's format where the step is in it, else the articles that use the criterion.
 */
export function chainView(kind: 'individual' | 'team', stages: { type: StageDto['type'] }[], criteria: string[]): ChainStepView[] {
  const prescribed = DEFAULT_CHAINS[defaultChainFor(kind, stages)];
  return criteria.map((id) => {
    const definition = CRITERIA[id as CriterionId];
    const step = prescribed.find((s) => s.criterion === id);
    return {
      criterion: id,
      nameZh: step?.label ?? (definition ? definition.name[kind] : id),
      english: definition?.english ?? id,
      article: step?.rule ?? definition?.rules.join(', ') ?? '',
    };
  });
}
