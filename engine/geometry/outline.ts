/**
 * Shared drawing math: the exact outline of every shape kind (drawing-rules.md §2), the arrowhead
 * triangle (§L2) and the placement of text lines (baselines). Every renderer (SVG, PNG, PDF, DOCX,
 * Typst, Excalidraw) draws from these functions, so all formats agree to the hundredth of a millimetre.
 * Pure functions, millimetres, y pointing down, no I/O.
 */
import { lineHeightMm } from "../text/measure.ts";
import type { Box, Point, ShapeKind } from "./types.ts";
import {
  ARROW_LENGTH,
  ARROW_WIDTH,
  CALL_INSET,
  COMMENT_TICK,
  HEXAGON_TIP,
  IO_SKEW,
  LOOP_CHAMFER,
  PT,
} from "./style.ts";

/** The main stroke of a shape. Closed kinds are filled white; `open` is a stroke only (never filled). */
export type Outline =
  /** Axis-parallel rectangle. */
  | { kind: "rect"; x: number; y: number; w: number; h: number }
  /** Rectangle with full semicircular ends of radius r (= h/2; = w/2 if the box is narrower than tall). */
  | { kind: "stadium"; x: number; y: number; w: number; h: number; r: number }
  /** Circle. */
  | { kind: "circle"; cx: number; cy: number; r: number }
  /** Closed polygon, vertices clockwise on screen, starting at the left end of the top edge (or the top vertex). */
  | { kind: "polygon"; points: Point[] }
  /** Open polyline (the comment bracket); stroke only. */
  | { kind: "open"; points: Point[] };

export interface Segment {
  a: Point;
  b: Point;
}

export interface ShapeOutline {
  outline: Outline;
  /** Extra straight strokes drawn after the outline (the two inner verticals of `call`). */
  lines: Segment[];
}

/** A shape as far as its outline is concerned. */
export type OutlineInput = Box & { kind: ShapeKind };

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);
const p = (x: number, y: number): Point => ({ x, y });

/** The outline of a shape inside its bounding box (x, y, w, h). Constants come from style.ts. */
export function outline(shape: OutlineInput): ShapeOutline {
  const { x, y, w, h } = shape;
  const rect: Outline = { kind: "rect", x, y, w, h };
  switch (shape.kind) {
    case "terminator": {
      return { outline: { kind: "stadium", x, y, w, h, r: Math.min(w, h) / 2 }, lines: [] };
    }
    case "process":
      return { outline: rect, lines: [] };
    case "io": {
      const s = clamp(IO_SKEW, 0, w);
      return {
        outline: { kind: "polygon", points: [p(x + s, y), p(x + w, y), p(x + w - s, y + h), p(x, y + h)] },
        lines: [],
      };
    }
    case "call": {
      const i = clamp(CALL_INSET, 0, w / 2);
      return {
        outline: rect,
        lines: [
          { a: p(x + i, y), b: p(x + i, y + h) },
          { a: p(x + w - i, y), b: p(x + w - i, y + h) },
        ],
      };
    }
    case "decision":
      return {
        outline: {
          kind: "polygon",
          points: [p(x + w / 2, y), p(x + w, y + h / 2), p(x + w / 2, y + h), p(x, y + h / 2)],
        },
        lines: [],
      };
    case "hexagon": {
      const t = clamp(HEXAGON_TIP, 0, w / 2);
      return {
        outline: {
          kind: "polygon",
          points: [
            p(x + t, y),
            p(x + w - t, y),
            p(x + w, y + h / 2),
            p(x + w - t, y + h),
            p(x + t, y + h),
            p(x, y + h / 2),
          ],
        },
        lines: [],
      };
    }
    case "loop_begin": {
      const c = clamp(LOOP_CHAMFER, 0, Math.min(w / 2, h));
      return {
        outline: {
          kind: "polygon",
          points: [p(x + c, y), p(x + w - c, y), p(x + w, y + c), p(x + w, y + h), p(x, y + h), p(x, y + c)],
        },
        lines: [],
      };
    }
    case "loop_end": {
      const c = clamp(LOOP_CHAMFER, 0, Math.min(w / 2, h));
      return {
        outline: {
          kind: "polygon",
          points: [p(x, y), p(x + w, y), p(x + w, y + h - c), p(x + w - c, y + h), p(x + c, y + h), p(x, y + h - c)],
        },
        lines: [],
      };
    }
    case "connector":
      return { outline: { kind: "circle", cx: x + w / 2, cy: y + h / 2, r: Math.min(w, h) / 2 }, lines: [] };
    case "comment": {
      const t = clamp(COMMENT_TICK, 0, w);
      return {
        outline: { kind: "open", points: [p(x + t, y), p(x, y), p(x, y + h), p(x + t, y + h)] },
        lines: [],
      };
    }
  }
}

/** Path commands with absolute coordinates; arcs are given as cubic Béziers so every backend can draw them. */
export type PathCommand =
  | { op: "M"; x: number; y: number }
  | { op: "L"; x: number; y: number }
  | { op: "C"; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: "Z" };

/** Bézier constant for a quarter circle. */
export const KAPPA = 0.5522847498307936;

/**
 * Any outline as a path (M/L/C/Z). Circles and stadium ends become four / two-per-end quarter-circle
 * cubics; polygons and rectangles are closed with Z; `open` is not closed. Starts at the top-left-most
 * point and runs clockwise on screen.
 */
export function outlinePath(o: Outline): PathCommand[] {
  switch (o.kind) {
    case "rect":
      return [
        { op: "M", x: o.x, y: o.y },
        { op: "L", x: o.x + o.w, y: o.y },
        { op: "L", x: o.x + o.w, y: o.y + o.h },
        { op: "L", x: o.x, y: o.y + o.h },
        { op: "Z" },
      ];
    case "polygon":
    case "open": {
      const cmds: PathCommand[] = o.points.map((q, i) => ({ op: i === 0 ? "M" : "L", x: q.x, y: q.y }) as PathCommand);
      if (o.kind === "polygon") cmds.push({ op: "Z" });
      return cmds;
    }
    case "circle": {
      const { cx, cy, r } = o;
      const k = KAPPA * r;
      return [
        { op: "M", x: cx, y: cy - r },
        { op: "C", x1: cx + k, y1: cy - r, x2: cx + r, y2: cy - k, x: cx + r, y: cy },
        { op: "C", x1: cx + r, y1: cy + k, x2: cx + k, y2: cy + r, x: cx, y: cy + r },
        { op: "C", x1: cx - k, y1: cy + r, x2: cx - r, y2: cy + k, x: cx - r, y: cy },
        { op: "C", x1: cx - r, y1: cy - k, x2: cx - k, y2: cy - r, x: cx, y: cy - r },
        { op: "Z" },
      ];
    }
    case "stadium": {
      // A rounded rectangle with corner radius r = min(w, h)/2: full semicircular ends.
      const { x, y, w, h, r } = o;
      const k = KAPPA * r;
      return [
        { op: "M", x: x + r, y },
        { op: "L", x: x + w - r, y },
        { op: "C", x1: x + w - r + k, y1: y, x2: x + w, y2: y + r - k, x: x + w, y: y + r },
        { op: "L", x: x + w, y: y + h - r },
        { op: "C", x1: x + w, y1: y + h - r + k, x2: x + w - r + k, y2: y + h, x: x + w - r, y: y + h },
        { op: "L", x: x + r, y: y + h },
        { op: "C", x1: x + r - k, y1: y + h, x2: x, y2: y + h - r + k, x, y: y + h - r },
        { op: "L", x, y: y + r },
        { op: "C", x1: x, y1: y + r - k, x2: x + r - k, y2: y, x: x + r, y },
        { op: "Z" },
      ];
    }
  }
}

/** A point on the drawn outline (middle of the top edge, or of the bracket's stroke): handy for checks. */
export function outlineProbe(o: Outline): Point {
  switch (o.kind) {
    case "rect":
    case "stadium":
      return p(o.x + o.w / 2, o.y);
    case "circle":
      return p(o.cx, o.cy - o.r);
    case "polygon":
    case "open": {
      const a = o.points[o.kind === "open" ? 1 : 0]!;
      const b = o.points[o.kind === "open" ? 2 : 1]!;
      return p((a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  }
}

/**
 * The filled arrowhead at the end of a polyline: a triangle ARROW_LENGTH long and ARROW_WIDTH wide with
 * its tip exactly at the last point, pointing along the last non-degenerate segment.
 * Returns [tip, base-left, base-right], or null when the polyline has no direction (fewer than two
 * distinct points).
 */
export function arrowhead(points: readonly Point[]): [Point, Point, Point] | null {
  const dir = lastDirection(points);
  if (!dir) return null;
  const tip = points[points.length - 1]!;
  const bx = tip.x - dir.x * ARROW_LENGTH;
  const by = tip.y - dir.y * ARROW_LENGTH;
  const hw = ARROW_WIDTH / 2;
  // Normal (−dy, dx); order chosen so the triangle runs tip → one side → other side.
  return [tip, p(bx - dir.y * hw, by + dir.x * hw), p(bx + dir.y * hw, by - dir.x * hw)];
}

/**
 * The polyline as it is stroked when it ends in an arrowhead: the last point is pulled back by half the
 * arrow length (never past the previous point) so the line's square cap stays hidden under the filled
 * triangle instead of poking out past the tip. Lines without an arrow are drawn as given.
 */
export function strokedPoints(points: readonly Point[], arrow: boolean): Point[] {
  const pts: Point[] = [];
  for (const q of points) pts.push(p(q.x, q.y));
  if (!arrow) return pts;
  const dir = lastDirection(points);
  if (!dir) return pts;
  const tip = pts[pts.length - 1]!;
  // Drop repeats of the last point, so the pulled-back end is not followed by a stray segment.
  while (pts.length > 2) {
    const q = pts[pts.length - 2]!;
    if (q.x !== tip.x || q.y !== tip.y) break;
    pts.pop();
  }
  const prev = pts[pts.length - 2]!;
  const len = Math.hypot(tip.x - prev.x, tip.y - prev.y);
  const back = Math.min(ARROW_LENGTH / 2, len);
  pts[pts.length - 1] = p(tip.x - dir.x * back, tip.y - dir.y * back);
  return pts;
}

function lastDirection(points: readonly Point[]): Point | null {
  const tip = points[points.length - 1];
  if (!tip) return null;
  for (let i = points.length - 2; i >= 0; i--) {
    const q = points[i]!;
    const dx = tip.x - q.x;
    const dy = tip.y - q.y;
    const len = Math.hypot(dx, dy);
    if (len > 1e-9) return p(dx / len, dy / len);
  }
  return null;
}

/** Horizontal alignment of a shape's text: centred, except the comment (left-aligned beside its bracket, S10). */
export type TextAlign = "center" | "start";

export function shapeTextAlign(kind: ShapeKind): TextAlign {
  return kind === "comment" ? "start" : "center";
}

/** Baseline offset below the middle of a line box, as a fraction of the font size (Tinos/Times x-height centring). */
export const BASELINE_SHIFT = 0.34;

export interface PlacedLine {
  text: string;
  /** Anchor x: the centre of the box for "center", its left edge for "start". */
  x: number;
  /** Baseline y. */
  y: number;
}

/**
 * Places already-wrapped lines in a box: the block of lines (n · pitch high) is centred vertically in
 * the box; line i sits in the band [blockTop + i·pitch, blockTop + (i+1)·pitch] with its baseline at
 * blockTop + i·pitch + pitch/2 + 0.34·sizeMm. Horizontally each line is anchored at the box centre
 * ("center") or at box.x ("start"). Empty lines keep their band but are omitted from the result.
 */
export function placeText(box: Box, lines: readonly string[], sizePt: number, align: TextAlign, band?: { top: number; bottom: number }): PlacedLine[] {
  const pitch = lineHeightMm(sizePt);
  const sizeMm = sizePt * PT;
  const blockTop = box.y + (box.h - lines.length * pitch) / 2;
  const x = align === "center" ? box.x + box.w / 2 : box.x;
  const out: PlacedLine[] = [];
  // With `band` (a PNG strip, canvas y top … bottom) only the lines whose pitch reaches into it:
  // found by arithmetic, so a strip of a tall text costs its own lines, not all of them (issue 22).
  const first = band ? Math.max(0, Math.floor((band.top - blockTop) / pitch) - 1) : 0;
  const last = band ? Math.min(lines.length, Math.ceil((band.bottom - blockTop) / pitch) + 1) : lines.length;
  for (let i = first; i < last; i++) {
    const text = lines[i]!;
    if (text !== "") out.push({ text, x, y: blockTop + i * pitch + pitch / 2 + BASELINE_SHIFT * sizeMm });
  }
  return out;
}

/**
 * Rounds to 0.01 mm, the precision of every serialised coordinate; never returns -0.
 * Non-finite numbers are a layout bug and throw.
 */
export function round2(n: number): number {
  if (!Number.isFinite(n)) throw new RangeError(`non-finite coordinate: ${n}`);
  const r = Math.round(n * 100) / 100;
  return r === 0 ? 0 : r;
}
