import { eligibilityProblems, windowState, type EligibilityRules } from '@chuhe/registration';
import { DomainError, DomainErrors, unknownAffiliation } from '../common/errors';
import type { Affiliation, Event } from '../generated/prisma/client';
import { assertNotBanned } from '../persons/bans';
import type { PrismaService, Tx } from '../prisma/prisma.service';
import type { Language } from '../i18n/i18n';
import type { MemberDetails, RequestDetails } from './request-details';
import { nameIn } from '../i18n/words';

/** A time of the window in the tournament's zone, for the refusal's words. */
function at(d: Date | null, timeZone: string): string {
  if (!d) return '—';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')} (${timeZone})`;
}

/**
 * 三章1 报名办法: delegates and players enter inside the window only, judged by the database's
 * clock (`now`, issue 34); after round 1 is paired nobody does.
 */
export function checkWindow(
  regs: { registrationOpensAt: Date | null; registrationClosesAt: Date | null } | null,
  event: Pick<Event, 'round1PairedAt'>,
  now: Date,
  timeZone: string,
): void {
  const window = { opensAt: regs?.registrationOpensAt ?? null, closesAt: regs?.registrationClosesAt ?? null };
  if (event.round1PairedAt !== null || windowState(window, now) !== 'open') throw windowClosed(regs, timeZone);
}

/** The refusal of a request outside the registration window (its times in the tournament's zone). */
export function windowClosed(regs: { registrationOpensAt: Date | null; registrationClosesAt: Date | null } | null, timeZone: string): DomainError {
  return new DomainError('entry.window_closed', {
    opens: at(regs?.registrationOpensAt ?? null, timeZone),
    closes: at(regs?.registrationClosesAt ?? null, timeZone),
  });
}

/** 三章1 参加资格 and 二章1节: the first problem of a member, as the refusal its page shows. */
export function checkEligibility(event: EligibilityRules & Pick<Event, 'nameZh' | 'nameEn'>, member: MemberDetails, field: string, lang: Language): void {
  const [problem] = eligibilityProblems(event, member);
  if (!problem) return;
  const name = nameIn(lang, event);
  if (problem.code === 'gender') throw new DomainError('entry.gender', { event: name }, `${field}.gender`);
  const bounds = (min: number | null, max: number | null) => ({ min: min ?? '—', max: max ?? '—' });
  if (problem.code === 'birth_year')
    throw new DomainError('entry.birth_year', { year: problem.year ?? '—', ...bounds(problem.min, problem.max) }, `${field}.birthYear`);
  throw new DomainError('entry.rating', { rating: problem.rating ?? '—', ...bounds(problem.min, problem.max) }, `${field}.rating`);
}

/** A new member needs both names and the gender (an existing one brings them). */
export function requireNewMember(m: { nameZh?: string; nameEn?: string; gender?: string }, field: string): void {
  const missing = (['nameZh', 'nameEn', 'gender'] as const).filter((k) => !m[k]);
  if (missing.length)
    throw new DomainErrors(missing.map((k) => ({ code: 'entry.new_player_detail', params: { field: `${field}.${k}` }, field: `${field}.${k}` })));
}

/** The unit a request names, when it is one of the tournament's (400 otherwise); null when none is named. */
export async function unitOfTournament(db: PrismaService | Tx, affiliationId: string | null, tournamentId: string): Promise<Affiliation | null> {
  if (!affiliationId) return null;
  const unit = await db.affiliation.findUnique({ where: { id: affiliationId } });
  if (!unit || unit.tournamentId !== tournamentId) throw unknownAffiliation('affiliationId');
  return unit;
}

/**
 * 二章8节3: a banned person is refused when the request is made (issue 33's registry) — each
 * existing player the request names, by the player's person. New names are matched on approval.
 */
export async function checkMembersNotBanned(db: PrismaService | Tx, details: Pick<RequestDetails, 'members'>): Promise<void> {
  for (const m of details.members)
    if (m.playerId)
      await assertNotBanned(
        db,
        (await db.player.findUnique({ where: { id: m.playerId }, select: { personId: true } }))?.personId,
        undefined,
        'player.playerId',
      );
}
