/**
 * Branch labels of decision exits (drawing-rules D4): above a sideways exit next to its vertex, or
 * right of a downward exit just below where it starts — never touching a line.
 */
import type { Box, Point } from "../geometry/types.ts";
import { LABEL_OFFSET } from "../geometry/style.ts";
import type { OpenEdge } from "./canvas.ts";
import type { Sizer } from "./size.ts";

/** Gap between a label and the line it belongs to. */
export const LABEL_GAP = 0.8;

export type LabelPlacement = "above-right" | "above-left" | "below-right";

/** The box of `text` at a line starting at (x, y): see LabelPlacement. */
export function labelBox(sizer: Sizer, text: string, x: number, y: number, placement: LabelPlacement): Box {
  const size = sizer.label(text);
  if (placement === "below-right") return { x: x + LABEL_OFFSET, y: y + LABEL_GAP, w: size.w, h: size.h };
  const lx = placement === "above-right" ? x + LABEL_OFFSET : x - LABEL_OFFSET - size.w;
  return { x: lx, y: y - LABEL_GAP - size.h, w: size.w, h: size.h };
}

/** Height a label hanging below a bottom vertex takes, with its gaps. */
export function labelDrop(sizer: Sizer, text: string): number {
  return LABEL_GAP + sizer.label(text).h + LABEL_GAP;
}

/** Labels `edge`, placed at its start or at `at` (a switch column's label sits where it turns down). */
export function withLabel(sizer: Sizer, edge: OpenEdge, text: string, placement: LabelPlacement, at: Point = edge.points[0]!): OpenEdge {
  edge.label = text;
  edge.labelBox = labelBox(sizer, text, at.x, at.y, placement);
  return edge;
}
