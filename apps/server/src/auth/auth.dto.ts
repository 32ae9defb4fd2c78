import { TextField } from '../common/dto-fields';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

export class RegisterDto {
  @ApiProperty({ example: 'arbiter@example.org' })
  @IsEmail()
  @MaxLength(200)
  email!: string;

  @TextField(100, '李裁判')
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

  @TextField(200)
  password!: string;
}
