import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, IsUUID, Length, Matches, ValidateIf } from 'class-validator';
import { NameField } from '../common/dto-fields';

export class CreateRatingListDto {
  @NameField(100, 'AXF 等级分')
  name!: string;

  @ApiPropertyOptional({ description: 'libs/ratings RatingMethod fields that differ from the default' })
  @IsOptional()
  @IsObject()
  method?: Record<string, unknown>;
}

export class MethodDto {
  @ApiProperty()
  @IsObject()
  method!: Record<string, unknown>;
}

export class ImportListDto {
  @ApiProperty({ example: '2026-01-01' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'asOf must be a date YYYY-MM-DD' })
  asOf!: string;

  @ApiProperty({ example: 'federation_id,name_zh,rating,games\nCXA-1,王天一,2700,120\n' })
  @IsString()
  @Length(1, 20_000_000)
  csv!: string;
}

export class EventListDto {
  @ApiProperty({ nullable: true })
  @ValidateIf((_o, v) => v !== null)
  @IsUUID()
  ratingListId!: string | null;
}
