// What the server benches (http, crowd, page-weight) do through HTTP before they measure: a JSON
// client of a running server, and a published Swiss event with round 1 paired and published.

export interface BenchClient {
  call(method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; body: any }>;
  /** `call`, failing the bench unless the answer has `status`; the answer's body. */
  must(method: string, path: string, body: unknown, auth: string | undefined, status: number): Promise<any>;
}

export function benchClient(base: string): BenchClient {
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const must = async (method: string, path: string, body: unknown, auth: string | undefined, status: number) => {
    const res = await call(method, path, body, auth);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  };
  return { call, must };
}

export interface BenchEvent {
  email: string;
  auth: string;
  tournamentId: string;
  eventId: string;
  /** The games of round 1 with two players (one per pairing), as the publish answered. */
  games: { id: string; version: number }[];
}

/**
 * A new organizer, a tournament (published, so its pages are public when `publish`), `players`
 * imported by CSV (`player(i)`: the CSV line after the name columns), one Swiss event of `rounds`
 * rounds, everybody entered and drawn, round 1 paired and published.
 */
export async function swissEventWithRound1(
  client: BenchClient,
  o: { name: string; players: number; rounds: number; columns: string; player: (i: number) => string; publish: boolean },
): Promise<BenchEvent> {
  const { must } = client;
  const email = `${o.name.toLowerCase()}-${Date.now()}@bench.chuhe`;
  await must('POST', '/api/auth/register', { email, displayName: 'bench', password: 'correct horse battery' }, undefined, 201);
  const auth = `Bearer ${(await must('POST', '/api/auth/login', { email, password: 'correct horse battery' }, undefined, 200)).token}`;
  const t = await must(
    'POST',
    '/api/tournaments',
    { nameZh: '压测', nameEn: o.name, venue: 'here', startDate: '2026-12-01', endDate: '2026-12-02', organizer: 'bench' },
    auth,
    201,
  );
  const csv = [`name_zh,name_en,${o.columns}`, ...Array.from({ length: o.players }, (_, i) => `棋手${i},Player ${i},${o.player(i)}`)].join('\n');
  const players = (await must('POST', `/api/tournaments/${t.id}/import/players`, { csv }, auth, 201)).players.map((p: { id: string }) => p.id);
  const event = (
    await must(
      'POST',
      `/api/tournaments/${t.id}/events`,
      {
        nameZh: '公开组',
        nameEn: 'Open',
        kind: 'individual',
        stages: [{ type: 'swiss', rounds: o.rounds }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      auth,
      201,
    )
  ).id as string;
  await must('POST', `/api/events/${event}/entries/bulk`, { playerIds: players }, auth, 201);
  await must('POST', `/api/events/${event}/draw`, {}, auth, 201);
  const round = await must('POST', `/api/events/${event}/rounds`, {}, auth, 201);
  await must('POST', `/api/rounds/${round.id}/publish`, { version: round.version }, auth, 200);
  if (o.publish) {
    const tv = await must('GET', `/api/tournaments/${t.id}`, undefined, auth, 200);
    await must('PATCH', `/api/tournaments/${t.id}`, { version: tv.version, published: true }, auth, 200);
  }
  const games: { id: string; version: number }[] = round.pairings
    .filter((p: { black: unknown }) => p.black)
    .map((p: { games: { id: string; version: number }[] }) => ({ ...p.games[0] }));
  return { email, auth, tournamentId: t.id, eventId: event, games };
}
