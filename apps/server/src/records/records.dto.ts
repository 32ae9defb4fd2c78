import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { MAX_INT } from '../common/validation';

export const RECORD_FORMATS = ['auto', 'chinese', 'chinese-traditional', 'wxf', 'axf', 'iccs', 'pgn'] as const;

export class PutRecordDto {
  @ApiProperty({ description: 'the record: a numbered move list in Chinese notation (simplified or traditional), WXF/AXF, ICCS, or a PGN with tags (二章3节)', example: '1. 炮二平五 马8进7 2. 马二进三 车9平8' })
  @IsString()
  @Length(1, 200_000)
  text!: string;

  @ApiPropertyOptional({ enum: RECORD_FORMATS, description: 'what the text is (default auto: any notation libs/xiangqi reads, move by move)' })
  @IsOptional()
  @IsIn(RECORD_FORMATS)
  format?: (typeof RECORD_FORMATS)[number];

  @ApiPropertyOptional({ description: 'start position when the record has no FEN tag (default: the initial position)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  fen?: string;

  @ApiPropertyOptional({ description: 'replacing a stored record: its version (optimistic concurrency)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT)
  version?: number;
}

export class MoveLimitClaimDto {
  @ApiProperty({ description: 'the claim was made after this many plies of the record' })
  @IsInt()
  @Min(0)
  @Max(100_000)
  afterPly!: number;

  @ApiProperty({ enum: ['red', 'black'] })
  @IsIn(['red', 'black'])
  claimant!: 'red' | 'black';
}
