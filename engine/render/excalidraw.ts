/**
 * Excalidraw renderer: Geometry → the JSON text of a `.excalidraw` file (formats-notes.md §2).
 *
 * Coordinates in px (1 mm = 96/25.4 px), parts side by side exactly as in the geometry. Crisp lines:
 * roughness 0 ("architect"), strokeWidth 1, black on white, font Nunito (fontFamily 6, has Cyrillic; the
 * hand-drawn Excalifont would not suit a ДСТУ drawing).
 *
 * Shapes: process → rectangle; call → rectangle + its two inner verticals as `line`s, grouped;
 * decision → diamond; connector → ellipse. Kinds Excalidraw has no element for (terminator, io,
 * hexagon, loop_begin, loop_end, comment) are a `line` outline (closed `polygon: true` with a white fill;
 * the stadium's semicircles sampled every 15°; the comment bracket open) grouped with a transparent
 * `rectangle` of the same box, which holds the bound text and the arrow bindings (lines can do neither).
 * Texts are bound to their containers (`containerId` ⇄ `boundElements`), placed where the layout put them.
 * Edges are `arrow`s (elbowed false, roundness null) keeping our routed points, bound at both ends to the
 * shapes they start/end at (v1 focus/gap and v2 fixedPoint/mode), `endArrowhead: "triangle"` only when
 * the edge has an arrowhead. Branch labels and captions are free text elements.
 *
 * Deterministic: ids derive from geometry ids, seeds and nonces are hashes of the ids, `updated` is fixed,
 * so the same geometry gives byte-identical output.
 */
import type { Box, ChartGeometry, Edge, Geometry, Part, Point, Shape } from "../geometry/types.ts";
import { outline, shapeTextAlign } from "../geometry/outline.ts";
import { PT } from "../geometry/style.ts";
import { textWidthMm } from "../text/measure.ts";
import type { Renderer } from "./types.ts";

/** px per mm (CSS px, 96 dpi). */
export const PX_PER_MM = 96 / 25.4;
/** Nunito (Cyrillic-capable, not hand-drawn). */
export const FONT_FAMILY_NUNITO = 6;
export const LINE_HEIGHT = 1.25;
/** Nunito is wider than Tinos, whose metrics engine/text measures; a rough factor for text box widths. */
const NUNITO_WIDTH_FACTOR = 1.15;
const STROKE = "#000000";
const WHITE = "#ffffff";
const SOURCE = "skhema";

/** mm → px, rounded to 0.01 px, never -0. */
export function px(mm: number): number {
  if (!Number.isFinite(mm)) throw new RangeError(`non-finite coordinate: ${mm}`);
  const r = Math.round(mm * PX_PER_MM * 100) / 100;
  return r === 0 ? 0 : r;
}

const r2 = (n: number): number => {
  const r = Math.round(n * 100) / 100;
  return r === 0 ? 0 : r;
};

const r4 = (n: number): number => {
  const r = Math.round(n * 10000) / 10000;
  return r === 0 ? 0 : r;
};

/** FNV-1a 32-bit, folded to a positive 31-bit integer (never 0). */
export function hash31(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 1) || 1;
}

type BoundRef = { type: "text" | "arrow"; id: string };

export interface ExBinding {
  elementId: string;
  focus: number;
  gap: number;
  fixedPoint: [number, number];
  mode: "orbit";
}

export interface ExElement {
  id: string;
  type: "rectangle" | "diamond" | "ellipse" | "line" | "arrow" | "text";
  x: number;
  y: number;
  width: number;
  height: number;
  angle: 0;
  strokeColor: string;
  backgroundColor: string;
  fillStyle: "solid";
  strokeWidth: number;
  strokeStyle: "solid" | "dashed";
  roughness: 0;
  opacity: 100;
  groupIds: string[];
  frameId: null;
  index: null;
  roundness: null;
  seed: number;
  version: 1;
  versionNonce: number;
  isDeleted: false;
  boundElements: BoundRef[];
  updated: 1;
  link: null;
  locked: false;
  // text
  text?: string;
  fontSize?: number;
  fontFamily?: number;
  textAlign?: "left" | "center";
  verticalAlign?: "top" | "middle";
  containerId?: string | null;
  originalText?: string;
  autoResize?: boolean;
  lineHeight?: number;
  // line / arrow
  points?: [number, number][];
  lastCommittedPoint?: null;
  startBinding?: ExBinding | null;
  endBinding?: ExBinding | null;
  startArrowhead?: null;
  endArrowhead?: "triangle" | null;
  polygon?: boolean;
  elbowed?: boolean;
}

export interface ExcalidrawFile {
  type: "excalidraw";
  version: 2;
  source: string;
  elements: ExElement[];
  appState: { viewBackgroundColor: string; gridSize: null };
  files: Record<string, never>;
}

function base(id: string, type: ExElement["type"], x: number, y: number, w: number, h: number): ExElement {
  return {
    id,
    type,
    x,
    y,
    width: w,
    height: h,
    angle: 0,
    strokeColor: STROKE,
    backgroundColor: "transparent",
    fillStyle: "solid",
    strokeWidth: 1,
    strokeStyle: "solid",
    roughness: 0,
    opacity: 100,
    groupIds: [],
    frameId: null,
    index: null,
    roundness: null,
    seed: hash31(id),
    version: 1,
    versionNonce: hash31(`nonce:${id}`),
    isDeleted: false,
    boundElements: [],
    updated: 1,
    link: null,
    locked: false,
  };
}

function boxElement(id: string, type: "rectangle" | "diamond" | "ellipse", b: Box): ExElement {
  return base(id, type, px(b.x), px(b.y), r2(px(b.x + b.w) - px(b.x)), r2(px(b.y + b.h) - px(b.y)));
}

/** A `line` (or `arrow`) through absolute mm points: x/y at the first point, points relative in px. */
function polyElement(id: string, type: "line" | "arrow", pts: readonly Point[], closed: boolean): ExElement {
  const x0 = px(pts[0]!.x);
  const y0 = px(pts[0]!.y);
  const rel: [number, number][] = pts.map((q) => [r2(px(q.x) - x0), r2(px(q.y) - y0)]);
  if (closed) rel.push([0, 0]);
  const xs = rel.map((q) => q[0]);
  const ys = rel.map((q) => q[1]);
  const el = base(id, type, x0, y0, r2(Math.max(...xs) - Math.min(...xs)), r2(Math.max(...ys) - Math.min(...ys)));
  el.points = rel;
  el.lastCommittedPoint = null;
  el.startBinding = null;
  el.endBinding = null;
  el.startArrowhead = null;
  el.endArrowhead = null;
  if (type === "line") el.polygon = closed;
  else el.elbowed = false;
  return el;
}

/**
 * The terminator outline (a rectangle with corner radius r = min(w, h)/2, i.e. full semicircular ends)
 * as a polygon, clockwise from the left end of the top edge; each quarter circle sampled every 15°.
 */
export function stadiumPoints(b: Box): Point[] {
  const r = Math.min(b.w, b.h) / 2;
  const STEPS = 6;
  const corners: [number, number, number][] = [
    [b.x + b.w - r, b.y + r, -Math.PI / 2], // top right
    [b.x + b.w - r, b.y + b.h - r, 0], // bottom right
    [b.x + r, b.y + b.h - r, Math.PI / 2], // bottom left
    [b.x + r, b.y + r, Math.PI], // top left
  ];
  const out: Point[] = [{ x: b.x + r, y: b.y }];
  const push = (x: number, y: number): void => {
    const last = out[out.length - 1]!;
    if (Math.abs(last.x - x) > 1e-9 || Math.abs(last.y - y) > 1e-9) out.push({ x, y });
  };
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= STEPS; i++) {
      const a = start + (Math.PI / 2) * (i / STEPS);
      push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
  }
  // The last sample is the start point again; the closing point is added by polyElement.
  const first = out[0]!;
  const last = out[out.length - 1]!;
  if (Math.abs(first.x - last.x) < 1e-9 && Math.abs(first.y - last.y) < 1e-9) out.pop();
  return out;
}

function textElement(
  id: string,
  lines: readonly string[],
  sizePt: number,
  align: "left" | "center",
  box: Box,
  containerId: string | null,
  groupIds: string[],
): ExElement | null {
  if (lines.length === 0 || lines.every((l) => l === "")) return null;
  const fontSize = r2(sizePt * PT * PX_PER_MM);
  const widest = Math.max(...lines.map((l) => textWidthMm(l, sizePt))) * NUNITO_WIDTH_FACTOR;
  const w = r2(widest * PX_PER_MM);
  const h = r2(lines.length * fontSize * LINE_HEIGHT);
  const bx = px(box.x);
  const bw = r2(px(box.x + box.w) - bx);
  const x = align === "center" ? r2(bx + (bw - w) / 2) : bx;
  const y = r2(px(box.y + box.h / 2) - h / 2);
  const el = base(id, "text", x, y, w, h);
  el.backgroundColor = "transparent";
  el.groupIds = [...groupIds];
  const text = lines.join("\n");
  el.text = text;
  el.fontSize = fontSize;
  el.fontFamily = FONT_FAMILY_NUNITO;
  el.textAlign = align;
  el.verticalAlign = containerId ? "middle" : "top";
  el.containerId = containerId;
  el.originalText = text;
  el.autoResize = true;
  el.lineHeight = LINE_HEIGHT;
  return el;
}

class Builder {
  readonly elements: ExElement[] = [];
  private readonly ids = new Set<string>();
  private readonly byId = new Map<string, ExElement>();

  /** A fresh id: `want`, or `want~2`, `want~3`… if taken. */
  id(want: string): string {
    let id = want;
    for (let n = 2; this.ids.has(id); n++) id = `${want}~${n}`;
    this.ids.add(id);
    return id;
  }

  add(el: ExElement): ExElement {
    this.elements.push(el);
    this.byId.set(el.id, el);
    return el;
  }

  get(id: string): ExElement | undefined {
    return this.byId.get(id);
  }
}

const bindRef = (el: ExElement, ref: BoundRef): void => {
  el.boundElements.push(ref);
};

/** Draws one shape; returns the id of the element arrows bind to. */
function addShape(b: Builder, prefix: string, s: Shape): string {
  const ol = outline(s).outline;
  const box: Box = { x: s.x, y: s.y, w: s.w, h: s.h };
  const align = shapeTextAlign(s.kind) === "center" ? "center" : "left";
  let container: ExElement;
  let groupIds: string[] = [];
  switch (s.kind) {
    case "process":
    case "call":
    case "decision":
    case "connector": {
      const type = s.kind === "decision" ? "diamond" : s.kind === "connector" ? "ellipse" : "rectangle";
      container = boxElement(b.id(`${prefix}${s.id}`), type, box);
      container.backgroundColor = WHITE;
      if (s.kind === "call") {
        groupIds = [b.id(`${prefix}${s.id}-group`)];
        container.groupIds = [...groupIds];
      }
      b.add(container);
      break;
    }
    default: {
      groupIds = [b.id(`${prefix}${s.id}-group`)];
      const pts = s.kind === "terminator" ? stadiumPoints(box) : ol.kind === "polygon" || ol.kind === "open" ? ol.points : [];
      const closed = s.kind !== "comment";
      const shape = polyElement(b.id(`${prefix}${s.id}-outline`), "line", pts, closed);
      if (closed) shape.backgroundColor = WHITE;
      shape.groupIds = [...groupIds];
      b.add(shape);
      container = boxElement(b.id(`${prefix}${s.id}`), "rectangle", box);
      container.strokeColor = "transparent";
      container.groupIds = [...groupIds];
      b.add(container);
    }
  }
  const text = textElement(b.id(`${prefix}${s.id}-text`), s.text, s.font.size, align, s.textBox, container.id, groupIds);
  if (text) {
    b.add(text);
    bindRef(container, { type: "text", id: text.id });
  }
  if (s.kind === "call") {
    outline(s).lines.forEach((l, i) => {
      const line = polyElement(b.id(`${prefix}${s.id}-inner${i + 1}`), "line", [l.a, l.b], false);
      line.groupIds = [...groupIds];
      b.add(line);
    });
  }
  return container.id;
}

function binding(target: ExElement, at: Point): ExBinding {
  const fx = target.width > 0 ? (px(at.x) - target.x) / target.width : 0.5;
  const fy = target.height > 0 ? (px(at.y) - target.y) / target.height : 0.5;
  return { elementId: target.id, focus: 0, gap: 1, fixedPoint: [r4(fx), r4(fy)], mode: "orbit" };
}

function addEdge(b: Builder, prefix: string, e: Edge, shapeIds: Map<string, string>): void {
  if (e.points.length < 2) return;
  const arrow = polyElement(b.id(`${prefix}${e.id}`), "arrow", e.points, false);
  arrow.endArrowhead = e.arrow ? "triangle" : null;
  if (e.dashed) arrow.strokeStyle = "dashed"; // the comment link (S10, L8)
  const from = e.from !== null ? b.get(shapeIds.get(e.from) ?? "") : undefined;
  const to = e.to !== null ? b.get(shapeIds.get(e.to) ?? "") : undefined;
  if (from) {
    arrow.startBinding = binding(from, e.points[0]!);
    bindRef(from, { type: "arrow", id: arrow.id });
  }
  if (to) {
    arrow.endBinding = binding(to, e.points[e.points.length - 1]!);
    bindRef(to, { type: "arrow", id: arrow.id });
  }
  b.add(arrow);
}

function addPart(b: Builder, g: Geometry, prefix: string, part: Part): void {
  const shapeIds = new Map<string, string>();
  for (const s of part.shapes) shapeIds.set(s.id, addShape(b, prefix, s));
  for (const e of part.edges) addEdge(b, prefix, e, shapeIds);
  for (const e of part.edges) {
    if (e.label === undefined || e.label === "" || !e.labelBox) continue;
    const t = textElement(b.id(`${prefix}${e.id}-label`), [e.label], g.font.size, "left", e.labelBox, null, []);
    if (t) b.add(t);
  }
}

function addChart(b: Builder, g: Geometry, chart: ChartGeometry, ci: number): void {
  const prefix = `c${ci + 1}-`;
  for (const part of chart.parts) addPart(b, g, prefix, part);
  const c = chart.caption;
  const t = textElement(b.id(`${prefix}caption`), c.lines, c.font.size, "center", c.box, null, []);
  if (t) b.add(t);
}

/** The .excalidraw document as an object (elements in drawing order). */
export function excalidrawDocument(g: Geometry): ExcalidrawFile {
  const b = new Builder();
  g.charts.forEach((chart, i) => addChart(b, g, chart, i));
  return {
    type: "excalidraw",
    version: 2,
    source: SOURCE,
    elements: b.elements,
    appState: { viewBackgroundColor: WHITE, gridSize: null },
    files: {},
  };
}

/** Renders the geometry as the JSON text of a .excalidraw file. */
export function renderExcalidrawText(g: Geometry): string {
  return JSON.stringify(excalidrawDocument(g), null, 2) + "\n";
}

export const renderExcalidraw: Renderer = async (geometry) => renderExcalidrawText(geometry);
