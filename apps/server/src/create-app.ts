import { registerPersonNameHelper } from './web/person-name-helper';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import type { Request, Response } from 'express';
import hbs from 'hbs';
import type { HelperOptions } from 'hbs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { AuthService } from './auth/auth.service';
import { LoginThrottle, type ThrottlePolicies } from './auth/login-throttle';
import { stampArrival } from './common/arrival';
import { PageExceptionFilter } from './web/page-exception.filter';
import { StaticAssets } from './common/static-assets';
import { securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { markUnreadBody } from './common/form-body';
import { limitConnections } from './common/connection-limits';
import { privateAnswers } from './auth/private-answers';
import { isTournamentFileImport } from './exchange/import-body';
import { isLanguage, translateKey } from './i18n/i18n';
import { viewsDir } from './pages/views-dir';
import { clientBundleDir, registerViewPartials, VENDOR_SCRIPTS } from './web/assets';
import { registerFormHelpers } from './web/form-helpers';
import { oneTimeKeys } from './web/one-time-key';
import { PrismaService } from './prisma/prisma.service';
import { FastPublicPages } from './live/fast-page';
import { LiveService } from './live/live.service';
import { PublicPageCache } from './live/public-page-cache';
import { DIRECT_ROLE_GRANTS_SETTING, TOURNAMENT_CREATORS_SETTING } from './tournaments/tournaments.controller';
import type { TournamentCreators } from './tournaments/tournaments.service';

/** Builds the configured application (used by main.ts and by the e2e tests alike). */
export interface CreateAppOptions {
  logger?: boolean;
  /**
   * Who may create tournaments (issue 13 #7): `admins` (server administrators, `main.js admin
   * EMAIL`) or `anyone` logged in. Default: CHUHE_TOURNAMENT_CREATORS, else `admins`.
   */
  tournamentCreators?: TournamentCreators;
  /**
   * POST /api/tournaments/:id/roles grants at once to the account registered with the email (the
   * behaviour before invitations) instead of inviting. For the e2e helpers only: no variable sets it.
   */
  directRoleGrants?: boolean;
  /** Other login throttle policies than THROTTLE (login-throttle.ts); for the e2e helpers only. */
  loginThrottle?: Partial<ThrottlePolicies>;
}

export async function createApp(databaseUrl: string, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forDatabase(databaseUrl), {
    logger: options.logger === false ? false : ['error', 'warn', 'log'],
  });
  app.disable('x-powered-by');
  // Timeouts and a cap on connections per address against slow clients (common/connection-limits.ts).
  limitConnections(app.getHttpServer());
  // Issue 35 #2: a stranger's reload of a public page already rendered (or its 304) is answered
  // before Express, with the same bytes and headers (live/fast-page.ts); everything else goes on.
  const fast = new FastPublicPages(app.get(LiveService), app.get(PublicPageCache));
  fast.install(app.getHttpServer());
  app.set(FAST_PUBLIC_PAGES, fast);
  // First of all: when the request arrived (a lineup counts by its arrival, 附录1 #8; common/arrival.ts).
  app.use(stampArrival);
  const creators = options.tournamentCreators ?? process.env.CHUHE_TOURNAMENT_CREATORS ?? 'admins';
  if (creators !== 'admins' && creators !== 'anyone') throw new Error(`CHUHE_TOURNAMENT_CREATORS must be admins or anyone, not ${creators}`);
  app.set(TOURNAMENT_CREATORS_SETTING, creators);
  app.set(DIRECT_ROLE_GRANTS_SETTING, options.directRoleGrants === true);
  if (options.loginThrottle) {
    const throttle = app.get(LoginThrottle);
    throttle.policies = { ...throttle.policies, ...options.loginThrottle };
  }
  // Behind a reverse proxy, CHUHE_TRUST_PROXY (hops, e.g. 1, or addresses) makes req.ip the client's, for the rate limits.
  const trust = process.env.CHUHE_TRUST_PROXY;
  app.set('trust proxy', trust ? (/^\d+$/.test(trust) ? Number(trust) : trust) : false);
  // Static files with content-hashed names, cached for a year (common/static-assets.ts); `{{asset "x.css"}}`
  // links one. Browser code: htmx and its SSE extension from their npm packages (never a CDN), and the
  // TypeScript in apps/server/client bundled by `npm run build` (scripts/build-client.js) under js/.
  // The page stylesheet is written into each page (`{{inlineStyle}}`), allowed by its CSP hash.
  const views = viewsDir();
  const assets = staticAssets(views);
  const pageStyle = assets.inlineStyle(PAGE_STYLESHEETS);
  for (const handler of securityHeaders([pageStyle.cspSource])) app.use(handler);
  // An answer to a request with credentials (a bearer token, the session cookie) is that user's: no
  // shared or browser cache keeps it (issue 23 #9, issue 34 #10), whatever the route set (common/private-answers.ts).
  app.use(privateAnswers);
  // Compression (issue 24): brotli or gzip for HTML, JSON, CSS, scripts. Not for live streams (each
  // frame must leave at once; a compressor per stream would cost every viewer its memory), nor for
  // what is compressed already (static files and cached pages, compressed once, carry their encoding).
  app.use(
    compression({
      threshold: 1024,
      filter: (req: Request, res: Response) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );
  app.useGlobalPipes(createValidationPipe());
  const auth = app.get(AuthService);
  app.useGlobalFilters(new PageExceptionFilter((token) => auth.userForToken(token)));
  // The tournament-file import reads its large body itself, in pieces (issue 23 #5, exchange/import-body.ts).
  app.useBodyParser('text', { limit: '5mb', type: isTournamentFileImport });
  app.useBodyParser('json', { limit: '5mb' });
  // Page forms post urlencoded (a pasted CSV can be large); multipart (file upload) is read by the route.
  app.useBodyParser('urlencoded', { limit: '5mb', extended: false, parameterLimit: 5000 });
  // A page post whose body is no form: an empty form, refused with 400 after the guard (common/form-body.ts).
  app.use(markUnreadBody);
  // A post that carries a one-time key (form field _once, header Idempotency-Key) runs once (web/one-time-key.ts).
  app.use(oneTimeKeys(app.get(PrismaService)));

  app.setBaseViewsDir(views);
  app.setViewEngine('hbs');
  hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  // {{t "key"}} translates in the page's language (the render's root `lang`).
  hbs.registerHelper('t', (key: string, options: HelperOptions) =>
    translateKey(
      key,
      isLanguage(options.data?.root?.lang) ? options.data.root.lang : 'zh',
      (options as HelperOptions & { hash?: Record<string, string | number> }).hash ?? {},
    ),
  );
  registerFormHelpers();
  registerPersonNameHelper();
  registerViewPartials(views);
  app.use(assets.handler());
  hbs.registerHelper('asset', (name: string) => assets.url(name));
  const styleElement = new hbs.handlebars.SafeString(`<style>${pageStyle.css}</style>`);
  hbs.registerHelper('inlineStyle', () => styleElement);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Chuhe API')
      .setDescription('Xiangqi tournaments under the AXF competition rules (2017). Reads are public; writes need a bearer token from POST /api/auth/login.')
      .setVersion('0.1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json' });
  return app;
}

/** The app setting that holds the fast path of the public pages (the e2e turns it off to compare). */
export const FAST_PUBLIC_PAGES = 'chuhe:fastPublicPages';

/** What every page's layout writes into its <head> (views/layouts/main.hbs). */
const PAGE_STYLESHEETS = ['chuhe.css', 'web.css'];

/** Everything under /static/: apps/server/public, the bundled browser scripts (js/), the vendored htmx (vendor/). */
function staticAssets(views: string): StaticAssets {
  const assets = new StaticAssets().addDirectory(join(views, '..', 'public')).addDirectory(clientBundleDir(), 'js/');
  for (const [file, path] of Object.entries(VENDOR_SCRIPTS)) assets.addFile(path, `vendor/${file}`);
  return assets;
}
