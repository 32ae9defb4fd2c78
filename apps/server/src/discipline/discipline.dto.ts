import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { LADDER_DECISIONS, SANCTION_KINDS } from '@chuhe/standings';
import type { LadderDecision, SanctionKind } from '@chuhe/standings';
import { OptionalTextField, TextField, VersionField, OptionalNameField } from '../common/dto-fields';

export class CreateSanctionDto {
  @ApiProperty({ description: 'the offending player (Player.id; one of the game’s two players)' })
  @IsUUID()
  playerId!: string;

  @ApiProperty({ enum: SANCTION_KINDS, description: 'libs/standings SANCTION_KINDS' })
  @IsIn(SANCTION_KINDS)
  kind!: SanctionKind;

  @ApiPropertyOptional({ description: 'what happened: a TECHNICAL_FOUL_DETAILS code (e.g. touch_move, leaving_seat) or free text' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  detail?: string;

  @ApiPropertyOptional({ description: 'unrecorded_moves: how many (default 1)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  count?: number;

  @ApiPropertyOptional({ description: 'time_deduction: minutes taken from the player' })
  @IsOptional()
  @IsInt()
  @Min(-600)
  @Max(600)
  minutes?: number;

  @ApiPropertyOptional({ description: 'adjournment_no_show: minutes late at the resumption (absent: did not come)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10000)
  minutesLate?: number;

  @ApiPropertyOptional({ enum: LADDER_DECISIONS, description: 'misconduct, third offence: loss | removal | none' })
  @IsOptional()
  @IsIn(LADDER_DECISIONS)
  decision?: LadderDecision;

  @ApiPropertyOptional({ description: 'collusion: entries whose right to compete is cancelled (二章8节3)', type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsUUID('all', { each: true })
  disqualify?: string[];

  @OptionalTextField(1000, 'left the playing hall without permission during move 23')
  note?: string;
}

export class RevokeSanctionDto {
  @VersionField()
  version!: number;

  @TextField(500, 'the video shows the clock was pressed before the pieces fell')
  reason!: string;
}

export class DrawOfferDto {
  @ApiProperty({ description: 'the player offering the draw (Player.id)' })
  @IsUUID()
  playerId!: string;

  @ApiPropertyOptional({ description: 'the ply after which the offer was made (三章6I: after one’s own move)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2000)
  ply?: number;

  @ApiPropertyOptional({ enum: ['pending', 'declined', 'accepted'] })
  @IsOptional()
  @IsIn(['pending', 'declined', 'accepted'])
  response?: string;

  @OptionalTextField(500)
  note?: string;
}

export class EarlyDrawDto {
  @ApiProperty({ description: 'plies played when the draw was agreed (二章8节12: before 40 plies needs the chief arbiter)', example: 24 })
  @IsInt()
  @Min(0)
  @Max(2000)
  plies!: number;

  @ApiPropertyOptional({ description: 'little material exchanged (双方子力又无大耗损)' })
  @IsOptional()
  @IsBoolean()
  littleMaterialGone?: boolean;

  @OptionalTextField(500)
  note?: string;
}

export class DecideEarlyDrawDto {
  @VersionField()
  version!: number;

  @ApiProperty({ enum: ['confirmed', 'refused'], description: 'confirmed: the draw stands; refused: the players are asked to play on (二章8节12)' })
  @IsIn(['confirmed', 'refused'])
  decision!: 'confirmed' | 'refused';

  @OptionalTextField(500)
  reason?: string;
}

export class AdjournmentDto {
  @ApiProperty({
    description: 'the diagram: the position as FEN (三章6K 棋图)',
    example: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  })
  @IsString()
  @MaxLength(200)
  fen!: string;

  @ApiProperty({
    description: 'the sealed move (暗着), written by Red (二章2节4, 三章6K): the diagram has Red to move; kept from the players until resumption',
    example: 'h2e2',
  })
  @IsString()
  @MaxLength(40)
  sealedMove!: string;

  @ApiProperty({ description: 'minutes used by Red', example: 95 })
  @IsInt()
  @Min(0)
  @Max(10000)
  redMinutesUsed!: number;

  @ApiProperty({ description: 'minutes used by Black', example: 102 })
  @IsInt()
  @Min(0)
  @Max(10000)
  blackMinutesUsed!: number;

  @ApiProperty({ description: 'resumption time (ISO 8601)', example: '2026-12-02T09:00:00+08:00' })
  @IsString()
  @MaxLength(40)
  resumeAt!: string;

  @OptionalNameField(200)
  place?: string;
}

export class DisciplineSettingsDto {
  @VersionField()
  version!: number;

  @ApiPropertyOptional({ description: 'appeals are filed within this many minutes of the game’s end (二章8节4: 120)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10080)
  appealDeadlineMinutes?: number;

  @ApiPropertyOptional({ description: 'the appeal fee in the currency’s minor unit (三章7 / 二章8节4: 5000 = S$50)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  appealFeeAmount?: number;

  @ApiPropertyOptional({ description: 'ISO 4217 code, e.g. SGD, MYR, CNY' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/)
  appealFeeCurrency?: string;

  @ApiPropertyOptional({ enum: ['axf_2017', 'cxa'], description: '棋例 rule set for disputed positions' })
  @IsOptional()
  @IsIn(['axf_2017', 'cxa'])
  repetitionRules?: 'axf_2017' | 'cxa';
}

/** sanctions/apply: the chief arbiter applies the consequence again, saying why (the audit row's reason). */
export class ApplySanctionsDto {
  @TextField(500, 'the lineups are in: the two technical fouls on board 2 stand (一章3节6)')
  reason!: string;
}
