/**
 * RFC 4180 CSV reading with line numbers, for the registration import. Quoted fields may hold
 * commas, quotes ("") and line breaks; a UTF-8 BOM and CRLF line ends are accepted.
 */
export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

export interface CsvSyntaxError {
  line: number;
  message: string;
}

export type CsvParseResult = { ok: true; value: CsvRecord[] } | { ok: false; error: CsvSyntaxError };

export function parseCsv(text: string): CsvParseResult {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let endOfRecord = false;
    while (!endOfRecord) {
      if (src[i] === '"') {
        i++;
        for (;;) {
          if (i >= src.length) return { ok: false, error: { line: startLine, message: 'unterminated quoted field' } };
          const c = src[i];
          if (c === '"') {
            if (src[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
        if (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r')
          return { ok: false, error: { line, message: 'unexpected text after a closing quote' } };
      } else {
        while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') {
          if (src[i] === '"') return { ok: false, error: { line, message: 'a quote inside an unquoted field' } };
          field += src[i++];
        }
      }
      fields.push(field);
      field = '';
      if (i >= src.length) {
        endOfRecord = true;
      } else if (src[i] === ',') {
        i++;
      } else {
        if (src[i] === '\r') i++;
        if (src[i] === '\n') i++;
        line++;
        endOfRecord = true;
      }
    }
    const blank = fields.length === 1 && fields[0].trim() === '';
    if (!blank) records.push({ line: startLine, fields });
  }
  return { ok: true, value: records };
}
