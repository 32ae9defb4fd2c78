import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { MarkFeeDto } from './fees.dto';
import { FeesService } from './fees.service';
import { invalidInput } from '../common/errors';

const STATES = ['unpaid', 'paid', 'waived'] as const;

@ApiTags('fees')
@ApiBearerAuth()
@Controller('api')
export class FeesController {
  constructor(private readonly fees: FeesService) {}

  @Get('tournaments/:tournamentId/fees')
  @RequireRole(...REGISTRARS)
  @ApiQuery({ name: 'state', required: false, enum: STATES })
  list(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Query('state') state?: string) {
    if (state !== undefined && !(STATES as readonly string[]).includes(state))
      throw invalidInput('input.not_one_of', 'state', `one of ${STATES.join(', ')}`, { values: STATES.join('、') });
    return this.fees.list(tournamentId, state as (typeof STATES)[number] | undefined);
  }

  @Post('fees/:feeId/mark')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  mark(@CurrentUser() user: AuthUser, @Param('feeId', uuidParam('feeId')) id: string, @Body() dto: MarkFeeDto) {
    return this.fees.mark({ user, id, version: dto.version, method: dto.method });
  }
}
