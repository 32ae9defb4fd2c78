import { LANGUAGES, type Language } from '../i18n/i18n';
import { VersionField, NameField } from '../common/dto-fields';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDateString,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';

/** An IANA time zone this server's Intl knows (`Asia/Shanghai`, `Asia/Kuala_Lumpur`, `UTC`). */
@ValidatorConstraint({ name: 'timeZone' })
export class IsTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || value.length > 64) return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }
  defaultMessage(): string {
    return 'must be an IANA time zone such as Asia/Shanghai';
  }
}

export class CreateTournamentDto {
  @NameField(200, '第二十届亚洲象棋团体锦标赛')
  nameZh!: string;

  @NameField(200, '20th Asian Xiangqi Team Championship')
  nameEn!: string;

  @NameField(200, '新加坡')
  venue!: string;

  @ApiProperty({ example: '2026-12-01' })
  @IsDateString({ strict: true })
  startDate!: string;

  @ApiProperty({ example: '2026-12-07' })
  @IsDateString({ strict: true })
  endDate!: string;

  @NameField(200, '亚洲象棋联合会')
  organizer!: string;

  @ApiPropertyOptional({ enum: ['axf_2017'], default: 'axf_2017' })
  @IsOptional()
  @IsIn(['axf_2017'])
  rulesEdition?: 'axf_2017';

  @ApiPropertyOptional({
    example: 'Asia/Singapore',
    default: 'Asia/Shanghai',
    description: 'IANA time zone in which the pages show every time of the tournament',
  })
  @IsOptional()
  @Validate(IsTimeZone)
  timeZone?: string;
}

export class UpdateTournamentDto extends PartialType(CreateTournamentDto) {
  @VersionField()
  version!: number;

  @ApiPropertyOptional({ description: 'true lists the tournament publicly (home page, GET /api/tournaments); false takes it off the list' })
  @IsOptional()
  @IsBoolean()
  published?: boolean;
}

export const TOURNAMENT_ROLES = [
  'organizer',
  'chief_arbiter',
  'deputy_chief_arbiter',
  'arbiter',
  'team_captain',
  'appeals_member',
  'delegate',
  'steward',
] as const;

/** A role offer (invitation): the invitee accepts it with the token (POST /api/invitations/accept). */
export class GrantRoleDto {
  @ApiProperty({ description: 'whom the offer is meant for (a label for the organizer; the role goes to whoever accepts the token)' })
  @IsEmail()
  @MaxLength(200)
  email!: string;

  @ApiProperty({ enum: TOURNAMENT_ROLES })
  @IsIn(TOURNAMENT_ROLES)
  role!: (typeof TOURNAMENT_ROLES)[number];

  @ApiPropertyOptional({ description: 'a team captain leads this team' })
  @IsOptional()
  @IsUUID()
  teamId?: string;

  @ApiPropertyOptional({ description: 'a delegate (单位领队, issue 31) enters players for this unit (affiliation)' })
  @IsOptional()
  @IsUUID()
  affiliationId?: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'the language of the invitation mail (default zh)' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

export class AcceptInvitationDto {
  @ApiProperty({ description: 'the token the organizer received when inviting, passed on to the invitee' })
  @IsString()
  @Length(20, 100)
  token!: string;
}

/** DELETE /api/tournaments/:id — a tournament with play data goes only with its name typed back. */
export class DeleteTournamentDto {
  @ApiPropertyOptional({
    description: 'a tournament with play data (rounds, results): its Chinese name (nameZh) typed back deletes it with every event, round and result (audited)',
    example: '2026 亚洲象棋锦标赛',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  confirm?: string;
}
