import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import type { Tx } from '../../apps/server/src/prisma/prisma.service';
import { matchPlayers, type MatchHints } from '../../apps/server/src/persons/registry';
import { personMatchWorld } from '../support/person-match-world';
import { serviceWorld, type ServiceWorld } from './service-harness';

/**
 * Issue 33: person matching of a large import is set-based — a 10,000-player file links every sure
 * match (federation ID, or a name no one has: a new person) and leaves the proposals and the
 * namesakes (同名) to the organizer, in a fixed number of database calls whatever the size.
 */
describe('person matching of a large import (service tier)', () => {
  let world: ServiceWorld;
  beforeAll(async () => {
    world = await serviceWorld();
  });
  afterAll(() => world.close());

  /** matchPlayers in one transaction, counting every database call it makes. */
  async function matchCounting(prisma: PrismaClient, playerIds: string[], hints: Map<string, MatchHints>) {
    let calls = 0;
    let last = performance.now();
    let longestStall = 0;
    const stalls = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    const pending = await prisma.$transaction(
      (tx) => {
        const counted = new Proxy(tx, {
          get(target, prop, receiver) {
            const value: unknown = Reflect.get(target, prop, receiver);
            if (typeof value === 'function')
              return (...args: unknown[]) => {
                calls++;
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            if (value && typeof value === 'object')
              return new Proxy(value, {
                get(model, method) {
                  const fn: unknown = Reflect.get(model, method);
                  if (typeof fn !== 'function') return fn;
                  return (...args: unknown[]) => {
                    calls++;
                    return (fn as (...a: unknown[]) => unknown).apply(model, args);
                  };
                },
              });
            return value;
          },
        });
        return matchPlayers(counted as unknown as Tx, playerIds, hints);
      },
      { timeout: 300_000, maxWait: 60_000 },
    );
    clearInterval(stalls);
    console.log(`matched ${playerIds.length} players in ${calls} database calls; longest event-loop stall ${longestStall.toFixed(0)} ms`);
    return { pending, calls };
  }

  async function scenario(players: number) {
    const tag = randomBytes(4).toString('hex');
    const w = await personMatchWorld(world.prisma, tag, players);
    const { pending, calls } = await matchCounting(world.prisma, w.playerIds, w.hints);
    return { w, pending, calls };
  }

  it('links all 10,000 sure matches of a file, leaves proposals and namesakes waiting, in the same few calls as 100 players', async () => {
    const small = await scenario(100);
    const { w, pending, calls } = await scenario(10_000);

    // Federation IDs: each player is linked to the person holding the ID.
    const linked = await world.prisma.player.findMany({ where: { id: { in: w.playerIds } }, select: { id: true, personId: true } });
    const personOf = new Map(linked.map((p) => [p.id, p.personId]));
    for (const [playerId, personId] of w.byFederation) expect(personOf.get(playerId)).toBe(personId);
    expect(w.byFederation.size).toBe(3_000);

    // A name no one has: a new person of that name, linked.
    const fresh = await world.prisma.person.findMany({
      where: { id: { in: w.fresh.map((id) => personOf.get(id)!).filter(Boolean) } },
      select: { id: true, nameZh: true, unitZh: true, birthYear: true },
    });
    expect(fresh).toHaveLength(3_000);
    expect(fresh.every((p) => p.nameZh.startsWith(`新${w.tag}`) && p.unitZh === `单位${w.tag}` && p.birthYear === 1990)).toBe(true);

    // Proposals (name, birth year and unit agree) and namesakes wait, unlinked, with the right persons.
    const proposed = pending.filter((p) => p.match.kind === 'proposed');
    const choices = pending.filter((p) => p.match.kind === 'choice');
    expect(proposed).toHaveLength(3_000);
    expect(choices).toHaveLength(1_000);
    for (const p of proposed) expect(p.match).toEqual({ kind: 'proposed', personId: w.proposedPerson.get(p.playerId) });
    for (const c of choices) expect([...(c.match as { personIds: readonly string[] }).personIds].sort()).toEqual([...w.namesakes.get(c.playerId)!].sort());
    expect(pending.every((p) => personOf.get(p.playerId) === null)).toBe(true);

    // The linked persons' unit last seen is the file's.
    const federationPerson = await world.prisma.person.findUniqueOrThrow({ where: { id: [...w.byFederation.values()][0] } });
    expect(federationPerson.unitZh).toBe(`单位${w.tag}`);

    // Set-based: the calls do not grow with the players (chunks of 5,000 rows add one call each).
    expect(small.pending).toHaveLength(40);
    expect(calls).toBeLessThanOrEqual(small.calls + 4);
    expect(calls).toBeLessThanOrEqual(14);
  }, 600_000);
});
