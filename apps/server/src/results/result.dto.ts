import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { GAME_RESULTS, PENALTY_REASONS } from '@chuhe/tournament';
import type { GameResult, PenaltyReason } from '@chuhe/tournament';
import { OptionalTextField, VersionField } from '../common/dto-fields';

export class EnterResultDto {
  @ApiProperty({
    enum: GAME_RESULTS,
    description:
      'libs/tournament vocabulary: red_win, draw, black_win (played); red_win_forfeit, black_win_forfeit, double_forfeit (零迟到, 二章7节1); red_win_penalty, black_win_penalty (a ruling, with penaltyReason); annulled (二章7节3, 二章8节3)',
  })
  @IsIn(GAME_RESULTS)
  result!: GameResult;

  @VersionField()
  version!: number;

  @ApiPropertyOptional({ enum: PENALTY_REASONS, description: 'required with red_win_penalty / black_win_penalty, refused otherwise' })
  @IsOptional()
  @IsIn(PENALTY_REASONS)
  penaltyReason?: PenaltyReason;

  @OptionalTextField(500, 'score sheet misread: Black won on time')
  reason?: string;
}
