/** The one Result type of the libraries (libs/xiangqi result.ts), re-exported for the tournament model's users. */
export { err, ok, type Result } from '@chuhe/xiangqi/result';
