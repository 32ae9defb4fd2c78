export * from './types';
export { FenError, FEN_ERROR_CODES, INITIAL_FEN, parseFen, makeFen, makeBoardFen } from './fen';
export type { FenErrorCode } from './fen';
export type { Setup } from './setup';
export { Position } from './position';
export { perft, perftDivide } from './perft';
export { parseIccs, makeIccs } from './iccs';
