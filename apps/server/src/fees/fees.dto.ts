import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Min } from 'class-validator';

/** No card processing here (no payment provider is reachable); Fee.provider leaves room for one. */
export const PAYMENT_METHODS = ['cash', 'transfer', 'waived'] as const;

export class MarkFeeDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  version!: number;

  @ApiProperty({ enum: PAYMENT_METHODS })
  @IsIn(PAYMENT_METHODS)
  method!: (typeof PAYMENT_METHODS)[number];
}
