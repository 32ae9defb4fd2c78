import { NameField, OptionalNameField } from '../common/dto-fields';

export class CreateAffiliationDto {
  @NameField(200, '马来西亚')
  nameZh!: string;

  @NameField(200, 'Malaysia')
  nameEn!: string;

  @OptionalNameField(20, 'MAS')
  code?: string;
}

export class UpdateAffiliationDto {
  @OptionalNameField(200)
  nameZh?: string;

  @OptionalNameField(200)
  nameEn?: string;

  @OptionalNameField(20)
  code?: string;
}
