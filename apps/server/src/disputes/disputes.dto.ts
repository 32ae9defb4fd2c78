import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Max, Min } from 'class-validator';
import { GAME_RESULTS } from '@chuhe/tournament';
import type { GameResult } from '@chuhe/tournament';
import { OptionalTextField, TextField, VersionField } from '../common/dto-fields';

export class OpenDisputeDto {
  @ApiPropertyOptional({ description: 'take the position and the moves from the stored record (二章3节), up to `uptoPly`', example: true })
  @IsOptional()
  @IsBoolean()
  fromRecord?: boolean;

  @ApiPropertyOptional({ description: 'with fromRecord: the plies of the record to judge (default: all)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  uptoPly?: number;

  @ApiPropertyOptional({ description: 'the position before the cycle (FEN; default the initial position)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  fen?: string;

  @ApiPropertyOptional({ description: 'the moves from the FEN (ICCS, Chinese, WXF), one per element', type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2000)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  moves?: string[];

  @ApiPropertyOptional({ description: 'cycles played after the arbiter’s instruction (三章6G: one more cycle decides)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  cyclesAfterInstruction?: number;

  @ApiPropertyOptional({
    description: 'the FEN was typed from the board or a diagram: unusual placements (e.g. a pawn behind its start) are accepted with warnings',
  })
  @IsOptional()
  @IsBoolean()
  lenient?: boolean;

  @ApiPropertyOptional({ description: 'a player claimed under the 9-round rule (三章6G)' })
  @IsOptional()
  @IsBoolean()
  aimlessClaim?: boolean;
}

export class RuleDisputeDto {
  @VersionField()
  version!: number;

  @TextField(2000, '红方长将，再走一循环，判负（三章6G，棋例细则 1）')
  ruling!: string;

  @ApiPropertyOptional({
    enum: GAME_RESULTS,
    description: 'the game’s result (default from the verdict: red_loses → black_win, black_loses → red_win, draw → draw)',
    example: 'black_win',
  })
  @IsOptional()
  @IsIn(GAME_RESULTS)
  result?: GameResult;

  @OptionalTextField(500)
  reason?: string;
}
