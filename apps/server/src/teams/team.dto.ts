import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Length, Min } from 'class-validator';

export class CreateTeamDto {
  @ApiProperty()
  @IsUUID()
  affiliationId!: string;

  @ApiProperty({ example: '马来西亚一队' })
  @IsString()
  @Length(1, 200)
  nameZh!: string;

  @ApiProperty({ example: 'Malaysia 1' })
  @IsString()
  @Length(1, 200)
  nameEn!: string;

  @ApiProperty({ type: [String], description: 'player ids in board order (附录1 #1: 3 starters)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsUUID('all', { each: true })
  starters!: string[];

  @ApiPropertyOptional({ type: [String], description: 'player ids of the reserves (附录1 #1: 1 reserve)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsUUID('all', { each: true })
  reserves?: string[];
}

export class UpdateTeamDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  version!: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 200)
  nameZh?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 200)
  nameEn?: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsUUID('all', { each: true })
  starters?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsUUID('all', { each: true })
  reserves?: string[];
}
