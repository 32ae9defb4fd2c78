/**
 * The check behind issue 30 #5 ("every message a person reads is in the page's language"): the
 * Latin-letter words of a Chinese text that are not proper names or abbreviations Chinese text
 * keeps in Latin letters. A word is a run of two or more Latin letters; single letters stay (the
 * tie-break chain's "A.", a file's "a"–"i", ICCS squares such as "h2e2" split into single letters).
 * Used by the tests that walk every refusal code and the main pages in Chinese.
 */
// prettier-ignore
export const LATIN_IN_CHINESE: ReadonlySet<string> = new Set(
  [
    // Formats, files and standards named by their abbreviation in Chinese text too.
    'CSV', 'TRF', 'FEN', 'ICCS', 'PGN', 'WXF', 'XQF', 'UCI', 'PDF', 'SVG', 'QR', 'URL', 'ID', 'IP', 'API', 'HTTP', 'HTTPS',
    'JSON', 'SMTP', 'CSRF', 'SSE', 'CSS', 'HTML', 'ICS', 'UTC', 'GMT', 'IANA', 'iCalendar', 'A4', 'OK', 'UBB', 'DhtmlXQ', 'CBR', 'CBL',
    // Bodies, systems and the product's own name.
    'FIDE', 'AXF', 'CXA', 'Elo', 'Chuhe', 'bbpPairings', 'OpenAPI', 'Chromium', 'PostgreSQL',
    // The language switcher names each language in itself: "English" is that link's word on every page.
    'English',
    // Currencies (ISO 4217).
    'CNY', 'RMB', 'SGD', 'HKD', 'MOP', 'TWD', 'MYR', 'USD', 'EUR', 'THB', 'VND', 'PHP', 'IDR', 'JPY', 'KRW', 'AUD', 'CAD', 'GBP',
  ].map((w) => w.toLowerCase()),
);

/** The words of `text` in Latin letters that a Chinese page should not show (`allowed`: names of this page's data). */
export function untranslatedWords(text: string, allowed: Iterable<string> = []): string[] {
  const extra = new Set(Array.from(allowed, (w) => w.toLowerCase()));
  // Identifiers a person types as they are (CHUHE_PUBLIC_URL, application/x-www-form-urlencoded) are not words.
  const tokens = text.match(/[A-Za-z0-9][\w'’/.+-]*[A-Za-z0-9]/g) ?? [];
  return tokens
    .filter((w) => !/[_/]/.test(w))
    .flatMap((w) => w.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? [])
    .filter((w) => !LATIN_IN_CHINESE.has(w.toLowerCase()) && !extra.has(w.toLowerCase()));
}
