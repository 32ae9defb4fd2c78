import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreateAffiliationDto, UpdateAffiliationDto } from './affiliation.dto';
import { AffiliationsService } from './affiliations.service';

@ApiTags('affiliations')
@ApiBearerAuth()
@Controller('api')
export class AffiliationsController {
  constructor(private readonly affiliations: AffiliationsService) {}

  @Get('tournaments/:tournamentId/affiliations')
  list(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string) {
    return this.affiliations.list(tournamentId);
  }

  @Post('tournaments/:tournamentId/affiliations')
  @RequireRole(...REGISTRARS)
  create(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: CreateAffiliationDto) {
    return this.affiliations.create({ user, tournamentId, dto });
  }

  @Patch('affiliations/:affiliationId')
  @RequireRole(...REGISTRARS)
  update(@CurrentUser() user: AuthUser, @Param('affiliationId', uuidParam('affiliationId')) id: string, @Body() dto: UpdateAffiliationDto) {
    return this.affiliations.update({ user, id, dto });
  }

  @Delete('affiliations/:affiliationId')
  @HttpCode(204)
  @RequireRole(...REGISTRARS)
  remove(@CurrentUser() user: AuthUser, @Param('affiliationId', uuidParam('affiliationId')) id: string) {
    return this.affiliations.remove({ user, id });
  }
}
