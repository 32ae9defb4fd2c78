import { VersionField } from '../common/dto-fields';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

export class CreateEntryDto {
  @ApiProperty({ description: 'the player to enter (individual events; teams are entered by creating the team)' })
  @IsUUID()
  playerId!: string;

  @ApiPropertyOptional({ description: 'seed rank, 1 = top seed' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  seed?: number;
}

export class BulkEntryDto {
  @ApiProperty({ type: [String], description: 'the players to enter, all or none (individual events)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @ArrayUnique({ message: 'playerIds: a player may appear only once' })
  @IsUUID('all', { each: true })
  playerIds!: string[];
}

export class UpdateEntryDto {
  @VersionField()
  version!: number;

  @ApiPropertyOptional({ nullable: true, description: 'seed rank, 1 = top seed; null removes the seed' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  seed?: number | null;

  @ApiPropertyOptional({ description: "the host's extra team of an odd field (附录1 #3)" })
  @IsOptional()
  @IsBoolean()
  hostExtra?: boolean;
}

/** One entry's seed in a bulk change (PUT /api/events/:eventId/seeds). */
export class SeedRowDto {
  @ApiProperty()
  @IsUUID()
  entryId!: string;

  @VersionField()
  version!: number;

  @ApiProperty({ nullable: true, type: Number, description: 'seed rank, 1 = top seed; null removes the seed' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  seed!: number | null;
}

/** The event's seeds in one change, all or none (issue 30 #6); entries not listed keep theirs. */
export class SetSeedsDto {
  @ApiProperty({ type: [SeedRowDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => SeedRowDto)
  entries!: SeedRowDto[];
}

export class WithdrawEntryDto {
  @VersionField()
  version!: number;

  @ApiPropertyOptional({
    description:
      'after round 1 is published: the entry leaves after this round (≥ 0, ≤ the last published round; default the last published round), 二章7节3–4',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  afterRound?: number;

  @ApiPropertyOptional({ example: '因病退出 / withdrew for illness' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

/** Undoes a mistaken withdrawal (POST /api/entries/:entryId/undo-withdrawal). */
export class UndoWithdrawalDto {
  @VersionField()
  version!: number;

  @ApiPropertyOptional({ example: '误操作：退出的是另一位棋手 / the wrong player was withdrawn' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

export class PinDto {
  @ApiProperty()
  @IsUUID()
  entryId!: string;

  @ApiProperty()
  @IsInt()
  @Min(1)
  @Max(10000)
  drawNumber!: number;
}

export class DrawDto {
  @ApiPropertyOptional({ description: 'the lot seed; generated and recorded when absent' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  seed?: string;

  @ApiPropertyOptional({ type: [PinDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PinDto)
  pinned?: PinDto[];

  @ApiPropertyOptional({ type: [Number], description: 'numbers the seeded entries are drawn into (附录1 #5: 1, 6, 9, 14)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @ArrayUnique({ message: 'seedPositions: a seed position may appear only once' })
  seedPositions?: number[];
}
