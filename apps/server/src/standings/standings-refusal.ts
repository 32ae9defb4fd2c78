import { STANDINGS_ERROR_CODES, type StandingsErrorCode } from '@chuhe/standings';
import { DomainError } from '../common/errors';

/** The standings library's finding on stored data, by its code (422): the page says what is wrong (issue 30 #5). */
export function standingsRefusal(error: { code: string; message: string }): DomainError {
  const finding = (STANDINGS_ERROR_CODES as readonly string[]).includes(error.code) ? (error.code as StandingsErrorCode) : 'invalid_input';
  const code = finding === 'invalid_input' ? 'standings.refused' : (`standings.${finding}` as const);
  return new DomainError(code, { detail: error.message });
}
