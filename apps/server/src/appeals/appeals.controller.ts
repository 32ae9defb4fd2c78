import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, PAIRERS, RequireRole, STAFF } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { AppealNotesDto, CommitteeSanctionDto, FileAppealDto, RoleAffiliationDto, VoteDto } from './appeals.dto';
import { VersionDto } from '../common/dto-fields';
import { AppealsService } from './appeals.service';

const COMMITTEE_AND_STAFF = ['appeals_member' as const, ...STAFF];

@ApiTags('appeals')
@ApiBearerAuth()
@Controller('api')
export class AppealsController {
  constructor(private readonly appeals: AppealsService) {}

  @Post('games/:gameId/appeals')
  @RequireRole(...STAFF, 'team_captain')
  @ApiOperation({
    summary:
      'file a written appeal (二章8节4) within the deadline after the game’s end (its result entered; server clock), fee recorded as paid. A captain of a team in the game, or an arbiter recording a player’s written appeal (entryId). Late: 409 with the deadline. No committee: 409 (三章4F).',
  })
  file(@CurrentUser() user: AuthUser, @Access() access: TournamentAccess, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: FileAppealDto) {
    return this.appeals.file(user, gameId, dto, undefined, access);
  }

  @Get('events/:eventId/appeals')
  @RequireRole(...COMMITTEE_AND_STAFF)
  list(@CurrentUser() user: AuthUser, @Access() access: TournamentAccess, @Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.appeals.list(eventId, user, access);
  }

  @Get('events/:eventId/appeal-decisions')
  @ApiOperation({ summary: 'decided appeals for the public page: decision and public summary, no private notes (三章7)' })
  decisions(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.appeals.publicDecisions(eventId);
  }

  @Get('events/:eventId/appeals/file')
  @RequireRole('appeals_member', ...PAIRERS)
  @ApiOperation({ summary: 'the committee’s file for the organising committee (三章7G): appeals, votes, notes, decisions' })
  committeeFile(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.appeals.committeeFile(eventId);
  }

  @Get('appeals/:appealId')
  @RequireRole(...COMMITTEE_AND_STAFF)
  @ApiOperation({
    summary: 'the hearing file: appeal, game, record, the arbiter’s reports (disputes with diagrams), sanctions, committee (recusals, 三章7D) and votes',
  })
  get(@CurrentUser() user: AuthUser, @Access() access: TournamentAccess, @Param('appealId', uuidParam('appealId')) id: string) {
    return this.appeals.get(user, id, access);
  }

  @Post('appeals/:appealId/votes')
  @RequireRole('appeals_member')
  @ApiOperation({
    summary:
      'a member votes uphold | dismiss (三章7C). 409 when fewer than 3 sit (三章7A, after 三章7D recusals); 403 for a recused member. The majority of the sitting members decides at once: result, fee, audit. An even panel (以单数为适合 is a preference) that ties once all have voted dismisses the appeal: the ruling stands (committee.tieRule).',
  })
  vote(@CurrentUser() user: AuthUser, @Param('appealId', uuidParam('appealId')) id: string, @Body() dto: VoteDto) {
    return this.appeals.vote(user, id, dto);
  }

  @Post('appeals/:appealId/withdraw')
  @HttpCode(200)
  @RequireRole(...STAFF, 'team_captain')
  @ApiOperation({ summary: 'the appellant (the captain who filed it, or an arbiter) withdraws the appeal before the decision; fee refunded' })
  withdraw(@CurrentUser() user: AuthUser, @Access() access: TournamentAccess, @Param('appealId', uuidParam('appealId')) id: string, @Body() dto: VersionDto) {
    return this.appeals.withdraw(user, id, dto.version, access);
  }

  @Post('appeals/:appealId/sanctions')
  @RequireRole('appeals_member')
  @ApiOperation({
    summary: '三章7E: the committee sanctions a party that persists after a dismissed appeal (criticism … disqualification: the entry leaves the event)',
  })
  committeeSanction(@CurrentUser() user: AuthUser, @Param('appealId', uuidParam('appealId')) id: string, @Body() dto: CommitteeSanctionDto) {
    return this.appeals.committeeSanction(user, id, dto);
  }

  @Put('appeals/:appealId/notes')
  @RequireRole('appeals_member')
  notes(@CurrentUser() user: AuthUser, @Param('appealId', uuidParam('appealId')) id: string, @Body() dto: AppealNotesDto) {
    return this.appeals.notes(user, id, dto);
  }

  @Put('roles/:roleId/affiliation')
  @RequireRole('organizer')
  @ApiOperation({ summary: 'an appeals member’s affiliation, for recusal (三章7D)' })
  setAffiliation(@CurrentUser() user: AuthUser, @Param('roleId', uuidParam('roleId')) id: string, @Body() dto: RoleAffiliationDto) {
    return this.appeals.setAffiliation(user, id, dto);
  }
}
