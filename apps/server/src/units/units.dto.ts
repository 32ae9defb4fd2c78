import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';

export class SetQuotaDto {
  @ApiProperty({ description: 'players (individual events) or teams (team events) the unit may enter' })
  @IsInt()
  @Min(0)
  @Max(1000)
  quota!: number;
}

/** 附录2/3 #1: quotas from a finished event's final standings. */
export class InvitationRuleDto {
  @ApiProperty({ description: "the previous event (e.g. last year's Asian team championship) whose final standings decide champion and runner-up" })
  @IsUUID()
  fromEventId!: string;

  @ApiProperty({ description: 'the host unit (主办单位): 2 players, and the one more that makes the field even' })
  @IsUUID()
  hostAffiliationId!: string;

  @ApiPropertyOptional({ description: 'the member units invited (default: every unit of the tournament)' })
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true })
  affiliationIds!: string[];
}

/** Units invited from a CSV (issue 31 #2): `Chinese name,English name[,quota]` a line. */
export class ImportUnitsDto {
  @ApiProperty({
    description: 'one unit a line: Chinese name,English name[,quota]; a header line may come first',
    example: '新加坡,Singapore,2\n马来西亚,Malaysia,1',
  })
  @IsString()
  @Length(1, 200_000)
  csv!: string;

  @ApiPropertyOptional({ description: 'the event the quotas are for (required when a line gives a quota)' })
  @IsOptional()
  @IsUUID()
  eventId?: string;
}
