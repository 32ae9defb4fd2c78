import { Injectable } from '@nestjs/common';
import { eventDownloadName } from '../common/download-name';
import { parseStandingsFile } from '@chuhe/standings';
import { standingsRefusal } from './standings-refusal';
import { StandingsReport, standingsCsv, standingsReport } from '@chuhe/pairing';
import type { CsvLanguage } from '@chuhe/pairing';
import { notFound } from '../common/optimistic';
import { EventFile, eventFile } from '../play/event-file';
import { EventCache } from '../play/event-cache';
import type { LoadedEvent } from '../play/event-loader';
import { PrismaService } from '../prisma/prisma.service';
import { DomainError } from '../common/errors';

export interface EventStandings {
  eventId: string;
  /** The last round counted (0 before round 1). */
  afterRound: number;
  /** 'championship': 附录2 #10 / 附录3 #2 places, with the others' table under report.standings. */
  kind: StandingsReport['kind'];
  /** Exactly what `chuhe standings --json` prints for the event's tournament file. */
  report: StandingsReport['json'];
}

/**
 * Standings of an event (二章5–6节, 附录1–3) from its published rounds: the event as the libs'
 * tournament file (play/event-file.ts), read back as `chuhe standings` reads a file
 * (parseStandingsFile), then libs/pairing standingsReport — the CLI's own code path, so the server
 * and `chuhe standings --json` on the exported file give the same answer.
 */
@Injectable()
export class StandingsService {
  /**
   * Tables computed per state of the event: EventCache returns the same object while nothing the
   * file reads has changed (play/event-version.ts), so a table is computed once per state and round.
   */
  private readonly tables = new WeakMap<LoadedEvent, Map<string, EventStandings>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly events: EventCache,
  ) {}

  /** The event's file through round `afterRound` (public: published and completed rounds only). */
  async file(eventId: string, afterRound?: number): Promise<EventFile> {
    return fileOf(await this.event(eventId), afterRound);
  }

  /**
   * Public reads repeat between two results: the table is computed once per state of the event and
   * reused while nothing it depends on has changed. The value returned is shared between callers:
   * read it, never mutate it.
   */
  async standings(eventId: string, afterRound?: number): Promise<EventStandings> {
    const event = await this.event(eventId);
    let tables = this.tables.get(event);
    if (!tables) this.tables.set(event, (tables = new Map()));
    const key = String(afterRound ?? '');
    const hit = tables.get(key);
    if (hit) return hit;
    const { report, rounds } = reportAfter(fileOf(event, afterRound));
    const value: EventStandings = { eventId, afterRound: rounds, kind: report.kind, report: report.json };
    tables.set(key, value);
    return value;
  }

  /** The table computed now, without the cache (benches, checks). */
  async fresh(eventId: string, afterRound?: number): Promise<EventStandings> {
    const { report, rounds } = await this.report(eventId, afterRound);
    return { eventId, afterRound: rounds, kind: report.kind, report: report.json };
  }

  /** The CSV with each entry's affiliation and rating (the file's), headers in `lang`. */
  async csv(eventId: string, afterRound?: number, lang: CsvLanguage = 'en'): Promise<string> {
    const file = await this.file(eventId, afterRound);
    return standingsCsv(reportAfter(file).report, { lang, entries: file.entries });
  }

  private async report(eventId: string, afterRound?: number): Promise<{ report: StandingsReport; rounds: number }> {
    return reportAfter(await this.file(eventId, afterRound));
  }

  private async event(eventId: string): Promise<LoadedEvent> {
    const event = await this.events.load(this.prisma, eventId);
    if (!event) throw notFound('event');
    return event;
  }
  /** The event's names for a download (common/download-name.ts). */
  downloadName(eventId: string, lang: string | undefined, suffix = ''): Promise<{ utf8: string; ascii: string }> {
    return eventDownloadName(this.prisma, eventId, lang, suffix);
  }
}

/** The file of the event as it stood after round `afterRound` (all published rounds when undefined). */
function fileOf(event: LoadedEvent, afterRound?: number): EventFile {
  const options = afterRound === undefined ? {} : { throughRound: afterRound };
  const file = eventFile(event, options);
  if (afterRound === undefined) return file;
  // The event as it stood after round N: a withdrawal after a later round had not happened yet
  // (else a round-robin's 二章7节3 half-way rule would annul results in the past tables).
  return { ...file, entries: file.entries.map((e) => (e.withdrawnAfterRound !== undefined && e.withdrawnAfterRound > afterRound ? withoutWithdrawal(e) : e)) };
}

function reportAfter(file: EventFile): { report: StandingsReport; rounds: number } {
  return { report: reportOf(file), rounds: file.rounds.length ? file.rounds[file.rounds.length - 1].round : 0 };
}

/** The standings of a tournament file as `chuhe standings --json` computes them. */
export function reportOf(file: EventFile): StandingsReport {
  const parsed = parseStandingsFile(file);
  // The file is the server's own making; a problem here is stored data the libs refuse (422, named).
  if (!parsed.ok) throw new DomainError('standings.refused', { detail: parsed.error.map((e) => `${e.path}: ${e.message}`).join('; ') });
  const report = standingsReport(parsed.value.tournament, parsed.value.options);
  if (!report.ok) throw standingsRefusal(report.error);
  return report.value;
}

function withoutWithdrawal<T extends { withdrawnAfterRound?: number }>(e: T): T {
  const copy = { ...e };
  delete copy.withdrawnAfterRound;
  return copy;
}
