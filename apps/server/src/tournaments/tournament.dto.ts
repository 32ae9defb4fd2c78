import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsDateString, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Min } from 'class-validator';

export class CreateTournamentDto {
  @ApiProperty({ example: '第二十届亚洲象棋团体锦标赛' })
  @IsString()
  @Length(1, 200)
  nameZh!: string;

  @ApiProperty({ example: '20th Asian Xiangqi Team Championship' })
  @IsString()
  @Length(1, 200)
  nameEn!: string;

  @ApiProperty({ example: '新加坡' })
  @IsString()
  @Length(1, 200)
  venue!: string;

  @ApiProperty({ example: '2026-12-01' })
  @IsDateString({ strict: true })
  startDate!: string;

  @ApiProperty({ example: '2026-12-07' })
  @IsDateString({ strict: true })
  endDate!: string;

  @ApiProperty({ example: '亚洲象棋联合会' })
  @IsString()
  @Length(1, 200)
  organizer!: string;

  @ApiPropertyOptional({ enum: ['axf_2017'], default: 'axf_2017' })
  @IsOptional()
  @IsIn(['axf_2017'])
  rulesEdition?: 'axf_2017';
}

export class UpdateTournamentDto extends PartialType(CreateTournamentDto) {
  @ApiProperty({ description: 'the version the change is based on (optimistic concurrency)' })
  @IsInt()
  @Min(1)
  version!: number;
}

export const TOURNAMENT_ROLES = ['organizer', 'chief_arbiter', 'arbiter', 'team_captain', 'appeals_member'] as const;

export class GrantRoleDto {
  @ApiProperty()
  @IsEmail()
  email!: string;

  @ApiProperty({ enum: TOURNAMENT_ROLES })
  @IsIn(TOURNAMENT_ROLES)
  role!: (typeof TOURNAMENT_ROLES)[number];

  @ApiPropertyOptional({ description: 'a team captain leads this team' })
  @IsOptional()
  @IsUUID()
  teamId?: string;
}
