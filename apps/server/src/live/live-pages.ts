import { Injectable, Logger, OnApplicationBootstrap, ParamData, SetMetadata } from '@nestjs/common';
import { PATH_METADATA, RENDER_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, ExternalContextCreator, HttpAdapterHost, MetadataScanner } from '@nestjs/core';
import { RouteParamsFactory } from '@nestjs/core/router/route-params-factory';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';

const LIVE_PAGE = 'chuhe:live-page';

/**
 * Marks a public page route (a GET with @Render) as live (issue 29 #5): its pages are cached by
 * data version (page-etag.ts), may be watched through GET /api/events/:id/live?page=, and their
 * frames are rendered in-process by this very handler and template (LivePages.render). The route's
 * path is the live-page table: nothing else lists the public pages.
 */
export const LivePage = (): MethodDecorator => SetMetadata(LIVE_PAGE, true);

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

interface LiveRoute {
  path: string;
  pattern: RegExp;
  names: string[];
  template: string;
  handler: (req: Request, res: Response, next: () => void) => Promise<unknown>;
}

/** A path matched against a live route: its parameters (an id: eventId, pairingId, entryId; a number). */
export interface LiveMatch {
  route: LiveRoute;
  params: Record<string, string>;
}

/** A route's path as a pattern: `:somethingId` is a UUID, any other `:name` a number (a round's). */
function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const body = path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = segment.slice(1);
      names.push(name);
      return name.endsWith('Id') ? `(${UUID})` : '(\\d{1,4})';
    })
    .join('/');
  return { pattern: new RegExp(`^/${body}/?$`), names };
}

/**
 * The live pages, read from the routes marked @LivePage at start, and their in-process renderer:
 * the route's own handler (through Nest's ExternalContextCreator: the same parameter decorators and
 * pipes) and its own template, rendered by the application's view engine with the locals every page
 * gets (web/page-context.ts) — as an anonymous viewer sees the page, with no HTTP request.
 */
@Injectable()
export class LivePages implements OnApplicationBootstrap {
  private readonly log = new Logger('LivePages');
  private routes: LiveRoute[] = [];
  /** What every page's render gets (web/page-context.ts setPageLocals, handed in by WebModule: web sits above live). */
  private pageLocals: (req: AuthenticatedRequest, res: Response) => void = () => undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly contexts: ExternalContextCreator,
    private readonly adapter: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    // Nest's own HTTP parameter factory (@Param, @Query, @Req…), handed the (req, res, next) the handler is called with.
    const route = new RouteParamsFactory();
    const params = {
      exchangeKeyForValue: (type: number, data: ParamData, [req, res, next]: [Request, Response, () => void]) =>
        route.exchangeKeyForValue(type, data as string, { req, res, next }),
    };
    const routes: LiveRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, (...args: unknown[]) => unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const method = instance[name];
        if (!Reflect.getMetadata(LIVE_PAGE, method)) continue;
        const template = Reflect.getMetadata(RENDER_METADATA, method) as string | undefined;
        const own = Reflect.getMetadata(PATH_METADATA, method) as string | string[] | undefined;
        if (!template || typeof own !== 'string') throw new Error(`@LivePage ${wrapper.name}.${name}: a GET route with @Render and one path`);
        const path = `/${[base, own].filter(Boolean).join('/')}`.replace(/\/+/g, '/');
        const handler = this.contexts.create(instance, method, name, ROUTE_ARGS_METADATA, params, undefined, undefined, {
          guards: false,
          interceptors: false,
          filters: false,
        }) as LiveRoute['handler'];
        routes.push({ path, template, handler, ...patternOf(path) });
      }
    }
    this.routes = routes;
    this.log.log(`${routes.length} live pages`);
  }

  /** The locals every render gets (WebModule hands in setPageLocals at start). */
  usePageLocals(f: (req: AuthenticatedRequest, res: Response) => void): void {
    this.pageLocals = f;
  }

  /** The live route a path is (without its query), or null. */
  match(path: string): LiveMatch | null {
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (m) return { route, params: Object.fromEntries(route.names.map((n, i) => [n, m[i + 1].toLowerCase()])) };
    }
    return null;
  }

  /** The paths of the live pages (their route patterns), for the documentation and tests. */
  get paths(): string[] {
    return this.routes.map((r) => r.path);
  }

  /**
   * The page at `key` (a path with its `?lang=`) as an anonymous viewer gets it: the whole HTML,
   * or null when the page answers otherwise (no such round, player or pairing any more).
   */
  async render(key: string): Promise<string | null> {
    const url = new URL(key, 'http://page');
    const found = this.match(url.pathname);
    if (!found) return null;
    const query = Object.fromEntries(url.searchParams);
    const locals: Record<string, unknown> = {};
    const req = {
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      originalUrl: `${url.pathname}${url.search}`,
      path: url.pathname,
      query,
      params: found.params,
      headers: { accept: 'text/html' },
      secure: false,
    } as unknown as AuthenticatedRequest;
    const res = { locals, append: () => res, setHeader: () => res, getHeader: () => undefined } as unknown as Response;
    this.pageLocals(req, res);
    let model: unknown;
    try {
      model = await found.route.handler(req, res, () => undefined);
    } catch {
      return null; // a 404 (or any refusal): the viewers fetch the page themselves
    }
    const app = this.adapter.httpAdapter.getInstance<{ render(view: string, options: object, done: (e: Error | null, html?: string) => void): void }>();
    return new Promise((resolve) => {
      app.render(found.route.template, { ...locals, ...(model as object) }, (e, html) => {
        if (e) this.log.warn(`rendering ${key} failed: ${e.message}`);
        resolve(e || html === undefined ? null : html);
      });
    });
  }
}
