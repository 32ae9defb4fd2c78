import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, CurrentUser, RequireRole, type AuthUser } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { uuidParam } from '../common/id-param';
import { translate, type Language } from '../i18n/i18n';
import { AssignSectionDto, RemoveSectionDto } from '../arbiter-sections/arbiter-sections.dto';
import { ArbiterSectionsService, SECTION_ASSIGNERS, SECTION_READERS } from '../arbiter-sections/arbiter-sections.service';
import { formValue, submitForm } from '../web/forms';
import { sectionsView } from './arbiter-sections-view';
import { crumbs, langOf, show } from './page-context';
import { nameOf } from './staff-view';

type Form = Record<string, unknown>;

/**
 * The chief arbiter's page for dividing the tables among the arbiters (issue 35, 三章4B), reached
 * from the console. Each arbiter's row is its own form; the round's tables nobody has are named.
 * Arbiters see the page read-only (who has which tables).
 */
@ApiExcludeController()
@Controller()
export class ArbiterSectionsPagesController {
  constructor(private readonly sections: ArbiterSectionsService) {}

  @Get('events/:eventId/arbiter-sections')
  @RequireRole(...SECTION_READERS)
  async page(@Access() access: TournamentAccess, @Param('eventId', uuidParam('eventId')) eventId: string, @Req() req: Request, @Res() res: Response) {
    show(res, await this.render(req, res, access, eventId, {}));
  }

  @Post('events/:eventId/arbiter-sections/:userId')
  @RequireRole(...SECTION_ASSIGNERS)
  async assign(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('userId', uuidParam('userId')) arbiterId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    await submitForm(req, res, {
      dto: AssignSectionDto,
      values: body,
      toInput: (v) => ({ firstTable: formValue.int(v.firstTable), lastTable: formValue.int(v.lastTable), version: formValue.int(v.version) }),
      run: (dto) => this.sections.assign(user, eventId, arbiterId, dto),
      render: (form) => this.render(req, res, access, eventId, { userId: arbiterId, form }),
      flash: () => translate('sections.saved', lang, { name: String(body.name ?? '') }),
      redirect: () => `/events/${eventId}/arbiter-sections`,
    });
  }

  @Post('events/:eventId/arbiter-sections/:userId/remove')
  @RequireRole(...SECTION_ASSIGNERS)
  async remove(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Param('userId', uuidParam('userId')) arbiterId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    await submitForm(req, res, {
      dto: RemoveSectionDto,
      values: body,
      toInput: (v) => ({ version: formValue.int(v.version) }),
      run: (dto) => this.sections.remove(user, eventId, arbiterId, dto.version),
      render: (form) => this.render(req, res, access, eventId, { userId: arbiterId, form }),
      flash: () => translate('sections.removed', lang, { name: String(body.name ?? '') }),
      redirect: () => `/events/${eventId}/arbiter-sections`,
    });
  }

  private async render(req: Request, res: Response, access: TournamentAccess, eventId: string, state: { userId?: string; form?: object }) {
    const lang: Language = langOf(req, res);
    const data = await this.sections.ofEvent(eventId);
    const title = translate('sections.title', lang);
    const view = sectionsView(data, lang);
    return {
      view: 'staff/arbiter-sections',
      context: {
        lang,
        title: `${title} · ${nameOf(data.event, lang)}`,
        breadcrumbs: crumbs(
          lang,
          data.event.tournament,
          data.event,
          { label: translate('staff.console', lang), href: `/events/${eventId}/console` },
          { label: title },
        ),
        canAssign: access.has(...SECTION_ASSIGNERS),
        ...view,
        arbiters: view.arbiters.map((a) => ({ ...a, form: a.userId === state.userId ? state.form : undefined })),
      },
    };
  }
}
