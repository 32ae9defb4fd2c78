import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PAIRERS, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { BulkEntryDto, CreateEntryDto, DrawDto, SetSeedsDto, UndoWithdrawalDto, UpdateEntryDto, WithdrawEntryDto } from './entry.dto';
import { EntriesService } from './entries.service';

@ApiTags('entries')
@ApiBearerAuth()
@Controller('api')
export class EntriesController {
  constructor(private readonly entries: EntriesService) {}

  @Get('events/:eventId/entries')
  list(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.entries.list(eventId);
  }

  @Post('events/:eventId/entries')
  @RequireRole(...REGISTRARS)
  create(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: CreateEntryDto) {
    return this.entries.create({ user, eventId, dto });
  }

  @Post('events/:eventId/entries/bulk')
  @RequireRole(...REGISTRARS)
  bulkCreate(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: BulkEntryDto) {
    return this.entries.bulkCreate({ user, eventId, dto });
  }

  @Patch('entries/:entryId')
  @RequireRole(...REGISTRARS)
  update(@CurrentUser() user: AuthUser, @Param('entryId', uuidParam('entryId')) id: string, @Body() dto: UpdateEntryDto) {
    return this.entries.update({ user, id, dto });
  }

  /** The event's seeds in one change, all or none (issue 30 #6): 400 names the row, 409 when a row's version is stale. */
  @Put('events/:eventId/seeds')
  @RequireRole(...REGISTRARS)
  setSeeds(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: SetSeedsDto) {
    return this.entries.setSeeds({ user, eventId, dto });
  }

  @Post('entries/:entryId/withdraw')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  withdraw(@CurrentUser() user: AuthUser, @Param('entryId', uuidParam('entryId')) id: string, @Body() dto: WithdrawEntryDto) {
    return this.entries.withdraw({ user, id, version: dto.version, afterRound: dto.afterRound, reason: dto.reason });
  }

  /** Undoes a mistaken withdrawal until the next round is paired (409 after; audited). */
  @Post('entries/:entryId/undo-withdrawal')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  undoWithdrawal(@CurrentUser() user: AuthUser, @Param('entryId', uuidParam('entryId')) id: string, @Body() dto: UndoWithdrawalDto) {
    return this.entries.undoWithdrawal({ user, id, version: dto.version, reason: dto.reason });
  }

  /** Removes an individual entry made by mistake, until round 1 is paired (then: withdraw). */
  @Delete('entries/:entryId')
  @HttpCode(204)
  @RequireRole(...REGISTRARS)
  async remove(@CurrentUser() user: AuthUser, @Param('entryId', uuidParam('entryId')) id: string): Promise<void> {
    await this.entries.remove({ user, id });
  }

  @Post('events/:eventId/draw')
  @RequireRole(...REGISTRARS)
  draw(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: DrawDto) {
    return this.entries.draw({ user, eventId, dto });
  }

  @Get('events/:eventId/draws')
  draws(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.entries.draws(eventId);
  }
}
