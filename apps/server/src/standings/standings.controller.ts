import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { uuidParam } from '../common/id-param';
import { StandingsService } from './standings.service';
import type { CsvLanguage } from '@chuhe/pairing';
import { setDownloadName } from '../common/download-name';
import { invalidInput } from '../common/errors';

/** `?afterRound=N`: a whole number ≥ 0; anything else is a 400 naming the parameter. */
export function afterRoundQuery(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,4}$/.test(raw)) throw invalidInput('input.round_number', 'afterRound', 'must be a round number ≥ 0');
  return Number(raw);
}

/** `?lang=`: en (the default), zh or zh-Hant; anything else is a 400 naming the parameter. */
export function csvLanguage(raw: unknown): CsvLanguage {
  if (raw === undefined || raw === '') return 'en';
  if (raw === 'en' || raw === 'zh' || raw === 'zh-Hant') return raw;
  throw invalidInput('input.not_one_of', 'lang', 'must be en, zh or zh-Hant', { values: 'en、zh、zh-Hant' });
}

/** Public: standings are read by everyone (published rounds only). */
@ApiTags('standings')
@Controller('api')
export class StandingsController {
  constructor(private readonly standings: StandingsService) {}

  @Get('events/:eventId/standings')
  @ApiOperation({
    summary:
      'standings (二章6节 chain, why this rank, progressive scores, crosstable, team matches) — what `chuhe standings --json` gives on the tournament file',
  })
  @ApiQuery({ name: 'afterRound', required: false, type: Number })
  @ApiOkResponse({ description: '{eventId, afterRound, kind, report}' })
  get(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('afterRound') afterRound: unknown) {
    return this.standings.standings(eventId, afterRoundQuery(afterRound));
  }

  @Get('events/:eventId/standings.csv')
  @ApiOperation({
    summary:
      'standings as CSV (rank, No, name, affiliation, rating, points, each tie-break, why this rank); headers in ?lang= (en, zh, zh-Hant); the file named after the event',
  })
  @ApiQuery({ name: 'afterRound', required: false, type: Number })
  @ApiQuery({ name: 'lang', required: false, enum: ['en', 'zh', 'zh-Hant'] })
  async csv(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Query('afterRound') afterRound: unknown,
    @Query('lang') lang: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const language = csvLanguage(lang);
    const csv = await this.standings.csv(eventId, afterRoundQuery(afterRound), language);
    // Set on success only: an error stays JSON.
    res.type('text/csv; charset=utf-8');
    setDownloadName(res, await this.standings.downloadName(eventId, language, language === 'en' ? ' standings' : ' 成绩'), 'csv');
    return csv;
  }
}
