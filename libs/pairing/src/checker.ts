/**
 * The pairing checker: validates any round — one the pairer made or one the chief arbiter
 * changed by hand — against the rules, and names the entries concerned.
 *
 * Findings and their default severity (each can be raised, lowered or switched off):
 *   unknown_entry     error    a pairing or bye names an id that is not an entry
 *   self_pairing      error    an entry paired with itself
 *   paired_twice      error    an entry in two pairings, or paired and given a bye
 *   unpaired          error    an active entry neither paired nor given a bye
 *   withdrawn_paired  error    an entry withdrawn before this round is paired or has a bye (二章7节)
 *   rematch           error    the two met before (players meet at most once in a Swiss event);
 *                              switch it off for a double round-robin or a knockout
 *   forbidden_pair    error    a pair the chief arbiter forbade (options.forbiddenPairs), or the
 *                              same affiliation where options.sameAffiliation forbids it
 *                              ('round1': 附录3 #3 "特设第一轮同单位的赛员不相遇"; 'event': all rounds)
 *   second_bye        error    an entry given a bye that already had one (no player gets two)
 *   extra_bye         warning  more byes than the field needs (one for an odd field, none for an even one)
 *   colour_difference error    after this round an entry's Red and Black counts differ by more than 2
 *                              (a Swiss rule: see "rule-given colours" below)
 *   three_same_colour warning  the same colour three times in a row (附录2 #8 asks for alternation, 梅花间竹)
 *   needless_float    error    Swiss events only (options.pairingSystem swiss-individual / swiss-team,
 *                              or none): a pair of different scores where exchanging partners with
 *                              another pair brings both closer in score without a rematch, a
 *                              forbidden pair or an extra hard colour fault (checker-floats.ts)
 *
 * Colours follow checker-history.ts: an entry's colour is its side in the pairing. In an
 * individual event with two games per pairing every pairing is colour-balanced by itself
 * (附录6 用法 1), so the colour checks are skipped there.
 *
 * Rule-given colours: the colour limits are the Swiss pairer's (二章1节1 在积分编排制之比赛中，每轮
 * 均重新编排; 附录2 #8 先平衡先后手). Where the rules themselves give the colours — a 附录6
 * round-robin table (二章1节1 根据编号由编定之秩序表确定谁执红子; a group round-robin stage too), a
 * championship knockout match (附录2 7b 先平衡先后手…抽签决定先后手, 附录3 #6 a), a knockout stage
 * of a chain (its lot) — the pairer may not change them, so colour_difference and three_same_colour
 * on those pairings are at most a warning (a note for the arbiter), never a reason to refuse the round
 * (issue 22). `options.severities` can still switch them off.
 *
 * Usage:
 *   const findings = checkRound(tournament, 5);          // round 5 against rounds 1–4
 *   const errors = findings.filter((f) => f.severity === 'error');
 */
import { Round, Tournament } from '@chuhe/tournament';
import { scoresAfter } from '@chuhe/tournament';
import { needlessFloats } from './checker-floats';
import { sameAffiliationRule } from './same-affiliation';
import { championshipKnockouts } from './championship-system';
import { stageChainCheck } from './stage-chain';
import { colourDifference, EntryHistory, emptyHistory, entryHistories, isActiveIn } from './checker-history';

export const PAIRING_CHECK_CODES = [
  'unknown_entry',
  'self_pairing',
  'paired_twice',
  'unpaired',
  'withdrawn_paired',
  'rematch',
  'forbidden_pair',
  'second_bye',
  'extra_bye',
  'colour_difference',
  'three_same_colour',
  'needless_float',
] as const;
export type PairingCheckCode = (typeof PAIRING_CHECK_CODES)[number];

export const FINDING_SEVERITIES = ['error', 'warning'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export interface PairingFinding {
  severity: FindingSeverity;
  code: PairingCheckCode;
  round: number;
  /** The entries concerned (ids). */
  entries: string[];
  message: string;
}

export const DEFAULT_CHECK_SEVERITIES: Record<PairingCheckCode, FindingSeverity> = {
  unknown_entry: 'error',
  self_pairing: 'error',
  paired_twice: 'error',
  unpaired: 'error',
  withdrawn_paired: 'error',
  rematch: 'error',
  forbidden_pair: 'error',
  second_bye: 'error',
  extra_bye: 'warning',
  colour_difference: 'error',
  three_same_colour: 'warning',
  needless_float: 'error',
};

export interface PairingCheckOptions {
  /** Override a finding's severity, or 'off' to skip it. */
  severities?: Partial<Record<PairingCheckCode, FindingSeverity | 'off'>>;
  /** Largest allowed |Red − Black| after the round (default 2). */
  maxColourDifference?: number;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/**
 * Check `round` (a round number of the tournament, or a round object, e.g. a proposed or edited
 * one) against the rounds before it. Findings are ordered by code, then as found.
 */
export function checkRound(input: Tournament, round: Round | number, options: PairingCheckOptions = {}): PairingFinding[] {
  const target = typeof round === 'number' ? input.rounds.find((r) => r.round === round) : round;
  if (!target) throw new Error(`checkRound: the tournament has no round ${String(round)}`);
  // A stage chain (二章1节3) is checked as its stage sees the round: entries outside the stage are
  // not "unpaired", later stages' qualifiers may meet again (stage-chain.ts stageChainCheck).
  const staged = input.options.pairingSystem === 'stage-chain' ? stageChainCheck(input, target) : null;
  const tournament = staged?.view ?? input;
  const r = target.round;
  const findings: PairingFinding[] = [];
  const severityOf = (code: PairingCheckCode) => options.severities?.[code] ?? DEFAULT_CHECK_SEVERITIES[code];
  const report = (code: PairingCheckCode, entries: string[], message: string): void => {
    const severity = severityOf(code);
    if (severity !== 'off') findings.push({ severity, code, round: r, entries, message });
  };
  const byId = new Map(tournament.entries.map((e) => [e.id, e]));
  const label = (id: string): string => {
    const e = byId.get(id);
    return e ? `${id} (#${e.drawNumber}${e.name ? ` ${e.name}` : ''})` : `'${id}'`;
  };
  const history = entryHistories(
    tournament,
    tournament.rounds.filter((x) => x.round < r),
  );
  const hist = (id: string): EntryHistory => history.get(id) ?? emptyHistory();

  // Who appears where in this round: one place per pairing (a self-pairing counts once) or bye.
  const places = new Map<string, string[]>();
  const place = (id: string, where: string) => places.set(id, [...(places.get(id) ?? []), where]);
  for (const p of target.pairings) {
    const where = `${p.red}–${p.black}`;
    place(p.red, where);
    if (p.black !== p.red) place(p.black, where);
  }
  for (const b of target.byes) place(b, 'bye');

  for (const [id, where] of places) {
    if (!byId.has(id)) report('unknown_entry', [id], `${label(id)} is not an entry of this tournament (in ${where.join(', ')})`);
  }
  for (const p of target.pairings) {
    if (p.red === p.black) report('self_pairing', [p.red], `${label(p.red)} is paired with itself`);
  }
  for (const [id, where] of places) {
    if (where.length > 1) report('paired_twice', [id], `${label(id)} appears ${where.length} times: ${where.join(', ')}`);
  }
  const active = tournament.entries.filter((e) => isActiveIn(e, r));
  for (const e of active) {
    if (!places.has(e.id)) report('unpaired', [e.id], `${label(e.id)} is neither paired nor given a bye`);
  }
  // A round-robin keeps a withdrawn entry in its 附录6 table: its later games are forfeits
  // (二章7节3: 其余未赛的对局均作弃权论) or annulled — not a pairing error when every game of its
  // pairing says so (the server creates them so); a game to play or played is.
  const roundRobin = tournament.options.pairingSystem === 'round-robin';
  const unplayedAgainst = (id: string): boolean => {
    const mine = new Set([id, ...(byId.get(id)?.members ?? []).map((m) => m.id)]);
    return target.pairings
      .filter((p) => p.red === id || p.black === id)
      .every((p) =>
        p.games.every((g) => {
          const lost = mine.has(g.red) ? 'black_win_forfeit' : 'red_win_forfeit';
          return g.result === 'annulled' || g.result === 'double_forfeit' || g.result === lost;
        }),
      );
  };
  for (const [id] of places) {
    const e = byId.get(id);
    if (e && !isActiveIn(e, r) && !(roundRobin && unplayedAgainst(id))) {
      report('withdrawn_paired', [id], `${label(id)} withdrew after round ${e.withdrawnAfterRound} and cannot be paired in round ${r}`);
    }
  }

  // Meetings: rematches and forbidden pairs.
  const knockoutPairs = championshipKnockoutPairs(tournament, target);
  for (const [a, b] of staged?.exempt ?? []) knockoutPairs.add(pairKey(a, b));
  const forbidden = new Set((tournament.options.forbiddenPairs as [string, string][] | undefined)?.map(([a, b]) => pairKey(a, b)) ?? []);
  const sameAffiliation = sameAffiliationRule(input.options); // 附录3 #3 on by default for 6+1
  for (const p of target.pairings) {
    if (p.red === p.black) continue;
    const met = hist(p.red).opponents.get(p.black);
    // 附录2 #6–7, 附录3 #4–6: a championship's knockout match pairs its qualifiers whoever met before.
    if (met && !knockoutPairs.has(pairKey(p.red, p.black)))
      report('rematch', [p.red, p.black], `${label(p.red)} and ${label(p.black)} already met in round ${met.join(', ')}`);
    if (forbidden.has(pairKey(p.red, p.black))) {
      report('forbidden_pair', [p.red, p.black], `${label(p.red)} and ${label(p.black)} may not be paired (forbidden by the chief arbiter)`);
    }
    const a = byId.get(p.red)?.affiliation;
    const b = byId.get(p.black)?.affiliation;
    if (a !== undefined && a === b && (sameAffiliation === 'event' || (sameAffiliation === 'round1' && r === 1))) {
      const why = sameAffiliation === 'event' ? 'in this event' : 'in round 1 (附录3 #3)';
      report('forbidden_pair', [p.red, p.black], `${label(p.red)} and ${label(p.black)} are both of ${a} and may not meet ${why}`);
    }
  }

  // Byes. A round-robin's byes are its rest rounds (附录6 #3–4): one per cycle, so a double
  // round-robin rests every entry twice; any other system gives no entry two byes.
  const byesPerEntry = tournament.options.pairingSystem === 'round-robin' ? Math.max(1, Number(tournament.options.roundRobinCycles ?? 1)) : 1;
  for (const b of target.byes) {
    const earlier = hist(b).byes;
    if (earlier.length >= byesPerEntry) report('second_bye', [b], `${label(b)} already had a bye in round ${earlier.join(', ')}`);
  }
  const needed = active.length % 2;
  if (target.byes.length > needed) {
    report(
      'extra_bye',
      [...target.byes],
      `${target.byes.length} byes for ${active.length} active entries (${needed} needed): ${target.byes.map(label).join(', ')}`,
    );
  }

  // Colours.
  const twoGames = tournament.options.eventKind === 'individual' && tournament.options.gamesPerPairing === 2;
  const colourRule = ruleGivenColours(input, staged?.stageType, knockoutPairs);
  const colourReport = (p: { red: string; black: string }, code: 'colour_difference' | 'three_same_colour', id: string, message: string): void => {
    const why = colourRule(p);
    if (why === null) return report(code, [id], message);
    if (severityOf(code) !== 'off')
      findings.push({ severity: 'warning', code, round: r, entries: [id], message: `${message} — ${why}, not the pairer's: a note, not a fault` });
  };
  if (!twoGames) {
    const max = options.maxColourDifference ?? 2;
    for (const p of target.pairings) {
      if (p.red === p.black) continue;
      for (const [id, side] of [
        [p.red, 'red'],
        [p.black, 'black'],
      ] as const) {
        const colours = [...hist(id).colours, side];
        const diff = colourDifference(colours);
        if (Math.abs(diff) > max) {
          const reds = colours.filter((c) => c === 'red').length;
          colourReport(
            p,
            'colour_difference',
            id,
            `${label(id)} would have ${reds} Red and ${colours.length - reds} Black (difference ${Math.abs(diff)} > ${max})`,
          );
        }
        const last3 = colours.slice(-3);
        if (last3.length === 3 && last3.every((c) => c === side)) {
          colourReport(p, 'three_same_colour', id, `${label(id)} would play ${side === 'red' ? 'Red' : 'Black'} a third time in a row`);
        }
      }
    }
  }

  // Score groups: floats larger than needed (Swiss events).
  const system = tournament.options.pairingSystem;
  if (severityOf('needless_float') !== 'off' && (system === undefined || system === 'swiss-individual' || system === 'swiss-team')) {
    const earlier = { ...tournament, rounds: tournament.rounds.filter((x) => x.round < r) };
    const scores = scoresAfter(earlier).scores;
    const named = forbidden;
    const pairs = target.pairings.filter(
      (p) => p.red !== p.black && byId.has(p.red) && byId.has(p.black) && places.get(p.red)?.length === 1 && places.get(p.black)?.length === 1,
    );
    const floats = needlessFloats(pairs, {
      score: (id) => scores.get(id) ?? 0,
      colours: (id) => hist(id).colours,
      allowed: (a, b) => {
        if (hist(a).opponents.has(b) || named.has(pairKey(a, b))) return false;
        const fa = byId.get(a)?.affiliation;
        return !(fa !== undefined && fa === byId.get(b)?.affiliation && (sameAffiliation === 'event' || (sameAffiliation === 'round1' && r === 1)));
      },
    });
    const pts = (id: string) => scores.get(id) ?? 0;
    for (const f of floats) {
      const [[a, x], [b, y]] = f.better;
      report(
        'needless_float',
        [f.pair.red, f.pair.black],
        `${label(f.pair.red)} on ${pts(f.pair.red)} and ${label(f.pair.black)} on ${pts(f.pair.black)} float further than needed: ` +
          `${a}–${x} and ${b}–${y} instead of ${f.pair.red}–${f.pair.black} and ${f.other.red}–${f.other.black} pair closer scores (Σ difference² ${f.before} → ${f.after}), ` +
          'without a rematch, a forbidden pair or an extra colour fault',
      );
    }
  }

  const order = new Map(PAIRING_CHECK_CODES.map((c, i) => [c, i]));
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => order.get(x.f.code)! - order.get(y.f.code)! || x.i - y.i)
    .map(({ f }) => f);
}

export function hasPairingErrors(findings: readonly PairingFinding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}

/** One line per finding: `error   rematch  round 5: p1 (#1) and p4 (#4) already met in round 2`. */
export function formatPairingFindings(findings: readonly PairingFinding[]): string {
  return findings.map((f) => `${f.severity.padEnd(7)} ${f.code.padEnd(17)} round ${f.round}: ${f.message}`).join('\n');
}

/**
 * Which pairings of the round have colours the rules give (see the file comment), with the reason;
 * null for a pairing whose colours are the pairer's to balance.
 */
function ruleGivenColours(
  tournament: Tournament,
  stageType: string | undefined,
  knockoutPairs: ReadonlySet<string>,
): (p: { red: string; black: string }) => string | null {
  const system = tournament.options.pairingSystem;
  if (system === 'round-robin') return () => 'colours from the 附录6 table (二章1节1)';
  if (system === 'stage-chain' && stageType !== undefined && stageType !== 'swiss') {
    const why = stageType === 'knockout' ? 'colours of a knockout match, by balance then lot' : 'colours from the 附录6 table (二章1节1)';
    return () => why;
  }
  return (p) => (knockoutPairs.has(pairKey(p.red, p.black)) ? 'colours of a championship knockout match, by balance then lot (附录2 7b, 附录3 #6 a)' : null);
}

/** The knockout matches of a championship round (附录2 / 附录3), as pair keys; empty otherwise. */
function championshipKnockoutPairs(tournament: Tournament, target: Round): Set<string> {
  const system = tournament.options.pairingSystem;
  const format = system === 'championship-5-2' ? '5+2' : system === 'championship-6-1' ? '6+1' : null;
  if (format === null) return new Set();
  const upTo: Tournament = { ...tournament, rounds: [...tournament.rounds.filter((x) => x.round < target.round), target] };
  const knockouts = championshipKnockouts(format, upTo);
  if (!knockouts.ok) return new Set();
  return new Set(knockouts.value.filter((k) => k.round === target.round).map((k) => pairKey(k.players.first, k.players.second)));
}
