import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { OptionalTextField, VersionField } from '../common/dto-fields';

export class PairRoundDto {
  @ApiPropertyOptional({ description: 'scheduled start (ISO 8601): the reference for 零迟到 (二章2节3)', example: '2026-12-01T09:00:00+08:00' })
  @IsOptional()
  @IsISO8601({ strict: true })
  scheduledAt?: string;
}

export class UpdateRoundDto {
  @VersionField()
  version!: number;

  @ApiProperty({ nullable: true, description: 'scheduled start (ISO 8601); null clears it', example: '2026-12-01T14:00:00+08:00' })
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  scheduledAt!: string | null;
}

export class SwapDto {
  @VersionField()
  version!: number;

  @ApiProperty({ description: 'an entry of the draft (paired or with the bye)' })
  @IsUUID()
  entryA!: string;

  @ApiProperty({ description: 'the entry that takes entryA’s place (and gives it its own)' })
  @IsUUID()
  entryB!: string;

  @OptionalTextField(500, 'players of the same club')
  reason?: string;
}

export class ColoursDto {
  @VersionField()
  version!: number;

  @ApiProperty({ description: 'the pairing whose colours are exchanged' })
  @IsUUID()
  pairingId!: string;

  @OptionalTextField(500)
  reason?: string;
}

export class ByeDto {
  @VersionField()
  version!: number;

  @ApiProperty({ description: 'the entry that gets the bye (it takes the bye holder’s place)' })
  @IsUUID()
  entryId!: string;

  @OptionalTextField(500)
  reason?: string;
}

export class ForbiddenPairDto {
  @VersionField()
  version!: number;

  @ApiProperty()
  @IsUUID()
  entryA!: string;

  @ApiProperty()
  @IsUUID()
  entryB!: string;

  @OptionalTextField(500)
  reason?: string;
}

/** 三章4E: play suspended, with the time and place it resumes (shown to the public). */
export class SuspendRoundDto {
  @VersionField()
  version!: number;

  @ApiProperty({ description: 'when play resumes (ISO 8601), after now', example: '2026-12-01T14:00:00+08:00' })
  @IsISO8601({ strict: true })
  resumesAt!: string;

  @ApiProperty({ description: 'where play resumes (恢复进行之地点)', example: '2号厅 Hall 2' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  resumeVenue!: string;

  @OptionalTextField(500, 'power failure in the hall')
  reason?: string;
}
