import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_INT } from '../common/validation';

export const RECORD_FORMATS = ['auto', 'chinese', 'chinese-traditional', 'wxf', 'axf', 'iccs', 'pgn'] as const;

export class PutRecordDto {
  @ApiPropertyOptional({
    description:
      'the record: a numbered move list in Chinese notation (simplified or traditional), WXF/AXF, ICCS, or a PGN with tags (二章3节); or give `file`',
    example: '1. 炮二平五 马8进7 2. 马二进三 车9平8',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200_000)
  text?: string;

  @ApiPropertyOptional({
    description: 'the record file as stored, base64: PGN (one game or many) or move list in UTF-8, GBK/GB18030 or Big5 (detected), or XQF (also encrypted)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 2_800_000)
  file?: string;

  @ApiPropertyOptional({ description: 'a file of several games: the 1-based game to take (the 400 without it lists each game)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  game?: number;

  @ApiPropertyOptional({ description: 'moves Red left out of its written record (二章3节6: 16 lose the game)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  unrecordedRed?: number;

  @ApiPropertyOptional({ description: 'moves Black left out of its written record (二章3节6)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  unrecordedBlack?: number;

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

  @ApiPropertyOptional({
    description: 'store the record although its own result or players differ from the game (the 409 record.differs_from_game lists both, side by side)',
  })
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}

export class MoveLimitClaimDto {
  @ApiProperty({ description: 'the claim was made after this many plies of the record', example: 4 })
  @IsInt()
  @Min(0)
  @Max(100_000)
  afterPly!: number;

  @ApiProperty({ enum: ['red', 'black'] })
  @IsIn(['red', 'black'])
  claimant!: 'red' | 'black';
}

export class LockRecordDto {
  @ApiProperty({ description: 'true locks the record against the record links; false opens it again', example: true })
  @IsBoolean()
  locked!: boolean;

  @ApiProperty({ description: 'the record’s version' })
  @IsInt()
  @Min(1)
  @Max(MAX_INT)
  version!: number;
}

/** What the player due enters through the record link: the moves in ICCS, as the board produced them. */
export class LinkRecordDto {
  @ApiProperty({ description: 'the moves in order, ICCS (h2e2), as the entry page plays them', type: [String], example: ['h2e2', 'h9g7', 'h0g2', 'i9h9'] })
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(/^[a-i][0-9][a-i][0-9]$/, { each: true, message: 'each move is ICCS, e.g. h2e2' })
  moves!: string[];

  @ApiPropertyOptional({ description: 'the start: the initial position (default) or the adjourned position (二章2节4)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  startFen?: string;

  @ApiPropertyOptional({ description: 'moves the player left out of their own written record (二章3节6)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  unrecorded?: number;

  @ApiPropertyOptional({ description: 'replacing a stored record: its version' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT)
  version?: number;
}
