import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { DomainError, DomainErrors, type CodedProblem } from '../common/errors';
import { dbNow } from '../entry-requests/db-clock';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { EventRegulationsDto, REGULATION_TEXTS, RegulationTexts, UpdateRegulationsDto } from './regulations.dto';

/** One amendment after publication (三章1: the published regulations; changes are shown "amended on …"). */
export interface Amendment {
  at: string;
  byUserId: string;
  fields: string[];
}

const TEXT_MAX = 5000;

/** The regulations' texts as stored: only known keys, each {zh, en}. */
export function textsOf(value: unknown): RegulationTexts {
  const out: RegulationTexts = {};
  if (!value || typeof value !== 'object') return out;
  for (const key of REGULATION_TEXTS) {
    const t = (value as Record<string, unknown>)[key] as { zh?: unknown; en?: unknown } | undefined;
    if (t && typeof t.zh === 'string' && typeof t.en === 'string') out[key] = { zh: t.zh, en: t.en };
  }
  return out;
}

export function amendmentsOf(value: unknown): Amendment[] {
  return Array.isArray(value) ? (value as Amendment[]).filter((a) => a && typeof a.at === 'string' && Array.isArray(a.fields)) : [];
}

function checkTexts(input: Record<string, unknown>): RegulationTexts {
  const problems: CodedProblem[] = [];
  const out: RegulationTexts = {};
  for (const [key, value] of Object.entries(input)) {
    if (!(REGULATION_TEXTS as readonly string[]).includes(key)) {
      problems.push({ code: 'regulations.unknown_text', params: { field: `texts.${key}`, parts: REGULATION_TEXTS.join(', ') }, field: `texts.${key}` });
      continue;
    }
    const v = value as { zh?: unknown; en?: unknown } | null;
    const zh = v && typeof v === 'object' ? v.zh : undefined;
    const en = v && typeof v === 'object' ? v.en : undefined;
    if (typeof zh !== 'string' || typeof en !== 'string')
      problems.push({ code: 'regulations.text_shape', params: { field: `texts.${key}` }, field: `texts.${key}` });
    else if (zh.length > TEXT_MAX || en.length > TEXT_MAX)
      problems.push({ code: 'regulations.text_too_long', params: { field: `texts.${key}`, max: TEXT_MAX }, field: `texts.${key}` });
    else out[key as keyof RegulationTexts] = { zh: zh.trim(), en: en.trim() };
  }
  if (problems.length) throw new DomainErrors(problems);
  return out;
}

const EVENT_FIELDS = [
  'maxEntries',
  'minBirthYear',
  'maxBirthYear',
  'minRating',
  'maxRating',
  'membersOnly',
  'selfRegistration',
  'feePerPlayer',
  'feePerTeam',
] as const;

/**
 * 三章1 竞赛规程 per tournament: written and published by the organizer; every change after
 * publication is audited and recorded as an amendment the public page shows.
 */
@Injectable()
export class RegulationsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  get(tournamentId: string) {
    return this.prisma.regulations.findUnique({ where: { tournamentId } });
  }

  update({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: UpdateRegulationsDto }) {
    const texts = dto.texts === undefined ? undefined : checkTexts(dto.texts);
    const opens = dto.registrationOpensAt === undefined ? undefined : dto.registrationOpensAt === null ? null : new Date(dto.registrationOpensAt);
    const closes = dto.registrationClosesAt === undefined ? undefined : dto.registrationClosesAt === null ? null : new Date(dto.registrationClosesAt);
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.regulations.findUnique({ where: { tournamentId } });
      const o = opens === undefined ? (before?.registrationOpensAt ?? null) : opens;
      const c = closes === undefined ? (before?.registrationClosesAt ?? null) : closes;
      if (o && c && c <= o) throw new DomainError('regulations.closes_before_opens', {}, 'registrationClosesAt');
      const data = {
        ...(texts === undefined ? {} : { texts: { ...textsOf(before?.texts), ...texts } }),
        ...(opens === undefined ? {} : { registrationOpensAt: opens }),
        ...(closes === undefined ? {} : { registrationClosesAt: closes }),
        ...(dto.registrationPlace === undefined ? {} : { registrationPlace: dto.registrationPlace?.trim() || null }),
        ...(dto.feeCurrency === undefined ? {} : { feeCurrency: dto.feeCurrency }),
      };
      if (!before) {
        const after = await tx.regulations.create({ data: { tournamentId, ...data } });
        await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'regulations', entityId: after.id, action: 'create', after });
        return after;
      }
      if (dto.version === undefined) throw new DomainError('regulations.version_needed', {}, 'version');
      const changed = changedFields(before as unknown as Record<string, unknown>, data as Record<string, unknown>);
      const amendments = before.publishedAt && changed.length ? await this.amended(tx, before.amendments, user, changed) : undefined;
      const { count } = await tx.regulations.updateMany({
        where: { id: before.id, version: dto.version },
        data: { ...data, ...(amendments ? { amendments } : {}), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('regulations', before);
      const after = await tx.regulations.findUniqueOrThrow({ where: { id: before.id } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'regulations',
        entityId: before.id,
        action: 'update',
        before,
        after,
        reason: amendments ? `amended after publication: ${changed.join(', ')}` : undefined,
      });
      return after;
    });
  }

  /** Publishing makes the public page and the printout show them; later changes are amendments. */
  publish({ user, tournamentId, version }: { user: AuthUser; tournamentId: string; version: number }) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.regulations.findUnique({ where: { tournamentId } });
      if (!before) throw notFound('regulations');
      const { count } = await tx.regulations.updateMany({
        where: { id: before.id, version },
        data: { publishedAt: before.publishedAt ?? (await dbNow(tx)), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('regulations', before);
      const after = await tx.regulations.findUniqueOrThrow({ where: { id: before.id } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'regulations',
        entityId: before.id,
        action: 'update',
        before,
        after,
        reason: 'published',
      });
      return after;
    });
  }

  /** An event's eligibility, field size and fees (三章1 参加资格, 报名费); an amendment when the regulations are out. */
  updateEvent({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: EventRegulationsDto }) {
    const { version, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.event.findUnique({ where: { id: eventId } });
      if (!before) throw notFound('event');
      const minY = changes.minBirthYear === undefined ? before.minBirthYear : changes.minBirthYear;
      const maxY = changes.maxBirthYear === undefined ? before.maxBirthYear : changes.maxBirthYear;
      const minR = changes.minRating === undefined ? before.minRating : changes.minRating;
      const maxR = changes.maxRating === undefined ? before.maxRating : changes.maxRating;
      if (minY !== null && maxY !== null && maxY < minY)
        throw new DomainError('regulations.max_below_min', { field: 'maxBirthYear', other: 'minBirthYear', fieldZh: '出生年份' }, 'maxBirthYear');
      if (minR !== null && maxR !== null && maxR < minR)
        throw new DomainError('regulations.max_below_min', { field: 'maxRating', other: 'minRating', fieldZh: '等级分' }, 'maxRating');
      const data: Prisma.EventUpdateManyMutationInput = {};
      for (const key of EVENT_FIELDS) if (changes[key] !== undefined) (data as Record<string, unknown>)[key] = changes[key];
      const { count } = await tx.event.updateMany({ where: { id: eventId, version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('event', before);
      const after = await tx.event.findUniqueOrThrow({ where: { id: eventId } });
      const changed = EVENT_FIELDS.filter((k) => before[k] !== after[k]);
      const regs = await tx.regulations.findUnique({ where: { tournamentId: before.tournamentId } });
      if (regs?.publishedAt && changed.length) {
        const amendments = await this.amended(
          tx,
          regs.amendments,
          user,
          changed.map((k) => `${before.nameEn}.${k}`),
        );
        await tx.regulations.update({ where: { id: regs.id }, data: { amendments, version: { increment: 1 } } });
      }
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.tournamentId,
        entity: 'event',
        entityId: eventId,
        action: 'update',
        before,
        after,
        reason: '三章1 regulations of the event',
      });
      return after;
    });
  }

  private async amended(tx: Tx, previous: unknown, user: AuthUser, fields: string[]): Promise<Prisma.InputJsonValue> {
    const at = (await dbNow(tx)).toISOString();
    return [...amendmentsOf(previous), { at, byUserId: user.id, fields }] as unknown as Prisma.InputJsonValue;
  }
}

function changedFields(before: Record<string, unknown>, data: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'texts') {
      const b = textsOf(before.texts);
      const a = value as RegulationTexts;
      for (const k of REGULATION_TEXTS) if (JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null)) out.push(`texts.${k}`);
    } else {
      const b = before[key];
      const same = b instanceof Date && value instanceof Date ? b.getTime() === value.getTime() : b === value;
      if (!same) out.push(key);
    }
  }
  return out;
}
