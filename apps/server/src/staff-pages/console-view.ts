import { DRAW_OFFER_STATE_KEYS, FINDING_KEYS, SANCTION_KIND_KEYS, SEVERITY_KEYS, STAFF_ROUND_STATE_KEYS, wordOf } from '../i18n/keys';
import type { Language } from '../i18n/i18n';
import type { LaterPairingsAffected } from '../results/later-pairings';
import type { RoundView } from '../rounds/round-view';
import { isoToLocal } from './times';
import { entryLabel, gameKey, nameOf, resultText, tr } from './staff-view';

/** What the console page shows, built from what the services answer (no rule here: the services decide, this only arranges). */

export interface ConsoleData {
  event: {
    id: string;
    nameZh: string;
    nameEn: string;
    kind: string;
    version: number;
    tournamentId: string;
    tournament: { nameZh: string; nameEn: string; timeZone?: string | null };
  };
  rounds: RoundView[];
  next: { number: number; refusal: null | { kind: 'draft' | 'finished' | 'other'; message: string; error?: { wordsIn(lang: Language): string } } };
  earlyDraws: {
    gameId: string;
    round: number;
    table: number | null;
    board: number;
    result: string | null;
    recordPlies: number | null;
    state: string;
    version: number | null;
  }[];
  sanctions: {
    id: string;
    kind: string;
    state: string;
    version: number;
    detail: string | null;
    note: string | null;
    article: string | null;
    round: number;
    table: number | null;
    board: number;
    player: { nameZh: string; nameEn: string } | null;
  }[];
  later: LaterPairingsAffected | { round: number; changed: false; pairings: []; problem: string } | null;
}

export function consoleView(d: ConsoleData, lang: Language) {
  const t = tr(lang);
  const team = d.event.kind === 'team';
  const rounds = d.rounds;
  const draft = rounds.find((r) => r.state === 'draft') ?? null;
  const published = rounds.filter((r) => r.state !== 'draft');
  const missing = published.flatMap((r) =>
    r.pairings.flatMap((p) =>
      p.black === null
        ? []
        : p.games
            .filter((g) => g.result === null)
            .map((g) => ({
              roundId: r.id,
              label: `${t('staff.round', { n: r.number })} · ${t('staff.table')} ${gameKey(p.table, g.board, team)}`,
              players: `${nameOf(g.red, lang)} – ${nameOf(g.black, lang)}`,
            })),
    ),
  );
  const entries = (r: RoundView) => r.pairings.flatMap((p) => [p.red, ...(p.black ? [p.black] : [])]).map((e) => ({ value: e.id, label: entryLabel(e, lang) }));
  const pairingRows = (r: RoundView) =>
    r.pairings.map((p) => ({
      id: p.id,
      table: p.table ?? '',
      red: entryLabel(p.red, lang),
      black: p.black ? entryLabel(p.black, lang) : t('staff.bye'),
      bye: p.black === null,
      result: p.black === null ? '' : p.games.map((g) => (g.result ? resultText(g.result, lang) : r.state === 'draft' ? '' : t('staff.open'))).join(' · '),
      open: p.black !== null && r.state !== 'draft' && p.games.some((g) => g.result === null),
      // Team matches: the lineup page and a team forfeit (零迟到, 二章7节1) before any result.
      lineupHref: team && p.black ? `/pairings/${p.id}/lineup` : null,
      forfeit:
        team && p.black && r.state === 'published' && p.games.every((g) => g.result === null)
          ? {
              pairingId: p.id,
              options: [
                { value: p.red.id, label: nameOf(p.red, lang) },
                { value: p.black.id, label: nameOf(p.black, lang) },
                { value: 'both', label: t('console.bothAbsent') },
              ],
              question: t('console.confirmForfeit', { table: p.table ?? '-' }),
            }
          : null,
    }));
  const findings = (r: RoundView) =>
    ((r.findings ?? []) as { severity: string; code: string; message: string; accepted?: string }[]).map((f) => ({
      severity: f.severity,
      severityLabel: wordOf(SEVERITY_KEYS, f.severity, t),
      code: f.code,
      // The checker's message is English: other languages word the finding by its code (issue 30 #5).
      message: lang === 'en' ? f.message : wordOf(FINDING_KEYS, f.code, t),
      accepted: f.accepted ? t('console.accepted', { reason: f.accepted }) : null,
    }));
  const games = new Map(
    published.flatMap((r) =>
      r.pairings.flatMap((p) => p.games.map((g) => [g.id, { round: r.number, table: p.table, board: g.board, red: g.red, black: g.black }] as const)),
    ),
  );
  return {
    event: { id: d.event.id, name: nameOf(d.event, lang), team, individual: !team },
    timeZone: d.event.tournament.timeZone ?? 'UTC',
    pair: d.next.refusal === null ? { label: t('console.pairNext', { n: d.next.number }) } : null,
    refusal:
      d.next.refusal === null
        ? null
        : d.next.refusal.kind === 'finished'
          ? t('console.finished')
          : d.next.refusal.kind === 'draft'
            ? t('console.draftExists', { n: draft?.number ?? d.next.number - 1 })
            : missing.length
              ? t('console.missingFirst', { n: missing.length })
              : (d.next.refusal.error?.wordsIn(lang) ?? d.next.refusal.message),
    finished: d.next.refusal?.kind === 'finished',
    draft: draft && {
      id: draft.id,
      number: draft.number,
      version: draft.version,
      title: t('staff.round', { n: draft.number }),
      findings: findings(draft),
      pairings: pairingRows(draft),
      entries: entries(draft),
      hasBye: draft.pairings.some((p) => p.black === null),
      publishLabel: t('console.publish', { n: draft.number }),
      publishQuestion: t('console.confirmPublish', { n: draft.number }),
      deleteQuestion: t('console.confirmDelete', { n: draft.number }),
      repairQuestion: t('console.confirmRepair', { n: draft.number }),
    },
    eventVersion: d.event.version,
    // The latest two published rounds, newest first (older ones are on the public pages).
    rounds: published
      .slice()
      .reverse()
      .slice(0, 2)
      .map((r) => ({
        id: r.id,
        number: r.number,
        version: r.version,
        title: t('staff.round', { n: r.number }),
        state: wordOf(STAFF_ROUND_STATE_KEYS, r.state, t),
        scheduledLocal: isoToLocal(r.scheduledAt, d.event.tournament.timeZone ?? 'UTC'),
        publicHref: `/events/${d.event.id}/rounds/${r.number}`,
        // 三章4E: suspend with the new time and place, or resume; 三章6B: the round's record forms.
        suspended: r.suspendedAt !== null,
        resumesLocal: isoToLocal(r.resumesAt, d.event.tournament.timeZone ?? 'UTC'),
        resumeVenue: r.resumeVenue ?? '',
        recordFormsHref: `/rounds/${r.id}/print/record-forms?lang=${lang}`,
        pairings: pairingRows(r),
      })),
    missing,
    missingCount: missing.length,
    // Corrections are made on the round's result sheet (the game's row, with a reason once the next round is paired).
    sheets: published
      .slice()
      .reverse()
      .map((r) => ({ number: r.number, href: `/rounds/${r.id}/results`, label: `${t('staff.round', { n: r.number })} · ${t('staff.sheet')}` })),
    later: d.later && {
      title: t('console.later', { n: d.later.round }),
      unchanged: !d.later.changed && !d.later.problem ? t('console.laterNone', { n: d.later.round }) : null,
      problem: d.later.problem ? t('console.laterProblem', { problem: d.later.problem }) : null,
      pairings: d.later.pairings.map((p) => ({
        table: p.table ?? '',
        current: `${entryLabel(p.red, lang)} – ${p.black ? entryLabel(p.black, lang) : t('staff.bye')}`,
        change: t(`console.change.${p.change}`),
        wouldBe: p.wouldBe.map((w) => `${entryLabel(w.red, lang)} – ${w.black ? entryLabel(w.black, lang) : t('staff.bye')}`).join('; '),
      })),
    },
    earlyDraws: d.earlyDraws.map((e) => ({
      gameId: e.gameId,
      version: e.version,
      label: `${t('staff.round', { n: e.round })} · ${t('staff.table')} ${gameKey(e.table, e.board, team)}${games.get(e.gameId) ? ` · ${nameOf(games.get(e.gameId)!.red, lang)} – ${nameOf(games.get(e.gameId)!.black, lang)}` : ''}`,
      plies: e.recordPlies,
      state: wordOf(DRAW_OFFER_STATE_KEYS, e.state, t),
      pending: e.state === 'pending' && e.version !== null,
    })),
    proposed: d.sanctions
      .filter((s) => s.state === 'proposed')
      .map((s) => ({
        id: s.id,
        version: s.version,
        label: `${t('staff.round', { n: s.round })} · ${t('staff.table')} ${gameKey(s.table, s.board, team)} · ${nameOf(s.player, lang)} · ${wordOf(SANCTION_KIND_KEYS, s.kind, t)}${s.detail ? ` (${s.detail})` : ''}${s.article ? ` · ${s.article}` : ''}`,
        note: s.note,
      })),
    downloads: [
      { href: `/api/events/${d.event.id}/standings.csv?lang=${lang}`, label: t('console.standingsCsv') },
      ...(team ? [] : [{ href: `/api/events/${d.event.id}/trf`, label: t('console.trf') }]),
      { href: `/api/events/${d.event.id}/tournament-file`, label: t('console.tournamentFile') },
    ],
    importHref: `/tournaments/${d.event.tournamentId}/import-event`,
  };
}
