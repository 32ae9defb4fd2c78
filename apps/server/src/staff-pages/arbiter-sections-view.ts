import { translate, type Language } from '../i18n/i18n';
import type { EventSections } from '../arbiter-sections/arbiter-sections.service';

/** "第 1–50 台" / "tables 1–50". */
export function rangeText(s: { firstTable: number; lastTable: number }, lang: Language): string {
  return translate('sections.range', lang, { from: s.firstTable, to: s.lastTable });
}

/** What the sections page shows: one row per arbiter with their form, and the tables nobody has. */
export function sectionsView(d: EventSections, lang: Language) {
  const gaps = d.unassigned.map((s) => (s.firstTable === s.lastTable ? String(s.firstTable) : `${s.firstTable}–${s.lastTable}`)).join(', ');
  return {
    arbiters: d.arbiters.map((a) => ({
      userId: a.userId,
      name: a.name,
      email: a.email,
      range: a.section ? rangeText(a.section, lang) : translate('sections.none', lang),
      firstTable: a.section?.firstTable ?? '',
      lastTable: a.section?.lastTable ?? '',
      version: a.section?.version ?? '',
      hasSection: !!a.section,
      action: `/events/${d.event.id}/arbiter-sections/${a.userId}`,
      removeAction: `/events/${d.event.id}/arbiter-sections/${a.userId}/remove`,
    })),
    coverage: !d.round
      ? translate('sections.noRound', lang)
      : gaps
        ? translate('sections.unassigned', lang, { round: d.round.number, tables: gaps })
        : translate('sections.allAssigned', lang, { round: d.round.number, n: d.round.tables }),
    complete: !!d.round && !gaps,
  };
}
