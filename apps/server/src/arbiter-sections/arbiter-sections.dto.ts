import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_TABLE } from '@chuhe/tournament';

export class AssignSectionDto {
  @ApiProperty({ example: 1, description: 'the first table of the section (tables count from 1)' })
  @IsInt()
  @Min(1)
  @Max(MAX_TABLE)
  firstTable!: number;

  @ApiProperty({ example: 50, description: 'the last table, included' })
  @IsInt()
  @Min(1)
  @Max(MAX_TABLE)
  lastTable!: number;

  @ApiPropertyOptional({ description: "the section's version as read; absent when giving a new one" })
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number;
}

export class RemoveSectionDto {
  @ApiProperty({ description: "the section's version as read" })
  @IsInt()
  @Min(1)
  version!: number;
}
