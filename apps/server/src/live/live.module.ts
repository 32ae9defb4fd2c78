import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LivePages } from './live-pages';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { pageEtag } from './page-etag';

/** Live updates (SSE over PostgreSQL LISTEN/NOTIFY) and the public pages' ETag (issue 12). */
@Module({ imports: [DiscoveryModule], providers: [LiveService, LivePages], controllers: [LiveController], exports: [LiveService, LivePages] })
export class LiveModule implements NestModule {
  constructor(private readonly live: LiveService) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(pageEtag(this.live)).forRoutes({ path: 'events/*path', method: RequestMethod.GET }, { path: 'pairings/*path', method: RequestMethod.GET });
  }
}
