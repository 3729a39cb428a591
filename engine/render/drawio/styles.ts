/**
 * draw.io styles of our symbols (drawing-rules.md §2): draw.io's built-in shapes where one draws the
 * standard's outline, sized from the same constants as engine/geometry/outline.ts, black on white.
 * Sizes are in draw.io units (UNITS_PER_MM) at the figure's scale.
 */
import type { Shape, ShapeKind } from "../../geometry/types.ts";
import { CALL_INSET, COMMENT_TICK, HEXAGON_TIP, IO_SKEW, LOOP_CHAMFER } from "../../geometry/style.ts";

/**
 * draw.io units per mm: draw.io measures pages in hundredths of an inch (its A4 is 827 × 1169 and its
 * ruler's mm are 3.937 units), so a symbol a × b mm is a × b mm in the app and on its printout.
 */
export const UNITS_PER_MM = 100 / 25.4;
/** draw.io units per point (font sizes are in the same units as the coordinates). */
export const UNITS_PER_PT = 100 / 72;

/** mm → units, rounded to 0.01 unit, never -0. */
export function u(mm: number): number {
  if (!Number.isFinite(mm)) throw new RangeError(`non-finite coordinate: ${mm}`);
  const r = Math.round(mm * UNITS_PER_MM * 100) / 100;
  return r === 0 ? 0 : r;
}

/**
 * A style string from ordered key/value pairs (a bare name is a named style of draw.io's stylesheet;
 * shapes are given as `shape=…`, which every mxGraph reader knows, not as draw.io's named styles).
 */
export function style(entries: readonly (string | [string, string | number])[]): string {
  return entries.map((e) => (typeof e === "string" ? `${e};` : `${e[0]}=${e[1]};`)).join("");
}

/** The shape part of a symbol's style at figure scale `s`. */
export function shapeStyle(kind: ShapeKind, s: number): (string | [string, string | number])[] {
  switch (kind) {
    case "terminator":
      return [["rounded", 1], ["arcSize", 50]];
    case "process":
      return [["rounded", 0]];
    case "io":
      return [["shape", "parallelogram"], ["perimeter", "parallelogramPerimeter"], ["fixedSize", 1], ["size", u(IO_SKEW * s)]];
    case "call":
      return [["shape", "process"], ["fixedSize", 1], ["size", u(CALL_INSET * s)]];
    case "decision":
      return [["shape", "rhombus"], ["perimeter", "rhombusPerimeter"]];
    case "hexagon":
      return [["shape", "hexagon"], ["perimeter", "hexagonPerimeter2"], ["fixedSize", 1], ["size", u(HEXAGON_TIP * s)]];
    case "loop_begin":
      return [["shape", "loopLimit"], ["size", u(LOOP_CHAMFER * s)]];
    case "loop_end":
      return [["shape", "loopLimit"], ["size", u(LOOP_CHAMFER * s)], ["flipV", 1]];
    case "connector":
      return [["shape", "ellipse"], ["perimeter", "ellipsePerimeter"], ["aspect", "fixed"]];
    case "comment":
      // The bracket only (top tick, left side, bottom tick); the text stands beside it (labelPosition=right).
      return [["shape", "partialRectangle"], ["right", 0], ["fillColor", "none"], ["labelPosition", "right"], ["align", "left"]];
  }
}

/** The box the symbol's vertex gets, geometry mm: the shape's box, or for a comment its bracket. */
export function vertexBox(shape: Shape): { x: number; y: number; w: number; h: number } {
  if (shape.kind === "comment") return { x: shape.x, y: shape.y, w: Math.min(COMMENT_TICK, shape.w), h: shape.h };
  return { x: shape.x, y: shape.y, w: shape.w, h: shape.h };
}
