import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AccountPagesController } from './account-pages.controller';
import { PageContextInterceptor } from './page-context';

/** The web front end's foundation (web/README.md): account pages and what every page render gets. */
@Module({
  controllers: [AccountPagesController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: PageContextInterceptor }],
})
export class WebModule {}
