import { SANCTION_KIND_KEYS, wordOf } from '../i18n/keys';
import type { Translate } from '../i18n/i18n';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { VoteDto } from '../appeals/appeals.dto';
import { AppealsService } from '../appeals/appeals.service';
import { Access, CurrentUser, RequireRole, STAFF, type AuthUser } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { disputeReportOf } from '../disputes/disputes.service';
import { StaffPageData } from './staff-page-data';
import { disputeView } from './dispute-view';
import { submitForm, type FormState } from '../web/forms';
import { show } from './page-context';
import { crumbs, langOf } from './page-context';
import { gameKey, nameOf, resultOptions, resultText, text, tr } from './staff-view';
import { isoToLocal } from './times';

type Form = Record<string, unknown>;
const APPEAL_STATES = ['filed', 'upheld', 'dismissed', 'withdrawn'] as const;

/**
 * The appeals committee's pages (issue 20, page 11): the appeals of a tournament by state, and the
 * hearing (三章7): the appeal, the game, its record, the arbiter's reports with diagrams, the
 * sanctions, the sitting committee after recusals (三章7D) and the vote.
 */
@ApiExcludeController()
@Controller()
export class CommitteePagesController {
  constructor(
    private readonly data: StaffPageData,
    private readonly appeals: AppealsService,
  ) {}

  @Get('tournaments/:tournamentId/appeals')
  @RequireRole('appeals_member', ...STAFF)
  async list(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Req() req: Request, @Res() res: Response) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const tournament = await this.data.tournamentHead(tournamentId);
    if (!tournament) throw notFound('tournament');
    const tz = tournament.timeZone ?? 'UTC';
    const events = await this.data.eventsOf(tournamentId);
    const eventsById = new Map(events.map((e) => [e.id, e]));
    const rows = await this.data.appealsOf(events.map((e) => e.id));
    const groups = APPEAL_STATES.map((state) => ({
      state,
      title: t(`appealState.${state}`),
      appeals: rows
        .filter((a) => a.state === state)
        .map((a) => ({ ...a, event: eventsById.get(a.eventId)! }))
        .map((a) => ({
          href: `/staff/appeals/${a.id}`,
          event: nameOf(a.event, lang),
          game: a.game
            ? `${t('staff.round', { n: a.game.pairing.round.number })} · ${t('staff.table')} ${gameKey(a.game.pairing.table, a.game.board, a.event.kind === 'team')} · ${nameOf(a.game.redPlayer, lang)} – ${nameOf(a.game.blackPlayer, lang)}`
            : '',
          filedAt: isoToLocal(a.filedAt, tz).replace('T', ' '),
          votes: a.votes.length,
          excerpt: a.text.length > 80 ? `${a.text.slice(0, 80)}…` : a.text,
        })),
    }));
    show(res, {
      view: 'staff/appeals',
      context: {
        lang,
        title: `${t('appeals.title')} · ${nameOf(tournament, lang)}`,
        breadcrumbs: crumbs(lang, tournament, null, { label: t('appeals.title') }),
        groups,
      },
    });
  }

  @Get('staff/appeals/:appealId')
  @RequireRole('appeals_member', ...STAFF)
  async hearing(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('appealId', uuidParam('appealId')) appealId: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    show(res, await this.render(req, res, user, access, appealId, { values: {}, errors: {} }));
  }

  @Post('staff/appeals/:appealId/vote')
  @RequireRole('appeals_member')
  async vote(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('appealId', uuidParam('appealId')) appealId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await submitForm(req, res, {
      dto: VoteDto,
      values: body,
      toInput: () => ({ choice: body.choice, result: body.choice === 'uphold' ? text(body.result) : undefined, note: text(body.note) }),
      run: (dto) => this.appeals.vote(user, appealId, dto),
      redirect: () => `/staff/appeals/${appealId}#tally`,
      render: (form) => this.render(req, res, user, access, appealId, form),
    });
  }

  private async render(req: Request, res: Response, user: AuthUser, access: TournamentAccess, appealId: string, form: FormState) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const h = await this.appeals.get(user, appealId, access);
    const a = h.appeal;
    const event = await this.data.eventHead(a.eventId);
    const member = access.has('appeals_member');
    const c = h.committee;
    return {
      view: 'staff/appeal',
      context: {
        lang,
        title: `${t('hearing.title')} · ${nameOf(event, lang)}`,
        breadcrumbs: crumbs(
          lang,
          event.tournament,
          event,
          { label: t('appeals.title'), href: `/tournaments/${event.tournament.id}/appeals` },
          { label: t('hearing.title') },
        ),
        appeal: {
          state: t(`appealState.${a.state}`),
          fee: `${(a.feeAmount / 100).toFixed(2)} ${a.feeCurrency} (${t(`fee.${a.feeStatus}`)})`,
          text: a.text,
        },
        game: h.game && {
          label: `${t('staff.round', { n: h.game.round })} · ${t('staff.table')} ${gameKey(h.game.table, h.game.board, event.kind === 'team')} · ${nameOf(h.game.red, lang)} – ${nameOf(h.game.black, lang)}`,
          result: h.game.result ? resultText(h.game.result, lang) : t('staff.open'),
        },
        committee: {
          sitting: c.sitting.map((m) => m.displayName).join(', '),
          recused: c.recused.map((m) => m.displayName).join(', ') || t('staff.none'),
          problem: c.problem ?? null,
          canDecide: c.problem ? null : t('hearing.canDecide', { n: c.majority }),
          // 三章7A: the even panel's tie rule, stated where the members vote (libs/tournament committee.ts).
          tieRule: c.tieRule ? t('hearing.tieRule') : null,
        },
        tally: t('hearing.votes', { n: a.votes.length }),
        record: h.record?.text ?? null,
        disputes: h.disputes.map((d) => ({
          ruling: t('hearing.ruling', { ruling: `${d.ruling ?? '—'}${d.rulingResult ? ` → ${resultText(d.rulingResult, lang)}` : ''}` }),
          report: disputeView(disputeReportOf(d), lang),
        })),
        sanctions: h.sanctions.map(
          (s) =>
            `${wordOf(SANCTION_KIND_KEYS, s.kind, t)}${s.detail ? ` (${s.detail})` : ''} · ${t(`foul.state.${s.state}`)}${s.article ? ` · ${s.article}` : ''}`,
        ),
        // The decision line from the votes, in the page's language (issue 30 #5: the stored line is the audit's English).
        decided:
          a.state === 'upheld' || a.state === 'dismissed'
            ? t('hearing.decided', { state: t(`appealState.${a.state}`), decision: decisionLine(a, c.sitting.length, t) })
            : null,
        recused: h.recused,
        canVote: a.state === 'filed' && !h.recused && member,
        notMember: a.state === 'filed' && !member,
        myVote: h.myVote ? t('hearing.yourVote', { choice: h.myVote.choice === 'uphold' ? t('hearing.uphold') : t('hearing.dismiss') }) : null,
        action: `/staff/appeals/${appealId}/vote`,
        choices: [
          { value: 'uphold', label: t('hearing.uphold'), selected: form.values.choice === 'uphold' },
          { value: 'dismiss', label: t('hearing.dismiss'), selected: form.values.choice === 'dismiss' },
        ],
        results: resultOptions(lang).filter((o) => ['', 'red_win', 'draw', 'black_win', 'red_win_penalty', 'black_win_penalty', 'annulled'].includes(o.value)),
        form,
      },
    };
  }
}

/** "dismissed by 2 of 3 (uphold 1, dismiss 2); 三章7C: final, effective at once" in the page's language, from the votes. */
function decisionLine(a: { state: string; votes: { choice: string }[] }, sitting: number, t: Translate): string {
  const uphold = a.votes.filter((v) => v.choice === 'uphold').length;
  const dismiss = a.votes.filter((v) => v.choice === 'dismiss').length;
  if (a.state === 'dismissed' && uphold === dismiss) return t('hearing.decisionTie', { uphold, dismiss });
  return t('hearing.decisionBy', { n: a.state === 'upheld' ? uphold : dismiss, of: sitting, uphold, dismiss });
}
