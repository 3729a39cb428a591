import { parseXmlStrict, type XmlElement } from "./support/xml-check.ts";
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { escapeXml, num, renderSvg, stripInvalidXml } from "../engine/render/svg.ts";
import { arrowhead, outline, outlinePath, outlineProbe, placeText } from "../engine/geometry/outline.ts";
import { lineHeightMm as linePitch } from "../engine/text/measure.ts";
import { ARROW_LENGTH, PT } from "../engine/geometry/style.ts";
import type { Geometry, Point, Shape } from "../engine/geometry/types.ts";
import { sampleGeometry } from "./fixtures/geometry-sample.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = fileURLToPath(new URL("..", import.meta.url));
const TINOS = readFileSync(root + "node_modules/@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf");

beforeAll(async () => {
  try {
    await initWasm(readFileSync(root + "node_modules/@resvg/resvg-wasm/index_bg.wasm"));
  } catch (e) {
    // Another test file in the same process may have initialised it already.
    if (!/already initialized/i.test(String(e))) throw e;
  }
});

interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
  /** px per mm */
  scale: number;
}

const ZOOM = 4;

function rasterize(svg: string, g: Geometry): Raster {
  const r = new Resvg(svg, {
    fitTo: { mode: "zoom", value: ZOOM },
    background: "white",
    font: { fontBuffers: [TINOS], defaultFontFamily: "Tinos", serifFamily: "Tinos", loadSystemFonts: false },
  });
  const img = r.render();
  const out = { width: img.width, height: img.height, pixels: new Uint8Array(img.pixels), scale: img.width / g.width };
  img.free();
  r.free();
  return out;
}

/** Darkest luminance in a square of ±rad px around a point given in mm. */
function darkest(img: Raster, at: Point, rad = 2): number {
  let min = 255;
  const cx = Math.round(at.x * img.scale);
  const cy = Math.round(at.y * img.scale);
  for (let y = cy - rad; y <= cy + rad; y++) {
    for (let x = cx - rad; x <= cx + rad; x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const i = (y * img.width + x) * 4;
      const lum = 0.299 * img.pixels[i]! + 0.587 * img.pixels[i + 1]! + 0.114 * img.pixels[i + 2]!;
      min = Math.min(min, lum);
    }
  }
  return min;
}

/** Strict well-formedness (test/support/xml-check.ts) plus unique ids across the document. */
function checkWellFormed(xml: string): void {
  const ids = new Set<string>();
  const visit = (el: XmlElement): void => {
    const id = el.attrs.id;
    if (id !== undefined) {
      if (ids.has(id)) throw new Error(`duplicate id ${id}`);
      ids.add(id);
    }
    el.children.forEach(visit);
  };
  visit(parseXmlStrict(xml));
}

const allShapes = (g: Geometry): Shape[] => g.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes));

describe("renderSvg", () => {
  const g = sampleGeometry();
  const svg = renderSvg(g);

  test("is well-formed XML with an SVG root in mm", () => {
    checkWellFormed(svg);
    expect(svg.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1"`)).toBe(true);
    expect(svg).toContain(`width="185mm" height="207mm" viewBox="0 0 185 207"`);
    expect(svg).toContain(`font-family="Tinos, 'Times New Roman', serif"`);
    expect(svg).toContain(`<rect x="0" y="0" width="185" height="207" fill="#fff" stroke="none"/>`);
    expect(svg.endsWith("</svg>\n")).toBe(true);
  });

  test("paper: false (for the rasteriser) leaves out only the white: canvas rectangle and shape fill", () => {
    const bare = renderSvg(g, { paper: false });
    checkWellFormed(bare);
    expect(bare).not.toContain(`fill="#fff"`);
    expect(bare).toContain(`<g class="shapes" fill="none"`);
    const expected = svg
      .replace(`\n<rect x="0" y="0" width="185" height="207" fill="#fff" stroke="none"/>`, "")
      .replaceAll(`<g class="shapes" fill="#fff"`, `<g class="shapes" fill="none"`);
    expect(bare).toBe(expected);
  });

  test("is deterministic, whatever the key order of the input", () => {
    expect(renderSvg(sampleGeometry())).toBe(svg);
    const shuffled = JSON.parse(JSON.stringify(g), (_k, v) =>
      v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    ) as Geometry;
    expect(Object.keys(shuffled)[0]).toBe("charts");
    expect(renderSvg(shuffled)).toBe(svg);
  });

  test("groups per chart and part, shapes carry data-id, stable element order", () => {
    expect(svg).toContain(`<g id="chart-1" data-name="main" data-figure="1" data-main="true">`);
    expect(svg).toContain(`<g id="chart-1-part-0">`);
    expect(svg).toContain(`<g id="chart-1-part-1">`);
    const order = (s: string) => {
      const i = svg.indexOf(s);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const seq = [
      `id="chart-1-part-0"`,
      ...["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"].map((id) => `<g data-id="${id}" `),
      `<polyline data-id="e1"`,
      `<polyline data-id="e7"`,
      `<polygon data-id="e6"`,
      `<text data-id="e5"`,
      `id="chart-1-part-1"`,
      `<g data-id="s9" `,
      `<g data-id="s13" `,
      `<polyline data-id="e12"`,
      `class="caption"`,
    ].map(order);
    expect([...seq].sort((a, b) => a - b)).toEqual(seq);
    for (const s of allShapes(g)) expect(svg).toContain(`<g data-id="${s.id}" data-kind="${s.kind}"`);
    expect(svg).toContain(`<g data-id="s2" data-kind="io" data-source="1">`);
  });

  test("outlines follow outline.ts exactly", () => {
    expect(svg).toContain(`<rect x="30" y="5" width="30" height="10" rx="5" ry="5"/>`); // terminator
    expect(svg).toContain(`<polygon points="35,25 60,25 55,45 30,45"/>`); // io, top edge shifted right by IO_SKEW
    expect(svg).toContain(`<polygon points="35,85 55,85 60,95 55,105 35,105 30,95"/>`); // hexagon
    expect(svg).toContain(`<polygon points="45,115 60,125 45,135 30,125"/>`); // decision
    expect(svg).toContain(`<line x1="33" y1="145" x2="33" y2="165"/><line x1="57" y1="145" x2="57" y2="165"/>`); // call
    expect(svg).toContain(`<circle cx="45" cy="180" r="5"/>`); // connector
    expect(svg).toContain(`<polyline points="68,55 65,55 65,75 68,75" fill="none"/>`); // comment bracket
    expect(svg).toContain(`<polygon points="129,25 151,25 155,29 155,45 125,45 125,29"/>`); // loop_begin
    expect(svg).toContain(`<polygon points="125,85 155,85 155,101 151,105 129,105 125,101"/>`); // loop_end
  });

  test("one filled arrowhead polygon per arrow edge, tip at the last point; no markers", () => {
    const edges = g.charts.flatMap((c) => c.parts.flatMap((p) => p.edges));
    const arrowEdges = edges.filter((e) => e.arrow);
    expect(arrowEdges.length).toBe(4);
    for (const e of edges) {
      const has = svg.includes(`<polygon data-id="${e.id}" `);
      expect(has).toBe(e.arrow);
    }
    // e6 runs leftwards into (45, 80).
    expect(svg).toContain(`<polygon data-id="e6" points="45,80 48,79 48,81"/>`);
    // e7 runs down into (45, 175).
    expect(svg).toContain(`<polygon data-id="e7" points="45,175 44,172 46,172"/>`);
    // The stroked line stops half an arrow length short of the tip, hidden under the triangle.
    expect(svg).toContain(`<polyline data-id="e6" points="60,125 70,125 70,80 ${num(45 + ARROW_LENGTH / 2)},80"/>`);
    expect(svg).toContain(`<polyline data-id="e1" points="45,15 45,25"/>`);
    expect(svg).not.toContain("marker");
    expect(svg).toContain(`<g class="arrows" fill="#000" stroke="none">`);
    expect(svg).toContain(`stroke-linecap="square"`);
  });

  test("text baselines: block centred in textBox, pitch 1.15·size", () => {
    const pitch = linePitch(12);
    const sizeMm = 12 * PT;
    // s1 terminator: textBox y 6.5, h 7, one line.
    const y1 = 6.5 + (7 - pitch) / 2 + pitch / 2 + 0.34 * sizeMm;
    expect(svg).toContain(`<tspan x="45" y="${num(y1)}">Початок</tspan>`);
    // s3 process: two lines, textBox y 56.5 h 17.
    const top = 56.5 + (17 - 2 * pitch) / 2;
    expect(svg).toContain(
      `<tspan x="45" y="${num(top + pitch / 2 + 0.34 * sizeMm)}">S = 0</tspan><tspan x="45" y="${num(top + pitch * 1.5 + 0.34 * sizeMm)}">i = 1</tspan>`,
    );
    // Label "так": left-aligned at labelBox.x, same rule.
    const ly = 136 + (5 - pitch) / 2 + pitch / 2 + 0.34 * sizeMm;
    expect(svg).toContain(`<text data-id="e5" font-size="${num(sizeMm)}" text-anchor="start" xml:space="preserve"><tspan x="46.5" y="${num(ly)}">так</tspan></text>`);
    // Comment text is left-aligned beside its bracket.
    expect(svg).toContain(`text-anchor="start" xml:space="preserve"><tspan x="67.5"`);
    // Caption: 14 pt, centred in its box.
    const cp = linePitch(14);
    const cy = 196 + (6 - cp) / 2 + cp / 2 + 0.34 * 14 * PT;
    expect(svg).toContain(
      `<text font-size="${num(14 * PT)}" text-anchor="middle" xml:space="preserve"><tspan x="92.5" y="${num(cy)}">Рисунок 1 — Схема алгоритму програми</tspan></text>`,
    );
    expect(placeText({ x: 0, y: 0, w: 10, h: 10 }, ["a", "", "b"], 12, "center").map((l) => l.text)).toEqual(["a", "b"]);
  });

  test("escapes XML specials and strips characters illegal in XML 1.0", () => {
    expect(svg).toContain(">a&lt;&amp;&gt;&quot;&apos;b</tspan>");
    expect(svg).toContain("🙂 ok");
    const bad = "x\u0000\u0001\u0008\u000B\u000C\u000E\u001F\uD800y\uDC00\uFFFE\uFFFFz\t😀𝔸";
    expect(stripInvalidXml(bad)).toBe("xyz\t😀𝔸");
    expect(escapeXml(`<&>"'`)).toBe("&lt;&amp;&gt;&quot;&apos;");
    const g2 = sampleGeometry();
    const chart = g2.charts[0]!;
    chart.name = `f<"x">&'`;
    chart.caption.lines = [bad];
    const s = chart.parts[0]!.shapes[0]!;
    s.id = `id"<&>`;
    s.text = [bad, "\u0007"];
    chart.parts[0]!.edges[4]!.label = `<так & "ні">`;
    const out = renderSvg(g2);
    checkWellFormed(out);
    expect(out).toContain(`data-name="f&lt;&quot;x&quot;&gt;&amp;&apos;"`);
    expect(out).toContain(`<g data-id="id&quot;&lt;&amp;&gt;" data-kind="terminator">`);
    expect(out).toContain(">xyz\t😀𝔸</tspan>");
    expect(out).toContain(">&lt;так &amp; &quot;ні&quot;&gt;</tspan>");
    expect(() => rasterize(out, g2)).not.toThrow();
  });

  test("font family names with spaces are quoted; the font's fallbacks always follow", () => {
    const g2 = sampleGeometry();
    g2.font.family = "PT Serif";
    for (const s of allShapes(g2)) s.font.family = "PT Serif";
    g2.charts[0]!.caption.font.family = "PT Serif";
    const out = renderSvg(g2);
    checkWellFormed(out);
    expect(out).toContain(`font-family="'PT Serif', serif"`);
    // Texts in the root family do not repeat it.
    expect(out.match(/font-family=/g)!.length).toBe(1);
    const g3 = sampleGeometry();
    g3.charts[0]!.parts[0]!.shapes[0]!.font.family = "Arimo";
    // Arimo falls back to its metric twin Arial; a family outside the allowlist to Times New Roman.
    expect(renderSvg(g3)).toContain(`<text fill="#000" stroke="none" font-family="Arimo, Arial, sans-serif"`);
    const g4 = sampleGeometry();
    g4.charts[0]!.parts[0]!.shapes[0]!.font.family = "Some Font";
    expect(renderSvg(g4)).toContain(`font-family="'Some Font', 'Times New Roman', serif"`);
  });

  test("numbers are rounded to 0.01 mm without trailing zeros or -0", () => {
    expect(num(1 / 3)).toBe("0.33");
    expect(num(2.5)).toBe("2.5");
    expect(num(10)).toBe("10");
    expect(num(-0.001)).toBe("0");
    expect(num(-0)).toBe("0");
    expect(num(-1.256)).toBe("-1.26");
    expect(num(12.999)).toBe("13");
    expect(() => num(NaN)).toThrow();
    const g2 = sampleGeometry();
    const s = g2.charts[0]!.parts[0]!.shapes[2]!;
    s.x = 30.0000001;
    s.y = 55 + 1 / 3;
    s.w = 29.999999;
    const e = g2.charts[0]!.parts[0]!.edges[0]!;
    e.points[0]!.x = -0.0001;
    const out = renderSvg(g2);
    expect(out).toContain(`<rect x="30" y="55.33" width="30" height="20"/>`);
    expect(out).toContain(`<polyline data-id="e1" points="0,15 45,25"/>`);
    const numeric = [...out.slice(out.indexOf("<svg")).matchAll(/="([-\d., ]+)"/g)].map((m) => m[1]!);
    expect(numeric.length).toBeGreaterThan(100);
    for (const v of numeric) {
      expect(v).not.toMatch(/\d\.\d{3,}|(^|[^\d])-0(?![.\d])|\.\d*0(?!\d)/);
    }
  });

  test("degenerate input does not break rendering", () => {
    const empty: Geometry = { unit: "mm", width: 10, height: 10, stroke: 0.35, font: { family: "Tinos", size: 12 }, charts: [] };
    const out = renderSvg(empty);
    checkWellFormed(out);
    const g2 = sampleGeometry();
    const edges = g2.charts[0]!.parts[0]!.edges;
    edges.push({ id: "d1", from: null, to: null, points: [{ x: 1, y: 1 }], arrow: true });
    edges.push({ id: "d2", from: null, to: null, points: [{ x: 2, y: 2 }, { x: 2, y: 4 }, { x: 2, y: 4 }], arrow: true });
    g2.charts[0]!.parts[0]!.shapes[0]!.text = [];
    const out2 = renderSvg(g2);
    checkWellFormed(out2);
    expect(out2).not.toContain(`data-id="d1"`);
    expect(out2).toContain(`<polyline data-id="d2" points="2,2 2,2.5"/>`);
    expect(out2).toContain(`<polygon data-id="d2" points="2,4 1,1 3,1"/>`);
    expect(arrowhead([{ x: 0, y: 0 }])).toBeNull();
  });

  describe("rasterised with resvg", () => {
    let img: Raster;
    beforeAll(() => {
      img = rasterize(svg, g);
    });

    test("has the expected pixel size (mm at 96 dpi × zoom)", () => {
      const px = (mm: number) => (mm / 25.4) * 96 * ZOOM;
      expect(Math.abs(img.width - px(g.width))).toBeLessThanOrEqual(1);
      expect(Math.abs(img.height - px(g.height))).toBeLessThanOrEqual(1);
    });

    test("every shape outline is drawn, and shapes are white inside", () => {
      for (const s of allShapes(g)) {
        const probe = outlineProbe(outline(s).outline);
        expect({ id: s.id, lum: darkest(img, probe) < 110 }).toEqual({ id: s.id, lum: true });
        if (s.kind === "comment") continue;
        const inside = { x: s.x + s.w / 2, y: s.y + 0.12 * s.h };
        expect({ id: s.id, lum: darkest(img, inside, 1) > 245 }).toEqual({ id: s.id, lum: true });
      }
      // The call symbol's inner lines.
      expect(darkest(img, { x: 33, y: 155 })).toBeLessThan(110);
      expect(darkest(img, { x: 57, y: 155 })).toBeLessThan(110);
    });

    test("empty canvas areas stay white", () => {
      for (const q of [
        { x: 2, y: 2 },
        { x: 92, y: 150 },
        { x: 160, y: 170 },
        { x: 182, y: 204 },
      ]) {
        expect(darkest(img, q, 3)).toBeGreaterThan(250);
      }
    });

    test("arrowheads are filled triangles; plain lines have none", () => {
      // e7 runs down into (45, 175): sample beside the line, inside the triangle.
      expect(darkest(img, { x: 45.55, y: 172.8 }, 0)).toBeLessThan(110);
      // e1 (no arrow) runs down into (45, 25): the same spot relative to its end is white.
      expect(darkest(img, { x: 45.55, y: 22.8 }, 0)).toBeGreaterThan(245);
      // e6 runs left into (45, 80).
      expect(darkest(img, { x: 47.2, y: 80.55 }, 0)).toBeLessThan(110);
      // The tip itself is covered, nothing pokes out beyond it.
      expect(darkest(img, { x: 45.5, y: 80 }, 0)).toBeLessThan(110);
      expect(darkest(img, { x: 44.6, y: 80 }, 0)).toBeGreaterThan(200);
    });

    test("text is rendered with the Tinos buffer", () => {
      const s = allShapes(g).find((x) => x.id === "s3")!;
      let dark = 0;
      for (let y = Math.floor(s.textBox.y * img.scale); y < (s.textBox.y + s.textBox.h) * img.scale; y++) {
        for (let x = Math.floor(s.textBox.x * img.scale); x < (s.textBox.x + s.textBox.w) * img.scale; x++) {
          if (img.pixels[(y * img.width + x) * 4]! < 128) dark++;
        }
      }
      expect(dark).toBeGreaterThan(100);
    });
  });
});

describe("outline.ts", () => {
  const ends = (cmds: ReturnType<typeof outlinePath>) =>
    cmds.flatMap((c) => (c.op === "Z" ? [] : [`${c.op}${num(c.x)},${num(c.y)}`]));

  test("stadium path: flat top and bottom, semicircular ends of radius h/2, closed", () => {
    const o = outline({ kind: "terminator", x: 10, y: 20, w: 30, h: 10 });
    expect(o.outline).toEqual({ kind: "stadium", x: 10, y: 20, w: 30, h: 10, r: 5 });
    const cmds = outlinePath(o.outline);
    expect(ends(cmds)).toEqual(["M15,20", "L35,20", "C40,25", "L40,25", "C35,30", "L15,30", "C10,25", "L10,25", "C15,20"]);
    expect(cmds.at(-1)).toEqual({ op: "Z" });
    // Narrower than tall: a vertical capsule, r = w/2.
    const v = outline({ kind: "terminator", x: 0, y: 0, w: 4, h: 10 }).outline;
    expect(v.kind === "stadium" && v.r).toBe(2);
  });

  test("circle path passes through the four extreme points; Bézier midpoints lie on the circle", () => {
    const o = outline({ kind: "connector", x: 0, y: 0, w: 10, h: 10 }).outline;
    expect(o).toEqual({ kind: "circle", cx: 5, cy: 5, r: 5 });
    const cmds = outlinePath(o);
    expect(ends(cmds)).toEqual(["M5,0", "C10,5", "C5,10", "C0,5", "C5,0"]);
    const c = cmds[1]!;
    if (c.op !== "C") throw new Error("expected a cubic");
    const mid = { x: (5 + 3 * c.x1 + 3 * c.x2 + c.x) / 8, y: (0 + 3 * c.y1 + 3 * c.y2 + c.y) / 8 };
    expect(Math.abs(Math.hypot(mid.x - 5, mid.y - 5) - 5)).toBeLessThan(0.002);
  });

  test("polygons close, the comment bracket stays open, call has two inner lines", () => {
    expect(outlinePath(outline({ kind: "decision", x: 0, y: 0, w: 30, h: 20 }).outline).at(-1)).toEqual({ op: "Z" });
    expect(ends(outlinePath(outline({ kind: "comment", x: 0, y: 0, w: 20, h: 10 }).outline))).toEqual(["M3,0", "L0,0", "L0,10", "L3,10"]);
    expect(outline({ kind: "call", x: 0, y: 0, w: 30, h: 20 }).lines).toEqual([
      { a: { x: 3, y: 0 }, b: { x: 3, y: 20 } },
      { a: { x: 27, y: 0 }, b: { x: 27, y: 20 } },
    ]);
    for (const kind of ["process", "io", "decision", "hexagon", "loop_begin", "loop_end", "connector", "terminator", "comment"] as const) {
      expect(outline({ kind, x: 0, y: 0, w: 30, h: 20 }).lines).toEqual([]);
    }
  });

  test("cut-ins are clamped for very small boxes (no self-intersecting outlines)", () => {
    const hex = outline({ kind: "hexagon", x: 0, y: 0, w: 6, h: 20 }).outline;
    expect(hex.kind === "polygon" && hex.points.map((q) => q.x)).toEqual([3, 3, 6, 3, 3, 0]);
    const io = outline({ kind: "io", x: 0, y: 0, w: 4, h: 20 }).outline;
    expect(io.kind === "polygon" && io.points.map((q) => q.x)).toEqual([4, 4, 0, 0]);
    const lb = outline({ kind: "loop_begin", x: 0, y: 0, w: 30, h: 2 }).outline;
    expect(lb.kind === "polygon" && lb.points.map((q) => q.y)).toEqual([0, 0, 2, 2, 2, 2]);
  });

  test("arrowhead: tip at the last point, ARROW_LENGTH long, ARROW_WIDTH wide, along the last segment", () => {
    const up = arrowhead([{ x: 0, y: 10 }, { x: 0, y: 0 }])!;
    expect(up).toEqual([{ x: 0, y: 0 }, { x: 1, y: 3 }, { x: -1, y: 3 }]);
    const right = arrowhead([{ x: 0, y: 0 }, { x: 0, y: 5 }, { x: 10, y: 5 }])!;
    expect(right.map((q) => [num(q.x), num(q.y)])).toEqual([["10", "5"], ["7", "6"], ["7", "4"]]);
  });
});
