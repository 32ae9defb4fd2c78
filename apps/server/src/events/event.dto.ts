import { VersionField, TextField, OptionalTextField, NameField, OptionalNameField } from '../common/dto-fields';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { TIE_BREAK_CRITERIA } from './tie-breaks';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';

/** 二章1节3: the formats an event's stages may take; 附录2 / 附录3 are the two championship formats. */
export const STAGE_TYPES = [
  'round_robin',
  'double_round_robin',
  'group_round_robin',
  'swiss',
  'knockout',
  'championship_5_2',
  'championship_6_1',
] as const;
export type StageType = (typeof STAGE_TYPES)[number];

export const EVENT_KINDS = ['individual', 'team'] as const;
export const EVENT_CATEGORIES = ['open', 'women'] as const;
/** 二章5节1: 2/1/0, or 1/½/0. */
export const SCORINGS = ['2-1-0', '1-0.5-0'] as const;

export class StageDto {
  @ApiProperty({ enum: STAGE_TYPES })
  @IsIn(STAGE_TYPES)
  type!: StageType;

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

  @ApiPropertyOptional({ description: 'a stage after the first: how many of the ranking after the previous stage play it (a knockout after another stage needs it), e.g. 8' })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(1024)
  qualifiers?: number;
}

/** Time control as data (二章2节): base time plus increment, or moves within a time. */
export class TimeControlDto {
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
  @ValidateNested()
  @Type(() => TimeControlDto)
  timeControl!: TimeControlDto;

  @ApiPropertyOptional({ type: [String], description: 'tie-break criteria in order (libs/standings CRITERION_IDS); omitted = the chain the rules prescribe for the event (二章6节)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsIn(TIE_BREAK_CRITERIA, { each: true })
  tieBreaks?: string[];
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
}
