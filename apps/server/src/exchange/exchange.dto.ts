import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, Length } from 'class-validator';
import { EVENT_CATEGORIES } from '../events/event.dto';

/** The new event's names and category (the body's fields besides the file). */
export class ImportOptionsDto {
  @ApiPropertyOptional({ description: "the new event's Chinese name (default: the file's name up to its first space)" })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  nameZh?: string;

  @ApiPropertyOptional({ description: "the new event's English name" })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  nameEn?: string;

  @ApiPropertyOptional({ enum: EVENT_CATEGORIES, default: 'open' })
  @IsOptional()
  @IsIn(EVENT_CATEGORIES)
  category?: (typeof EVENT_CATEGORIES)[number];
}

/** The import's body as documented: the file and the new event's options (read by import-body.ts). */
export class ImportTournamentFileDto extends ImportOptionsDto {
  @ApiProperty({ description: 'a tournament file (libs/tournament JSON with the standings extras), e.g. from GET /api/events/:eventId/tournament-file' })
  @IsObject()
  file!: Record<string, unknown>;
}
