import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { BanDto, DecideMatchDto, LiftBanDto, MergeDto } from './persons.dto';
import { PersonsService } from './persons.service';

/** The person registry (issue 33): profiles, the organizer's matching, merges and bans. */
@ApiTags('persons')
@ApiBearerAuth()
@Controller('api')
export class PersonsController {
  constructor(private readonly persons: PersonsService) {}

  /** A public profile (a merged person's answers `redirectTo`: the survivor). */
  @Get('persons/:personId')
  profile(@Param('personId', uuidParam('personId')) personId: string) {
    return this.persons.profile(personId);
  }

  @Get('persons/:personId/head-to-head/:opponentId')
  headToHead(@Param('personId', uuidParam('personId')) personId: string, @Param('opponentId', uuidParam('opponentId')) opponentId: string) {
    return this.persons.headToHead(personId, opponentId);
  }

  @Get('persons/:personId/bans')
  bans(@Param('personId', uuidParam('personId')) personId: string) {
    return this.persons.bansOf(personId);
  }

  /** The tournament's players waiting for the organizer: a proposal or a choice between namesakes (同名). */
  @Get('tournaments/:tournamentId/person-matches')
  @RequireRole(...REGISTRARS)
  pending(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string) {
    return this.persons.pending(tournamentId);
  }

  @Post('tournaments/:tournamentId/person-matches/accept-proposals')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  acceptProposals(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string) {
    return this.persons.acceptProposals(user, tournamentId);
  }

  /** The organizer's choice for one player: that person, or a new one (personId null). */
  @Post('players/:playerId/person')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  decide(@CurrentUser() user: AuthUser, @Param('playerId', uuidParam('playerId')) playerId: string, @Body() dto: DecideMatchDto) {
    return this.persons.decide(user, playerId, dto.personId ?? null);
  }

  /** A ban (二章8节3) on the person this player is: the organizer, the chief arbiter or the appeals committee. */
  @Post('players/:playerId/bans')
  @RequireRole('organizer', 'chief_arbiter', 'appeals_member')
  ban(@CurrentUser() user: AuthUser, @Param('playerId', uuidParam('playerId')) playerId: string, @Body() dto: BanDto) {
    return this.persons.recordBan(user, playerId, dto);
  }

  /** A ban with who decided it and, lifted, who lifted it, when and why (server administrators). */
  @Get('bans/:banId')
  @Authenticated()
  banOf(@CurrentUser() user: AuthUser, @Param('banId', uuidParam('banId')) banId: string) {
    return this.persons.ban(user, banId);
  }

  /** Lifts a ban before its end, with the reason (server administrators; audited). */
  @Post('bans/:banId/lift')
  @HttpCode(200)
  @Authenticated()
  liftBan(@CurrentUser() user: AuthUser, @Param('banId', uuidParam('banId')) banId: string, @Body() dto: LiftBanDto) {
    return this.persons.liftBan(user, banId, dto.reason);
  }

  /** Merge `mergedId` into this person (server administrators). */
  @Post('persons/:personId/merge')
  @Authenticated()
  merge(@CurrentUser() user: AuthUser, @Param('personId', uuidParam('personId')) personId: string, @Body() dto: MergeDto) {
    return this.persons.merge(user, personId, dto.mergedId);
  }

  @Get('persons/:personId/merges')
  mergesOf(@Param('personId', uuidParam('personId')) personId: string) {
    return this.persons.merges(personId);
  }

  @Post('person-merges/:mergeId/undo')
  @HttpCode(200)
  @Authenticated()
  undo(@CurrentUser() user: AuthUser, @Param('mergeId', uuidParam('mergeId')) mergeId: string) {
    return this.persons.undo(user, mergeId);
  }
}
