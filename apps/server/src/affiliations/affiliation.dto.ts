import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';

export class CreateAffiliationDto {
  @ApiProperty({ example: '马来西亚' })
  @IsString()
  @Length(1, 200)
  nameZh!: string;

  @ApiProperty({ example: 'Malaysia' })
  @IsString()
  @Length(1, 200)
  nameEn!: string;

  @ApiPropertyOptional({ example: 'MAS' })
  @IsOptional()
  @IsString()
  @Length(1, 20)
  code?: string;
}

export class UpdateAffiliationDto {
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

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 20)
  code?: string;
}
