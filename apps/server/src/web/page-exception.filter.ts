import { STATUS_TITLE_KEYS, wordIn } from '../i18n/keys';
import { Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import type { AuthUser } from '../auth/auth.decorators';
import { HttpExceptionFilter } from '../common/http-exception.filter';
import { DomainError, problemWords } from '../common/errors';
import { type Language } from '../i18n/i18n';
import { setPageLocals } from './page-context';
import { sessionTokenFromCookie } from '../auth/session-cookie';

/**
 * Errors of page routes, for people (issue 29 #7: a page filter of its own in web/, beside the API's
 * JSON filter it extends): 401 sends them to log in and back; anything else is the error page in
 * the layout, a domain error's words in the page's language. The API (/api, or a client that asks
 * for JSON) keeps the JSON answer.
 */
@Catch()
export class PageExceptionFilter extends HttpExceptionFilter {
  /** `userFor` finds the user of a page that failed before the guard ran (an unknown path): the header still shows who is logged in. */
  constructor(private readonly userFor?: (token: string) => Promise<AuthUser | undefined>) {
    super();
  }

  protected override answerPage(exception: unknown, request: Request, response: Response, status: number, body: unknown): boolean {
    if (request.path.startsWith('/api') || request.accepts(['json', 'html']) !== 'html') return false;
    const message = (body as { message?: unknown }).message;
    const problems = (body as { errors?: unknown }).errors;
    const coded = Array.isArray(problems) && problems.some((p: { code?: unknown }) => typeof p?.code === 'string');
    const words =
      exception instanceof DomainError
        ? (lang: Language) => exception.wordsIn(lang)
        : coded
          ? // The validation pipe's coded reasons (a page's bad query), in the page's language (issue 30 #5).
            (lang: Language) => (problems as object[]).map((p) => problemWords(p, lang) ?? '').join(lang === 'en' ? '; ' : '；')
          : () => (typeof message === 'string' ? message : '');
    void this.page(request, response, status, words);
    return true;
  }

  private async page(request: Request, response: Response, status: number, words: (lang: Language) => string): Promise<void> {
    let message = words('en');
    if (status === 401 && request.method === 'GET') {
      response.redirect(303, `/login?next=${encodeURIComponent(request.originalUrl)}`);
      return;
    }
    try {
      const authenticated = request as AuthenticatedRequest;
      const token = sessionTokenFromCookie(request);
      if (!authenticated.user && token && this.userFor && status !== 503) {
        authenticated.user = await this.userFor(token).catch(() => undefined);
        if (authenticated.user) authenticated.webSession = { via: 'cookie', token };
      }
      setPageLocals(authenticated, response);
      const lang = response.locals.lang as Language;
      message = words(lang);
      const heading = wordIn(STATUS_TITLE_KEYS, status, lang);
      response.status(status).render(
        'error',
        {
          title: heading,
          status,
          message,
          breadcrumbs: [{ label: heading }],
          loginHref: status === 401 ? `/login?next=${encodeURIComponent(request.originalUrl)}` : undefined,
        },
        (error, html) => {
          if (error) response.status(status).type('html').send(errorPage(status, message));
          else response.send(html);
        },
      );
    } catch {
      response.status(status).type('html').send(errorPage(status, message));
    }
  }
}

function errorPage(status: number, message: string): string {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8"><title>${status} · 楚河 Chuhe</title>` +
    `<link rel="stylesheet" href="/static/chuhe.css"></head><body><main><h1>${status}</h1><p>${escaped}</p>` +
    `<p><a href="/">楚河 Chuhe</a></p></main></body></html>`
  );
}
