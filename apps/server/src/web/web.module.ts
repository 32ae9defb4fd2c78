import { Module, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { LiveModule } from '../live/live.module';
import { LivePages } from '../live/live-pages';
import { AccountPagesController } from './account-pages.controller';
import { UnreadBodyInterceptor } from '../common/form-body';
import { PageContextInterceptor, setPageLocals } from './page-context';

/** The web front end's foundation (web/README.md): account pages and what every page render gets. */
@Module({
  imports: [LiveModule],
  controllers: [AccountPagesController],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: PageContextInterceptor },
    { provide: APP_INTERCEPTOR, useClass: UnreadBodyInterceptor },
  ],
})
export class WebModule implements OnModuleInit {
  constructor(private readonly livePages: LivePages) {}

  /** Live frames are rendered with the same locals as every page (live/live-pages.ts). */
  onModuleInit(): void {
    this.livePages.usePageLocals(setPageLocals);
  }
}
