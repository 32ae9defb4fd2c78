import type { Language, Translate } from '../i18n/i18n';
import { csvProblemRows } from '../common/csv-problems';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { ImportCsvDto } from '../imports/import.dto';
import type { ImportPreview } from '../imports/imports.service';
import { emptyForm, type FormState, submitForm } from '../web/forms';
import { translator } from '../i18n/words';

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
  t: Translate,
  preview: ImportPreview<Row>,
  cells: (row: Row) => (string | number)[],
  affiliationOf: (row: Row) => string | undefined,
  lang: Language,
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
    problems: csvProblemRows(preview.problems, lang),
    problemsText: preview.problems.length ? t('previewProblems', { n: preview.problems.length }) : undefined,
    ok: preview.problems.length === 0 && preview.rows.length > 0,
    newAffiliations: preview.newAffiliations.length ? t('newAffiliationsFlag', { names: preview.newAffiliations.join('、') }) : undefined,
  };
}

/** What a CSV import page (players, teams) gives the two steps. */
export interface CsvImportPage {
  /** The API's import of the rows (all-or-nothing, the preview's checks again). */
  run: (csv: string) => Promise<{ imported: number }>;
  /** The page with its form only (no CSV yet). */
  formContext: (form: FormState) => Promise<object>;
  /** The page with the dry run of `csv` (ImportsService.preview…): its rows and problems. */
  previewContext: (csv: string, form: FormState) => Promise<object>;
  /** Where a finished import goes. */
  done: string;
}

/**
 * The two steps of an import page: `step=preview` (a file or pasted text) shows the dry run and
 * carries the text on; `step=import` runs the import — refused (someone registered one of them
 * meanwhile), the preview again with every problem listed.
 */
export async function csvImportStep(req: AuthenticatedRequest, res: Response, body: Record<string, unknown>, csv: string, page: CsvImportPage): Promise<void> {
  const t = translator(res);
  if (body.step === 'import') {
    await submitForm(req, res, {
      dto: ImportCsvDto,
      values: { csv },
      toInput: () => ({ csv }),
      run: (dto) => page.run(dto.csv),
      render: async (form) => ({ view: 'setup/import', context: await page.previewContext(csv, form) }),
      redirect: () => page.done,
      flash: (r) => t('imported', { n: r.imported }),
    });
    return;
  }
  if (!csv) return void res.status(400).render('setup/import', await page.formContext({ values: {}, errors: { csv: t('csvMissing') } }));
  res.status(200).render('setup/import', await page.previewContext(csv, emptyForm({ csv })));
}
