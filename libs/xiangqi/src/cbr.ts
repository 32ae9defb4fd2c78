/**
 * 象棋桥 (XQ Bridge, CCBridge) records: `.cbr` holds one game, `.cbl` a library of them.
 *
 * No specification is published by the program's author. The layout read here is the one three
 * independent public readers agree on (walker8088's `cchess` for Python, gmchess's pgnconvert in
 * C++, and a Java reader ported from 微思象棋 vschess), checked field by field against a Kaitai
 * description of the format:
 *
 * - a 2214-byte header: `CCBridge Record\0`; byte 19 the record version (2 — version 1 lays the
 *   header out differently and is refused, naming it); strings in UTF-16LE, NUL-ended: title
 *   at 180 (128 bytes), event 692, round 756, date 884, site 948, Red 1076, Red's team 1140, Black
 *   1300, Black's team 1364 (64 bytes each); the result at 2076 (1 Red won, 2 Black won, 3 drawn,
 *   else unknown); the side to move at 2112 (1 Red, 2 Black); the board at 2120: 90 bytes, square
 *   i = file i % 9 from Red's left, rank ⌊i / 9⌋ from Black's side; a piece is 0x10 Red or 0x20
 *   Black plus 1 车 2 马 3 相 4 仕 5 帅 6 炮 7 兵.
 * - from 2214 the move tree in pre-order: 4 bytes a record — flags, a reserved byte, from square,
 *   to square (the same 0–89) — then, when the flags say so, a 4-byte comment length in bytes and
 *   the comment in UTF-16LE. Flags: 0x01 the line ends here, 0x02 an alternative to this move
 *   follows its line, 0x04 a comment follows. The first record is the start position's (its
 *   squares unused); four zero bytes end the tree. The main line is the first move at each point.
 *
 * A `.cbl` library: `CCBridgeLibrary\0`, the slot count at 60, the library's name at 64 (UTF-16LE,
 * 512 bytes), an index of 276 bytes a slot after 66624 bytes, then the records on 4096-byte
 * slots; a long record runs on into the next slot, so every slot that starts with the record
 * magic is a game and the others are skipped.
 *
 * What could not be verified against a file written by 象棋桥 itself: no such file is at hand, and
 * the Kaitai description places the result, side and board 4 bytes earlier than the three readers
 * (2072/2108/2116); Chuhe follows the readers. Files of other record versions are refused by name.
 */
import { Annotations, Variation, checkAnnotations } from './annotations';
import { ImportedRecord } from './dhtmlxq';
import { makeIccs } from './iccs';
import { Position } from './position';
import { Move, Piece, Result, Role, err, makeSquare, ok } from './types';

export class CbrError extends Error {
  readonly code = 'bad_cbr' as const;
  constructor(message: string) {
    super(message);
    this.name = 'CbrError';
  }
}

export const CBR_MAGIC = 'CCBridge Record';
export const CBL_MAGIC = 'CCBridgeLibrary';
export const CBR_HEADER_SIZE = 2214;
export const CBL_SLOT = 4096;
const CBL_INDEX_START = 66624;
const CBL_INDEX_ENTRY = 276;
const MAX_LIBRARY_GAMES = 100_000;

const ROLES: Record<number, Role> = { 1: 'rook', 2: 'horse', 3: 'elephant', 4: 'advisor', 5: 'king', 6: 'cannon', 7: 'pawn' };
const RESULTS: Record<number, string | undefined> = { 1: '1-0', 2: '0-1', 3: '1/2-1/2' };
const STRINGS: [tag: string, offset: number, size: number][] = [
  ['Title', 180, 128],
  ['Event', 692, 64],
  ['Round', 756, 64],
  ['Date', 884, 64],
  ['Site', 948, 64],
  ['Red', 1076, 64],
  ['RedTeam', 1140, 64],
  ['Black', 1300, 64],
  ['BlackTeam', 1364, 64],
];

const startsWith = (bytes: Uint8Array, at: number, magic: string) => {
  if (at + magic.length > bytes.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[at + i] !== magic.charCodeAt(i)) return false;
  return true;
};

export const isCbr = (bytes: Uint8Array) => startsWith(bytes, 0, CBR_MAGIC);
export const isCbl = (bytes: Uint8Array) => startsWith(bytes, 0, CBL_MAGIC);

/** UTF-16LE up to the first NUL character. */
function utf16(bytes: Uint8Array, at: number, size: number): string {
  let s = '';
  for (let i = at; i + 1 < Math.min(at + size, bytes.length); i += 2) {
    const c = bytes[i] | (bytes[i + 1] << 8);
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s.replace(/\r\n?/g, '\n').trim();
}

const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

function cbrSquare(i: number): number | undefined {
  return i < 90 ? makeSquare(i % 9, 9 - Math.floor(i / 9)) : undefined;
}

interface Node {
  move?: Move;
  comment?: string;
  children: Node[];
}

/** Reads one CBR record starting at `at` (a file, or a slot of a library). */
export function readCbr(bytes: Uint8Array, at = 0): Result<ImportedRecord, CbrError> {
  if (!startsWith(bytes, at, CBR_MAGIC)) return err(new CbrError('not a CBR record (it does not start with "CCBridge Record")'));
  if (bytes.length < at + CBR_HEADER_SIZE)
    return err(new CbrError(`a CBR record has a ${CBR_HEADER_SIZE}-byte header; this one has ${bytes.length - at} bytes`));
  const version = bytes[at + 19];
  if (version !== 2) return err(new CbrError(`CBR record version ${version}: Chuhe reads version 2, the one 象棋桥 writes today`));
  const warnings: string[] = [];
  const tags: Record<string, string> = {};
  for (const [tag, offset, size] of STRINGS) {
    const s = utf16(bytes, at + offset, size);
    if (s) tags[tag] = s;
  }
  if (!tags.Event && tags.Title) tags.Event = tags.Title;
  const result = RESULTS[bytes[at + 2076]];
  if (result) tags.Result = result;

  const board: (Piece | undefined)[] = new Array(90).fill(undefined);
  for (let i = 0; i < 90; i++) {
    const b = bytes[at + 2120 + i];
    if (b === 0) continue;
    const side = b >> 4 === 1 ? 'red' : b >> 4 === 2 ? 'black' : undefined;
    const role = ROLES[b & 0x0f];
    if (!side || !role) continue; // uninitialised bytes of some writers
    board[cbrSquare(i)!] = { side, role };
  }

  // The move tree (see the module comment), read without recursion: `pending` holds the parents
  // whose alternative moves are still to come, the latest on top.
  let p = at + CBR_HEADER_SIZE;
  const root: Node = { children: [] };
  const readComment = (flags: number): Result<string | undefined, CbrError> => {
    if (!(flags & 0x04)) return ok(undefined);
    if (p + 4 > bytes.length) return err(new CbrError(`a comment length is cut off at byte ${p - at}`));
    const len = u32(bytes, p);
    p += 4;
    if (p + len > bytes.length) return err(new CbrError(`a comment of ${len} bytes runs past the end of the record`));
    const text = utf16(bytes, p, len);
    p += len;
    return ok(text || undefined);
  };
  if (p + 4 <= bytes.length) {
    const flags = bytes[p];
    p += 4;
    const c = readComment(flags);
    if (!c.ok) return c;
    root.comment = c.value;
    if (!(flags & 0x01)) {
      let parent = root;
      const pending: Node[] = [];
      for (let n = 0; p + 4 <= bytes.length; n++) {
        const [f, reserved, from, to] = bytes.subarray(p, p + 4);
        if (f === 0 && reserved === 0 && from === 0 && to === 0) break;
        p += 4;
        const fromSq = cbrSquare(from);
        const toSq = cbrSquare(to);
        if (fromSq === undefined || toSq === undefined) return err(new CbrError(`move record ${n + 1}: squares ${from} → ${to} are off the board`));
        const cm = readComment(f);
        if (!cm.ok) return cm;
        const node: Node = { move: { from: fromSq, to: toSq }, comment: cm.value, children: [] };
        parent.children.push(node);
        if (f & 0x02) pending.push(parent);
        if (!(f & 0x01)) parent = node;
        else if (pending.length) parent = pending.pop()!;
        else break;
      }
    }
  }

  // The main line, and everything else as annotations.
  const moves: Move[] = [];
  const comments: Record<string, string> = {};
  if (root.comment) comments[0] = root.comment;
  const variations: Variation[] = [];
  const lineOf = (first: Node, ply: number, into: { moves: string[]; comments: Record<string, string>; variations: Variation[] } | undefined) => {
    // Walks a line from `first` (ply `ply`), following first children; alternatives become variations.
    let node: Node | undefined = first;
    let k = ply;
    const stackOfAlternatives: { nodes: Node[]; ply: number; owner: Variation[] }[] = [];
    while (node) {
      if (into) into.moves.push(makeIccs(node.move!));
      else moves.push(node.move!);
      if (node.comment) (into ? into.comments : comments)[k] = node.comment;
      if (node.children.length > 1) stackOfAlternatives.push({ nodes: node.children.slice(1), ply: k + 1, owner: into ? into.variations : variations });
      node = node.children[0];
      k++;
    }
    return stackOfAlternatives;
  };
  // Breadth of variations is explored with an explicit queue (no recursion on a file's depth).
  const queue = root.children.length ? lineOf(root.children[0], 1, undefined) : [];
  if (root.children.length > 1) queue.push({ nodes: root.children.slice(1), ply: 1, owner: variations });
  let budget = 100_000;
  while (queue.length && budget-- > 0) {
    const { nodes, ply, owner } = queue.shift()!;
    for (const alt of nodes) {
      const v: Variation = { ply, moves: [], comments: {}, variations: [] };
      owner.push(v);
      queue.push(...lineOf(alt, ply, v));
    }
  }

  const first = moves.length ? board[moves[0].from] : undefined;
  const sideByte = bytes[at + 2112];
  const turn = first?.side ?? (sideByte === 2 ? 'black' : 'red');
  const start = Position.fromSetup({ board, turn });
  if (!start.ok) return err(new CbrError(`the start position is not valid: ${start.error.message}`));
  const startFen = start.value.toFen();
  const annotations: Annotations = checkAnnotations(startFen, moves, { comments, variations }, warnings);
  return ok({ tags, startFen, moves, result, annotations, warnings });
}

export interface CblLibrary {
  name: string;
  /** Each record's offset in the file and what was read there. */
  games: { offset: number; record: Result<ImportedRecord, CbrError> }[];
}

/** Reads every record of a `.cbl` library (see the module comment). */
export function readCbl(bytes: Uint8Array): Result<CblLibrary, CbrError> {
  if (!isCbl(bytes)) return err(new CbrError('not a CBL library (it does not start with "CCBridgeLibrary")'));
  if (bytes.length < 576) return err(new CbrError(`a CBL library has a header of at least 576 bytes; this one has ${bytes.length}`));
  const slots = u32(bytes, 60);
  const name = utf16(bytes, 64, 512);
  // The records start after the index, on the first record magic from there (the index's size
  // follows the slot count, which some writers round up).
  let first = -1;
  const from = Math.min(CBL_INDEX_START + Math.min(slots, 1 << 20) * CBL_INDEX_ENTRY, bytes.length);
  for (let i = Math.max(from, 576); i + CBR_MAGIC.length <= bytes.length; i++) {
    if (startsWith(bytes, i, CBR_MAGIC)) {
      first = i;
      break;
    }
  }
  const games: CblLibrary['games'] = [];
  if (first >= 0) {
    for (let at = first; at + CBR_MAGIC.length <= bytes.length && games.length < MAX_LIBRARY_GAMES; at += CBL_SLOT) {
      if (startsWith(bytes, at, CBR_MAGIC)) games.push({ offset: at, record: readCbr(bytes, at) });
    }
  }
  if (games.length === 0) return err(new CbrError('the CBL library holds no record'));
  return ok({ name, games });
}
