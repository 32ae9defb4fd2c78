import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { GAME_RESULTS } from '@chuhe/tournament';
import type { GameResult } from '@chuhe/tournament';
import { OptionalTextField, TextField, VersionField } from '../common/dto-fields';

export class FileAppealDto {
  @TextField(10_000, '裁判判我方长捉，但黑车有根，属允许着法，请求复审。')
  text!: string;

  @ApiPropertyOptional({ description: 'the appealing entry (a player’s or a team’s entry in this game); a captain’s own team by default' })
  @IsOptional()
  @IsUUID()
  entryId?: string;

  @ApiPropertyOptional({ description: 'the disputed position (待判局面) whose ruling is appealed' })
  @IsOptional()
  @IsUUID()
  disputeId?: string;
}

export class VoteDto {
  @ApiProperty({ enum: ['uphold', 'dismiss'] })
  @IsIn(['uphold', 'dismiss'])
  choice!: 'uphold' | 'dismiss';

  @ApiPropertyOptional({ enum: GAME_RESULTS, description: 'uphold: the result the game should have (the majority of the uphold votes naming one decides it)' })
  @IsOptional()
  @IsIn(GAME_RESULTS)
  result?: GameResult;

  @OptionalTextField(2000)
  note?: string;
}

export class AppealNotesDto {
  @VersionField()
  version!: number;

  @OptionalTextField(4000, '复审维持裁判判决：黑车有根，红方一将一捉，红方犯例。')
  publicSummary?: string;

  @OptionalTextField(10_000)
  privateNotes?: string;
}

export class RoleAffiliationDto {
  @ApiProperty({ nullable: true, description: 'the affiliation an appeals committee member belongs to (三章7D recusal), or null' })
  @ValidateIf((_, v) => v !== null)
  @IsUUID()
  affiliationId!: string | null;
}

/** 三章7E: 批评、警告、严重警告、停止本场比赛、取消比赛资格. */
export const COMMITTEE_SANCTIONS = ['criticism', 'warning', 'serious_warning', 'stop_game', 'disqualification'] as const;

export class CommitteeSanctionDto {
  @ApiProperty({ description: 'the entry sanctioned (a party to the appeal that persists after the decision)' })
  @IsUUID()
  entryId!: string;

  @ApiProperty({
    enum: COMMITTEE_SANCTIONS,
    description: '三章7E: criticism, warning, serious warning, stop the game (停止本场比赛), disqualification (取消比赛资格: the entry leaves the event)',
  })
  @IsIn(COMMITTEE_SANCTIONS)
  level!: (typeof COMMITTEE_SANCTIONS)[number];

  @TextField(2000, '复审判定后仍纠缠不休')
  note!: string;
}
