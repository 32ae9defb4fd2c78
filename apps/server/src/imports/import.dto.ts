import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class ImportCsvDto {
  @ApiProperty({
    description: 'the CSV text (UTF-8), header row first; see README for the columns',
    example: 'name_zh,name_en,gender,affiliation,rating,title\n王天一,Wang Tianyi,male,中国,2700,特级大师\n',
  })
  @IsString()
  @Length(1, 2_000_000)
  csv!: string;
}
