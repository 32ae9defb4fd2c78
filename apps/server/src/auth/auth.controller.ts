import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentUser } from './auth.decorators';
import type { AuthUser } from './auth.decorators';
import { ChangePasswordDto, LoginDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';

/** The client's address for the rate limits (req.ip honours CHUHE_TRUST_PROXY). */
function addressOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

function bearer(request: Request): string {
  return request.headers.authorization!.slice(7).trim();
}

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** 201 with the same answer whether or not the email was registered before; then log in. 429 when over the limit. */
  @Post('register')
  register(@Body() body: RegisterDto, @Req() request: Request) {
    return this.auth.register(body, addressOf(request));
  }

  /** 401 for a wrong email or password alike; 429 with Retry-After after too many failures. */
  @Post('login')
  @HttpCode(200)
  login(@Body() body: LoginDto, @Req() request: Request) {
    return this.auth.login(body, addressOf(request));
  }

  @Post('logout')
  @HttpCode(204)
  @Authenticated()
  @ApiBearerAuth()
  async logout(@Req() request: Request): Promise<void> {
    await this.auth.logout(bearer(request));
  }

  /** Ends every session of the user (every device), this one included. */
  @Post('logout-everywhere')
  @HttpCode(204)
  @Authenticated()
  @ApiBearerAuth()
  async logoutEverywhere(@CurrentUser() user: AuthUser): Promise<void> {
    await this.auth.logoutEverywhere(user.id);
  }

  /** Changes the password and ends every other session (this one stays). */
  @Post('password')
  @HttpCode(204)
  @Authenticated()
  @ApiBearerAuth()
  async changePassword(@CurrentUser() user: AuthUser, @Body() body: ChangePasswordDto, @Req() request: Request): Promise<void> {
    await this.auth.changePassword(user, bearer(request), body, addressOf(request));
  }

  @Get('me')
  @Authenticated()
  @ApiBearerAuth()
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }
}
