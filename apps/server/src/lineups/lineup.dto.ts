import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';

/** A team's lineup (排阵表) for one match: player ids in board order (附录1 #1, #6). */
export class SubmitLineupDto {
  @ApiProperty({ type: [String], description: 'player ids in board order (board 1 first); the reserve may play any board (附录1 #6)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsUUID('all', { each: true })
  players!: string[];

  @ApiPropertyOptional({ description: 'the version of the lineup being replaced (omit for the first submission)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2147483647)
  version?: number;

  @ApiPropertyOptional({ description: 'required when the chief arbiter sets or corrects a lineup' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  reason?: string;
}

/** A whole team (or both) absent at the start of a match (零迟到, 二章7节1). */
export class TeamForfeitDto {
  @ApiProperty({ type: [String], description: 'the absent team entry ids (one, or both for a double forfeit)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @IsUUID('all', { each: true })
  absent!: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  reason?: string;
}
