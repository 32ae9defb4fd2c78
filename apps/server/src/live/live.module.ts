import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LivePages } from './live-pages';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { pageEtag } from './page-etag';
import { PublicPageCache } from './public-page-cache';

/** Live updates (SSE over PostgreSQL LISTEN/NOTIFY) and the public pages' ETag (issue 12). */
@Module({
  imports: [DiscoveryModule],
  providers: [LiveService, LivePages, PublicPageCache],
  controllers: [LiveController],
  exports: [LiveService, LivePages, PublicPageCache],
})
export class LiveModule implements NestModule {
  constructor(
    private readonly live: LiveService,
    private readonly cache: PublicPageCache,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(pageEtag(this.live, this.cache))
      .forRoutes({ path: 'events/*path', method: RequestMethod.GET }, { path: 'pairings/*path', method: RequestMethod.GET });
  }
}
