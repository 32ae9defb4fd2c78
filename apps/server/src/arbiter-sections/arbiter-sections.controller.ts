import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRole, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { AssignSectionDto } from './arbiter-sections.dto';
import { ArbiterSectionsService, SECTION_ASSIGNERS, SECTION_READERS } from './arbiter-sections.service';
import { invalidInput } from '../common/errors';

@ApiTags('arbiter sections')
@ApiBearerAuth()
@Controller('api')
export class ArbiterSectionsController {
  constructor(private readonly sections: ArbiterSectionsService) {}

  /** The tournament's arbiters with their sections in this event, and the tables nobody has. */
  @Get('events/:eventId/arbiter-sections')
  @RequireRole(...SECTION_READERS)
  list(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.sections.ofEvent(eventId);
  }

  /** Gives an arbiter tables `firstTable`–`lastTable` (三章4B); `version` to change an existing section. */
  @Put('events/:eventId/arbiter-sections/:userId')
  @HttpCode(200)
  @RequireRole(...SECTION_ASSIGNERS)
  assign(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('userId', uuidParam('userId')) arbiterId: string,
    @Body() dto: AssignSectionDto,
  ) {
    return this.sections.assign(user, eventId, arbiterId, dto);
  }

  @Delete('events/:eventId/arbiter-sections/:userId')
  @RequireRole(...SECTION_ASSIGNERS)
  remove(
    @CurrentUser() user: AuthUser,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('userId', uuidParam('userId')) arbiterId: string,
    @Query('version') version: unknown,
  ) {
    const v = typeof version === 'string' && /^\d{1,9}$/.test(version) ? Number(version) : 0;
    if (v < 1) throw invalidInput('input.version', 'version', "the section's version as read (a positive integer)");
    return this.sections.remove(user, eventId, arbiterId, v);
  }
}
