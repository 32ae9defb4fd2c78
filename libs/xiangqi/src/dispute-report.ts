/**
 * The arbiter's report on a disputed position (待判局面, 三章6G): the 棋例 verdict of
 * repetition/adjudicate, each move of the cycle in Chinese notation (炮七平九) with its
 * classification (将, 捉 … with the pieces named in Chinese), the articles, the 三章6G procedure,
 * and one SVG diagram (Red at the bottom) per distinct position of the cycle with arrows for the
 * checks and chases. Pure: JSON in, JSON out (stored as Dispute.report).
 */
import { diagramSvg, type DiagramArrow } from './diagram-svg';
import { aimlessRounds, disputeProcedure, type AimlessRun, type DisputeProcedure } from './dispute-procedure';
import { formatMove, parseMove } from './notation';
import type { Position } from './position';
import { adjudicate } from './repetition/adjudicate';
import { positionFromFen } from './repetition/lenient';
import type { Adjudication, MoveKindName, RuleSet } from './repetition/types';
import { KIND_ZH } from './repetition/types';
import type { Move, Piece, Role, Side } from './types';
import { makeIccs } from './iccs';

export const ROLE_ZH: Record<Side, Record<Role, string>> = {
  red: { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' },
  black: { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '炮', pawn: '卒' },
};

const KIND_EN: Record<MoveKindName, string> = {
  check: 'check',
  chase: 'chase',
  mateThreat: 'mate threat',
  discoveredThreat: 'discovered threat',
  exchangeOffer: 'exchange offer',
  offer: 'offer',
  block: 'block',
  idle: 'idle',
};

const VERDICT_TEXT = {
  red_loses: { zh: '红方判负', en: 'Red loses' },
  black_loses: { zh: '黑方判负', en: 'Black loses' },
  draw: { zh: '判和', en: 'drawn' },
  none: { zh: '无循环，不判', en: 'no repetition: no ruling' },
} as const;

export interface ReportMove {
  ply: number;
  side: Side;
  iccs: string;
  /** The move in Chinese notation (simplified), e.g. 炮七平九. */
  zh: string;
  primary: MoveKindName;
  primaryZh: string;
  /** Each kind: e.g. { zh: '车（h9）将 将（f9）', en: 'rook h9 checks king f9' }. */
  kinds: { kind: MoveKindName; zh: string; en: string; from: string; to: string; reason: string }[];
}

export interface ReportDiagram {
  /** After this ply of the input moves (0 = the start). */
  ply: number;
  fen: string;
  caption: string;
  svg: string;
}

export interface DisputeReport {
  rules: RuleSet;
  startFen: string;
  moves: string[];
  verdict: Adjudication['result'];
  verdictText: { zh: string; en: string };
  cycle: Adjudication['cycle'];
  sides: {
    red: { pattern: string; label: { zh: string; en: string }; violation: boolean; reason: string };
    black: { pattern: string; label: { zh: string; en: string }; violation: boolean; reason: string };
  };
  articles: string[];
  explanation: { zh: string; en: string };
  procedure: DisputeProcedure;
  /** lenient only: what is unusual about the start position. */
  warnings: string[];
  /** The 9-round rule's facts per side (三章6G): a claim makes the position 待判 only when one side's run is claimable. */
  aimless: { red: AimlessRun; black: AimlessRun };
  cycleMoves: ReportMove[];
  diagrams: ReportDiagram[];
}

export interface DisputeReportInput {
  fen: string;
  /** Moves in any notation parseMove reads (ICCS, Chinese, WXF). */
  moves: string[];
  rules?: RuleSet;
  cyclesAfterInstruction?: number;
  aimlessClaim?: boolean;
  /** A position typed from the board or a diagram: unusual (not absurd) placements accepted, with warnings. */
  lenient?: boolean;
}

export type DisputeReportError = { code: 'bad_fen' | 'bad_move' | 'illegal_move' | 'bad_record' | 'bad_input'; message: string; ply?: number };

export function disputeReport(input: DisputeReportInput): { ok: true; value: DisputeReport } | { ok: false; error: DisputeReportError } {
  const rules = input.rules ?? 'axf';
  const start = positionFromFen(input.fen, input.lenient === true);
  if (!start.ok) return { ok: false, error: { code: 'bad_fen', message: `the start position is not valid: ${start.error.message}` } };
  const pos = start.value.position.clone();
  const positions: Position[] = [pos.clone()];
  const plies: { ply: number; side: Side; move: Move; captured?: Piece }[] = [];
  for (let i = 0; i < input.moves.length; i++) {
    const side = pos.turn;
    const parsed = parseMove(pos, input.moves[i]);
    if (!parsed.ok)
      return {
        ok: false,
        error: {
          code: 'illegal_move',
          message: `move ${pos.fullmoves}${side === 'black' ? '...' : '.'} ${input.moves[i]} (ply ${i + 1}, ${side}): ${parsed.error.message}`,
          ply: i + 1,
        },
      };
    const captured = pos.play(parsed.value);
    plies.push({ ply: i + 1, side, move: parsed.value, captured });
    positions.push(pos.clone());
  }
  const game = { value: { startFen: positions[0].toFen(), plies } };
  const iccs = plies.map((p) => makeIccs(p.move));
  const judged = adjudicate({ fen: input.fen, moves: iccs, rules, lenient: input.lenient === true });
  if (!judged.ok) return { ok: false, error: { code: judged.error.code, message: judged.error.message, ply: judged.error.ply } };
  const a = judged.value;
  const byPly = new Map(a.moves.map((m) => [m.ply, m]));
  const cycleMoves: ReportMove[] = [];
  const diagrams: ReportDiagram[] = [];
  if (a.cycle) {
    for (let ply = a.cycle.startPly; ply <= a.cycle.endPly; ply++) {
      const before = positions[ply - 1];
      const played = game.value.plies[ply - 1];
      const analysis = byPly.get(ply);
      const side = played.side;
      const other: Side = side === 'red' ? 'black' : 'red';
      const zh = formatMove(before, played.move, 'chinese');
      const kinds = (analysis?.kinds ?? []).map((k) => {
        const actor = ROLE_ZH[side][k.piece];
        const target = k.target ? ROLE_ZH[other][k.target] : '';
        const zhText =
          k.kind === 'idle' || k.kind === 'mateThreat' || k.kind === 'block'
            ? `${actor}（${k.from}）${KIND_ZH[k.kind]}`
            : `${actor}（${k.from}）${KIND_ZH[k.kind]}${target}（${k.to}）`;
        const enText = k.target ? `${k.piece} ${k.from} ${KIND_EN[k.kind]} ${k.target} ${k.to}` : `${k.piece} ${k.from}: ${KIND_EN[k.kind]}`;
        return { kind: k.kind, zh: zhText, en: enText, from: k.from, to: k.to, reason: k.reason };
      });
      const primary = analysis?.primary ?? 'idle';
      cycleMoves.push({ ply, side, iccs: iccs[ply - 1], zh, primary, primaryZh: KIND_ZH[primary], kinds });
      // The position after the move, with the move and its checks/chases drawn.
      const arrows: DiagramArrow[] = [{ from: iccs[ply - 1].slice(0, 2), to: iccs[ply - 1].slice(2, 4), kind: 'move' }];
      for (const k of kinds) {
        if (k.kind === 'check') arrows.push({ from: k.from, to: k.to, kind: 'check' });
        else if (k.kind === 'chase') arrows.push({ from: k.from, to: k.to, kind: 'chase' });
        else if (k.kind === 'discoveredThreat' || k.kind === 'exchangeOffer' || k.kind === 'offer') arrows.push({ from: k.from, to: k.to, kind: 'threat' });
      }
      const fen = positions[ply].toFen();
      const caption = `${ply}. ${zh}（${kinds.map((k) => KIND_ZH[k.kind]).join('、') || '闲'}）`;
      const svg = diagramSvg(fen, { arrows, caption, idPrefix: `ply${ply}` });
      if (!svg.ok) return { ok: false, error: { code: 'bad_input', message: svg.error } };
      diagrams.push({ ply, fen, caption, svg: svg.value });
    }
  }
  const startTurn = positions[0].turn;
  const plain = game.value.plies.map((p) => ({ from: iccs[p.ply - 1].slice(0, 2), to: iccs[p.ply - 1].slice(2, 4), capture: p.captured !== undefined }));
  const aimless = { red: aimlessRounds(plain, 'red', startTurn), black: aimlessRounds(plain, 'black', startTurn) };
  const side = (s: Side) => ({ pattern: a.sides[s].pattern, label: a.sides[s].label, violation: a.sides[s].violation, reason: a.sides[s].reason });
  return {
    ok: true,
    value: {
      rules,
      startFen: game.value.startFen,
      moves: iccs,
      verdict: a.result,
      verdictText: VERDICT_TEXT[a.result],
      cycle: a.cycle,
      sides: { red: side('red'), black: side('black') },
      articles: a.articles,
      explanation: a.explanation,
      warnings: [...start.value.warnings],
      procedure: disputeProcedure(a, {
        cyclesAfterInstruction: input.cyclesAfterInstruction,
        aimlessClaim: input.aimlessClaim === true && (aimless.red.claimable || aimless.black.claimable),
      }),
      aimless,
      cycleMoves,
      diagrams,
    },
  };
}
