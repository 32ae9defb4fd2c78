import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';

export const GENDERS = ['male', 'female'] as const;

export class CreatePlayerDto {
  @ApiProperty({ example: '赵鑫鑫' })
  @IsString()
  @Length(1, 100)
  nameZh!: string;

  @ApiProperty({ example: 'Zhao Xinxin' })
  @IsString()
  @Length(1, 100)
  nameEn!: string;

  @ApiProperty({ enum: GENDERS })
  @IsIn(GENDERS)
  gender!: (typeof GENDERS)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID()
  affiliationId?: string;

  @ApiPropertyOptional({ example: 2600 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4000)
  rating?: number;

  @ApiPropertyOptional({ example: '特级大师' })
  @IsOptional()
  @IsString()
  @Length(1, 50)
  title?: string;
}

export class UpdatePlayerDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  version!: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 100)
  nameZh?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 100)
  nameEn?: string;

  @ApiPropertyOptional({ enum: GENDERS })
  @IsOptional()
  @IsIn(GENDERS)
  gender?: (typeof GENDERS)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID()
  affiliationId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4000)
  rating?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 50)
  title?: string;
}
