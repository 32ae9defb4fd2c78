import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
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
  // The team CSV has its own columns (README): its own example, not the players' one of ImportCsvDto.
  @ApiBody({
    type: ImportCsvDto,
    examples: {
      team: {
        summary: 'one team, three starters and a reserve',
        value: {
          csv: 'team_zh,team_en,affiliation,role,board,name_zh,name_en,gender,rating,title\n马来西亚一队,Malaysia 1,马来西亚,starter,1,黄运兴,Wong Yuen Hing,male,2300,\n马来西亚一队,Malaysia 1,马来西亚,starter,2,沈毅豪,Sim Yee Hao,male,2250,\n马来西亚一队,Malaysia 1,马来西亚,starter,3,黎金福,Lai Kim Hock,male,2200,\n马来西亚一队,Malaysia 1,马来西亚,reserve,,陈振杰,Tan Chin Kiat,male,2150,\n',
        },
      },
    },
  })
  teams(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: ImportCsvDto) {
    return this.imports.importTeams({ user, eventId, csv: dto.csv });
  }
}
