import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

export class RegisterDto {
  @ApiProperty({ example: 'arbiter@example.org' })
  @IsEmail()
  @MaxLength(200)
  email!: string;

  @ApiProperty({ example: '李裁判' })
  @IsString()
  @Length(1, 100)
  displayName!: string;

  @ApiProperty({ minLength: 10 })
  @IsString()
  @Length(10, 200)
  password!: string;
}

export class LoginDto {
  @ApiProperty()
  @IsEmail()
  email!: string;

  @ApiProperty()
  @IsString()
  @Length(1, 200)
  password!: string;
}
