import { TextField, NameField } from '../common/dto-fields';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

/** Passwords: 10 to 200 characters, used exactly as given (nothing trimmed), not a common or trivial one (common-passwords.ts). */
const PasswordField = (example: string) => (target: object, key: string) => {
  ApiProperty({ minLength: 10, maxLength: 200, description: '10–200 characters, not a common or trivial password; used exactly as typed', example })(
    target,
    key,
  );
  IsString()(target, key);
  Length(10, 200)(target, key);
};

export class RegisterDto {
  @ApiProperty({ example: 'arbiter@example.org' })
  @IsEmail()
  @MaxLength(200)
  email!: string;

  @NameField(100, '李裁判')
  displayName!: string;

  @PasswordField('plum blossom 梅花 2026')
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'arbiter@example.org' })
  @IsEmail()
  @MaxLength(200)
  email!: string;

  @TextField(200, 'plum blossom 梅花 2026')
  password!: string;
}

export class ChangePasswordDto {
  @TextField(200, 'plum blossom 梅花 2026')
  currentPassword!: string;

  @PasswordField('orchid 兰花 river crossing')
  newPassword!: string;
}
