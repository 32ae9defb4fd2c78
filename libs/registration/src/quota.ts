/**
 * Invitation quotas, 附录2 #1 / 附录3 #1 (亚洲象棋个人锦标赛): "根据前一年之亚洲团体赛成绩,冠军队,亚军队各
 * 邀请二人,主办单位派出二人;其他各会员单位邀请一人,凑成双数。如遇单数或受邀请者临时弃权,则由主办单位增派
 * 一人以凑成双数。"
 */
export type QuotaBasis = 'champion' | 'runner_up' | 'host' | 'member';

export interface UnitQuotaRow {
  unit: string;
  quota: number;
  basis: QuotaBasis;
  /** The host's one more player that makes the field even (凑成双数). */
  fillUp: boolean;
}

export interface InvitationInput {
  /** The member units invited (the host among them or not: it is added). */
  units: string[];
  host: string;
  /** The previous event's final standings: units in rank order (1st = champion). Ties are the standings' business. */
  previousStandings: string[];
}

/**
 * The quota of every invited unit: champion and runner-up 2 each, the host 2, every other member 1;
 * an odd total is made even by one more from the host. A host that is also champion or runner-up
 * sends 2 (the rule names two players for each role, not four for one unit). A champion or
 * runner-up not invited gets nothing, and its 2 do not pass to the next placed.
 */
export function invitationQuotas(input: InvitationInput): UnitQuotaRow[] {
  const units = [...new Set([input.host, ...input.units])];
  const [champion, runnerUp] = input.previousStandings;
  const rows: UnitQuotaRow[] = units.map((unit) => {
    const basis: QuotaBasis = unit === input.host ? 'host' : unit === champion ? 'champion' : unit === runnerUp ? 'runner_up' : 'member';
    return { unit, quota: basis === 'member' ? 1 : 2, basis, fillUp: false };
  });
  if (fieldFillUp(rows.reduce((s, r) => s + r.quota, 0)) === 1) {
    const host = rows.find((r) => r.unit === input.host)!;
    host.quota += 1;
    host.fillUp = true;
  }
  return rows;
}

/**
 * How many the host adds so that the field is even: 附录2/3 #1 (一人), 附录1 #3 (a team event's extra
 * team), and after a withdrawal before the start (二章7节2: 凑成双数 again). 0 or 1.
 */
export function fieldFillUp(fieldSize: number): 0 | 1 {
  return fieldSize % 2 === 1 ? 1 : 0;
}

/** The places a unit still has: never below zero (a quota lowered below what is used leaves none). */
export function quotaLeft(quota: number, used: number): number {
  return Math.max(0, quota - used);
}
