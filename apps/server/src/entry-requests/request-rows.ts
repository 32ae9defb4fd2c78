import type { Response } from 'express';
import type { Language, MessageKey } from '../i18n/i18n';
import { GENDERS } from '../players/player.dto';
import { shortTime } from './page-words';
import type { RequestWithUnit } from './entry-requests.service';
import { detailsOf } from './request-details';
import { nameIn, translator } from '../i18n/words';

/** A request as a row of the queue or of the delegate's and the person's lists (words looked up once per list). */
export function requestRows(res: Response, lang: Language, timeZone: string, requests: RequestWithUnit[]) {
  const t = translator(res);
  const word = new Map<string, string>();
  const w = (key: MessageKey) => word.get(key) ?? (word.set(key, t(key)), word.get(key)!);
  return requests.map((r) => {
    const d = detailsOf(r.details);
    const starters = d.members.filter((x) => x.role === 'starter').length;
    // A team's members are named; a player's line adds the other name to the row's label.
    const member = (m: (typeof d.members)[number]) =>
      [
        d.kind === 'team' ? nameIn(lang, m) : '',
        lang === 'en' ? m.nameZh : m.nameEn,
        w(`gender_${m.gender}`),
        m.birthYear ?? '',
        m.rating ? `${w('rating')} ${m.rating}` : '',
        m.federationId ? `${w('federationIdShort')} ${m.federationId}` : '',
      ]
        .filter((x) => x !== '')
        .join(' · ');
    return {
      id: r.id,
      version: r.version,
      label: d.kind === 'team' && d.team ? nameIn(lang, d.team) : d.members[0] ? nameIn(lang, d.members[0]) : '',
      members:
        d.kind === 'team'
          ? d.members.map((m, i) => `${m.role === 'reserve' ? t('reserveNo', { n: i + 1 - starters }) : t('starterN', { n: i + 1 })}: ${member(m)}`)
          : d.members.map(member),
      unit: r.affiliation ? nameIn(lang, r.affiliation) : '',
      source: w(`source_${r.source}`),
      state: r.state,
      stateLabel: w(`state_${r.state}`),
      reason: r.reason ? t('reasonGiven', { reason: r.reason }) : '',
      at: shortTime(r.createdAt, timeZone),
      open: r.state === 'submitted' || r.state === 'waiting',
      submitted: r.state === 'submitted',
    };
  });
}

export const GENDER_CHOICES = GENDERS;

/** Form strings of one player (prefix '' or 'm3_') → the request's player details. */
export function memberInput(v: Record<string, unknown>, prefix: string): Record<string, unknown> | undefined {
  const text = (k: string) => (typeof v[prefix + k] === 'string' && (v[prefix + k] as string).trim() !== '' ? (v[prefix + k] as string).trim() : undefined);
  const int = (k: string) => {
    const s = text(k);
    return s === undefined ? undefined : /^-?\d+$/.test(s) ? Number(s) : s;
  };
  const out: Record<string, unknown> = {};
  if (text('playerId')) out.playerId = text('playerId');
  else {
    for (const k of ['nameZh', 'nameEn', 'gender', 'email', 'federationId']) if (text(k) !== undefined) out[k] = text(k);
    for (const k of ['birthYear', 'rating']) if (int(k) !== undefined) out[k] = int(k);
  }
  return Object.keys(out).length ? out : undefined;
}
