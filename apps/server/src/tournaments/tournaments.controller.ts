import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { AuditService } from '../audit/audit.service';
import { uuidParam } from '../common/id-param';
import { CreateTournamentDto, GrantRoleDto, UpdateTournamentDto } from './tournament.dto';
import { TournamentsService } from './tournaments.service';

@ApiTags('tournaments')
@ApiBearerAuth()
@Controller('api/tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list() {
    return this.tournaments.list();
  }

  @Get(':tournamentId')
  get(@Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.tournaments.get(id);
  }

  @Post()
  @Authenticated()
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateTournamentDto) {
    return this.tournaments.create({ user, dto });
  }

  @Patch(':tournamentId')
  @RequireRole('organizer')
  update(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) id: string, @Body() dto: UpdateTournamentDto) {
    return this.tournaments.update({ user, id, dto });
  }

  @Delete(':tournamentId')
  @HttpCode(204)
  @RequireRole('organizer')
  remove(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.tournaments.remove({ user, id });
  }

  @Get(':tournamentId/roles')
  @RequireRole('organizer', 'chief_arbiter')
  roles(@Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.tournaments.listRoles(id);
  }

  @Post(':tournamentId/roles')
  @RequireRole('organizer')
  grant(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: GrantRoleDto) {
    return this.tournaments.grantRole({ user, tournamentId, dto });
  }

  @Delete(':tournamentId/roles/:roleId')
  @HttpCode(204)
  @RequireRole('organizer')
  revoke(
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('roleId', uuidParam('roleId')) roleId: string,
  ) {
    return this.tournaments.revokeRole({ user, tournamentId, roleId });
  }

  @Get(':tournamentId/audit')
  @RequireRole('organizer', 'chief_arbiter', 'appeals_member')
  auditLog(@Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.audit.list(id);
  }
}
