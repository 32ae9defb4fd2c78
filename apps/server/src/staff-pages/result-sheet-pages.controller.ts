import { PENALTY_KEYS, wordOf } from '../i18n/keys';
import { Body, Controller, Get, HttpException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, CurrentUser, PAIRERS, RequireRole, RESULT_ENTRY, type AuthUser } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import { uuidParam } from '../common/id-param';
import { ArbiterSectionsService } from '../arbiter-sections/arbiter-sections.service';
import { StaffPageData } from './staff-page-data';
import { EnterResultDto } from '../results/result.dto';
import { SLIP_PRINTERS } from './record-slips.controller';
import { RecordsService } from '../records/records.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { PARTIAL_HEADER, submitForm, validateAs } from '../web/forms';
import { show } from './page-context';
import { crumbs, langOf } from './page-context';
import type { Language } from '../i18n/i18n';
import { findByLine, sheetGames, sheetSection, sheetView, type SheetGame, type SheetState } from './result-sheet-view';
import { nameOf, resultText, text, tr } from './staff-view';

type Form = Record<string, unknown>;

/**
 * The arbiters' result sheet (issue 20, page 9): the keyboard line ("12 1", "12.3 =") and a form
 * per game (every result of the vocabulary, penalties with their reason). A result that would
 * replace a stored one asks first and shows the old one; a stale version is a 409 shown with what
 * is stored now. Works without JavaScript; client/result-sheet.ts reads the line as it is typed.
 */
@ApiExcludeController()
@Controller()
@RequireRole(...RESULT_ENTRY)
export class ResultSheetPagesController {
  constructor(
    private readonly data: StaffPageData,
    private readonly rounds: RoundsService,
    private readonly results: ResultsService,
    private readonly records: RecordsService,
    private readonly arbiterSections: ArbiterSectionsService,
  ) {}

  @Get('rounds/:roundId/results')
  async page(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Query('saved') saved: unknown,
    @Query('tables') tables: unknown,
    @Query('game') game: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const state: SheetState = {};
    if (typeof saved === 'string') state.saved = saved;
    if (typeof game === 'string') state.editing = game;
    show(res, await this.render(req, res, user, access, roundId, state, tables));
  }

  private async render(req: Request, res: Response, user: AuthUser, access: TournamentAccess, roundId: string, state: SheetState, tables?: unknown) {
    const lang = langOf(req, res);
    const t = tr(lang);
    const { round, event, team, games, laterPaired } = await this.load(user, access, roundId, lang);
    if (state.replace && laterPaired) state.replace.later = { round: round.number, pairer: access.has(...PAIRERS) };
    // The section of tables shown (issue 35): asked for, else the arbiter's own (三章4B), else the whole round unless it is big.
    const mine = await this.arbiterSections.own(event.id, user.id);
    const own = mine ? { from: mine.firstTable, to: mine.lastTable } : null;
    const section = sheetSection(tables, own, games);
    if (state.saved) {
      const g = games.find((x) => x.id === state.saved);
      state.saved = g?.result ? t('sheet.saved', { game: g.key, result: resultText(g.result, lang) }) : undefined;
    }
    return {
      view: 'staff/result-sheet',
      context: {
        lang,
        title: `${t('sheet.title')} · ${t('staff.round', { n: round.number })} · ${nameOf(event, lang)}`,
        breadcrumbs: crumbs(lang, event.tournament, event, { label: `${t('staff.round', { n: round.number })} · ${t('sheet.title')}` }),
        event: { id: event.id, name: nameOf(event, lang) },
        consoleHref: `/events/${event.id}/console`,
        publicHref: `/events/${event.id}/rounds/${round.number}`,
        action: `/rounds/${roundId}/results`,
        // Issue 25: the slips with the record links' QR codes, for the arbiters who print them.
        recordSlipsHref: access.has(...SLIP_PRINTERS) ? `/rounds/${roundId}/print/record-slips` : null,
        // Issue 35: who has which tables (三章4B); the chief arbiter divides them there.
        sectionsHref: `/events/${event.id}/arbiter-sections`,
        ...sheetView(
          round,
          games,
          team,
          state,
          lang,
          new Map((await this.records.roundStatus(roundId)).map((r) => [r.gameId, r])),
          section,
          `/rounds/${roundId}/results`,
          own,
        ),
      },
    };
  }

  /**
   * The round and its event from the one event model (issue 29 #4: before, the round was read a
   * second way — Prisma includes, the event and its tournament, a count of later rounds).
   */
  private async load(user: AuthUser, access: TournamentAccess, roundId: string, lang: Language) {
    // A correction once the next round is paired needs a reason (and the chief arbiter): the question asks for it (issue 30 #4).
    const { round, event, laterPaired } = await this.rounds.withEvent(user, roundId, access);
    const team = event.kind === 'team';
    return { round, event, team, laterPaired, games: sheetGames(round, team, lang) };
  }

  /**
   * One POST for both ways in: the keyboard line (`entry`) or a game's row (`gameId`, `result`,
   * `version`, `penaltyReason`, `reason`). `replace=yes` answers the overwrite question.
   */
  @Post('rounds/:roundId/results')
  async enter(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('roundId', uuidParam('roundId')) roundId: string,
    @Body() body: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const lang = langOf(req, res);
    if (await this.enterOnHeld(user, access, roundId, body, req, res, lang)) return;
    const { round, event, games, laterPaired } = await this.load(user, access, roundId, lang);
    let target;
    let result: unknown;
    let version: unknown;
    if (typeof body.entry === 'string') {
      const found = findByLine(body.entry, games, lang);
      if ('why' in found) {
        res.status(400);
        return show(res, await this.render(req, res, user, access, roundId, { quick: { values: body, errors: { entry: found.why } } }, body.tables));
      }
      target = found.game;
      result = found.result;
      version = target.version;
    } else {
      target = games.find((g) => g.id === body.gameId);
      if (!target) {
        res.status(400);
        return show(
          res,
          await this.render(
            req,
            res,
            user,
            access,
            roundId,
            { quick: { values: {}, errors: { entry: tr(lang)('sheet.noTable', { game: String(body.gameId ?? '') }) } } },
            body.tables,
          ),
        );
      }
      result = body.result;
      version = typeof body.version === 'string' && /^\d+$/.test(body.version) ? Number(body.version) : body.version;
    }
    const penaltyReason = text(body.penaltyReason);
    const reason = text(body.reason);
    // A result that would replace a stored one asks first, showing the old one (the version the question was asked on goes with the answer);
    // once the next round is paired the question asks for the reason too (issue 30 #4) — typed on the line or in a row alike.
    if (target.result !== null && body.replace !== 'yes' && target.result !== result) {
      return show(
        res,
        await this.render(req, res, user, access, roundId, { replace: { game: target, result: String(result), penaltyReason, reason } }, body.tables),
      );
    }
    const gameId = target.id;
    const pairer = access.has(...PAIRERS);
    const tables = tablesQuery(body.tables);
    await submitForm(req, res, {
      dto: EnterResultDto,
      values: body,
      toInput: () => ({ result, version, penaltyReason, reason }),
      run: (dto) => this.results.enterResult({ user, gameId, dto, access, countOpen: true }),
      redirect: (r) => savedRedirect(r, pairer, event.id, round.number, roundId, tables, gameId),
      partial: (r) => this.partial(r, target, games, lang, laterConsole(r, pairer, event.id, round.number)),
      render: async (form) => {
        if (form.code === 'result.correction_reason' || (laterPaired && body.replace === 'yes' && form.code === 'input.invalid' && form.errors.reason)) {
          const words = form.errors.reason ?? form.error ?? '';
          return this.render(
            req,
            res,
            user,
            access,
            roundId,
            { replace: { game: target, result: String(result), penaltyReason, reason, reasonError: words } },
            body.tables,
          );
        }
        if (form.error && (form.code === 'edit.stale' || form.code === 'edit.collision')) {
          // A stale version (409): show what is stored now; nothing was overwritten.
          const now = (await this.load(user, access, roundId, lang)).games.find((g) => g.id === gameId);
          form = {
            ...form,
            error: tr(lang)('sheet.conflict', { now: now?.result ? resultText(now.result, lang) : tr(lang)('staff.open') }) + ` — ${form.error}`,
          };
        }
        return typeof body.entry === 'string'
          ? this.render(
              req,
              res,
              user,
              access,
              roundId,
              {
                quick: {
                  values: body,
                  // The words only: a field's name in English is no help on a Chinese page (issue 30 #5).
                  errors: Object.keys(form.errors).length ? { entry: Object.values(form.errors).join('; ') } : {},
                  error: form.error,
                },
              },
              body.tables,
            )
          : this.render(req, res, user, access, roundId, { row: { gameId, form } }, body.tables);
      },
    });
  }

  /**
   * Issue 29 #4: a result typed on the sheet costs what the API's write costs. The round as this
   * instance holds it (EventCache.peek, no statement) names the game and decides whether to ask;
   * the write itself proves that current: it is made against the held game's version, so a result
   * another arbiter entered meanwhile (this instance not told yet) refuses it (409) and nothing is
   * written. Only a plain write goes this way. Everything else — the event not held, a draft, the
   * overwrite question, a line that names no game, a row's version that is not the held one, any
   * refusal — returns false, and the post is handled on the event read now (enter, below), exactly
   * as before: the question when the stored result differs, with the stored result.
   */
  private async enterOnHeld(
    user: AuthUser,
    access: TournamentAccess,
    roundId: string,
    body: Form,
    req: Request,
    res: Response,
    lang: Language,
  ): Promise<boolean> {
    const held = this.rounds.held(roundId);
    if (!held) return false;
    const { round, event } = held;
    const games = sheetGames(round, event.kind === 'team', lang);
    let target: SheetGame | undefined;
    let result: unknown;
    let version: unknown;
    if (typeof body.entry === 'string') {
      const found = findByLine(body.entry, games, lang);
      if ('why' in found) return false;
      target = found.game;
      result = found.result;
      version = target.version;
    } else {
      target = games.find((g) => g.id === body.gameId);
      result = body.result;
      version = typeof body.version === 'string' && /^\d+$/.test(body.version) ? Number(body.version) : body.version;
    }
    // The held result is the stored one only at the held version; the question is asked on the event read now.
    if (!target || version !== target.version || (target.result !== null && body.replace !== 'yes' && target.result !== result)) return false;
    let saved: Record<string, unknown>;
    try {
      const dto = await validateAs(EnterResultDto, { result, version, penaltyReason: text(body.penaltyReason), reason: text(body.reason) });
      saved = await this.results.enterResult({ user, gameId: target.id, dto, access, countOpen: true });
    } catch (error) {
      // Refused, so nothing was written (the transaction rolled back): the post is decided again on the current event.
      if (error instanceof HttpException && error.getStatus() < 500) return false;
      throw error;
    }
    const pairer = access.has(...PAIRERS);
    if (req.headers[PARTIAL_HEADER] === '1') {
      res.status(200).json(this.partial(saved, target, games, lang, laterConsole(saved, pairer, event.id, round.number)));
    } else {
      res.redirect(303, savedRedirect(saved, pairer, event.id, round.number, roundId, tablesQuery(body.tables), target.id));
    }
    return true;
  }

  /** What the sheet's script needs after a saved result: the row's new state and the round's count. */
  private partial(r: Record<string, unknown>, target: SheetGame, games: SheetGame[], lang: Language, reload: string | null): object {
    const t = tr(lang);
    const game = r.game as { result: string | null; penaltyReason: string | null; version: number };
    const created = Array.isArray(r.gamesCreated) && r.gamesCreated.length > 0;
    const removed = Array.isArray(r.gamesRemoved) && r.gamesRemoved.length > 0;
    // The other open games as the write saw them (openOthers), so that a round held from a while ago counts right.
    const others = typeof r.openOthers === 'number' ? r.openOthers : games.filter((g) => g.result === null && g.id !== target.id).length;
    const open = others + (game.result === null ? 1 : 0);
    return {
      // A knockout match that gained or lost a game, or a correction the console must show: the page again.
      reload: reload ?? (created || removed ? '' : null),
      gameId: target.id,
      key: target.key,
      version: game.version,
      result: game.result,
      resultText: game.result ? resultText(game.result, lang) : t('staff.open'),
      penalty: game.penaltyReason ? wordOf(PENALTY_KEYS, game.penaltyReason, t) : null,
      penaltyReason: game.penaltyReason,
      open: game.result === null,
      counter: open ? t('sheet.stillOpen', { n: open }) : t('sheet.allIn'),
      allIn: open === 0,
      saved: game.result ? t('sheet.saved', { game: target.key, result: resultText(game.result, lang) }) : '',
    };
  }
}

/** The section of tables the sheet was showing, for the page after the post. */
function tablesQuery(tables: unknown): string {
  return typeof tables === 'string' && /^(?:\d{1,4}-\d{1,4}|all)$/.test(tables) ? `tables=${tables}&` : '';
}

/** A late correction: the chief arbiter sees the later pairings it would have changed on the console (else null). */
function laterConsole(r: Record<string, unknown>, pairer: boolean, eventId: string, roundNumber: number): string | null {
  return r.laterPairingsAffected && pairer ? `/events/${eventId}/console?later=${roundNumber}#later` : null;
}

/** Where a saved result goes without the sheet's script: the console for a late correction, else the sheet with the saved line. */
function savedRedirect(
  r: Record<string, unknown>,
  pairer: boolean,
  eventId: string,
  roundNumber: number,
  roundId: string,
  tables: string,
  gameId: string,
): string {
  return laterConsole(r, pairer, eventId, roundNumber) ?? `/rounds/${roundId}/results?${tables}saved=${gameId}#quick-entry`;
}
