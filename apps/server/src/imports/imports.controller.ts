import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { ImportCsvDto } from './import.dto';
import { ImportsService } from './imports.service';

@ApiTags('import')
@ApiBearerAuth()
@Controller('api')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('tournaments/:tournamentId/import/players')
  @RequireRole(...REGISTRARS)
  players(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: ImportCsvDto) {
    return this.imports.importPlayers({ user, tournamentId, csv: dto.csv });
  }

  @Post('events/:eventId/import/teams')
  @RequireRole(...REGISTRARS)
  teams(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: ImportCsvDto) {
    return this.imports.importTeams({ user, eventId, csv: dto.csv });
  }
}
