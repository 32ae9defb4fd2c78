import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { Authenticated } from '../auth/auth.decorators';
import { ChangePasswordDto, LoginDto, RegisterDto } from '../auth/auth.dto';
import { AuthService, REGISTERED } from '../auth/auth.service';
import { translate, type Language } from '../i18n/i18n';
import { emptyForm, FormState, formValue, submitForm } from './forms';
import { flash } from './page-context';
import { clearCookie, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, setCookie } from '../auth/session-cookie';

/** Where to go after logging in: a path on this site only (never `//host` or `https://…`: no open redirect). */
export function safeNext(next: unknown, fallback = '/my'): string {
  return typeof next === 'string' && /^\/(?![/\\])[^\s]*$/.test(next) && next.length <= 2000 ? next : fallback;
}

function address(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

function lang(response: Response): Language {
  return response.locals.lang as Language;
}

/** Account pages (issue 20 #1): sign up, log in, log out, change password, log out everywhere. */
@ApiExcludeController()
@Controller()
export class AccountPagesController {
  constructor(private readonly auth: AuthService) {}

  @Get('login')
  async loginPage(@Query('next') next: unknown, @Res() res: Response) {
    // The demo's accounts are named where people log in, when this database holds the demo.
    const demo = await this.auth.demoLoaded();
    res.render('account/login', { ...this.loginContext(res, safeNext(next), emptyForm()), demo });
  }

  @Post('login')
  async login(@Body() body: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const next = safeNext(body.next ?? req.query.next);
    await submitForm(req, res, {
      dto: LoginDto,
      values: { email: body.email, next },
      toInput: () => ({ email: formValue.text(body.email) ?? '', password: typeof body.password === 'string' ? body.password : '' }),
      run: (dto) => this.auth.login(dto, address(req)),
      render: (form) => ({ view: 'account/login', context: this.loginContext(res, next, form) }),
      redirect: (session) => {
        setCookie(req, res, SESSION_COOKIE, session.token, { maxAgeSeconds: SESSION_MAX_AGE_SECONDS });
        return next;
      },
    }).catch((error: unknown) => this.wrongPassword(error, res, next, body));
  }

  @Get('signup')
  signupPage(@Query('next') next: unknown, @Res() res: Response) {
    res.render('account/signup', this.signupContext(res, safeNext(next), emptyForm()));
  }

  /**
   * Registration answers alike for a new and a known email (no account enumeration); then the new
   * account is logged in. A known email with another password ends on the login page with the
   * registration's own message.
   */
  @Post('signup')
  async signup(@Body() body: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const next = safeNext(body.next ?? req.query.next);
    const password = typeof body.password === 'string' ? body.password : '';
    await submitForm(req, res, {
      dto: RegisterDto,
      values: { email: body.email, displayName: body.displayName, next },
      toInput: () => ({ email: formValue.text(body.email) ?? '', displayName: formValue.text(body.displayName) ?? '', password }),
      run: async (dto) => {
        await this.auth.register(dto, address(req));
        return this.auth.login({ email: dto.email, password }, address(req)).catch(() => undefined);
      },
      render: (form) => ({ view: 'account/signup', context: this.signupContext(res, next, form) }),
      redirect: (session) => {
        if (!session) return `/login?next=${encodeURIComponent(next)}`;
        setCookie(req, res, SESSION_COOKIE, session.token, { maxAgeSeconds: SESSION_MAX_AGE_SECONDS });
        return next;
      },
      flash: (session) => (session ? translate('signedUp', lang(res)) : REGISTERED),
    });
  }

  @Post('logout')
  async logout(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    if (req.webSession?.via === 'cookie' && req.user) await this.auth.logout(req.webSession.token);
    clearCookie(req, res, SESSION_COOKIE);
    flash(req, res, translate('loggedOut', lang(res)));
    res.redirect(303, '/');
  }

  @Get('account')
  @Authenticated()
  async accountPage(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    res.render('account/account', { ...this.accountContext(res, emptyForm()), isAdmin: await this.auth.isAdmin(req.user) });
  }

  @Post('account/password')
  @Authenticated()
  async changePassword(@Body() body: Record<string, unknown>, @Req() req: AuthenticatedRequest, @Res() res: Response) {
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    await submitForm(req, res, {
      dto: ChangePasswordDto,
      values: {},
      toInput: () => ({ currentPassword: str(body.currentPassword), newPassword: str(body.newPassword) }),
      run: (dto) => this.auth.changePassword(req.user!, req.webSession!.token, dto, address(req)),
      render: (form) => ({ view: 'account/account', context: this.accountContext(res, form) }),
      redirect: () => '/account',
      flash: () => translate('passwordChanged', lang(res)),
    });
  }

  /** Ends every session of the user, this browser's too. */
  @Post('account/logout-everywhere')
  @Authenticated()
  async logoutEverywhere(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    await this.auth.logoutEverywhere(req.user!.id);
    clearCookie(req, res, SESSION_COOKIE);
    flash(req, res, translate('loggedOutEverywhere', lang(res)));
    res.redirect(303, '/login');
  }

  private wrongPassword(error: unknown, res: Response, next: string, body: Record<string, unknown>): void {
    // 401 (wrong email or password) is the form's answer here, not the "log in first" redirect.
    const status = (error as { getStatus?: () => number }).getStatus?.();
    if (status !== 401) throw error;
    const form: FormState = { values: { email: body.email, next }, errors: {}, error: translate('wrongPassword', lang(res)) };
    res.status(401).render('account/login', this.loginContext(res, next, form));
  }

  private loginContext(res: Response, next: string, form: FormState) {
    return {
      title: translate('logIn', lang(res)),
      breadcrumbs: [{ label: translate('logIn', lang(res)) }],
      next,
      form,
      signupHref: `/signup?next=${encodeURIComponent(next)}`,
    };
  }

  private signupContext(res: Response, next: string, form: FormState) {
    return {
      title: translate('signUp', lang(res)),
      breadcrumbs: [{ label: translate('signUp', lang(res)) }],
      next,
      form,
      loginHref: `/login?next=${encodeURIComponent(next)}`,
    };
  }

  private accountContext(res: Response, form: FormState) {
    return { title: translate('account', lang(res)), breadcrumbs: [{ label: translate('account', lang(res)) }], form };
  }
}
