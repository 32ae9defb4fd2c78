import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class ImportCsvDto {
  @ApiProperty({ description: 'the CSV text (UTF-8), header row first; see README for the columns' })
  @IsString()
  @Length(1, 2_000_000)
  csv!: string;
}
