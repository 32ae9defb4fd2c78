import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { pageEtag } from './page-etag';

/** Live updates (SSE over PostgreSQL LISTEN/NOTIFY) and the public pages' ETag (issue 12). */
@Module({ providers: [LiveService], controllers: [LiveController], exports: [LiveService] })
export class LiveModule implements NestModule {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveService,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(pageEtag(this.prisma, this.live))
      .forRoutes({ path: 'events/*path', method: RequestMethod.GET }, { path: 'pairings/*path', method: RequestMethod.GET });
  }
}
