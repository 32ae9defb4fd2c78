import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreateTeamDto, UpdateTeamDto } from './team.dto';
import { TeamsService } from './teams.service';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('api')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get('events/:eventId/teams')
  list(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.teams.list(eventId);
  }

  @Post('events/:eventId/teams')
  @RequireRole(...REGISTRARS)
  create(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: CreateTeamDto) {
    return this.teams.create({ user, eventId, dto });
  }

  @Get('teams/:teamId')
  get(@Param('teamId', uuidParam('teamId')) id: string) {
    return this.teams.get(id);
  }

  @Patch('teams/:teamId')
  @RequireRole(...REGISTRARS)
  update(@CurrentUser() user: AuthUser, @Param('teamId', uuidParam('teamId')) id: string, @Body() dto: UpdateTeamDto) {
    return this.teams.update({ user, id, dto });
  }

  @Delete('teams/:teamId')
  @HttpCode(204)
  @RequireRole(...REGISTRARS)
  remove(@CurrentUser() user: AuthUser, @Param('teamId', uuidParam('teamId')) id: string) {
    return this.teams.remove({ user, id });
  }
}
