import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, PAIRERS, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreateRatingListDto, EventListDto, ImportListDto, MethodDto } from './ratings.dto';
import { RatingsService } from './ratings.service';
import { invalidInput } from '../common/errors';

function asOfDate(value: unknown): Date {
  if (value === undefined || value === '') return new Date();
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw invalidInput('input.not_date', 'asOf', 'must be a date YYYY-MM-DD');
  return new Date(`${value}T00:00:00Z`);
}

/** Rating lists (等级分, issue 33 #3): the lists, their import and publication, each event's rating. */
@ApiTags('ratings')
@ApiBearerAuth()
@Controller('api')
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get('rating-lists')
  lists() {
    return this.ratings.lists();
  }

  @Post('rating-lists')
  @Authenticated()
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateRatingListDto) {
    return this.ratings.createList(user, dto);
  }

  @Get('rating-lists/:listId')
  list(@Param('listId', uuidParam('listId')) listId: string) {
    return this.ratings.list(listId);
  }

  @Put('rating-lists/:listId/method')
  @Authenticated()
  setMethod(@CurrentUser() user: AuthUser, @Param('listId', uuidParam('listId')) listId: string, @Body() dto: MethodDto) {
    return this.ratings.setMethod(user, listId, dto.method);
  }

  @Post('rating-lists/:listId/import')
  @HttpCode(200)
  @Authenticated()
  importList(@CurrentUser() user: AuthUser, @Param('listId', uuidParam('listId')) listId: string, @Body() dto: ImportListDto) {
    return this.ratings.importList(user, listId, dto);
  }

  /** The list as published on a date (default today). */
  @Get('rating-lists/:listId/ratings')
  async ratingsAsOf(@Param('listId', uuidParam('listId')) listId: string, @Query('asOf') asOf: unknown) {
    return this.ratings.published(listId, asOfDate(asOf));
  }

  @Get('rating-lists/:listId/ratings.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  csv(@Param('listId', uuidParam('listId')) listId: string, @Query('asOf') asOf: unknown) {
    return this.ratings.csv(listId, asOfDate(asOf));
  }

  @Put('events/:eventId/rating-list')
  @RequireRole('organizer')
  setEventList(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: EventListDto) {
    return this.ratings.setEventList(user, eventId, dto.ratingListId);
  }

  /** Rate the event now (after its last round, or again after a correction): the answer names what changed. */
  @Post('events/:eventId/rating')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  rate(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.ratings.rateEvent(user, eventId);
  }

  @Get('events/:eventId/rating-report')
  report(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.ratings.report(eventId);
  }

  /** Starting ranks and seeds by rating: the entered players' ratings from the event's list. */
  @Post('events/:eventId/ratings-to-players')
  @HttpCode(200)
  @RequireRole(...REGISTRARS)
  ratingsToPlayers(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.ratings.ratingsToPlayers(user, eventId);
  }
}
