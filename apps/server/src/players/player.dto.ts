import { VersionField, NameField, OptionalNameField } from '../common/dto-fields';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

export const GENDERS = ['male', 'female'] as const;

export class CreatePlayerDto {
  @NameField(100, '赵鑫鑫')
  nameZh!: string;

  @NameField(100, 'Zhao Xinxin')
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

  @OptionalNameField(50, '特级大师')
  title?: string;

  @ApiPropertyOptional({ example: 1990, description: 'year of birth (eligibility bounds; tells namesakes apart)' })
  @IsOptional()
  @IsInt()
  @Min(1900)
  @Max(2100)
  birthYear?: number;

  @ApiPropertyOptional({ description: 'the person this player is (the organizer chose between namesakes)' })
  @IsOptional()
  @IsUUID()
  personId?: string;

  @ApiPropertyOptional({ example: 'CXA-00123', description: "the person's federation ID: the sure match in the person registry" })
  @OptionalNameField(50)
  federationId?: string;
}

export class UpdatePlayerDto {
  @VersionField()
  version!: number;

  @OptionalNameField(100)
  nameZh?: string;

  @OptionalNameField(100)
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

  @OptionalNameField(50)
  title?: string;
}
