import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PAIRERS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { afterRoundQuery } from '../standings/standings.controller';
import { ImportTournamentFileDto } from './exchange.dto';
import { ExchangeService } from './exchange.service';
import { readImportBody } from './import-body';
import { setDownloadName } from '../common/download-name';

@ApiTags('exchange')
@Controller('api')
export class ExchangeController {
  constructor(private readonly exchange: ExchangeService) {}

  @Get('events/:eventId/tournament-file')
  @ApiOperation({
    summary: 'the event as the libs/tournament JSON file with the standings extras (published rounds) — input of chuhe pair, check-pairing and standings',
  })
  @ApiQuery({ name: 'afterRound', required: false, type: Number })
  async tournamentFile(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Query('afterRound') afterRound: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const file = await this.exchange.tournamentFile(eventId, afterRoundQuery(afterRound));
    // Read in place by the API's clients; saved, it is named after the event.
    setDownloadName(res, await this.exchange.downloadName(eventId, undefined), 'json', 'inline');
    return file;
  }

  @Get('events/:eventId/trf')
  @ApiOperation({
    summary:
      'FIDE TRF of an individual event (one game per pairing; a knockout match with tie-break games is written as the match): the finished rounds, or rounds 1…afterRound',
  })
  @ApiQuery({ name: 'afterRound', required: false, type: Number })
  async trf(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('afterRound') afterRound: unknown, @Res({ passthrough: true }) res: Response) {
    const trf = await this.exchange.trf(eventId, afterRoundQuery(afterRound));
    // Set on success only: an error stays JSON.
    res.type('text/plain; charset=utf-8');
    setDownloadName(res, await this.exchange.downloadName(eventId, undefined), 'trf');
    return trf;
  }

  @Post('tournaments/:tournamentId/tournament-file')
  @ApiBearerAuth()
  @RequireRole(...PAIRERS)
  @ApiOperation({
    summary:
      "import a tournament file into a new event (all or nothing; 400 names the JSON path). Held to the API's limits; at most CHUHE_IMPORT_MAX_ENTRIES entries (default 20,000)",
  })
  @ApiBody({ type: ImportTournamentFileDto })
  async importFile(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() body: unknown) {
    // Read here, in pieces, not by the global pipe (import-body.ts: a large file must not hold up other requests).
    const { file, options, text } = await readImportBody(body);
    return this.exchange.importFile({ user, tournamentId, dto: { ...options, file }, text });
  }
}
