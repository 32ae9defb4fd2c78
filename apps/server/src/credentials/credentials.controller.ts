import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CredentialsService } from './credentials.service';

/** Credentials over the API (issue 32 #1): issue an event's, reprint or withdraw one. The tokens are in the answers only. */
@ApiTags('venue')
@Controller('api')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post('events/:eventId/credentials')
  @RequireRole(...REGISTRARS)
  @ApiOperation({ summary: 'The event’s credentials (二章8节7): every holder’s, made where missing; each with its personal link' })
  async issue(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string) {
    const { event, badges } = await this.credentials.badgesOf(user, eventId);
    return {
      eventId: event.id,
      credentials: badges.map((b) => ({
        credentialId: b.credentialId,
        kind: b.kind,
        playerId: b.playerId,
        userId: b.userId,
        nameZh: b.name.nameZh,
        nameEn: b.name.nameEn,
        drawNumber: b.drawNumber,
        token: b.token,
        path: b.path,
      })),
    };
  }

  @Post('tournaments/:tournamentId/credentials/:credentialId/reprint')
  @RequireRole(...REGISTRARS)
  @ApiOperation({ summary: 'Reprint a credential: a new one for the same holder, the old one revoked' })
  async reprint(
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('credentialId', uuidParam('credentialId')) credentialId: string,
  ) {
    const r = await this.credentials.reprint(user, tournamentId, credentialId);
    return { revoked: r.revoked, credentialId: r.credential.id, kind: r.credential.kind, token: r.token, path: r.path };
  }

  @Post('tournaments/:tournamentId/credentials/:credentialId/revoke')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  @ApiOperation({ summary: 'Withdraw a credential: its personal link stops working' })
  async revoke(
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('credentialId', uuidParam('credentialId')) credentialId: string,
  ) {
    const c = await this.credentials.revoke(user, tournamentId, credentialId);
    return { credentialId: c.id, revokedAt: c.revokedAt };
  }
}
