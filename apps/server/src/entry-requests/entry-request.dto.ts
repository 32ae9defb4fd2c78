import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { NameField, OptionalNameField } from '../common/dto-fields';
import { GENDERS } from '../players/player.dto';

/** One player of a request: an existing player of the unit (playerId), or a new one as typed. */
export class PlayerDetailsDto {
  @ApiPropertyOptional({ description: "an existing player of the delegate's unit" })
  @IsOptional()
  @IsUUID()
  playerId?: string;

  @OptionalNameField(100, '黎德志')
  nameZh?: string;

  @OptionalNameField(100, 'Alvin Woo')
  nameEn?: string;

  @ApiPropertyOptional({ enum: GENDERS })
  @IsOptional()
  @IsIn(GENDERS)
  gender?: (typeof GENDERS)[number];

  @ApiPropertyOptional({ example: 1990 })
  @IsOptional()
  @IsInt()
  @Min(1900)
  @Max(2100)
  birthYear?: number;

  @ApiPropertyOptional({ example: 2300 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4000)
  rating?: number;

  @ApiPropertyOptional({ example: 'CXA-00123', description: "the player's federation ID: kept on the player, the person registry's sure match (issue 33)" })
  @OptionalNameField(50)
  federationId?: string;

  @ApiPropertyOptional({ description: 'for the decision (never shown publicly)' })
  @IsOptional()
  @IsEmail()
  @MaxLength(200)
  email?: string;
}

export class TeamDetailsDto {
  @NameField(100, '新加坡')
  nameZh!: string;

  @NameField(100, 'Singapore')
  nameEn!: string;

  @ApiProperty({ type: [PlayerDetailsDto], description: 'in board order (附录1 #1)' })
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => PlayerDetailsDto)
  starters!: PlayerDetailsDto[];

  @ApiPropertyOptional({ type: [PlayerDetailsDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => PlayerDetailsDto)
  reserves?: PlayerDetailsDto[];
}

/** 报名: a player (individual events) or a team (team events). */
export class CreateEntryRequestDto {
  @ApiPropertyOptional({ type: PlayerDetailsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => PlayerDetailsDto)
  player?: PlayerDetailsDto;

  @ApiPropertyOptional({ type: TeamDetailsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => TeamDetailsDto)
  team?: TeamDetailsDto;

  @ApiPropertyOptional({ description: "a self-registering player's unit (optional); a delegate always enters for their own" })
  @IsOptional()
  @IsUUID()
  affiliationId?: string;
}

/** 报名 without an account (issue 31 #4): the player as the regulations require, and the address the link goes to. */
export class CreateEntryRequestByMailDto extends CreateEntryRequestDto {
  @ApiProperty({ description: 'the confirmation link and the decision are mailed here (never shown publicly)', example: 'player@example.org' })
  @IsEmail()
  @MaxLength(200)
  email!: string;
}

/** A change of a request not yet decided (issue 31 #3): the whole entry again, with the version read. */
export class EditEntryRequestDto extends CreateEntryRequestDto {
  @ApiProperty({ description: 'the version of the request read (409 when another change came first)' })
  @IsInt()
  @Min(1)
  version!: number;
}

export class ConfirmEntryDto {
  @ApiProperty({ description: 'the token of the link in the confirmation mail' })
  @IsString()
  @Length(20, 100)
  token!: string;
}

export class DecisionDto {
  @ApiProperty({ description: 'the version of the request read' })
  @IsInt()
  @Min(1)
  version!: number;

  @ApiPropertyOptional({ description: 'the reason (required to refuse)' })
  @IsOptional()
  @IsString()
  @Length(0, 500)
  reason?: string;
}

export const REQUEST_STATES = ['submitted', 'approved', 'refused', 'waiting', 'withdrawn'] as const;
export const REQUEST_SOURCES = ['delegate', 'self', 'organizer'] as const;

export class RequestFilterDto {
  @ApiPropertyOptional({ enum: REQUEST_STATES })
  @IsOptional()
  @IsIn(REQUEST_STATES)
  state?: (typeof REQUEST_STATES)[number];

  @ApiPropertyOptional({ enum: REQUEST_SOURCES })
  @IsOptional()
  @IsIn(REQUEST_SOURCES)
  source?: (typeof REQUEST_SOURCES)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID()
  affiliationId?: string;
}
