import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Matches, Max, Min, ValidateIf } from 'class-validator';
import { OptionalTextField, TextField } from '../common/dto-fields';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class DecideMatchDto {
  @ApiPropertyOptional({ description: 'the person this player is; null: a new person', nullable: true })
  @ValidateIf((_o, v) => v !== null)
  @IsUUID()
  personId!: string | null;
}

export class MergeDto {
  @ApiProperty({ description: 'the person merged into this one (it redirects here afterwards)' })
  @IsUUID()
  mergedId!: string;
}

export class BanDto {
  @ApiProperty({ example: '2027-01-01' })
  @Matches(DAY, { message: 'startsOn must be a date YYYY-MM-DD' })
  startsOn!: string;

  @ApiProperty({ example: '2028-12-31' })
  @Matches(DAY, { message: 'endsOn must be a date YYYY-MM-DD' })
  endsOn!: string;

  @TextField(2000, '经当地棋会理事会判定，停赛两年（二章8节3）')
  decision!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID()
  eventId?: string;
}

export class LiftBanDto {
  @TextField(2000, '经复议，理事会决定提前解除禁赛')
  reason!: string;
}

export class SearchDto {
  @OptionalTextField(100)
  q?: string;
}

export class TitleRuleDto {
  @ApiProperty({ example: 3 })
  @IsInt()
  @Min(1)
  @Max(1000)
  topN!: number;

  @TextField(50, '象棋大师')
  titleZh!: string;

  @TextField(50, 'Xiangqi Master')
  titleEn!: string;
}
