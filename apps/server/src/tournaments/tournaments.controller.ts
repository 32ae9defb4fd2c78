import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Access, Authenticated, CurrentUser, RequireRole } from '../auth/auth.decorators';
import { lacksRole, type TournamentAccess } from '../auth/tournament-access';
import { holdersOf, mayAppoint } from '@chuhe/tournament';
import type { TournamentRoleName } from '../generated/prisma/client';
import type { AuthUser } from '../auth/auth.decorators';
import { AuditQueryDto } from '../audit/audit-query.dto';
import { AuditService } from '../audit/audit.service';
import { uuidParam } from '../common/id-param';
import { AcceptInvitationDto, CreateTournamentDto, DeleteTournamentDto, GrantRoleDto, UpdateTournamentDto } from './tournament.dto';
import { TournamentCreators, TournamentsService } from './tournaments.service';

/** The Express app setting createApp stores the server's CHUHE_TOURNAMENT_CREATORS under. */
export const TOURNAMENT_CREATORS_SETTING = 'chuhe:tournamentCreators';
/** The Express app setting of createApp's `directRoleGrants` (tests only). */
export const DIRECT_ROLE_GRANTS_SETTING = 'chuhe:directRoleGrants';

/** Who grants roles: the organizer any (三章3A), the chief arbiter the deputy's (三章5; libs/tournament staff-rights.ts). */
const APPOINTERS: TournamentRoleName[] = ['organizer', ...holdersOf('appoint_deputy').filter((r) => r !== 'organizer')];

function requireAppointer(access: TournamentAccess, role: string): void {
  if (!mayAppoint(access.roles, role)) throw lacksRole(['organizer']);
}

@ApiTags('tournaments')
@ApiBearerAuth()
@Controller('api/tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly audit: AuditService,
  ) {}

  /** Published tournaments; a logged-in user also sees the unpublished ones where they hold a role. */
  @Get()
  list(@CurrentUser() user: AuthUser | undefined) {
    return this.tournaments.list(user);
  }

  @Get(':tournamentId')
  get(@Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.tournaments.get(id);
  }

  @Post()
  @Authenticated()
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateTournamentDto, @Req() request: Request) {
    return this.tournaments.create({ user, dto, creators: request.app.get(TOURNAMENT_CREATORS_SETTING) as TournamentCreators | undefined });
  }

  @Patch(':tournamentId')
  @RequireRole('organizer')
  update(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) id: string, @Body() dto: UpdateTournamentDto) {
    return this.tournaments.update({ user, id, dto });
  }

  @Delete(':tournamentId')
  @HttpCode(204)
  @RequireRole('organizer')
  remove(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) id: string, @Body() dto: DeleteTournamentDto) {
    return this.tournaments.remove({ user, id, confirm: dto?.confirm });
  }

  @Get(':tournamentId/roles')
  @RequireRole('organizer', 'chief_arbiter')
  roles(@Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.tournaments.listRoles(id);
  }

  /**
   * Offers a role: 201 with the invitation and its `token` (answered once), for the invitee to
   * accept with POST /api/invitations/accept. (A server created with `directRoleGrants`, the e2e
   * helpers' only, grants the role at once to the account with this email instead.)
   */
  @Post(':tournamentId/roles')
  @RequireRole(...APPOINTERS)
  grant(
    @Access() access: TournamentAccess,
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Body() dto: GrantRoleDto,
    @Req() request: Request,
  ) {
    requireAppointer(access, dto.role);
    if (request.app.get(DIRECT_ROLE_GRANTS_SETTING) === true) return this.tournaments.grantDirectly({ user, tournamentId, dto });
    return this.tournaments.invite({ user, tournamentId, dto });
  }

  /** Offers a role (always an invitation): 201 with the invitation and its `token` (answered once). */
  @Post(':tournamentId/invitations')
  @RequireRole(...APPOINTERS)
  invite(
    @Access() access: TournamentAccess,
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Body() dto: GrantRoleDto,
  ) {
    requireAppointer(access, dto.role);
    return this.tournaments.invite({ user, tournamentId, dto });
  }

  @Delete(':tournamentId/roles/:roleId')
  @HttpCode(204)
  @RequireRole(...APPOINTERS)
  revoke(
    @Access() access: TournamentAccess,
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('roleId', uuidParam('roleId')) roleId: string,
  ) {
    return this.tournaments.revokeRole({ user, tournamentId, roleId, may: (role) => mayAppoint(access.roles, role) });
  }

  @Get(':tournamentId/invitations')
  @RequireRole('organizer')
  invitations(@Param('tournamentId', uuidParam('tournamentId')) id: string) {
    return this.tournaments.listInvitations(id);
  }

  @Delete(':tournamentId/invitations/:invitationId')
  @HttpCode(204)
  @RequireRole('organizer')
  revokeInvitation(
    @CurrentUser() user: AuthUser,
    @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string,
    @Param('invitationId', uuidParam('invitationId')) invitationId: string,
  ) {
    return this.tournaments.revokeInvitation({ user, tournamentId, invitationId });
  }

  @Get(':tournamentId/audit')
  @RequireRole('organizer', 'chief_arbiter', 'appeals_member')
  auditLog(@Access() access: TournamentAccess, @Param('tournamentId', uuidParam('tournamentId')) id: string, @Query() query: AuditQueryDto) {
    // The appeals committee reads it without draft pairings and sealed moves (issue 23 #3).
    return this.audit.list(id, query, access);
  }
}

@ApiTags('tournaments')
@ApiBearerAuth()
@Controller('api/invitations')
export class InvitationsController {
  constructor(private readonly tournaments: TournamentsService) {}

  /** The logged-in user accepts a role offer with its token: 201 with the role. */
  @Post('accept')
  @Authenticated()
  accept(@CurrentUser() user: AuthUser, @Body() dto: AcceptInvitationDto) {
    return this.tournaments.acceptInvitation({ user, token: dto.token });
  }
}
