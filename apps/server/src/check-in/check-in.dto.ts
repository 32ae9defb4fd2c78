import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength } from 'class-validator';

/** A scanned or typed credential: the QR code's link, its path, or the token. */
export class LookUpDto {
  @ApiProperty({ description: 'the credential’s link (from its QR code) or its 43-character code' })
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  code!: string;
}

export class CheckInDto extends LookUpDto {
  @ApiProperty({ description: 'the event the player is checked in for' })
  @IsUUID()
  eventId!: string;
}
