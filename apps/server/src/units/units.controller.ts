import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { QuotasService } from './quotas.service';
import { ImportUnitsDto, InvitationRuleDto, SetQuotaDto } from './units.dto';

@ApiTags('units and quotas')
@ApiBearerAuth()
@Controller('api')
export class UnitsController {
  constructor(private readonly quotas: QuotasService) {}

  /** Public like the regulations: which units are invited with how many places, and how many are used. */
  @Get('events/:eventId/quotas')
  list(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.quotas.list(eventId);
  }

  @Put('events/:eventId/quotas/:affiliationId')
  @RequireRole(...REGISTRARS)
  set(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('affiliationId', uuidParam('affiliationId')) affiliationId: string,
    @Body() dto: SetQuotaDto,
  ) {
    return this.quotas.set({ user, eventId, affiliationId, quota: dto.quota });
  }

  /** 附录2/3 #1 from a finished event's final standings, with the host's fill-up. */
  @Post('events/:eventId/quotas/invitation-rule')
  @RequireRole(...REGISTRARS)
  invitationRule(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: InvitationRuleDto) {
    return this.quotas.applyInvitationRule({ user, eventId, dto });
  }

  /** Units invited from a CSV (`Chinese name,English name[,quota]`), the quotas for `eventId`; all or nothing. */
  @Post('tournaments/:tournamentId/units/import')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  importUnits(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: ImportUnitsDto) {
    return this.quotas.importUnits({ user, tournamentId, dto });
  }
}
