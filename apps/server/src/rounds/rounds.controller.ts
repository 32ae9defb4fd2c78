import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PAIRERS, RequireRole, SUSPENDERS } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { MAX_INT } from '../common/validation';
import { ByeDto, ColoursDto, ForbiddenPairDto, PairRoundDto, SuspendRoundDto, SwapDto, UpdateRoundDto } from './round.dto';
import { VersionDto } from '../common/dto-fields';
import { RoundsService, Timing } from './rounds.service';
import { invalidInput } from '../common/errors';

/** Rounds and pairings (apps/server/src/play/API.md, "Rounds"). */
@ApiTags('rounds')
@ApiBearerAuth()
@Controller('api')
export class RoundsController {
  constructor(private readonly rounds: RoundsService) {}

  @Post('events/:eventId/rounds')
  @RequireRole(...PAIRERS)
  @ApiOperation({
    summary: "pair the next round (a draft) with the event's pairing system; 409 while a draft exists, results are missing or the format is finished",
  })
  async pair(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() dto: PairRoundDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const timing = new Timing();
    const view = await this.rounds.pairNext(user, eventId, dto, timing);
    // Where the time went (lock, load, file, pair, plan, send, check, insert, findings, view): Server-Timing.
    res.setHeader('Server-Timing', timing.header());
    return view;
  }

  @Get('events/:eventId/rounds')
  @ApiOperation({ summary: 'the rounds of an event (drafts only for staff)' })
  list(@CurrentUser() user: AuthUser | undefined, @Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.rounds.list(user, eventId);
  }

  @Post('events/:eventId/forbidden-pairs')
  @RequireRole(...PAIRERS)
  @ApiOperation({ summary: 'forbid a pair for the rest of the event (pairingOptions.forbiddenPairs); a draft is checked again' })
  forbid(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: ForbiddenPairDto) {
    return this.rounds.addForbiddenPair(user, eventId, dto);
  }

  @Get('rounds/:roundId')
  @ApiOperation({ summary: 'a round (public once published; drafts for staff)' })
  get(@CurrentUser() user: AuthUser | undefined, @Param('roundId', uuidParam('roundId')) roundId: string) {
    return this.rounds.get(user, roundId);
  }

  @Patch('rounds/:roundId')
  @RequireRole(...PAIRERS)
  schedule(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: UpdateRoundDto) {
    return this.rounds.schedule(user, roundId, dto);
  }

  @Post('rounds/:roundId/swap')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  @ApiOperation({ summary: 'draft only: two entries exchange places (opponents; one may hold the bye)' })
  swap(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: SwapDto) {
    return this.rounds.swap(user, roundId, dto);
  }

  @Post('rounds/:roundId/colours')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  colours(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: ColoursDto) {
    return this.rounds.colours(user, roundId, dto);
  }

  @Post('rounds/:roundId/bye')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  bye(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: ByeDto) {
    return this.rounds.bye(user, roundId, dto);
  }

  @Post('rounds/:roundId/repair')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  repair(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: VersionDto) {
    return this.rounds.repair(user, roundId, dto.version);
  }

  @Post('rounds/:roundId/publish')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  publish(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: VersionDto) {
    return this.rounds.publish(user, roundId, dto.version);
  }

  @Post('rounds/:roundId/suspend')
  @HttpCode(200)
  @RequireRole(...SUSPENDERS)
  @ApiOperation({
    summary:
      '三章4E: suspend play of a published round, with the time and place it resumes (public on the round and event pages); again to change them. Results entry stays open (libs/tournament suspension.ts).',
  })
  suspend(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: SuspendRoundDto) {
    return this.rounds.suspend(user, roundId, dto);
  }

  @Post('rounds/:roundId/resume')
  @HttpCode(200)
  @RequireRole(...SUSPENDERS)
  @ApiOperation({ summary: '三章4E: play resumes; the announcement is cleared' })
  resume(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Body() dto: VersionDto) {
    return this.rounds.resume(user, roundId, dto.version);
  }

  @Delete('rounds/:roundId')
  @HttpCode(204)
  @RequireRole(...PAIRERS)
  @ApiQuery({ name: 'version', type: Number })
  remove(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string, @Query('version') version: string | undefined) {
    const v = version !== undefined && /^\d+$/.test(version) ? Number(version) : NaN;
    if (!Number.isSafeInteger(v) || v < 1 || v > MAX_INT) throw invalidInput('input.version', 'version', 'the round version is required (?version=N)');
    return this.rounds.remove(user, roundId, v);
  }
}
