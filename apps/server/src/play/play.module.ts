import { Global, Module } from '@nestjs/common';
import { EventCache } from './event-cache';

/** What every module that reads an event's play data shares: the cache of loaded events. */
@Global()
@Module({ providers: [EventCache], exports: [EventCache] })
export class PlayModule {}
