import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { VersionDto } from '../common/dto-fields';
import { uuidParam } from '../common/id-param';
import { chooseLanguage } from '../i18n/i18n';
import { EntryRequestsByMailService } from './by-mail.service';
import { ConfirmEntryDto, CreateEntryRequestByMailDto, CreateEntryRequestDto, DecisionDto, EditEntryRequestDto, RequestFilterDto } from './entry-request.dto';
import { EntryRequestsService } from './entry-requests.service';

/**
 * 报名 and 审核 (issue 31). Submitting and reading need a login only: the service decides whether
 * the caller is a unit's delegate (their unit only) or a person entering themselves (their own
 * requests only). Decisions are the registrars'.
 */
@ApiTags('entry requests')
@ApiBearerAuth()
@Controller('api')
export class EntryRequestsController {
  constructor(
    private readonly requests: EntryRequestsService,
    private readonly byMail: EntryRequestsByMailService,
  ) {}

  @Post('events/:eventId/entry-requests')
  @Authenticated()
  submit(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: CreateEntryRequestDto) {
    return this.requests.submit({ user, eventId, dto });
  }

  /**
   * Without an account (issue 31 #4): stored `unconfirmed`, a link mailed to `email`; nothing counts
   * until the link is followed (48 h). Words of refusals and of the mail in `?lang=` or Accept-Language.
   */
  @Post('events/:eventId/entry-requests/by-mail')
  askByMail(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Body() dto: CreateEntryRequestByMailDto,
    @Query('lang') lang: unknown,
    @Headers('accept-language') accept: string | undefined,
    @Ip() address: string,
  ) {
    return this.byMail.submit({ eventId, dto, lang: chooseLanguage(lang, accept), address });
  }

  /** The mailed link's token: the request becomes `submitted` (or `waiting`) once; a second call says it was confirmed before. */
  @Post('entry-requests/confirm')
  @HttpCode(200)
  async confirm(@Body() dto: ConfirmEntryDto) {
    const { request, confirmedBefore } = await this.byMail.confirm(dto.token);
    return { id: request.id, state: request.state, confirmedAt: request.confirmedAt, confirmedBefore };
  }

  /** The submitter (their unit's delegate, or the person) changes a request not yet decided, inside the window. */
  @Patch('entry-requests/:entryRequestId')
  @Authenticated()
  edit(@CurrentUser() user: AuthUser, @Param('entryRequestId', uuidParam('entryRequestId')) id: string, @Body() dto: EditEntryRequestDto) {
    const { version, ...entry } = dto;
    return this.requests.edit({ user, id, version, dto: entry });
  }

  /**
   * An account-free request through its mailed link (issue 31 #3/#4): the link's token is the
   * capability — no account. Read it (state, version, what was entered), and change it as the
   * signed-in submitter would: until the window closes, everything checked again, of two changes
   * at once the second 409 edit.stale.
   */
  @Get('entry-requests/by-link/:token')
  async byLink(@Param('token') token: string, @Ip() address: string) {
    const r = await this.requests.requestOfLink(token, address);
    return { id: r.id, eventId: r.eventId, state: r.state, version: r.version, affiliationId: r.affiliationId, details: r.details };
  }

  @Patch('entry-requests/by-link/:token')
  async editByLink(
    @Param('token') token: string,
    @Body() dto: EditEntryRequestDto,
    @Query('lang') lang: unknown,
    @Headers('accept-language') accept: string | undefined,
    @Ip() address: string,
  ) {
    const { version, ...entry } = dto;
    const r = await this.requests.editByLink({ token, version, dto: entry, lang: chooseLanguage(lang, accept), address });
    return { id: r.id, eventId: r.eventId, state: r.state, version: r.version, affiliationId: r.affiliationId, details: r.details };
  }

  @Get('events/:eventId/entry-requests')
  @Authenticated()
  list(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Query() filter: RequestFilterDto) {
    return this.requests.list({ user, eventId, filter });
  }

  @Get('events/:eventId/places')
  places(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.requests.places(eventId);
  }

  @Post('entry-requests/:entryRequestId/approve')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  approve(@CurrentUser() user: AuthUser, @Param('entryRequestId', uuidParam('entryRequestId')) id: string, @Body() dto: VersionDto) {
    return this.requests.approve({ user, id, version: dto.version });
  }

  @Post('entry-requests/:entryRequestId/refuse')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  refuse(@CurrentUser() user: AuthUser, @Param('entryRequestId', uuidParam('entryRequestId')) id: string, @Body() dto: DecisionDto) {
    return this.requests.refuse({ user, id, version: dto.version, reason: dto.reason });
  }

  @Post('entry-requests/:entryRequestId/wait')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  wait(@CurrentUser() user: AuthUser, @Param('entryRequestId', uuidParam('entryRequestId')) id: string, @Body() dto: DecisionDto) {
    return this.requests.wait({ user, id, version: dto.version, reason: dto.reason });
  }

  /** The submitter, their unit's delegate, or a registrar; before approval. */
  @Post('entry-requests/:entryRequestId/withdraw')
  @HttpCode(200)
  @Authenticated()
  withdraw(@CurrentUser() user: AuthUser, @Param('entryRequestId', uuidParam('entryRequestId')) id: string, @Body() dto: VersionDto) {
    return this.requests.withdraw({ user, id, version: dto.version });
  }

  /** Offers a freed place to the first on the waiting list (explicit, audited). */
  @Post('events/:eventId/entry-requests/promote')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  promote(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.requests.promote({ user, eventId });
  }
}
