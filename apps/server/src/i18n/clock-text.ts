import { announcedClocks, clockParts, type Clock, type TimeControl } from '@chuhe/tournament';
import { translate, type Language } from './i18n';

/** One clock in the page's language (二章2节1 加秒制, 二章2节2 限时限着制 with its second period). */
export function clockText(clock: Clock, lang: Language): string {
  const c = clockParts(clock);
  const parts = [translate('clockBase', lang, { minutes: c.baseMinutes })];
  if (c.movesInBase !== null) parts.push(translate('clockMovesInBase', lang, { moves: c.movesInBase }));
  if (c.incrementSeconds !== null) parts.push(translate('clockIncrement', lang, { seconds: c.incrementSeconds }));
  if (c.secondPeriod)
    parts.push(translate('clockSecondPeriod', lang, { after: c.secondPeriod.afterMinutes, minutes: c.secondPeriod.minutes, moves: c.secondPeriod.moves }));
  return parts.join(lang === 'en' ? ', ' : '，');
}

/**
 * Every clock the event announces (附录3 #4: one per stage, slow and rapid), labelled when the
 * event has more than the one: "regular games: 60 min each, + 30 s per move" …
 */
export function eventClocks(timeControl: unknown, lang: Language): { label: string | null; text: string }[] {
  const tc = timeControl as TimeControl | null;
  if (!tc || typeof tc.baseMinutes !== 'number') return [];
  const all = announcedClocks(tc);
  return all.map((a) => ({
    label:
      all.length === 1
        ? null
        : a.stage === null
          ? translate('clockEvent', lang)
          : translate(a.kind === 'rapid' ? 'clockStageRapid' : 'clockStageSlow', lang, { n: a.stage + 1 }),
    text: clockText(a.clock, lang),
  }));
}

/** The same as one line (lists of events, the tournament page). */
export function eventClocksLine(timeControl: unknown, lang: Language): string {
  return eventClocks(timeControl, lang)
    .map((c) => (c.label ? `${c.label}: ${c.text}` : c.text))
    .join(lang === 'en' ? '; ' : '；');
}
