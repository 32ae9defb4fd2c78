// Fuzzing every route of the OpenAPI document (/api/docs/json) with fast-check bodies (issue 13):
// schema-shaped bodies, the same with one field replaced by a known-bad value (null, NUL, a lone
// surrogate, 2^31, 1e308, a huge string, deep nesting, wrong types), random JSON, and raw bodies
// (deep JSON, broken JSON, an unknown charset, over the size limit); path parameters are the
// fixture's ids, random UUIDs or junk; anonymous and logged in as the organizer. Used by
// test/e2e/fuzz.e2e-spec.ts (a bounded sample in `npm test`) and test/soak/soak.ts (≥10k requests).
import { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { newUser, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
};
interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema> };
}

export interface FuzzOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  pathParams: string[];
  query: { name: string; schema?: Schema }[];
  body?: Schema;
}

export type FuzzBody = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

export interface FuzzCase {
  op: FuzzOperation;
  who: 'anonymous' | 'organizer';
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: FuzzBody;
}

export function operations(doc: OpenApi): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      out.push({
        method: method as FuzzOperation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

const DEEP = (n: number) => '{"a":' + '['.repeat(n) + ']'.repeat(n) + '}';

/** Values that broke the server before issue 13, and their relatives. */
export const NASTY: unknown[] = [
  null,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udc00',
  '\ud83d',
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e308,
  -1e308,
  0.5,
  -1,
  0,
  'x'.repeat(5000),
  [],
  {},
  [null],
  [[[[[[[[[[[]]]]]]]]]]],
  true,
  'null',
  '1 OR 1=1',
  '\'; DROP TABLE "Player"; --',
  '<script>alert(1)</script>',
  '9999-99-99',
  '2026-02-30',
  '1e400',
  'NaN',
  '../../etc/passwd',
  '%00',
  '\u202e',
  '👨‍👩‍👧',
  { $ne: null },
  { __proto__: { polluted: 1 } },
];

export function arbitraries(doc: OpenApi, ids: () => string[], byParam: () => Record<string, string> = () => ({})) {
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
  const uuid = fc.oneof(fc.constantFrom(...ids()), fc.uuid(), fc.constant(randomUUID()));
  const nasty = fc.constantFrom(...NASTY);
  const valueFor = (raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> => {
    const s = resolve(raw);
    if (!s || depth > 4) return fc.jsonValue({ maxDepth: 2 });
    if (s.enum) return fc.constantFrom(...s.enum);
    switch (s.type) {
      case 'string':
        return s.format === 'uuid'
          ? uuid
          : fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('2026-12-01', '2026-12-01T09:00:00+08:00', 'a@b.cd', 'correct horse battery'), uuid);
      case 'integer':
      case 'number':
        return fc.oneof(fc.integer({ min: -3, max: 30 }), fc.integer(), fc.double({ noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueFor(s.items, depth + 1), { maxLength: 4 });
      default:
        if (s.properties) {
          const entries = Object.entries(s.properties).map(([k, v]) => [k, valueFor(v, depth + 1)] as const);
          return fc.record(Object.fromEntries(entries), { requiredKeys: (s.required ?? []).filter((k) => k in s.properties!) });
        }
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  const spoil = (value: unknown) =>
    fc.tuple(nasty, fc.nat()).map(([bad, i]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad;
      const keys = Object.keys(value);
      return keys.length ? { ...(value as object), [keys[i % keys.length]]: bad } : { extra: bad };
    });
  const bodyFor = (schema: Schema | undefined): fc.Arbitrary<FuzzBody> => {
    const shaped = valueFor(schema);
    return fc.oneof(
      { weight: 4, arbitrary: shaped.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 5, arbitrary: shaped.chain(spoil).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<FuzzBody>(
          { kind: 'raw', text: DEEP(1500), contentType: 'application/json' },
          { kind: 'raw', text: '{"a":', contentType: 'application/json' },
          { kind: 'raw', text: '{}', contentType: 'application/json; charset=klingon' },
          { kind: 'raw', text: '{"a":1}', contentType: 'application/x-www-form-urlencoded' },
          {
            kind: 'raw',
            text: 'a[b][c][d][e][f][g][h][i][j][k][l][m][n][o][p][q][r][s][t][u][v][w][x][y][z]=1',
            contentType: 'application/x-www-form-urlencoded',
          },
          { kind: 'raw', text: '\u0000\u0001', contentType: 'text/plain' },
          { kind: 'raw', text: '"just a string"', contentType: 'application/json' },
        ),
      },
    );
  };
  const junk = fc.constantFrom('x', '0', '%00', 'null', '-1', 'a'.repeat(300));
  // Mostly the fixture's record of the parameter's kind (so requests reach validation and the
  // services); deletes get random ids only, so that the fixture survives.
  const param = (name: string, method: string) => {
    const own = byParam()[name];
    if (method === 'delete' || !own) return fc.oneof({ weight: 6, arbitrary: uuid }, { weight: 1, arbitrary: junk });
    return fc.oneof({ weight: 8, arbitrary: fc.constant(own) }, { weight: 2, arbitrary: uuid }, { weight: 1, arbitrary: junk });
  };
  const caseFor = (op: FuzzOperation): fc.Arbitrary<FuzzCase> =>
    fc.record({
      op: fc.constant(op),
      who: fc.constantFrom<FuzzCase['who']>('anonymous', 'organizer', 'organizer'),
      params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, param(p, op.method)]))) as fc.Arbitrary<Record<string, string>>,
      query: fc.record(Object.fromEntries(op.query.map((q) => [q.name, fc.oneof(valueFor(q.schema), nasty, fc.string())])), {
        requiredKeys: [],
      }) as fc.Arbitrary<Record<string, unknown>>,
      body: bodyFor(op.body),
    });
  return { caseFor };
}

/** A tournament with events, players, entries, a team, a draw and a paired round: the ids fuzzed routes get. */
export async function fuzzFixture(app: INestApplication): Promise<{ auth: string; ids: string[]; byParam: Record<string, string>; tournamentId: string }> {
  const http = () => request(app.getHttpServer());
  const organizer = await newUser(app, 'fuzz-org');
  const a = organizer.auth;
  const t = (await http().post('/api/tournaments').set('Authorization', a).send(TOURNAMENT).expect(201)).body.id as string;
  const ids = [t];
  const event = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', a).send(SWISS_EVENT).expect(201)).body.id;
  const teamEvent = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', a).send(TEAM_EVENT).expect(201)).body.id;
  const affiliation = (
    await http().post(`/api/tournaments/${t}/affiliations`).set('Authorization', a).send({ nameZh: '马来西亚', nameEn: 'Malaysia' }).expect(201)
  ).body.id;
  ids.push(event, teamEvent, affiliation);
  const players: string[] = [];
  for (let i = 0; i < 10; i++)
    players.push(
      (
        await http()
          .post(`/api/tournaments/${t}/players`)
          .set('Authorization', a)
          .send({ nameZh: `马${i}`, nameEn: `M${i}`, gender: 'male', affiliationId: affiliation })
          .expect(201)
      ).body.id,
    );
  ids.push(...players);
  for (const p of players.slice(0, 6))
    ids.push((await http().post(`/api/events/${event}/entries`).set('Authorization', a).send({ playerId: p }).expect(201)).body.id);
  const team = (
    await http()
      .post(`/api/events/${teamEvent}/teams`)
      .set('Authorization', a)
      .send({ affiliationId: affiliation, nameZh: '马队', nameEn: 'MY', starters: players.slice(6, 9), reserves: [players[9]] })
      .expect(201)
  ).body.id;
  ids.push(team);
  await http().post(`/api/events/${event}/draw`).set('Authorization', a).send({}).expect(201);
  const round = await http().post(`/api/events/${event}/rounds`).set('Authorization', a).send({});
  const byParam: Record<string, string> = { tournamentId: t, eventId: event, affiliationId: affiliation, playerId: players[0], teamId: team };
  byParam.entryId = ids[4 + players.length];
  if (round.status === 201) {
    ids.push(round.body.id);
    for (const p of round.body.pairings ?? []) ids.push(p.id, ...(p.games ?? []).map((g: { id: string }) => g.id));
    byParam.roundId = round.body.id;
    byParam.pairingId = round.body.pairings?.[0]?.id;
    byParam.gameId = round.body.pairings?.[0]?.games?.[0]?.id;
  }
  return { auth: a, ids, byParam, tournamentId: t };
}

/** Runs one case; returns the status. Routes that end the caller's session are called anonymously. */
export async function runCase(app: INestApplication, auth: string, c: FuzzCase): Promise<number> {
  let url = c.op.path;
  for (const [k, v] of Object.entries(c.params)) url = url.replace(`{${k}}`, encodeURIComponent(v));
  const sessionEnding = /^\/api\/auth\/(logout|logout-everywhere|password)$/.test(c.op.path);
  // The fixture's tournament must survive: deletes run on random ids only.
  let req = request(app.getHttpServer())[c.op.method](url).timeout(30_000);
  if (c.who === 'organizer' && !sessionEnding) req = req.set('Authorization', auth);
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.query)) query[k] = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  req = req.query(query);
  if (c.op.method === 'get' || c.op.method === 'delete') return (await req).status;
  if (c.body.kind === 'raw') return (await req.set('Content-Type', c.body.contentType).send(c.body.text)).status;
  return (await req.set('Content-Type', 'application/json').send(JSON.stringify(c.body.value) ?? 'null')).status;
}

export function describeCase(c: FuzzCase): string {
  const body = c.body.kind === 'raw' ? `raw ${c.body.contentType} ${c.body.text.slice(0, 80)}` : JSON.stringify(c.body.value)?.slice(0, 300);
  return `${c.op.method.toUpperCase()} ${c.op.path} as ${c.who} params=${JSON.stringify(c.params)} query=${JSON.stringify(c.query).slice(0, 200)} body=${body}`;
}
