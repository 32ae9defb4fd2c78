import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDateString, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/**
 * 三章1 竞赛规程, the parts the system does not use as data, as free text in zh and en: 举办单位,
 * 宗旨, 参加资格 (beside the structured bounds), 报名办法, 棋赛制度, 对局时限, 成绩计算, 棋例, 奖励办法,
 * and 三章2 补充规定. The name, venue and dates are the tournament's own fields.
 */
export const REGULATION_TEXTS = [
  'hosts',
  'purpose',
  'eligibility',
  'registration',
  'system',
  'timeControl',
  'scoring',
  'rules',
  'prizes',
  'supplementary',
] as const;
export type RegulationText = (typeof REGULATION_TEXTS)[number];
export type RegulationTexts = Partial<Record<RegulationText, { zh: string; en: string }>>;

export class UpdateRegulationsDto {
  @ApiPropertyOptional({ description: 'the version read (absent: the regulations are written for the first time)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number;

  @ApiPropertyOptional({
    description: `{ key: { zh, en } } for keys ${REGULATION_TEXTS.join(', ')}`,
    example: { purpose: { zh: '促进象棋交流', en: 'To promote xiangqi' } },
  })
  @IsOptional()
  @IsObject()
  texts?: Record<string, unknown>;

  @ApiPropertyOptional({
    nullable: true,
    description: '报名办法: the window opens (an instant, ISO 8601 with its offset; null: no bound)',
    example: '2026-12-01T09:00:00+08:00',
  })
  @IsOptional()
  @IsDateString()
  registrationOpensAt?: string | null;

  @ApiPropertyOptional({ nullable: true, example: '2026-12-10T18:00:00+08:00' })
  @IsOptional()
  @IsDateString()
  registrationClosesAt?: string | null;

  @ApiPropertyOptional({ nullable: true, description: '报名地点 (null: none)', example: '新加坡象棋总会' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  registrationPlace?: string | null;

  @ApiPropertyOptional({ description: 'ISO 4217 code of every entry fee', example: 'SGD' })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/)
  feeCurrency?: string;
}

/** An event's 参加资格 and 报名费 as data (Event columns); null clears a bound. */
export class EventRegulationsDto {
  @ApiPropertyOptional()
  @IsInt()
  @Min(1)
  version!: number;

  @ApiPropertyOptional({ nullable: true, description: 'most entries the event takes (null: no limit)' })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(100000)
  maxEntries?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'inclusive bound (null: none)' })
  @IsOptional()
  @IsInt()
  @Min(1900)
  @Max(2100)
  minBirthYear?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'inclusive bound (null: none)' })
  @IsOptional()
  @IsInt()
  @Min(1900)
  @Max(2100)
  maxBirthYear?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'inclusive bound (null: none)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4000)
  minRating?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'inclusive bound (null: none)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4000)
  maxRating?: number | null;

  @ApiPropertyOptional({ description: 'only players of invited units (附录2/3 #1)' })
  @IsOptional()
  @IsBoolean()
  membersOnly?: boolean;

  @ApiPropertyOptional({ description: 'persons may ask to enter themselves' })
  @IsOptional()
  @IsBoolean()
  selfRegistration?: boolean;

  @ApiPropertyOptional({ nullable: true, description: "报名费 per player, in the fee currency's minor unit (null: none)" })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  feePerPlayer?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'per team (null: none)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  feePerTeam?: number | null;
}
