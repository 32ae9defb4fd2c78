import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { AccessService } from './access.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { TournamentScopeService } from './tournament-scope.service';

@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, AccessService, LoginThrottle, TournamentScopeService, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AuthService, AccessService, TournamentScopeService],
})
export class AuthModule {}
