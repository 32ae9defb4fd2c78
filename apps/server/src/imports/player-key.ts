/**
 * How an import recognises a player already registered in the tournament: the same Chinese name
 * and the same affiliation (its Chinese name). The CSV imports and the tournament-file import use
 * this one rule.
 */
export function playerKey(nameZh: string, affiliation: string | undefined | null): string {
  return `${nameZh}\u0000${affiliation ?? ''}`;
}
