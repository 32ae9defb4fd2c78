import type { ImportPreview } from '../imports/imports.service';

/** What multer hands over for a file field. */
export interface UploadedCsv {
  buffer: Buffer;
  originalname?: string;
}

/** The CSV of an import form: the uploaded file (UTF-8) when one was chosen, else the pasted text. */
export function uploadedCsv(file: UploadedCsv | undefined, pasted: unknown): string {
  if (file && file.buffer.length > 0) return file.buffer.toString('utf8');
  return typeof pasted === 'string' ? pasted : '';
}

/** At most this many rows are drawn on the preview (the import takes them all). */
export const PREVIEW_ROWS = 500;

/**
 * The preview as the page shows it: each row's cells, its line, whether it names an affiliation the
 * import would create; the problems by line and column; the new affiliations.
 */
export function csvPreviewView<Row extends { line: number }>(
  t: (key: string, vars?: Record<string, string | number>) => string,
  preview: ImportPreview<Row>,
  cells: (row: Row) => (string | number)[],
  affiliationOf: (row: Row) => string | undefined,
) {
  const fresh = new Set(preview.newAffiliations);
  const badLines = new Set(preview.problems.map((p) => p.line));
  return {
    count: preview.rows.length,
    heading: t('previewTitle', { n: preview.rows.length }),
    rows: preview.rows
      .slice(0, PREVIEW_ROWS)
      .map((row) => ({ line: row.line, cells: cells(row), newAffiliation: fresh.has(affiliationOf(row) ?? ''), bad: badLines.has(row.line) })),
    truncated: preview.rows.length > PREVIEW_ROWS ? t('tooManyToShow', { n: PREVIEW_ROWS }) : undefined,
    problems: preview.problems,
    problemsText: preview.problems.length ? t('previewProblems', { n: preview.problems.length }) : undefined,
    ok: preview.problems.length === 0 && preview.rows.length > 0,
    newAffiliations: preview.newAffiliations.length ? t('newAffiliationsFlag', { names: preview.newAffiliations.join('、') }) : undefined,
  };
}
