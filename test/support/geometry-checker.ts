/**
 * An independent checker of laid-out geometry against the drawing rules (drawing-rules.md §L, §D, §P).
 * `checkGeometry` returns human-readable violations, each starting with its rule tag `[a]` … `[m]`
 * and naming the chart, the part and the shape/edge ids involved. An empty list means the geometry
 * passes every rule.
 *
 * Rules (see test/geometry-checker.test.ts for one failing example each):
 *  a  overlapping boxes (shape/shape, shape/label, label/label) with positive area, per part
 *  b  an edge with < 2 points, a zero-length or non-orthogonal segment, a segment reversing onto the previous one
 *  c  a segment touching a shape's box, except the first/last segment at its own from/to port
 *  d  a segment within 0.2 mm of a label box (own edge included)
 *  e  a proper "+" crossing of two edges, collinear overlap, or a touch that is not a junction
 *  f  a four-way join (four arms at a junction point where at least two lines arrive)
 *  g  arrow rule: a segment running up or leftwards needs arrow=true and at most one horizontal segment after it
 *  h  decision branches without label/labelBox, or a decision with fewer than two branches
 *  i  text that does not fit its textBox, or a textBox outside its shape
 *  j  a connector without its pair (or with both/neither incoming and outgoing lines)
 *  k  a shape unreachable from the Start terminator
 *  l  a shape from which no end terminator is reachable (shapes leading only into an exitless loop exempt)
 *  m  dangling references, endpoints off their shape's port, junction points off every other line; a
 *     comment link (dashed, S10) must run right from the middle of a symbol's right side (of the
 *     slanted side for io) to the bracket of a comment, without an arrowhead
 *
 * Spatial rules use a uniform grid per part, so the cost is roughly linear in the number of shapes,
 * edges and segments.
 */
import type { Box, ChartGeometry, Edge, Geometry, Point, Shape } from "../../engine/geometry/types.ts";
import { IO_SKEW, LINE_SPACING, PT } from "../../engine/geometry/style.ts";
import { fontByFamily } from "../../engine/fonts.ts";
import { textWidthMm } from "../../engine/text/measure.ts";

const ORTHO_EPS = 1e-6; // a segment is horizontal/vertical within this
const TOL = 1e-3; // point equality, point-on-line, touching
const LABEL_CLEARANCE = 0.2; // lines keep this far from label boxes
const TEXT_TOL = 0.05;
const CELL = 32; // grid cell, mm
const MAX_PER_RULE = 50; // messages per chart and rule before summarising

type Dir = "up" | "down" | "left" | "right";

interface Seg {
  edge: number; // index into chart edge list
  k: number; // segment index within the edge
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  dir: Dir | null; // null when zero-length or oblique
  start: number; // arc length of the edge at the segment start
}

interface ShapeRec {
  shape: Shape;
  part: number;
}

interface EdgeRec {
  edge: Edge;
  part: number;
  segs: number[]; // indices into the part's segment list
  /** Index of the first and last segment of non-zero length (-1 when none). */
  firstK: number;
  lastK: number;
}

interface JunctionRec {
  node: number; // graph node id
  p: Point;
  part: number;
  /** Edges that contain the point, with the arc-length position. */
  on: { edge: number; pos: number }[];
}

const near = (a: number, b: number, tol = TOL): boolean => Math.abs(a - b) <= tol;
const samePoint = (a: Point, b: Point): boolean => near(a.x, b.x) && near(a.y, b.y);
const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);
const fmtP = (p: Point): string => `(${fmt(p.x)}, ${fmt(p.y)})`;

function dirOf(a: Point, b: Point): Dir | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax <= ORTHO_EPS && ay <= ORTHO_EPS) return null;
  if (ax > ORTHO_EPS && ay > ORTHO_EPS) return null;
  if (ay <= ORTHO_EPS) return dx > 0 ? "right" : "left";
  return dy > 0 ? "down" : "up";
}

const OPPOSITE: Record<Dir, Dir> = { up: "down", down: "up", left: "right", right: "left" };
const isHorizontal = (d: Dir): boolean => d === "left" || d === "right";

/** Positive-area overlap of two boxes. */
function boxesOverlap(a: Box, b: Box): boolean {
  const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return ox > TOL && oy > TOL;
}

/** Does the (axis-parallel) segment touch the box grown by `grow` on every side (closed)? */
function segTouchesBox(s: Seg, b: Box, grow: number): boolean {
  const minX = Math.min(s.x0, s.x1);
  const maxX = Math.max(s.x0, s.x1);
  const minY = Math.min(s.y0, s.y1);
  const maxY = Math.max(s.y0, s.y1);
  return maxX >= b.x - grow && minX <= b.x + b.w + grow && maxY >= b.y - grow && minY <= b.y + b.h + grow;
}

/** Arc-length position of p on segment s, or null when p is not on it. */
function posOnSeg(s: Seg, p: Point): number | null {
  const minX = Math.min(s.x0, s.x1) - TOL;
  const maxX = Math.max(s.x0, s.x1) + TOL;
  const minY = Math.min(s.y0, s.y1) - TOL;
  const maxY = Math.max(s.y0, s.y1) + TOL;
  if (p.x < minX || p.x > maxX || p.y < minY || p.y > maxY) return null;
  if (s.dir === null) return near(p.x, s.x0) && near(p.y, s.y0) ? s.start : null;
  return s.start + Math.abs(p.x - s.x0) + Math.abs(p.y - s.y0);
}

/**
 * Uniform grid over one part. Items are registered in every cell their box covers; a pair of items
 * is visited once, in the first cell (lowest cx, then cy) of the overlap of their cell ranges.
 * Cell keys stay small integers so the Map hashes fast.
 */
class Grid {
  readonly cells = new Map<number, number[]>();
  private readonly cx0: number[] = [];
  private readonly cy0: number[] = [];
  private static readonly OFF = 1024;
  private static key(cx: number, cy: number): number {
    return (cx + Grid.OFF) * 32768 + (cy + Grid.OFF);
  }
  private static cell(v: number): number {
    return Math.max(-Grid.OFF, Math.min(32767 - Grid.OFF, Math.floor(v / CELL)));
  }
  /** Registers item `id` (ids must be 0, 1, 2 … in order). */
  insert(id: number, x0: number, y0: number, x1: number, y1: number): void {
    const cx0 = Grid.cell(x0);
    const cx1 = Grid.cell(x1);
    const cy0 = Grid.cell(y0);
    const cy1 = Grid.cell(y1);
    this.cx0[id] = cx0;
    this.cy0[id] = cy0;
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const k = Grid.key(cx, cy);
        const list = this.cells.get(k);
        if (list) list.push(id);
        else this.cells.set(k, [id]);
      }
    }
  }
  /** Calls `fn` once for every pair of items whose boxes share a cell. */
  pairs(fn: (i: number, j: number) => void): void {
    for (const [k, list] of this.cells) {
      if (list.length < 2) continue;
      const cx = Math.floor(k / 32768) - Grid.OFF;
      const cy = (k % 32768) - Grid.OFF;
      for (let a = 0; a < list.length; a++) {
        const i = list[a]!;
        const ix = this.cx0[i]!;
        const iy = this.cy0[i]!;
        for (let b = a + 1; b < list.length; b++) {
          const j = list[b]!;
          if (Math.max(ix, this.cx0[j]!) !== cx || Math.max(iy, this.cy0[j]!) !== cy) continue;
          fn(i, j);
        }
      }
    }
  }
  /** Items registered in the cells around point p. */
  at(p: Point): number[] {
    const out = new Set<number>();
    for (const cx of [Grid.cell(p.x - TOL), Grid.cell(p.x + TOL)]) {
      for (const cy of [Grid.cell(p.y - TOL), Grid.cell(p.y + TOL)]) {
        for (const id of this.cells.get(Grid.key(cx, cy)) ?? []) out.add(id);
      }
    }
    return [...out];
  }
}

/** Collects messages, at most MAX_PER_RULE per rule, then a count of the rest. */
class Report {
  readonly out: string[] = [];
  private counts = new Map<string, number>();
  private seen = new Set<string>();
  constructor(private chartName: string) {}
  add(rule: string, part: number | null, text: string): void {
    const where = part === null ? `chart "${this.chartName}"` : `chart "${this.chartName}" part ${part}`;
    const msg = `[${rule}] ${where}: ${text}`;
    if (this.seen.has(msg)) return;
    this.seen.add(msg);
    const n = (this.counts.get(rule) ?? 0) + 1;
    this.counts.set(rule, n);
    if (n <= MAX_PER_RULE) this.out.push(msg);
  }
  finish(): string[] {
    for (const [rule, n] of this.counts) {
      if (n > MAX_PER_RULE) this.out.push(`[${rule}] chart "${this.chartName}": … and ${n - MAX_PER_RULE} more`);
    }
    return this.out;
  }
}

export function checkGeometry(g: Geometry): string[] {
  const out: string[] = [];
  for (const chart of g.charts) out.push(...checkChart(chart));
  return out;
}

function checkChart(chart: ChartGeometry): string[] {
  const rep = new Report(chart.name);

  // ---- collect shapes and edges of the whole chart ----
  const shapes: ShapeRec[] = [];
  const shapeIndex = new Map<string, number>();
  const edges: EdgeRec[] = [];
  for (const part of chart.parts) {
    for (const shape of part.shapes) {
      if (shapeIndex.has(shape.id)) rep.add("m", part.index, `duplicate shape id ${shape.id}`);
      else shapeIndex.set(shape.id, shapes.length);
      shapes.push({ shape, part: part.index });
    }
  }
  const edgeIds = new Set<string>();
  for (const part of chart.parts) {
    for (const edge of part.edges) {
      if (edgeIds.has(edge.id)) rep.add("m", part.index, `duplicate edge id ${edge.id}`);
      edgeIds.add(edge.id);
      let firstK = -1;
      let lastK = -1;
      for (let k = 0; k + 1 < edge.points.length; k++) {
        const a = edge.points[k]!;
        const b = edge.points[k + 1]!;
        if (Math.abs(b.x - a.x) > ORTHO_EPS || Math.abs(b.y - a.y) > ORTHO_EPS) {
          if (firstK < 0) firstK = k;
          lastK = k;
        }
      }
      edges.push({ edge, part: part.index, segs: [], firstK, lastK });
    }
  }
  const shapeOf = (id: string | null): ShapeRec | undefined => {
    if (id === null) return undefined;
    const i = shapeIndex.get(id);
    return i === undefined ? undefined : shapes[i];
  };

  // ---- rule m (references) and b (segments), g (arrows) ----
  for (const rec of edges) {
    const e = rec.edge;
    for (const [end, id] of [["from", e.from], ["to", e.to]] as const) {
      if (id === null) continue;
      const s = shapeOf(id);
      if (!s) rep.add("m", rec.part, `edge ${e.id}: ${end} refers to missing shape ${id}`);
      else if (s.part !== rec.part) {
        rep.add("m", rec.part, `edge ${e.id}: ${end} shape ${id} lies in another part (${s.part})`);
      }
    }
    if (e.points.length < 2) {
      rep.add("b", rec.part, `edge ${e.id} has ${e.points.length} point(s)`);
      continue;
    }
    let prev: Dir | null = null;
    for (let k = 0; k + 1 < e.points.length; k++) {
      const a = e.points[k]!;
      const b = e.points[k + 1]!;
      const d = dirOf(a, b);
      if (d === null) {
        const zero = Math.abs(b.x - a.x) <= ORTHO_EPS && Math.abs(b.y - a.y) <= ORTHO_EPS;
        rep.add("b", rec.part, `edge ${e.id} segment ${k} ${fmtP(a)}→${fmtP(b)} is ${zero ? "zero-length" : "neither horizontal nor vertical"}`);
      } else if (prev !== null && d === OPPOSITE[prev]) {
        rep.add("b", rec.part, `edge ${e.id} segment ${k} doubles back onto segment ${k - 1}`);
      }
      if (d !== null) prev = d;
    }
    checkArrow(rec, rep, shapeOf);
  }

  // ---- per part: spatial rules a, c, d, e, f and junction placement (m) ----
  const junctions: JunctionRec[] = [];
  let nodeCount = shapes.length;
  let edgeBase = 0;
  for (const part of chart.parts) {
    const partEdges: number[] = [];
    for (let i = 0; i < part.edges.length; i++) partEdges.push(edgeBase + i);
    edgeBase += part.edges.length;
    const partShapes = shapes.map((s, i) => [s, i] as const).filter(([s]) => s.part === part.index);
    const res = checkPart(part.index, partShapes, partEdges, edges, shapeOf, rep, nodeCount);
    for (const j of res.junctions) junctions.push(j);
    nodeCount += res.junctions.length;
  }

  // ---- rule h: decision branches ----
  checkDecisions(shapes, edges, junctions, rep);

  // ---- rule i: text fit ----
  for (const { shape: s, part } of shapes) checkText(s, part, rep);

  // ---- rule j: connector pairs ----
  const incoming = new Array<number>(shapes.length).fill(0);
  const outgoing = new Array<number>(shapes.length).fill(0);
  for (const { edge: e } of edges) {
    const f = e.from === null ? undefined : shapeIndex.get(e.from);
    const t = e.to === null ? undefined : shapeIndex.get(e.to);
    if (f !== undefined) outgoing[f]!++;
    if (t !== undefined) incoming[t]!++;
  }
  const outers = new Map<string, number[]>();
  const inners = new Map<string, number[]>();
  const inlineLabels = new Set<number>();
  shapes.forEach(({ shape: s, part }, i) => {
    if (s.kind !== "connector") return;
    const label = s.text.join(" ").trim();
    const inc = incoming[i]!;
    const outg = outgoing[i]!;
    if (inc > 0 && outg === 0) push(outers, label, i);
    else if (inc === 0 && outg > 0) push(inners, label, i);
    // A goto label on the flow line: reached from above and by its jumps, flow goes on below.
    else if (inc > 0 && outg === 1) push(inners, label, i), inlineLabels.add(i);
    else rep.add("j", part, `connector ${s.id} "${label}" has ${inc} incoming and ${outg} outgoing lines (must be outer or inner)`);
  });
  for (const [label, list] of outers) {
    const inn = inners.get(label);
    if (!inn) for (const i of list) rep.add("j", shapes[i]!.part, `outer connector ${shapes[i]!.shape.id} "${label}" has no inner connector`);
  }
  for (const [label, list] of inners) {
    if (list.length > 1) {
      rep.add("j", null, `label "${label}" has ${list.length} inner connectors: ${list.map((i) => shapes[i]!.shape.id).join(", ")}`);
    }
    if (!outers.has(label)) {
      for (const i of list) {
        if (!inlineLabels.has(i)) rep.add("j", shapes[i]!.part, `inner connector ${shapes[i]!.shape.id} "${label}" has no outer connector`);
      }
    }
  }

  // ---- rules k, l: reachability over the flow graph ----
  const adj: number[][] = Array.from({ length: nodeCount }, () => []);
  const arc = (a: number, b: number): void => {
    adj[a]!.push(b);
  };
  const junctionsByEdge: { pos: number; node: number }[][] = edges.map(() => []);
  for (const j of junctions) for (const o of j.on) junctionsByEdge[o.edge]!.push({ pos: o.pos, node: j.node });
  edges.forEach((rec, i) => {
    const seq: number[] = [];
    const f = rec.edge.from === null ? undefined : shapeIndex.get(rec.edge.from);
    const t = rec.edge.to === null ? undefined : shapeIndex.get(rec.edge.to);
    if (f !== undefined) seq.push(f);
    const js = junctionsByEdge[i]!.sort((a, b) => a.pos - b.pos);
    for (const j of js) if (seq[seq.length - 1] !== j.node) seq.push(j.node);
    if (t !== undefined) seq.push(t);
    for (let k = 0; k + 1 < seq.length; k++) arc(seq[k]!, seq[k + 1]!);
  });
  for (const [label, list] of outers) {
    for (const o of list) for (const inn of inners.get(label) ?? []) arc(o, inn);
  }
  const loopBegins = new Map<string, number[]>();
  shapes.forEach(({ shape: s }, i) => {
    if (s.kind === "loop_begin") push(loopBegins, s.text[0] ?? "", i);
  });
  shapes.forEach(({ shape: s, part }, i) => {
    if (s.kind !== "loop_end") return;
    const begins = loopBegins.get(s.text[0] ?? "");
    if (!begins) rep.add("k", part, `loop_end ${s.id} "${s.text[0] ?? ""}" has no loop_begin with the same name`);
    for (const b of begins ?? []) arc(i, b);
  });

  const terminators = shapes.map((s, i) => [s, i] as const).filter(([s]) => s.shape.kind === "terminator");
  const startEntry = terminators.find(([, i]) => incoming[i] === 0);
  if (!startEntry) {
    rep.add("k", null, "no Start terminator (a terminator without incoming lines)");
    return rep.finish();
  }
  const start = startEntry[1];
  const fwd = bfs([start], adj, nodeCount);
  shapes.forEach(({ shape: s, part }, i) => {
    if (s.kind !== "comment" && !fwd[i]) rep.add("k", part, `shape ${s.id} (${s.kind}) is unreachable from Start ${shapes[start]!.shape.id}`);
  });

  const radj: number[][] = Array.from({ length: nodeCount }, () => []);
  adj.forEach((list, a) => {
    for (const b of list) radj[b]!.push(a);
  });
  const ends = terminators.filter(([, i]) => i !== start && outgoing[i] === 0).map(([, i]) => i);
  const back = bfs(ends, radj, nodeCount);
  const deadLoops = shapes
    .map((s, i) => [s, i] as const)
    .filter(([s, i]) => s.shape.kind === "loop_end" && outgoing[i] === 0 && !back[i])
    .map(([, i]) => i);
  const exempt = bfs(deadLoops, radj, nodeCount);
  shapes.forEach(({ shape: s, part }, i) => {
    if (s.kind === "comment" || back[i] || exempt[i]) return;
    rep.add("l", part, `no end terminator is reachable from shape ${s.id} (${s.kind})`);
  });
  return rep.finish();
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

function bfs(starts: number[], adj: number[][], n: number): Uint8Array {
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  for (const s of starts) {
    if (!seen[s]) {
      seen[s] = 1;
      stack.push(s);
    }
  }
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (const b of adj[a]!) {
      if (!seen[b]) {
        seen[b] = 1;
        stack.push(b);
      }
    }
  }
  return seen;
}

// ------------------------------------------------------------------------------------------------

function leavesDecisionLeftVertex(e: Edge, shapeOf: (id: string | null) => ShapeRec | undefined): boolean {
  const from = shapeOf(e.from)?.shape;
  const start = e.points[0];
  if (!from || from.kind !== "decision" || !start) return false;
  return Math.abs(start.x - from.x) <= TOL && Math.abs(start.y - (from.y + from.h / 2)) <= TOL;
}

function checkArrow(rec: EdgeRec, rep: Report, shapeOf: (id: string | null) => ShapeRec | undefined): void {
  const e = rec.edge;
  const dirs: Dir[] = [];
  for (let k = 0; k + 1 < e.points.length; k++) {
    const d = dirOf(e.points[k]!, e.points[k + 1]!);
    if (d !== null) dirs.push(d);
  }
  // D2 layout A: a branch leaves the left vertex of a decision sideways; that first run is the
  // accepted exception of L3/L2 (drawing-rules D2), not a reverse flow needing an arrowhead.
  const fromLeftVertex = leavesDecisionLeftVertex(e, shapeOf);
  let last = -1;
  dirs.forEach((d, k) => {
    if ((d === "up" || d === "left") && !(k === 0 && fromLeftVertex)) last = k;
  });
  if (last < 0) return;
  if (!e.arrow) {
    rep.add("g", rec.part, `edge ${e.id} runs ${dirs[last]} but has no arrowhead`);
    return;
  }
  const after = dirs.slice(last + 1);
  if (after.length > 1 || (after.length === 1 && !isHorizontal(after[0]!))) {
    rep.add("g", rec.part, `edge ${e.id}: the arrowhead at its end does not mark its ${dirs[last]} run (followed by ${after.join(", ")})`);
  }
}

function checkText(s: Shape, part: number, rep: Report): void {
  const tb = s.textBox;
  if (tb.x < s.x - TOL || tb.y < s.y - TOL || tb.x + tb.w > s.x + s.w + TOL || tb.y + tb.h > s.y + s.h + TOL) {
    rep.add("i", part, `shape ${s.id}: textBox lies outside the shape box`);
  }
  for (const line of s.text) {
    const w = textWidthMm(line, s.font.size, fontByFamily(s.font.family).id);
    if (w > tb.w + TEXT_TOL) rep.add("i", part, `shape ${s.id}: line "${line}" is ${fmt(w)} mm wide, textBox ${fmt(tb.w)} mm`);
  }
  const h = s.text.length * LINE_SPACING * s.font.size * PT;
  if (h > tb.h + TEXT_TOL) rep.add("i", part, `shape ${s.id}: ${s.text.length} line(s) need ${fmt(h)} mm, textBox ${fmt(tb.h)} mm high`);
}

interface Port {
  x: number;
  y: number;
  dir: Dir; // direction of travel along the attached segment
}

function outPorts(s: Shape): Port[] {
  const ports: Port[] = [{ x: s.x + s.w / 2, y: s.y + s.h, dir: "down" }];
  if (s.kind === "decision" || s.kind === "hexagon") {
    ports.push({ x: s.x, y: s.y + s.h / 2, dir: "left" }, { x: s.x + s.w, y: s.y + s.h / 2, dir: "right" });
  }
  return ports;
}

function inPorts(s: Shape): Port[] {
  const ports: Port[] = [{ x: s.x + s.w / 2, y: s.y, dir: "down" }];
  // L3: a line may come in from the left too — into a loop's hexagon, and into a connector at the
  // end of a line running right (a switch row's collector into its join, switch-rows.ts).
  if (s.kind === "hexagon" || s.kind === "connector") ports.push({ x: s.x, y: s.y + s.h / 2, dir: "right" });
  return ports;
}

function onBoundary(s: Box, p: Point): boolean {
  const inX = p.x >= s.x - TOL && p.x <= s.x + s.w + TOL;
  const inY = p.y >= s.y - TOL && p.y <= s.y + s.h + TOL;
  if (!inX || !inY) return false;
  return near(p.x, s.x) || near(p.x, s.x + s.w) || near(p.y, s.y) || near(p.y, s.y + s.h);
}

/** For a comment: the travel direction must lead away from (out) or into (in) the box. */
function leavesBox(s: Box, p: Point, d: Dir): boolean {
  switch (d) {
    case "down":
      return near(p.y, s.y + s.h);
    case "up":
      return near(p.y, s.y);
    case "right":
      return near(p.x, s.x + s.w);
    case "left":
      return near(p.x, s.x);
  }
}

/** A comment link (S10): from the middle of a symbol's right side, running right, onto a comment's bracket. */
function checkCommentLink(rec: EdgeRec, shape: Shape, which: "from" | "to", p: Point, d: Dir | null, rep: Report): void {
  const e = rec.edge;
  if (e.arrow) rep.add("m", rec.part, `comment link ${e.id} has an arrowhead`);
  if (which === "from") {
    const side = shape.kind === "io" ? shape.x + shape.w - IO_SKEW / 2 : shape.x + shape.w;
    if (shape.kind === "comment" || !near(p.x, side) || !near(p.y, shape.y + shape.h / 2) || d !== "right") {
      rep.add("m", rec.part, `comment link ${e.id} does not leave the middle of the right side of ${shape.id} (${shape.kind}) to the right`);
    }
  } else if (shape.kind !== "comment" || !near(p.x, shape.x) || p.y < shape.y - TOL || p.y > shape.y + shape.h + TOL || d !== "right") {
    rep.add("m", rec.part, `comment link ${e.id} does not end on the bracket of a comment (${shape.id}, ${shape.kind})`);
  }
}

function checkPort(rec: EdgeRec, shape: Shape, which: "from" | "to", rep: Report): void {
  const e = rec.edge;
  const n = e.points.length;
  const p = which === "from" ? e.points[0]! : e.points[n - 1]!;
  const k = which === "from" ? rec.firstK : rec.lastK;
  if (k < 0) return; // reported under b
  const d = dirOf(e.points[k]!, e.points[k + 1]!);
  if (e.dashed) {
    checkCommentLink(rec, shape, which, p, d, rep);
    return;
  }
  if (!onBoundary(shape, p)) {
    rep.add("m", rec.part, `edge ${e.id} ${which === "from" ? "starts" : "ends"} at ${fmtP(p)}, not on the boundary of its ${which} shape ${shape.id}`);
    return;
  }
  if (d === null) return; // reported under b
  if (shape.kind === "comment") {
    const ok = which === "from" ? leavesBox(shape, p, d) : leavesBox(shape, p, OPPOSITE[d]);
    if (!ok) rep.add("c", rec.part, `edge ${e.id} runs along or into shape ${shape.id} at ${fmtP(p)}`);
    return;
  }
  const ports = which === "from" ? outPorts(shape) : inPorts(shape);
  const port = ports.find((pt) => near(pt.x, p.x) && near(pt.y, p.y));
  if (!port) {
    rep.add("m", rec.part, `edge ${e.id} ${which === "from" ? "leaves" : "enters"} shape ${shape.id} (${shape.kind}) at ${fmtP(p)}, which is not an ${which === "from" ? "output" : "input"} port`);
  } else if (port.dir !== d) {
    rep.add("c", rec.part, `edge ${e.id} ${which === "from" ? "leaves" : "enters"} shape ${shape.id} running ${d} at its port ${fmtP(p)} (through or along the shape)`);
  }
}

function checkPart(
  partIndex: number,
  partShapes: (readonly [ShapeRec, number])[],
  partEdges: number[],
  edges: EdgeRec[],
  shapeOf: (id: string | null) => ShapeRec | undefined,
  rep: Report,
  firstNode: number,
): { junctions: JunctionRec[] } {
  // Items: shapes, label boxes, segments.
  const segs: Seg[] = [];
  for (const ei of partEdges) {
    const rec = edges[ei]!;
    const pts = rec.edge.points;
    let acc = 0;
    for (let k = 0; k + 1 < pts.length; k++) {
      const a = pts[k]!;
      const b = pts[k + 1]!;
      const d = dirOf(a, b);
      rec.segs.push(segs.length);
      segs.push({ edge: ei, k, x0: a.x, y0: a.y, x1: b.x, y1: b.y, dir: d, start: acc });
      acc += Math.abs(b.x - a.x) + Math.abs(b.y - a.y);
    }
    // ports (m, c)
    if (pts.length >= 2) {
      const f = shapeOf(rec.edge.from);
      const t = shapeOf(rec.edge.to);
      if (f) checkPort(rec, f.shape, "from", rep);
      if (t) checkPort(rec, t.shape, "to", rep);
    }
  }

  type Item = { t: 0; shape: Shape } | { t: 1; box: Box; edge: number } | { t: 2; seg: number };
  const items: Item[] = [];
  const grid = new Grid();
  for (const [rec] of partShapes) {
    const s = rec.shape;
    grid.insert(items.length, s.x - TOL, s.y - TOL, s.x + s.w + TOL, s.y + s.h + TOL);
    items.push({ t: 0, shape: s });
  }
  for (const ei of partEdges) {
    const e = edges[ei]!.edge;
    if (e.labelBox) {
      const b = e.labelBox;
      const g = LABEL_CLEARANCE + TOL;
      grid.insert(items.length, b.x - g, b.y - g, b.x + b.w + g, b.y + b.h + g);
      items.push({ t: 1, box: b, edge: ei });
    }
  }
  segs.forEach((s, i) => {
    const x0 = Math.min(s.x0, s.x1) - TOL;
    const x1 = Math.max(s.x0, s.x1) + TOL;
    const y0 = Math.min(s.y0, s.y1) - TOL;
    const y1 = Math.max(s.y0, s.y1) + TOL;
    grid.insert(items.length, x0, y0, x1, y1);
    items.push({ t: 2, seg: i });
  });

  grid.pairs((i, j) => pair(items[i]!, items[j]!));
  const segsAt = (p: Point): number[] => {
    const out: number[] = [];
    for (const id of grid.at(p)) {
      const it = items[id]!;
      if (it.t === 2) out.push(it.seg);
    }
    return out;
  };

  function pair(p: Item, q: Item): void {
    if (p.t > q.t) [p, q] = [q, p];
    if (p.t === 0 && q.t === 0) {
      if (boxesOverlap(p.shape, q.shape)) rep.add("a", partIndex, `shapes ${p.shape.id} and ${q.shape.id} overlap`);
    } else if (p.t === 0 && q.t === 1) {
      if (boxesOverlap(p.shape, q.box)) rep.add("a", partIndex, `shape ${p.shape.id} overlaps the label of edge ${edges[q.edge]!.edge.id}`);
    } else if (p.t === 1 && q.t === 1) {
      if (boxesOverlap(p.box, q.box)) rep.add("a", partIndex, `labels of edges ${edges[p.edge]!.edge.id} and ${edges[q.edge]!.edge.id} overlap`);
    } else if (p.t === 0 && q.t === 2) {
      segShape(segs[q.seg]!, p.shape);
    } else if (p.t === 1 && q.t === 2) {
      const s = segs[q.seg]!;
      if (segTouchesBox(s, p.box, LABEL_CLEARANCE)) {
        rep.add("d", partIndex, `edge ${edges[s.edge]!.edge.id} segment ${s.k} comes within ${LABEL_CLEARANCE} mm of the label of edge ${edges[p.edge]!.edge.id}`);
      }
    } else if (p.t === 2 && q.t === 2) {
      segSeg(segs[p.seg]!, segs[q.seg]!);
    }
  }

  function segShape(s: Seg, shape: Shape): void {
    const rec = edges[s.edge]!;
    const e = rec.edge;
    if (s.k <= rec.firstK && e.from === shape.id) return; // port checked by checkPort
    if (s.k >= rec.lastK && e.to === shape.id) return;
    if (segTouchesBox(s, shape, TOL)) {
      rep.add("c", partIndex, `edge ${e.id} segment ${s.k} passes through or touches shape ${shape.id} (${shape.kind})`);
    }
  }

  function isJunctionEnd(ei: number, p: Point): boolean {
    const e = edges[ei]!.edge;
    const pts = e.points;
    if (e.to === null && samePoint(pts[pts.length - 1]!, p)) return true;
    if (e.from === null && samePoint(pts[0]!, p)) return true;
    return false;
  }

  function segSeg(s: Seg, t: Seg): void {
    if (s.edge === t.edge || s.dir === null || t.dir === null) return;
    const [es, et] = [edges[s.edge]!.edge.id, edges[t.edge]!.edge.id].sort();
    const contact = (p: Point): void => {
      if (isJunctionEnd(s.edge, p) || isJunctionEnd(t.edge, p)) return;
      rep.add("e", partIndex, `edges ${es} and ${et} touch at ${fmtP(p)} without a junction`);
    };
    const hs = isHorizontal(s.dir);
    const ht = isHorizontal(t.dir);
    if (hs === ht) {
      // parallel
      const across = hs ? [s.y0, t.y0] : [s.x0, t.x0];
      if (!near(across[0]!, across[1]!)) return;
      const [a0, a1] = hs ? [Math.min(s.x0, s.x1), Math.max(s.x0, s.x1)] : [Math.min(s.y0, s.y1), Math.max(s.y0, s.y1)];
      const [b0, b1] = hs ? [Math.min(t.x0, t.x1), Math.max(t.x0, t.x1)] : [Math.min(t.y0, t.y1), Math.max(t.y0, t.y1)];
      const overlap = Math.min(a1, b1) - Math.max(a0, b0);
      if (overlap > TOL) {
        rep.add("e", partIndex, `edges ${es} and ${et} run along each other (segments ${s.k} and ${t.k}, ${fmt(overlap)} mm)`);
      } else if (overlap >= -TOL) {
        const c = Math.max(a0, b0);
        contact(hs ? { x: c, y: s.y0 } : { x: s.x0, y: c });
      }
      return;
    }
    const h = hs ? s : t;
    const v = hs ? t : s;
    const hx0 = Math.min(h.x0, h.x1);
    const hx1 = Math.max(h.x0, h.x1);
    const vy0 = Math.min(v.y0, v.y1);
    const vy1 = Math.max(v.y0, v.y1);
    const x = v.x0;
    const y = h.y0;
    if (x < hx0 - TOL || x > hx1 + TOL || y < vy0 - TOL || y > vy1 + TOL) return;
    const interiorH = x > hx0 + TOL && x < hx1 - TOL;
    const interiorV = y > vy0 + TOL && y < vy1 - TOL;
    if (interiorH && interiorV) {
      rep.add("e", partIndex, `edges ${es} and ${et} cross at ${fmtP({ x, y })}`);
    } else {
      contact({ x, y });
    }
  }

  // ---- junctions: placement (m), four-way joins (f), graph nodes ----
  const junctions: JunctionRec[] = [];
  const byKey = new Map<string, JunctionRec>();
  for (const ei of partEdges) {
    const e = edges[ei]!.edge;
    if (e.points.length < 2) continue;
    const ends: [Point, "start" | "end"][] = [];
    if (e.from === null) ends.push([e.points[0]!, "start"]);
    if (e.to === null) ends.push([e.points[e.points.length - 1]!, "end"]);
    for (const [p, which] of ends) {
      const key = `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;
      let j = byKey.get(key);
      if (!j) {
        j = { node: firstNode + junctions.length, p, part: partIndex, on: [] };
        byKey.set(key, j);
        junctions.push(j);
        for (const si of segsAt(p)) {
          const s = segs[si]!;
          const pos = posOnSeg(s, p);
          if (pos !== null && !j.on.some((o) => o.edge === s.edge && near(o.pos, pos))) j.on.push({ edge: s.edge, pos });
        }
      }
      if (!j.on.some((o) => o.edge !== ei)) {
        rep.add("m", partIndex, `edge ${e.id} ${which === "start" ? "starts (from=null)" : "ends (to=null)"} at ${fmtP(p)}, which is on no other line`);
      }
    }
  }
  for (const j of junctions) {
    const arms = new Set<Dir>();
    const arrivals = new Set<Dir>();
    for (const si of segsAt(j.p)) {
      const s = segs[si]!;
      if (s.dir === null || posOnSeg(s, j.p) === null) continue;
      const a = { x: s.x0, y: s.y0 };
      const b = { x: s.x1, y: s.y1 };
      if (!samePoint(a, j.p)) {
        arms.add(OPPOSITE[s.dir]);
        arrivals.add(OPPOSITE[s.dir]);
      }
      if (!samePoint(b, j.p)) arms.add(s.dir);
    }
    if (arms.size === 4 && arrivals.size >= 2) {
      const ids = [...new Set(j.on.map((o) => edges[o.edge]!.edge.id))].join(", ");
      rep.add("f", partIndex, `four-way join at ${fmtP(j.p)} (edges ${ids})`);
    }
  }
  return { junctions };
}

function checkDecisions(shapes: ShapeRec[], edges: EdgeRec[], junctions: JunctionRec[], rep: Report): void {
  // Junction info per edge: which junctions lie on it, and which edges start (from=null) at a junction.
  const onEdge: JunctionRec[][] = edges.map(() => []);
  for (const j of junctions) for (const o of j.on) onEdge[o.edge]!.push(j);
  const exitsOf = new Map<string, number[]>();
  edges.forEach((rec, i) => {
    if (rec.edge.from !== null) push(exitsOf, rec.edge.from, i);
  });
  const arrivalsAt = (j: JunctionRec): number[] =>
    j.on.filter((o) => o.pos > TOL || edges[o.edge]!.edge.from !== null).map((o) => o.edge);
  const startsAt = (j: JunctionRec): number[] =>
    j.on.filter((o) => o.pos <= TOL && edges[o.edge]!.edge.from === null).map((o) => o.edge);

  // A connector pair that is the only pair of its designation interrupts one line (P1, P4): a
  // branch running into its outer connector goes on from its inner one (a switch's rows split across
  // pages reach their labelled columns that way). Edge of the outer connector → edge leaving the inner.
  const pairedOn = new Map<number, number>();
  const connectorsByLabel = new Map<string, string[]>();
  for (const { shape: s } of shapes) if (s.kind === "connector") push(connectorsByLabel, s.text.join(" ").trim(), s.id);
  const intoShape = new Map<string, number[]>();
  edges.forEach((rec, i) => {
    if (rec.edge.to !== null) push(intoShape, rec.edge.to, i);
  });
  for (const ids of connectorsByLabel.values()) {
    if (ids.length !== 2) continue;
    const [a, b] = ids as [string, string];
    const [outer, inner] = (exitsOf.get(a) ?? []).length === 0 ? [a, b] : [b, a];
    const into = intoShape.get(outer) ?? [];
    const leaving = exitsOf.get(inner) ?? [];
    if (into.length === 1 && leaving.length === 1 && (intoShape.get(inner) ?? []).length === 0) pairedOn.set(into[0]!, leaving[0]!);
  }

  for (const { shape: s, part } of shapes) {
    if (s.kind !== "decision") continue;
    // Follow the exits through pure split points (junctions where only this edge arrives): an edge
    // that ends where exactly one edge continues is the same branch (the continuation inherits its
    // label); more departures make each departing edge a branch of its own.
    const branches: { edge: number; labelled: boolean }[] = [];
    const visited = new Set<number>();
    const visit = (ei: number, inherited: boolean): void => {
      if (visited.has(ei)) return;
      visited.add(ei);
      const e = edges[ei]!.edge;
      const labelled = inherited || (!!e.label && !!e.labelBox);
      let endsAtSplit = false;
      for (const j of onEdge[ei]!) {
        const arr = arrivalsAt(j);
        if (arr.length !== 1 || arr[0] !== ei) continue; // a merge, not a split
        const kids = startsAt(j).filter((k) => k !== ei);
        if (kids.length === 0) continue;
        const endsHere = e.to === null && samePoint(e.points[e.points.length - 1]!, j.p);
        if (endsHere) endsAtSplit = true;
        if (endsHere && kids.length === 1) visit(kids[0]!, labelled);
        else for (const k of kids) visit(k, false);
      }
      const goesOn = pairedOn.get(ei);
      if (goesOn !== undefined && !endsAtSplit) {
        visit(goesOn, labelled);
        return;
      }
      if (!endsAtSplit) branches.push({ edge: ei, labelled });
    };
    for (const ei of exitsOf.get(s.id) ?? []) visit(ei, false);
    for (const { edge: ei, labelled } of branches) {
      const e = edges[ei]!.edge;
      if (!labelled) rep.add("h", part, `branch ${e.id} of decision ${s.id} has no ${!e.label ? "label" : "labelBox"}`);
    }
    if (branches.length < 2) rep.add("h", part, `decision ${s.id} has ${branches.length} branch(es), needs at least 2`);
  }
}
