import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';

/** GET /api/tournaments/:tournamentId/audit: newest first, a page at a time, filtered. */
export class AuditQueryDto {
  @ApiPropertyOptional({ description: 'rows per page (default 100, at most 500)', minimum: 1, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;

  @ApiPropertyOptional({ description: "the previous page's nextCursor" })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor: not a cursor this API gave' })
  cursor?: string;

  @ApiPropertyOptional({ description: 'only this kind of record, e.g. player, entry, tournament_role' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  entity?: string;

  @ApiPropertyOptional({ description: 'only this record' })
  @IsOptional()
  @IsUUID()
  entityId?: string;

  @ApiPropertyOptional({ description: 'only changes made by this user' })
  @IsOptional()
  @IsUUID()
  userId?: string;

  @ApiPropertyOptional({ enum: ['create', 'update', 'delete'] })
  @IsOptional()
  @IsIn(['create', 'update', 'delete'])
  action?: 'create' | 'update' | 'delete';
}
