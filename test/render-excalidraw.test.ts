import { describe, expect, test } from "bun:test";
import {
  excalidrawDocument,
  hash31,
  PX_PER_MM,
  renderExcalidraw,
  renderExcalidrawText,
  stadiumPoints,
  type ExElement,
} from "../engine/render/excalidraw.ts";
import { outline } from "../engine/geometry/outline.ts";
import type { AssetLoader } from "../engine/assets.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { sampleGeometry } from "./fixtures/geometry-sample.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const assets: AssetLoader = { load: async () => new Uint8Array() };
const near = (a: number, b: number, eps = 0.011): boolean => Math.abs(a - b) <= eps;

function parse(g: Geometry = sampleGeometry()): { elements: ExElement[]; byId: Map<string, ExElement> } {
  const doc = JSON.parse(renderExcalidrawText(g));
  const elements = doc.elements as ExElement[];
  return { elements, byId: new Map(elements.map((e) => [e.id, e])) };
}

describe("Excalidraw renderer", () => {
  test("valid file: top level and common fields", async () => {
    const text = (await renderExcalidraw(sampleGeometry(), { assets, scale: 1, fragment: false, pages: false })) as string;
    const doc = JSON.parse(text);
    expect(doc.type).toBe("excalidraw");
    expect(doc.version).toBe(2);
    expect(typeof doc.source).toBe("string");
    expect(doc.appState).toEqual({ viewBackgroundColor: "#ffffff", gridSize: null });
    expect(doc.files).toEqual({});
    const known = ["rectangle", "diamond", "ellipse", "line", "arrow", "text"];
    for (const e of doc.elements as ExElement[]) {
      expect(known).toContain(e.type);
      expect(e.roughness).toBe(0);
      expect(e.strokeWidth).toBe(1);
      expect(e.version).toBe(1);
      expect(Number.isInteger(e.seed) && e.seed > 0 && e.seed < 2 ** 31).toBe(true);
      expect(Number.isInteger(e.versionNonce) && e.versionNonce > 0 && e.versionNonce < 2 ** 31).toBe(true);
      expect(e.isDeleted).toBe(false);
      expect(Array.isArray(e.groupIds)).toBe(true);
      expect(Array.isArray(e.boundElements)).toBe(true);
      for (const k of ["x", "y", "width", "height"] as const) expect(Number.isFinite(e[k])).toBe(true);
      if (e.type === "line" || e.type === "arrow") {
        expect(e.points![0]).toEqual([0, 0]);
        expect(e.roundness).toBeNull();
        if (e.polygon) {
          expect(e.points!.length).toBeGreaterThan(3);
          expect(e.points![e.points!.length - 1]).toEqual([0, 0]);
          expect(e.backgroundColor).toBe("#ffffff");
        }
      }
      if (e.type === "text") {
        expect(e.fontFamily).toBe(6);
        expect(e.originalText).toBe(e.text!);
        expect(e.lineHeight).toBe(1.25);
      }
    }
  });

  test("element counts per kind", () => {
    const { elements } = parse();
    const count = (t: string) => elements.filter((e) => e.type === t).length;
    const g = sampleGeometry();
    const shapes = g.charts[0]!.parts.flatMap((p) => p.shapes);
    const edges = g.charts[0]!.parts.flatMap((p) => p.edges);
    const k = (kind: string) => shapes.filter((s) => s.kind === kind).length;
    const lineKinds = ["terminator", "io", "hexagon", "loop_begin", "loop_end", "comment"];
    const polyCount = shapes.filter((s) => lineKinds.includes(s.kind)).length;
    expect(count("diamond")).toBe(k("decision"));
    expect(count("ellipse")).toBe(k("connector"));
    // process + call + one transparent container per line-drawn kind
    expect(count("rectangle")).toBe(k("process") + k("call") + polyCount);
    expect(count("line")).toBe(polyCount + 2 * k("call"));
    expect(elements.filter((e) => e.type === "line" && e.polygon).length).toBe(polyCount - k("comment"));
    expect(count("arrow")).toBe(edges.filter((e) => e.points.length >= 2).length);
    expect(elements.filter((e) => e.type === "arrow" && e.endArrowhead === "triangle").length).toBe(edges.filter((e) => e.arrow).length);
    const labels = edges.filter((e) => e.label && e.labelBox).length;
    expect(count("text")).toBe(shapes.length + labels + 1);
    expect(elements.filter((e) => e.type === "text" && e.containerId).length).toBe(shapes.length);
    expect(elements.some((e) => e.type === "text" && e.text === "Рисунок 1 — Схема алгоритму програми")).toBe(true);
  });

  test("ids unique; bound texts and their containers point at each other; text follows its container", () => {
    const { elements, byId } = parse();
    expect(byId.size).toBe(elements.length);
    for (const [i, e] of elements.entries()) {
      if (e.type === "text" && e.containerId) {
        const c = byId.get(e.containerId)!;
        expect(c).toBeDefined();
        expect(["rectangle", "diamond", "ellipse"]).toContain(c.type);
        expect(c.boundElements).toContainEqual({ type: "text", id: e.id });
        expect(elements[i - 1]!.id).toBe(c.id);
        expect(e.groupIds).toEqual(c.groupIds);
      }
      for (const ref of e.boundElements) {
        const other = byId.get(ref.id)!;
        expect(other).toBeDefined();
        expect(other.type).toBe(ref.type);
        if (ref.type === "text") expect(other.containerId).toBe(e.id);
        else expect([other.startBinding?.elementId, other.endBinding?.elementId]).toContain(e.id);
      }
      expect(e.boundElements.filter((r) => r.type === "text").length).toBeLessThanOrEqual(1);
    }
  });

  test("arrow bindings reference existing bindable shapes, both ways", () => {
    const { elements, byId } = parse();
    const g = sampleGeometry();
    const edges = new Map(g.charts[0]!.parts.flatMap((p) => p.edges).map((e) => [`c1-${e.id}`, e]));
    for (const a of elements.filter((e) => e.type === "arrow")) {
      const edge = edges.get(a.id)!;
      expect(edge).toBeDefined();
      for (const [b, shapeId] of [[a.startBinding, edge.from], [a.endBinding, edge.to]] as const) {
        if (shapeId === null) {
          expect(b).toBeNull();
          continue;
        }
        expect(b!.elementId).toBe(`c1-${shapeId}`);
        const target = byId.get(b!.elementId)!;
        expect(["rectangle", "diamond", "ellipse"]).toContain(target.type);
        expect(target.boundElements).toContainEqual({ type: "arrow", id: a.id });
        expect(b!.mode).toBe("orbit");
        expect(b!.fixedPoint.every((f) => f >= -0.01 && f <= 1.01)).toBe(true);
      }
    }
  });

  test("points match the geometry (mm → px)", () => {
    const { byId } = parse();
    const g = sampleGeometry();
    for (const part of g.charts[0]!.parts) {
      for (const e of part.edges) {
        const a = byId.get(`c1-${e.id}`)!;
        expect(a.points!.length).toBe(e.points.length);
        e.points.forEach((q, i) => {
          expect(near(a.x + a.points![i]![0], q.x * PX_PER_MM, 0.02)).toBe(true);
          expect(near(a.y + a.points![i]![1], q.y * PX_PER_MM, 0.02)).toBe(true);
        });
        expect(a.elbowed).toBe(false);
      }
      for (const s of part.shapes) {
        const c = byId.get(`c1-${s.id}`)!;
        expect(near(c.x, s.x * PX_PER_MM)).toBe(true);
        expect(near(c.y, s.y * PX_PER_MM)).toBe(true);
        expect(near(c.width, s.w * PX_PER_MM, 0.02)).toBe(true);
        expect(near(c.height, s.h * PX_PER_MM, 0.02)).toBe(true);
        const o = outline(s).outline;
        if ((o.kind === "polygon" || o.kind === "open") && s.kind !== "decision") {
          const l = byId.get(`c1-${s.id}-outline`)!;
          expect(l.type).toBe("line");
          expect(l.groupIds).toEqual(c.groupIds);
          expect(c.strokeColor).toBe("transparent");
          o.points.forEach((q, i) => {
            expect(near(l.x + l.points![i]![0], q.x * PX_PER_MM, 0.02)).toBe(true);
            expect(near(l.y + l.points![i]![1], q.y * PX_PER_MM, 0.02)).toBe(true);
          });
        }
      }
    }
    // The terminator outline: a closed stadium inside its box, touching all four sides.
    const s1 = g.charts[0]!.parts[0]!.shapes[0]!;
    const term = byId.get("c1-s1-outline")!;
    const xs = term.points!.map((p) => term.x + p[0]);
    const ys = term.points!.map((p) => term.y + p[1]);
    expect(near(Math.min(...xs), s1.x * PX_PER_MM, 0.02)).toBe(true);
    expect(near(Math.max(...xs), (s1.x + s1.w) * PX_PER_MM, 0.02)).toBe(true);
    expect(near(Math.min(...ys), s1.y * PX_PER_MM, 0.02)).toBe(true);
    expect(near(Math.max(...ys), (s1.y + s1.h) * PX_PER_MM, 0.02)).toBe(true);
    const pts = stadiumPoints(s1);
    for (const q of pts) {
      // every vertex on the stadium: straight edge or on a semicircle of radius h/2
      const r = s1.h / 2;
      const cx = Math.min(Math.max(q.x, s1.x + r), s1.x + s1.w - r);
      expect(Math.abs(Math.hypot(q.x - cx, q.y - (s1.y + r)) - r)).toBeLessThan(1e-9);
    }
  });

  test("call: rectangle and its two inner lines share a group", () => {
    const { byId } = parse();
    const rect = byId.get("c1-s6")!;
    expect(rect.type).toBe("rectangle");
    expect(rect.groupIds.length).toBe(1);
    for (const i of [1, 2]) expect(byId.get(`c1-s6-inner${i}`)!.groupIds).toEqual(rect.groupIds);
  });

  test("texts sit where the layout put them", () => {
    const { byId, elements } = parse();
    const g = sampleGeometry();
    const s3 = g.charts[0]!.parts[0]!.shapes[2]!;
    const t = byId.get("c1-s3-text")!;
    expect(t.text).toBe(s3.text.join("\n"));
    expect(near(t.x + t.width / 2, (s3.textBox.x + s3.textBox.w / 2) * PX_PER_MM, 0.02)).toBe(true);
    expect(near(t.y + t.height / 2, (s3.textBox.y + s3.textBox.h / 2) * PX_PER_MM, 0.02)).toBe(true);
    expect(t.fontSize).toBe(16); // 12 pt
    const label = elements.find((e) => e.type === "text" && e.text === "ні")!;
    expect(label.containerId).toBeNull();
    expect(label.textAlign).toBe("left");
  });

  test("deterministic: byte-identical output, seeds from ids", () => {
    const a = renderExcalidrawText(sampleGeometry());
    const b = renderExcalidrawText(sampleGeometry());
    expect(a).toBe(b);
    const doc = excalidrawDocument(sampleGeometry());
    for (const e of doc.elements) expect(e.seed).toBe(hash31(e.id));
    expect(new Set(doc.elements.map((e) => e.seed)).size).toBe(doc.elements.length);
  });

  test("duplicate geometry ids across charts stay unique", () => {
    const g = sampleGeometry();
    g.charts.push(structuredClone(g.charts[0]!));
    const { elements, byId } = parse(g);
    expect(byId.size).toBe(elements.length);
    expect(byId.has("c2-s1")).toBe(true);
  });
});

test("stadiumPoints: horizontal and vertical stadiums stay in their box with rounded ends", () => {
  for (const b of [{ x: 0, y: 0, w: 30, h: 10 }, { x: 5, y: 5, w: 8, h: 20 }, { x: 0, y: 0, w: 10, h: 10 }]) {
    const pts = stadiumPoints(b);
    const r = Math.min(b.w, b.h) / 2;
    expect(Math.min(...pts.map((q) => q.x))).toBeCloseTo(b.x, 9);
    expect(Math.max(...pts.map((q) => q.x))).toBeCloseTo(b.x + b.w, 9);
    expect(Math.min(...pts.map((q) => q.y))).toBeCloseTo(b.y, 9);
    expect(Math.max(...pts.map((q) => q.y))).toBeCloseTo(b.y + b.h, 9);
    for (const q of pts) {
      const cx = Math.min(Math.max(q.x, b.x + r), b.x + b.w - r);
      const cy = Math.min(Math.max(q.y, b.y + r), b.y + b.h - r);
      const d = Math.hypot(q.x - cx, q.y - cy);
      // on a straight edge (d = 0 would mean inside; straight-edge points lie on the box border) or on an arc
      const onBorder = Math.abs(q.x - b.x) < 1e-9 || Math.abs(q.x - b.x - b.w) < 1e-9 || Math.abs(q.y - b.y) < 1e-9 || Math.abs(q.y - b.y - b.h) < 1e-9;
      expect(onBorder || Math.abs(d - r) < 1e-9).toBe(true);
    }
    const keys = pts.map((q) => `${q.x.toFixed(9)},${q.y.toFixed(9)}`);
    expect(new Set(keys).size).toBe(keys.length);
  }
});
