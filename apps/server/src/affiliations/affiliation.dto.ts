import { TextField, OptionalTextField } from '../common/dto-fields';

export class CreateAffiliationDto {
  @TextField(200, '马来西亚')
  nameZh!: string;

  @TextField(200, 'Malaysia')
  nameEn!: string;

  @OptionalTextField(20, 'MAS')
  code?: string;
}

export class UpdateAffiliationDto {
  @OptionalTextField(200)
  nameZh?: string;

  @OptionalTextField(200)
  nameEn?: string;

  @OptionalTextField(20)
  code?: string;
}
