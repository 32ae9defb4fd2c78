import { VersionField, NameField, OptionalNameField } from '../common/dto-fields';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { TIE_BREAK_CRITERIA } from './tie-breaks';
import { EVENT_STAGE_TYPES, TEAM_KNOCKOUT_DECIDERS, type EventStageType } from '@chuhe/pairing';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { APPEAL_TIE_FEES, ROUND1_PAIRINGS, SAME_AFFILIATION_RULES, TEAM_FAR_PAIRINGS } from '@chuhe/tournament';
import {
  BLACK_IN_DIRECT_GAME_TIES,
  BYE_IN_OPPONENT_VALUES,
  DIRECT_ENCOUNTER_MODES,
  FOUL_COUNTS,
  STRONG_OPPONENT_METHODS,
  TWO_GAME_SMALL_POINTS,
  UNPLAYED_OPPONENT_VALUES,
  WITHDRAWN_OPPONENT_VALUES,
} from '@chuhe/standings';

export { EVENT_STAGE_TYPES };
export type { EventStageType };

export const EVENT_KINDS = ['individual', 'team'] as const;
export const EVENT_CATEGORIES = ['open', 'women'] as const;
/** 二章5节1: 2/1/0, or 1/½/0. */
export const SCORINGS = ['2-1-0', '1-0.5-0'] as const;

export class StageDto {
  @ApiProperty({ enum: EVENT_STAGE_TYPES })
  @IsIn(EVENT_STAGE_TYPES)
  type!: EventStageType;

  @ApiPropertyOptional({ description: 'Swiss: number of rounds' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(30)
  rounds?: number;

  @ApiPropertyOptional({ description: 'group round-robin: number of groups' })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(32)
  groups?: number;

  @ApiPropertyOptional({
    description: 'a stage after the first: how many of the ranking after the previous stage play it (a knockout after another stage needs it), e.g. 8',
  })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(1024)
  qualifiers?: number;
}

/** 二章2节2 限时限着制: after the first period, `moves` moves in every `minutes`, once `afterMinutes` are used. */
export class SecondPeriodDto {
  @ApiProperty({ example: 5, description: 'each span of the second period, in minutes' })
  @IsInt()
  @Min(1)
  @Max(120)
  minutes!: number;

  @ApiProperty({ example: 10, description: 'moves to make in each span' })
  @IsInt()
  @Min(1)
  @Max(200)
  moves!: number;

  @ApiPropertyOptional({ example: 120, description: 'the period starts once a player has used this many minutes (二章2节2: two hours; default the base time)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1200)
  afterMinutes?: number;
}

/** One clock (二章2节): base time plus increment, or moves within a time, and a second period. */
export class ClockDto {
  @ApiProperty({ example: 60 })
  @IsInt()
  @Min(1)
  @Max(600)
  baseMinutes!: number;

  @ApiPropertyOptional({ example: 30 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(600)
  incrementSeconds?: number;

  @ApiPropertyOptional({ description: 'moves to make within the base time (限时限着制)', example: 25 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  movesInBase?: number;

  @ApiPropertyOptional({ type: SecondPeriodDto, description: '二章2节2: the second period (needs movesInBase)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SecondPeriodDto)
  secondPeriod?: SecondPeriodDto;
}

/** A stage's own clocks (附录3 #4: 正赛 60′+30″, 快棋 15′+5″). */
export class StageClocksDto {
  @ApiPropertyOptional({ type: ClockDto, description: "the stage's regular games (default: the event's clock)" })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClockDto)
  slow?: ClockDto;

  @ApiPropertyOptional({ type: ClockDto, description: "the stage's rapid tie-break games (二章6节1)" })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClockDto)
  rapid?: ClockDto;
}

/** Time control as data (二章2节; libs/tournament time-control.ts): the event's clock, and each stage's own. */
export class TimeControlDto extends ClockDto {
  @ApiPropertyOptional({
    type: [StageClocksDto],
    description:
      'one entry per stage, in the order of `stages` ({} = the event clock), e.g. [{}, {"slow":{"baseMinutes":60,"incrementSeconds":30},"rapid":{"baseMinutes":15,"incrementSeconds":5}}]',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => StageClocksDto)
  stages?: StageClocksDto[];
}

/**
 * The pairing options an organizer may set before round 1 (Event.pairingOptions, the tournament
 * file's options). A key left out keeps its value; the format's own keys (stages, pairing system)
 * are not here. sameAffiliation unset = the format's rule (附录3 #3 for 6+1: 'round1').
 */
/** 二章6节1: the rapid tie-break clock of a knockout stage, the organizer's choice. */
export class KnockoutRapidDto {
  @ApiProperty({ example: 15 })
  @IsInt()
  @Min(1)
  @Max(120)
  baseMinutes!: number;

  @ApiPropertyOptional({ example: 10 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(120)
  incrementSeconds?: number;
}

export class PairingOptionsDto {
  @ApiPropertyOptional({
    enum: SAME_AFFILIATION_RULES,
    description: "same-affiliation entries: may meet ('allowed'), not in round 1 ('round1', 附录3 #3, the 6+1 default), never ('event')",
  })
  @IsOptional()
  @IsIn(SAME_AFFILIATION_RULES)
  sameAffiliation?: (typeof SAME_AFFILIATION_RULES)[number];

  @ApiPropertyOptional({ enum: ROUND1_PAIRINGS, description: "Swiss round 1: 'split' (top half v bottom half) or 'adjacent' (1–2, 3–4 …, 附录1 #4)" })
  @IsOptional()
  @IsIn(ROUND1_PAIRINGS)
  round1Pairing?: (typeof ROUND1_PAIRINGS)[number];

  @ApiPropertyOptional({ enum: TEAM_FAR_PAIRINGS, description: 'team Swiss, even rounds (远对)' })
  @IsOptional()
  @IsIn(TEAM_FAR_PAIRINGS)
  teamFarPairing?: (typeof TEAM_FAR_PAIRINGS)[number];

  @ApiPropertyOptional({ description: 'the recorded lot that decides round-1 colours', example: 'lot 2026-12-01' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  colourLotSeed?: string;

  @ApiPropertyOptional({
    type: KnockoutRapidDto,
    description:
      "二章6节1: a knockout stage's rapid tie-break clock (快棋每方用时，可由赛会自行决定); default 附录2 7b's 30'+30\". The 5+2 / 6+1 championships keep their appendix's clocks.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => KnockoutRapidDto)
  knockoutRapid?: KnockoutRapidDto;

  @ApiPropertyOptional({
    enum: TEAM_KNOCKOUT_DECIDERS,
    description:
      "二章6节1: a team knockout match drawn in its regular boards and in the rapid rematch is decided by 'board_count_back' (the team that won the highest board, rapid rematch first; default) or 'lot'",
  })
  @IsOptional()
  @IsIn(TEAM_KNOCKOUT_DECIDERS)
  teamKnockoutDecider?: (typeof TEAM_KNOCKOUT_DECIDERS)[number];

  @ApiPropertyOptional({ description: 'the recorded lot of the championship knockout colours', example: 'lot 2026-12-01' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  championshipLotSeed?: string;
}

export class CreateEventDto {
  @NameField(200, '男子团体')
  nameZh!: string;

  @NameField(200, "Men's team")
  nameEn!: string;

  @ApiProperty({ enum: EVENT_KINDS })
  @IsIn(EVENT_KINDS)
  kind!: (typeof EVENT_KINDS)[number];

  @ApiPropertyOptional({ enum: EVENT_CATEGORIES, default: 'open' })
  @IsOptional()
  @IsIn(EVENT_CATEGORIES)
  category?: (typeof EVENT_CATEGORIES)[number];

  @ApiProperty({ type: [StageDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => StageDto)
  stages!: StageDto[];

  @ApiPropertyOptional({ enum: [1, 2], default: 1 })
  @IsOptional()
  @IsIn([1, 2])
  gamesPerPairing?: 1 | 2;

  @ApiPropertyOptional({ enum: SCORINGS, default: '2-1-0' })
  @IsOptional()
  @IsIn(SCORINGS)
  scoring?: (typeof SCORINGS)[number];

  @ApiPropertyOptional({ default: 3, description: 'team events: starters per team (附录1 #1)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10)
  teamStarters?: number;

  @ApiPropertyOptional({ default: 1, description: 'team events: reserves per team (附录1 #1)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5)
  teamReserves?: number;

  @ApiProperty({ type: TimeControlDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => TimeControlDto)
  timeControl!: TimeControlDto;

  @ApiPropertyOptional({
    type: [String],
    description: 'tie-break criteria in order (libs/standings CRITERION_IDS); omitted = the chain the rules prescribe for the event (二章6节)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsIn(TIE_BREAK_CRITERIA, { each: true })
  tieBreaks?: string[];

  @ApiPropertyOptional({ type: PairingOptionsDto, description: 'the pairing options the organizer sets (same-affiliation rule, round-1 pairing …)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PairingOptionsDto)
  pairingOptions?: PairingOptionsDto;

  @ApiPropertyOptional({ default: 30, description: 'team events: lineups are due this many minutes before the round starts (附录1 #8: 30)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  lineupDeadlineMinutes?: number;
}

export class UpdateEventDto {
  @VersionField()
  version!: number;

  @OptionalNameField(200)
  nameZh?: string;

  @OptionalNameField(200)
  nameEn?: string;

  @ApiPropertyOptional({ type: [StageDto] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => StageDto)
  stages?: StageDto[];

  @ApiPropertyOptional({ type: TimeControlDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => TimeControlDto)
  timeControl?: TimeControlDto;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsIn(TIE_BREAK_CRITERIA, { each: true })
  tieBreaks?: string[];

  @ApiPropertyOptional({ enum: EVENT_CATEGORIES, description: 'until round 1 is paired' })
  @IsOptional()
  @IsIn(EVENT_CATEGORIES)
  category?: (typeof EVENT_CATEGORIES)[number];

  @ApiPropertyOptional({ enum: SCORINGS, description: 'until round 1 is paired' })
  @IsOptional()
  @IsIn(SCORINGS)
  scoring?: (typeof SCORINGS)[number];

  @ApiPropertyOptional({ enum: [1, 2], description: 'until round 1 is paired' })
  @IsOptional()
  @IsIn([1, 2])
  gamesPerPairing?: 1 | 2;

  @ApiPropertyOptional({ description: 'team events, until round 1 is paired (附录1 #1)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10)
  teamStarters?: number;

  @ApiPropertyOptional({ description: 'team events, until round 1 is paired (附录1 #1)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5)
  teamReserves?: number;

  @ApiPropertyOptional({ description: 'team events: lineups are due this many minutes before the round starts (附录1 #8: 30)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  lineupDeadlineMinutes?: number;

  @ApiPropertyOptional({ type: PairingOptionsDto, description: 'until round 1 is paired; merged into the stored options' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PairingOptionsDto)
  pairingOptions?: PairingOptionsDto;
}

/**
 * The event's readings of open articles and the standings' counting settings (Event.standingsOptions),
 * set by the chief arbiter until round 1 is paired (三章4C). Each default is Chuhe's behaviour before
 * the setting existed (libs/standings settings.ts, libs/tournament committee.ts).
 */
export class StandingsReadingsDto {
  @VersionField()
  version!: number;

  @ApiPropertyOptional({
    enum: TWO_GAME_SMALL_POINTS,
    description:
      "二章6节2 A in a two-game individual event: 小分 as Sonneborn–Berger ('sonneborn_berger', default) or the total 局分 ('game_points', 二章5节2)",
  })
  @IsOptional()
  @IsIn(TWO_GAME_SMALL_POINTS)
  twoGameSmallPoints?: (typeof TWO_GAME_SMALL_POINTS)[number];

  @ApiPropertyOptional({
    enum: BLACK_IN_DIRECT_GAME_TIES,
    description: "二章6节2 F with three or more tied: skipped ('two_only', default: the article says 两人) or the Black games among them ('among_tied')",
  })
  @IsOptional()
  @IsIn(BLACK_IN_DIRECT_GAME_TIES)
  blackInDirectGameTies?: (typeof BLACK_IN_DIRECT_GAME_TIES)[number];

  @ApiPropertyOptional({
    enum: APPEAL_TIE_FEES,
    description: "二章8节4 when an even committee's vote ties (the appeal is dismissed): the fee 'forfeited' (default) or 'refunded'",
  })
  @IsOptional()
  @IsIn(APPEAL_TIE_FEES)
  appealTieFee?: (typeof APPEAL_TIE_FEES)[number];

  // The counting settings of the tie-break criteria (libs/standings settings.ts; the rules are silent).
  @ApiPropertyOptional({
    enum: BYE_IN_OPPONENT_VALUES,
    description: "对手分, 小分, 强对手分 …: what a bye contributes, 'zero' (default) or the entry's 'own_score'",
  })
  @IsOptional()
  @IsIn(BYE_IN_OPPONENT_VALUES)
  byeInOpponentCriteria?: (typeof BYE_IN_OPPONENT_VALUES)[number];

  @ApiPropertyOptional({
    enum: UNPLAYED_OPPONENT_VALUES,
    description: "对手分, 小分, 强对手分 …: what a forfeit contributes, the real 'opponent' (default), 'zero' or the entry's 'own_score'",
  })
  @IsOptional()
  @IsIn(UNPLAYED_OPPONENT_VALUES)
  forfeitInOpponentCriteria?: (typeof UNPLAYED_OPPONENT_VALUES)[number];

  @ApiPropertyOptional({
    enum: WITHDRAWN_OPPONENT_VALUES,
    description: "the total counted for a withdrawn opponent: 'actual' (default), 'zero' or 'own_score'",
  })
  @IsOptional()
  @IsIn(WITHDRAWN_OPPONENT_VALUES)
  withdrawnOpponent?: (typeof WITHDRAWN_OPPONENT_VALUES)[number];

  @ApiPropertyOptional({ enum: STRONG_OPPONENT_METHODS, description: "强对手分's formula (default 'opponent_scores_desc')" })
  @IsOptional()
  @IsIn(STRONG_OPPONENT_METHODS)
  strongOpponent?: (typeof STRONG_OPPONENT_METHODS)[number];

  @ApiPropertyOptional({ description: '胜局数 …: a forfeit win counts as a win (default true, 二章7节)' })
  @IsOptional()
  @IsBoolean()
  forfeitWinsAreWins?: boolean;

  @ApiPropertyOptional({ description: '胜局数 …: a bye counts as a win (default false)' })
  @IsOptional()
  @IsBoolean()
  byeIsWin?: boolean;

  @ApiPropertyOptional({ description: '后手胜局 / 后手局 …: unplayed (forfeited) games listed with Black count (default false)' })
  @IsOptional()
  @IsBoolean()
  unplayedBlackGames?: boolean;

  @ApiPropertyOptional({ description: '直胜 / 两人对赛 …: a forfeit between the tied entries counts (default true)' })
  @IsOptional()
  @IsBoolean()
  forfeitsInDirectEncounter?: boolean;

  @ApiPropertyOptional({
    enum: DIRECT_ENCOUNTER_MODES,
    description: "直胜 / 两人对赛 … when not all the tied met: skipped ('complete_only', default) or the games among them ('mini_table')",
  })
  @IsOptional()
  @IsIn(DIRECT_ENCOUNTER_MODES)
  directEncounter?: (typeof DIRECT_ENCOUNTER_MODES)[number];

  @ApiPropertyOptional({ enum: FOUL_COUNTS, description: "犯规少 counts technical fouls ('technical', default) or violations too" })
  @IsOptional()
  @IsIn(FOUL_COUNTS)
  fouls?: (typeof FOUL_COUNTS)[number];
}
