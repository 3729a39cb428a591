/**
 * The size module of one chart (drawing-rules G2, G3, L7): symbol height a from the series 20, 15 mm,
 * the widths and gaps that follow from it. All symbols and gaps of a chart come from one Module; the
 * fit stage (fit/choose-module.ts) picks it per chart, fit/fit-document.ts one for a paged document. Lane clearances and pitches are absolute
 * millimetres (L7) and stay in geometry/style.ts; only the pitch of nested loops' lanes is chosen
 * with the module (5 mm, or L7's 3 mm minimum in the compact modules).
 */
import { A, GAP, LANE_PITCH } from "../geometry/style.ts";

export interface Module {
  /** Symbol height a (G2). */
  readonly a: number;
  /** Symbol width b = 1.5a. */
  readonly b: number;
  /** b = 2a, the first widening step. */
  readonly bWide: number;
  /** Vertical gap between consecutive symbols on a spine: 0.5a, or tighter (L7), never below MIN_GAP. */
  readonly gap: number;
  /** Stub below a decision vertex / above a join: 0.25a, never below 5 mm (L7: it is also a line–symbol clearance). */
  readonly stub: number;
  /** Horizontal gap between neighbouring branch columns: 0.5a (L7). */
  readonly columnGap: number;
  /** Terminator height 0.5a (S1). */
  readonly terminator: number;
  /** Connector diameter 0.5a (S8). */
  readonly connector: number;
  /**
   * Distance between parallel lanes and runs of nested loops (a loop's back and exit runs, an outer
   * loop's lane beside an inner one's): L7's 5 mm, or its minimum of 3 mm in the compact modules.
   */
  readonly lanePitch: number;
}

/**
 * The smallest vertical gap: L7 allows 5 mm, but a branch label hanging below a bottom vertex
 * (D4: 0.8 mm + one 12 pt line + 0.8 mm) needs the gap under its diamond; 7.5 mm keeps it clear.
 */
const MIN_GAP = 7.5;
/** L7's minimum stub (it is also a line–symbol clearance). */
const MIN_STUB = 5;
/** L7's minimum distance between parallel flow lines. */
const MIN_LANE_PITCH = 3;

function moduleOf(a: number, gap: number, lanePitch: number): Module {
  return {
    a,
    b: 1.5 * a,
    bWide: 2 * a,
    gap: Math.max(MIN_GAP, gap),
    stub: Math.max(MIN_STUB, a / 4),
    columnGap: a / 2,
    terminator: a / 2,
    connector: a / 2,
    lanePitch,
  };
}

/** a = 20 mm with the gaps of drawing-rules §11: every chart that has room for it. */
export const STANDARD: Module = moduleOf(A, GAP, LANE_PITCH);

/**
 * What a chart on paged output may use instead, in the order a careful student tries them (issue 12):
 * a = 20 mm with tighter gaps, then a = 15 mm (the G2 series) with its own gaps (0.5a = 7.5 mm, as
 * tight as the labels allow); both with the lanes of nested loops at L7's 3 mm. `STANDARD` comes
 * first in every list of choices.
 */
export const COMPACT: readonly Module[] = [moduleOf(A, MIN_GAP, MIN_LANE_PITCH), moduleOf(15, 0.5 * 15, MIN_LANE_PITCH)];

/** Every module from the largest to the most compact (fit/fit-document.ts ranks choices by it). */
export const MODULES: readonly Module[] = [STANDARD, ...COMPACT];

/** The most compact module (the report measures "fits one page" against it). */
export const SMALLEST: Module = COMPACT[COMPACT.length - 1]!;
