import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { chooseLanguage, HTML_LANG, LANGUAGES, translate, type Language } from '../i18n/i18n';
import { clearCookie, csrfTokenFor, FLASH_COOKIE, LANGUAGE_COOKIE, readCookies, setCookie } from '../auth/session-cookie';

/** A breadcrumb of the layout: the page's place in the site (the last one has no link). */
export interface Crumb {
  label: string;
  href?: string;
}

/** Anything named in both scripts (players, teams, events, tournaments, affiliations). */
export interface Named {
  nameZh: string;
  nameEn: string;
}

/** The page's language: ?lang= (remembered in a cookie for the pages that follow), the cookie, else Accept-Language. */
export function pageLanguage(request: Request, response?: Response): Language {
  const query = request.query?.lang;
  if (typeof query === 'string' && (LANGUAGES as readonly string[]).includes(query)) {
    if (response && readCookies(request)[LANGUAGE_COOKIE] !== query) setCookie(request, response, LANGUAGE_COOKIE, query, { maxAgeSeconds: 365 * 24 * 3600 });
    return query as Language;
  }
  const remembered = readCookies(request)[LANGUAGE_COOKIE];
  return chooseLanguage(remembered, request.headers['accept-language']);
}

/** This URL in another language (the other query parameters kept). */
export function urlInLanguage(request: Request, lang: Language): string {
  const url = new URL(request.originalUrl, 'http://x');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}`;
}

/**
 * What every render gets (web/README.md): the user, the CSRF token, the language and its links, the
 * flash message. Set on res.locals, which Express merges into every render; a page's own context
 * wins where it sets the same name.
 */
export function setPageLocals(request: AuthenticatedRequest, response: Response): void {
  if (response.locals.pageLocalsSet) return;
  response.locals.pageLocalsSet = true;
  const lang = pageLanguage(request, response);
  const user = request.user;
  const session = request.webSession;
  Object.assign(response.locals, {
    layout: 'layouts/main',
    lang,
    htmlLang: HTML_LANG[lang],
    currentUser: user ? { id: user.id, email: user.email, displayName: user.displayName } : undefined,
    csrfToken: user && session?.via === 'cookie' ? csrfTokenFor(session.token) : undefined,
    currentPath: request.originalUrl,
    langLinks: LANGUAGES.map((l) => ({
      lang: l,
      label: translate(`languageName_${l}`, l),
      href: urlInLanguage(request, l),
      current: l === lang,
      htmlLang: HTML_LANG[l],
    })),
    // The layout's old one-link switch (pages written before the foundation pass their own).
    switchHref: urlInLanguage(request, lang === 'en' ? 'zh' : 'en'),
  });
  const flash = readCookies(request)[FLASH_COOKIE];
  if (flash) {
    response.locals.flash = flash.slice(0, 300);
    clearCookie(request, response, FLASH_COOKIE);
  }
}

/** A one-time message for the page the browser is redirected to ("Tournament saved"). */
export function flash(request: Request, response: Response, message: string): void {
  setCookie(request, response, FLASH_COOKIE, message.slice(0, 300), { maxAgeSeconds: 60 });
}

/** Runs after the guard, so the user is known; pages only (the API answers JSON). */
@Injectable()
export class PageContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
      if (!request.path.startsWith('/api')) setPageLocals(request, context.switchToHttp().getResponse<Response>());
    }
    return next.handle();
  }
}
