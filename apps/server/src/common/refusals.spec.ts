import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The ratchet of issue 30 #5 ("every refusal carries a stable code; its words come from the one
 * dictionary"): a refusal built in place with English words — `new …Exception(…)`, or a file's own
 * `conflict(…)` / `forbidden(…)` / `unprocessable(…)` helper, or `badRequest([{ field, reason }])`
 * — is shown in English on a Chinese page. New refusals are DomainErrors (common/errors.ts, words in
 * i18n/messages/errors.ts and refusals.ts). The sites still left are counted per file below: a new one
 * fails this test, and one converted asks for its count to be lowered (so the list only shrinks).
 *
 * Not refusals of the domain, and kept: common/validation.ts (the 400 shape itself and the input
 * pipe), common/http-exception.filter.ts (the database and body-parser answers).
 */
// prettier-ignore
const REMAINING: readonly (readonly [string, number])[] = [
  // The filter's own answers to Prisma's unique/foreign-key/serialization errors and the body parser:
  // not a refusal of the domain (their code comes from the filter: edit.collision …).
  ["common/http-exception.filter.ts", 4],
  // The 400 shape itself (badRequest) and the pipe: every problem there carries its input.* code.
  ["common/validation.ts", 3],
  // Re-wraps a DomainError whose words are already in the page's language (the entry-request pages).
  ["entry-requests/page-words.ts", 1],
];

const SRC = join(__dirname, '..');
const SITE = /new \w*Exception\((?!\s*(translate|recordText)\()|(?<!function |\.)\b(conflict|forbidden|unprocessable|badRequest)\(/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

export function untranslatedRefusalSites(text: string): number {
  return Array.from(text.matchAll(SITE)).length;
}

describe('refusals without a code (issue 30 #5 ratchet)', () => {
  const found = new Map(
    sources(SRC)
      .map((path) => [relative(SRC, path), untranslatedRefusalSites(readFileSync(path, 'utf8'))] as const)
      .filter(([, n]) => n > 0),
  );

  it('no file has more English refusals built in place than the list allows (give a new refusal a code)', () => {
    const allowed = new Map(REMAINING);
    const over = [...found].filter(([file, n]) => n > (allowed.get(file) ?? 0)).map(([file, n]) => `${file}: ${n} > ${allowed.get(file) ?? 0}`);
    expect(over).toEqual([]);
  });

  it('the list shrinks as refusals get codes (lower a count once converted)', () => {
    const under = REMAINING.filter(([file, n]) => (found.get(file) ?? 0) < n).map(([file, n]) => `${file}: ${found.get(file) ?? 0} < ${n}`);
    expect(under).toEqual([]);
  });

  it('the check can fail: it finds refusals built in place and passes coded ones', () => {
    expect(
      untranslatedRefusalSites("throw new ConflictException({ message: 'x' }); throw conflict('y'); throw badRequest([{ field: 'a', reason: 'b' }]);"),
    ).toBe(3);
    expect(
      untranslatedRefusalSites("throw new DomainError('round.no_bye'); throw new NotFoundException(translate('notFound', lang)); function conflict(m) {}"),
    ).toBe(0);
  });
});

describe('dictionary keys are checked by tsc (issue 30)', () => {
  it('no key is built at run time outside the templates’ helper: values go through the maps of i18n/keys.ts', () => {
    const built = sources(SRC)
      .filter((path) => !/i18n\/i18n\.ts$|create-app\.ts$/.test(path))
      .filter((path) => readFileSync(path, 'utf8').includes('translateKey('))
      .map((path) => relative(SRC, path));
    expect(built).toEqual([]);
  });
});
