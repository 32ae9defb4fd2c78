import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreatePlayerDto, UpdatePlayerDto } from './player.dto';
import { PlayersService } from './players.service';

@ApiTags('players')
@ApiBearerAuth()
@Controller('api')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Get('tournaments/:tournamentId/players')
  list(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string) {
    return this.players.list(tournamentId);
  }

  @Post('tournaments/:tournamentId/players')
  @RequireRole(...REGISTRARS)
  create(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: CreatePlayerDto) {
    return this.players.create({ user, tournamentId, dto });
  }

  @Get('players/:playerId')
  get(@Param('playerId', uuidParam('playerId')) id: string) {
    return this.players.get(id);
  }

  @Patch('players/:playerId')
  @RequireRole(...REGISTRARS)
  update(@CurrentUser() user: AuthUser, @Param('playerId', uuidParam('playerId')) id: string, @Body() dto: UpdatePlayerDto) {
    return this.players.update({ user, id, dto });
  }

  @Delete('players/:playerId')
  @HttpCode(204)
  @RequireRole(...REGISTRARS)
  remove(@CurrentUser() user: AuthUser, @Param('playerId', uuidParam('playerId')) id: string) {
    return this.players.remove({ user, id });
  }
}
