/**
 * A side's pattern over the cycle (四章1节 8–10, 16–19): 长将, 长捉, 一将一捉 … from the heaviest
 * kind of each of its moves.
 */
import { PlyAnalysis } from './move-kinds';
import { Label, MoveKindName, Pattern } from './types';

export const PATTERN_LABELS: Record<Pattern, Label> = {
  perpetualCheck: { zh: '长将', en: 'perpetual check' },
  perpetualChase: { zh: '长捉', en: 'perpetual chase' },
  alternateChase: { zh: '分捉', en: 'chasing different pieces in turn' },
  perpetualMateThreat: { zh: '长杀', en: 'perpetual mate threat' },
  checkAndMateThreat: { zh: '一将一杀', en: 'check and mate threat' },
  checkAndChase: { zh: '一将一捉', en: 'check and chase' },
  checkAndIdle: { zh: '一将一闲', en: 'check and idle move' },
  checkAndDiscoveredThreat: { zh: '一将一要抽吃', en: 'check and discovered-attack threat' },
  chaseAndDiscoveredThreat: { zh: '一捉一要抽吃', en: 'chase and discovered-attack threat' },
  mateThreatAndChase: { zh: '一杀一捉', en: 'mate threat and chase' },
  mateThreatAndIdle: { zh: '一杀一闲', en: 'mate threat and idle move' },
  chaseAndIdle: { zh: '一捉一闲', en: 'chase and idle move' },
  perpetualDiscoveredThreat: { zh: '长要抽吃', en: 'perpetual discovered-attack threat' },
  perpetualExchangeOffer: { zh: '长兑', en: 'perpetual exchange offer' },
  perpetualOffer: { zh: '长献', en: 'perpetual offer' },
  perpetualBlock: { zh: '长拦', en: 'perpetual block' },
  idle: { zh: '闲', en: 'idle moves' },
  mixed: { zh: '混合', en: 'mixed' },
};

const QUIET: MoveKindName[] = ['exchangeOffer', 'offer', 'block', 'idle'];

/** Target ids chased on every one of the side's moves (the 长捉 candidates, before exemptions). */
export function chasedEveryMove(plies: readonly PlyAnalysis[]): number[] {
  if (plies.length === 0) return [];
  let common = new Set(plies[0].chases.map((c) => c.targetId));
  for (const p of plies.slice(1)) {
    const ids = new Set(p.chases.map((c) => c.targetId));
    common = new Set([...common].filter((id) => ids.has(id)));
  }
  return [...common];
}

export function sidePattern(plies: readonly PlyAnalysis[]): Pattern {
  if (plies.length === 0) return 'idle';
  const kinds = new Set(plies.map((p) => p.primary));
  const only = (k: MoveKindName) => kinds.size === 1 && kinds.has(k);
  const has = (k: MoveKindName) => kinds.has(k);
  const rest = (...ks: MoveKindName[]) => [...kinds].every((k) => ks.includes(k));
  if (only('check')) return 'perpetualCheck';
  if (only('chase')) return chasedEveryMove(plies).length > 0 ? 'perpetualChase' : 'alternateChase';
  if (only('mateThreat')) return 'perpetualMateThreat';
  if (only('discoveredThreat')) return 'perpetualDiscoveredThreat';
  if (only('exchangeOffer')) return 'perpetualExchangeOffer';
  if (only('offer')) return 'perpetualOffer';
  if (only('block')) return 'perpetualBlock';
  if (rest(...QUIET)) {
    if (rest('exchangeOffer', 'offer')) return 'perpetualOffer';
    return 'idle';
  }
  if (has('check')) {
    if (rest('check', 'mateThreat')) return 'checkAndMateThreat';
    if (rest('check', 'chase')) return 'checkAndChase';
    if (rest('check', 'discoveredThreat')) return 'checkAndDiscoveredThreat';
    if (rest('check', ...QUIET)) return 'checkAndIdle';
    return 'mixed';
  }
  if (rest('chase', 'discoveredThreat')) return 'chaseAndDiscoveredThreat';
  if (rest('mateThreat', 'chase')) return 'mateThreatAndChase';
  if (rest('mateThreat', ...QUIET)) return 'mateThreatAndIdle';
  if (rest('chase', ...QUIET)) return 'chaseAndIdle';
  return 'mixed';
}
