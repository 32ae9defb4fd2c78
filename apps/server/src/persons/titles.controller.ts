import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { TitleRuleDto } from './persons.dto';
import { TitlesService } from './titles.service';

@ApiTags('persons')
@ApiBearerAuth()
@Controller('api')
export class TitlesController {
  constructor(private readonly titles: TitlesService) {}

  @Get('events/:eventId/title-rules')
  rules(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.titles.rules(eventId);
  }

  @Post('events/:eventId/title-rules')
  @RequireRole('organizer')
  addRule(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: TitleRuleDto) {
    return this.titles.addRule(user, eventId, dto);
  }

  /** Award the event's titles from its final places. */
  @Post('events/:eventId/titles')
  @HttpCode(200)
  @RequireRole('organizer')
  award(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.titles.award(user, eventId);
  }
}
