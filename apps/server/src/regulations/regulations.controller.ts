import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { AccessService } from '../auth/access.service';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { EventRegulationsDto, UpdateRegulationsDto } from './regulations.dto';
import { RegulationsService } from './regulations.service';

export class PublishRegulationsDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  version!: number;
}

@ApiTags('regulations')
@ApiBearerAuth()
@Controller('api')
export class RegulationsController {
  constructor(
    private readonly regulations: RegulationsService,
    private readonly access: AccessService,
  ) {}

  /** Public once published (三章1: published before the event); before that, the registrars see the draft. */
  @Get('tournaments/:tournamentId/regulations')
  async get(@CurrentUser() user: AuthUser | undefined, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string) {
    const regs = await this.regulations.get(tournamentId);
    if (regs && (regs.publishedAt || (await this.access.of(user, tournamentId)).has(...REGISTRARS))) return regs;
    throw notFound('regulations');
  }

  @Put('tournaments/:tournamentId/regulations')
  @RequireRole('organizer')
  update(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: UpdateRegulationsDto) {
    return this.regulations.update({ user, tournamentId, dto });
  }

  @Post('tournaments/:tournamentId/regulations/publish')
  @HttpCode(200)
  @RequireRole('organizer')
  publish(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: PublishRegulationsDto) {
    return this.regulations.publish({ user, tournamentId, version: dto.version });
  }

  /** An event's 参加资格 bounds, field size, self-registration and fees. */
  @Put('events/:eventId/regulations')
  @RequireRole(...REGISTRARS)
  updateEvent(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: EventRegulationsDto) {
    return this.regulations.updateEvent({ user, eventId, dto });
  }
}
