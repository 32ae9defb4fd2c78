import { VersionField, NameField, OptionalNameField } from '../common/dto-fields';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsUUID } from 'class-validator';

export class CreateTeamDto {
  @ApiProperty()
  @IsUUID()
  affiliationId!: string;

  @NameField(200, '马来西亚一队')
  nameZh!: string;

  @NameField(200, 'Malaysia 1')
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
  @VersionField()
  version!: number;

  @OptionalNameField(200)
  nameZh?: string;

  @OptionalNameField(200)
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
