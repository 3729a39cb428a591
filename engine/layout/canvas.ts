/**
 * The drawing surface of one chart while it is being laid out: shapes and edges in absolute chart
 * coordinates (mm, y down), deterministic ids, connector letters, and the "open edge" — a line that
 * has left its source and is still looking for its target.
 */
import type { Box, Edge, Point, Shape, ShapeKind } from "../geometry/types.ts";
import { COMMENT_GAP, FONT_SIZE, IO_SKEW } from "../geometry/style.ts";
import type { SizedText, Sizer } from "./size.ts";

/** Direction a line travels at its current end point. */
export type Heading = "down" | "left" | "right";

/** A line that has left its source (a shape or a junction) and is still being drawn. */
export interface OpenEdge {
  from: string | null;
  points: Point[];
  heading: Heading;
  label?: string;
  labelBox?: Box;
}

export class Canvas {
  readonly shapes: Shape[] = [];
  readonly edges: Edge[] = [];
  private shapeCount = 0;
  private edgeCount = 0;
  private letterCount = 0;
  /** The diameter the designations drawn so far needed; above `connector` the chart is laid out again. */
  needed: number;
  private readonly prefix: string;
  private readonly letters: readonly string[];
  /** Sizes symbols and labels in the layout's font, which the shapes record. */
  readonly sizer: Sizer;
  /** Diameter of the connectors carrying designations (P2), the same all over the chart. */
  readonly connector: number;
  /** Labels the chart's own connectors carry (goto labels): designations never repeat them. */
  private readonly reserved: ReadonlySet<string>;

  constructor(prefix: string, letters: readonly string[], sizer: Sizer, connector: number, reserved: ReadonlySet<string> = new Set()) {
    this.prefix = prefix;
    this.letters = letters;
    this.sizer = sizer;
    this.connector = connector;
    this.reserved = reserved;
    this.needed = connector;
  }

  addShape(kind: ShapeKind, sized: SizedText, cx: number, top: number, source?: number): Shape {
    const x = cx - sized.w / 2;
    const shape: Shape = {
      id: `${this.prefix}s${++this.shapeCount}`,
      kind,
      x,
      y: top,
      w: sized.w,
      h: sized.h,
      text: sized.lines,
      textBox: { x: x + sized.textBox.x, y: top + sized.textBox.y, w: sized.textBox.w, h: sized.textBox.h },
      font: { family: this.sizer.font.family, size: FONT_SIZE },
    };
    if (source !== undefined) shape.source = source;
    this.shapes.push(shape);
    if (sized.comment) this.addComment(shape, sized.comment);
    return shape;
  }

  /**
   * The comment of `shape` (S10) to its right, COMMENT_GAP away: centred on the symbol's middle,
   * or top-aligned with it when taller; joined by a dashed line from the middle of the symbol's
   * right side to the bracket.
   */
  private addComment(shape: Shape, comment: SizedText): void {
    const midY = shape.y + shape.h / 2;
    const top = comment.h <= shape.h ? midY - comment.h / 2 : shape.y;
    const x = shape.x + shape.w + COMMENT_GAP;
    const box: Shape = {
      id: `${this.prefix}s${++this.shapeCount}`,
      kind: "comment",
      x,
      y: top,
      w: comment.w,
      h: comment.h,
      text: comment.lines,
      textBox: { x: x + comment.textBox.x, y: top + comment.textBox.y, w: comment.textBox.w, h: comment.textBox.h },
      font: shape.font,
    };
    if (shape.source !== undefined) box.source = shape.source;
    this.shapes.push(box);
    // The io parallelogram's right side is slanted: its middle lies half a skew inside the box.
    const side = shape.kind === "io" ? shape.x + shape.w - IO_SKEW / 2 : shape.x + shape.w;
    this.edges.push({
      id: `${this.prefix}e${++this.edgeCount}`,
      from: shape.id,
      to: box.id,
      points: [{ x: side, y: midY }, { x, y: midY }],
      arrow: false,
      dashed: true,
    });
  }

  /** Adds a symbol on the spine and ends the incoming line at its top. */
  enter(kind: ShapeKind, sized: SizedText, cx: number, top: number, incoming: OpenEdge, source?: number): Shape {
    const shape = this.addShape(kind, sized, cx, top, source);
    lineTo(incoming, cx, top);
    this.close(incoming, shape.id, false);
    return shape;
  }

  /** The circle of a designation; one that needs more than `connector` is noted in `needed`. */
  designation(letter: string): SizedText {
    const sized = this.sizer.connector(letter, this.connector);
    this.needed = Math.max(this.needed, sized.w);
    return sized;
  }

  /** Next connector designation in order of appearance (P2). */
  nextLetter(): string {
    for (;;) {
      const n = this.letterCount++;
      const base = this.letters[n % this.letters.length]!;
      const round = Math.floor(n / this.letters.length);
      const letter = round === 0 ? base : `${base}${round}`;
      if (!this.reserved.has(letter)) return letter;
    }
  }

  /** Starts a line at a point of a shape (or of another line when `from` is null). */
  open(from: string | null, start: Point, heading: Heading = "down"): OpenEdge {
    return { from, points: [start], heading };
  }

  /** Ends an open line at its target shape (or on another line when `to` is null). */
  close(edge: OpenEdge, to: string | null, arrow: boolean): Edge {
    const done: Edge = {
      id: `${this.prefix}e${++this.edgeCount}`,
      from: edge.from,
      to,
      points: simplify(edge.points),
      arrow,
    };
    if (edge.label !== undefined && edge.labelBox) {
      done.label = edge.label;
      done.labelBox = edge.labelBox;
    }
    this.edges.push(done);
    return done;
  }
}

/** Appends a point, keeping the polyline orthogonal by construction (callers pass aligned points). */
export function lineTo(edge: OpenEdge, x: number, y: number): OpenEdge {
  const last = edge.points[edge.points.length - 1]!;
  if (last.x === x && last.y === y) return edge;
  edge.points.push({ x, y });
  edge.heading = x > last.x ? "right" : x < last.x ? "left" : "down";
  return edge;
}

export function endOf(edge: OpenEdge): Point {
  return edge.points[edge.points.length - 1]!;
}

/** Drops repeated points and merges collinear runs so every segment is a real turn. */
function simplify(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    if (out.length >= 2) {
      const a = out[out.length - 2]!;
      const b = out[out.length - 1]!;
      const collinear = (a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y);
      if (collinear) out.pop();
    }
    out.push({ x: p.x, y: p.y });
  }
  return out;
}
