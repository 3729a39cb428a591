import { describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { partCalls, renderTypst, renderTypstText, typstString } from "../engine/render/typst.ts";
import { arrowhead, outline, placeText } from "../engine/geometry/outline.ts";
import { num } from "../engine/render/svg.ts";
import type { AssetLoader } from "../engine/assets.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { sampleGeometry } from "./fixtures/geometry-sample.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = fileURLToPath(new URL("..", import.meta.url));
const TINOS_PATH = root + "node_modules/@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf";
const assets: AssetLoader = { load: async () => new Uint8Array() };

/** The sample with a continuation caption on part 2 and a nasty text in one shape. */
function geometry(): Geometry {
  const g = sampleGeometry();
  const chart = g.charts[0]!;
  chart.parts[1]!.sheetCaption = "Рисунок 1, аркуш 2";
  chart.parts[0]!.shapes[2]!.text = ['#x $y$ *b* _i_ `c` <l> @r [s] \\ "q"', "i = 1"];
  return g;
}

/** Draw calls the geometry implies: outline + inner lines + text lines per shape, line + arrowhead per edge, labels. */
function expectedCalls(g: Geometry, partIndex: number): number {
  const part = g.charts[0]!.parts[partIndex]!;
  let n = 0;
  for (const s of part.shapes) n += 1 + outline(s).lines.length + placeText(s.textBox, s.text, s.font.size, "center").length;
  for (const e of part.edges) n += (e.points.length >= 2 ? 1 : 0) + (e.arrow && arrowhead(e.points) ? 1 : 0);
  for (const e of part.edges) if (e.label && e.labelBox) n += 1;
  return n;
}

const CALL = /^\s+(line|rect|circle|content)\(/;

describe("Typst renderer (text)", () => {
  test("document: preamble, one canvas per part, captions verbatim, page breaks", async () => {
    const src = (await renderTypst(geometry(), { assets, scale: 1, fragment: false, pages: true })) as string;
    expect(typeof src).toBe("string");
    expect(src).toContain(`#set page(paper: "a4", margin: (left: 30mm, right: 10mm, top: 20mm, bottom: 20mm))`);
    expect(src).toContain(`#set text(font: ("Times New Roman", "Tinos"), size: 12pt, lang: "uk")`);
    expect(src).toContain(`#import "@preview/cetz:0.5.2"`);
    expect(src.match(/cetz\.canvas\(/g)!.length).toBe(2);
    expect(src.match(/#pagebreak\(weak: true\)/g)!.length).toBe(1);
    expect(src).toContain(`text(size: 14pt, "Рисунок 1 — Схема алгоритму програми")`);
    expect(src).toContain(`text(size: 14pt, "Рисунок 1, аркуш 2")`);
    expect(src).not.toContain("#figure");
    expect(src.indexOf("Схема алгоритму")).toBeLessThan(src.indexOf("#pagebreak"));
    expect(src.indexOf("аркуш 2")).toBeGreaterThan(src.indexOf("#pagebreak"));
    // Without pages: no page break, parts still in order.
    const flow = renderTypstText(geometry(), { fragment: false, pages: false });
    expect(flow).not.toContain("#pagebreak");
    expect(flow.match(/cetz\.canvas\(/g)!.length).toBe(2);
  });

  test("draw call count = outlines + inner lines + text lines + edges + arrowheads + labels", () => {
    const g = geometry();
    g.charts[0]!.parts.forEach((part, i) => {
      const calls = partCalls(g, part);
      expect(calls.length).toBe(expectedCalls(g, i));
    });
    const src = renderTypstText(g, { fragment: false, pages: true });
    const lines = src.split("\n").filter((l) => CALL.test(l));
    expect(lines.length).toBe(expectedCalls(g, 0) + expectedCalls(g, 1));
    // Only the small CeTZ subset.
    const used = new Set(src.split("\n").map((l) => /^\s+([a-z-]+)\(/.exec(l)?.[1]).filter(Boolean));
    for (const f of used) expect(["line", "rect", "circle", "content", "set-style", "scale", "text"]).toContain(f!);
  });

  test("coordinates: mm from the part corner, y negated; shapes drawn from outline()", () => {
    const g = geometry();
    const calls = partCalls(g, g.charts[0]!.parts[0]!);
    // terminator s1 box (30,5,30,10) in part at (5,5) → stadium rect (25,0)-(55,-10) radius 5.
    expect(calls[0]).toBe("rect((25, 0), (55, -10), radius: 5, fill: white)");
    // io s2: parallelogram as a closed filled line.
    expect(calls).toContain("line((30, -20), (55, -20), (50, -40), (25, -40), close: true, fill: white)");
    // e7 ends at (45,175) with an arrowhead: tip at (40, -170).
    const head = arrowhead([{ x: 45, y: 165 }, { x: 45, y: 175 }])!;
    expect(calls).toContain(
      `line(${head.map((q) => `(${num(q.x - 5)}, ${num(5 - q.y)})`).join(", ")}, close: true, fill: black, stroke: none)`,
    );
    expect(calls.some((c) => c.startsWith("circle((40, -175), radius: 5"))).toBe(true);
  });

  test("escaping: texts are Typst string literals", () => {
    expect(typstString('#x $y$ *b* _i_ `c` <l> @r [s] \\ "q"')).toBe('"#x $y$ *b* _i_ `c` <l> @r [s] \\\\ \\"q\\""');
    expect(typstString("a\u0001b\u007fc\td")).toBe('"abc\\td"');
    expect(typstString("🙂 ґ")).toBe('"🙂 ґ"');
    const src = renderTypstText(geometry(), { fragment: false, pages: true });
    expect(src).toContain('text(size: 12pt, "#x $y$ *b* _i_ `c` <l> @r [s] \\\\ \\"q\\"")');
  });

  test("fragment: only the canvases", () => {
    const frag = renderTypstText(geometry(), { fragment: true, pages: false });
    expect(frag).not.toContain("#set");
    expect(frag).not.toContain("#import");
    expect(frag).not.toContain("Рисунок");
    const blocks = frag.trim().split("\n\n");
    expect(blocks.length).toBe(2);
    for (const b of blocks) {
      expect(b.startsWith("#cetz.canvas(length: 1mm, {")).toBe(true);
      expect(b.endsWith("})")).toBe(true);
    }
  });

  test("wide parts are scaled to the usable 170 mm", () => {
    const g = geometry();
    const part = g.charts[0]!.parts[0]!;
    part.width = 200;
    const src = renderTypstText(g, { fragment: false, pages: true });
    expect(src).toContain("scale(85%, reflow: true, cetz.canvas(");
    expect(src.match(/scale\(/g)!.length).toBe(1);
  });

  test("deterministic", () => {
    const a = renderTypstText(geometry(), { fragment: false, pages: true });
    const b = renderTypstText(geometry(), { fragment: false, pages: true });
    expect(a).toBe(b);
  });
});

describe("Typst renderer (compiled with the npm Typst compiler and a local CeTZ stand-in)", () => {
  /** Compiles Typst source in a subprocess whose XDG_DATA_HOME holds the stand-in as @preview/cetz:0.5.2. */
  function compile(src: string): { log: string; code: number | null; pdf?: Buffer; text?: string } {
    const dir = mkdtempSync(join(tmpdir(), "skhema-typst-"));
    try {
      const pkg = join(dir, "data/typst/packages/preview/cetz");
      mkdirSync(pkg, { recursive: true });
      cpSync(join(root, "test/support/cetz-standin/cetz/0.5.2"), join(pkg, "0.5.2"), { recursive: true });
      writeFileSync(join(dir, "main.typ"), src);
      const proc = Bun.spawnSync(
        [process.execPath, join(root, "test/support/typst-compile.ts"), join(dir, "main.typ"), join(dir, "out.pdf"), TINOS_PATH],
        { env: { ...process.env, XDG_DATA_HOME: join(dir, "data"), XDG_CACHE_HOME: join(dir, "cache") }, stdout: "pipe", stderr: "pipe" },
      );
      const log = proc.stdout.toString() + proc.stderr.toString();
      if (proc.exitCode !== 0) return { log, code: proc.exitCode };
      const pdf = readFileSync(join(dir, "out.pdf"));
      const pdftotext = Bun.which("pdftotext");
      const text = pdftotext && existsSync(pdftotext) ? Bun.spawnSync([pdftotext, join(dir, "out.pdf"), "-"]).stdout.toString() : undefined;
      return { log, code: proc.exitCode, pdf, text };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test("the document compiles to a PDF with the captions and texts, one part per page", async () => {
    const g = geometry();
    g.charts[0]!.parts[1]!.width = 200; // exercises the scale-to-fit wrapper too
    const src = (await renderTypst(g, { assets, scale: 1, fragment: false, pages: true })) as string;
    expect(src).toContain("scale(85%, reflow: true,");
    const r = compile(src);
    expect(r.log).toBe("");
    expect(r.code).toBe(0);
    expect(r.pdf!.subarray(0, 5).toString()).toBe("%PDF-");
    expect(r.pdf!.toString("latin1")).toContain("Tinos");
    if (r.text !== undefined) {
      const pages = r.text.split("\f").filter((p) => p.trim() !== "");
      expect(pages.length).toBe(2);
      expect(pages[0]).toContain("Рисунок 1 — Схема алгоритму програми");
      expect(pages[1]).toContain("Рисунок 1, аркуш 2");
      expect(pages[0]).toContain("Початок");
      // Markup characters come out literally (pdftotext may break the long line beside the comment).
      expect(pages[0]).toContain("#x $y$ *b* _i_ `c` <l> @r [s] \\");
      expect(pages[0]).toContain('"q"');
      expect(pages[1]).toContain("Кінець");
    }
  }, 120_000);

  test("the fragment compiles inside a host document", () => {
    const frag = renderTypstText(geometry(), { fragment: true, pages: false });
    const r = compile(`#import "@preview/cetz:0.5.2"\n#set text(font: "Tinos")\nBefore.\n\n${frag}\nAfter.\n`);
    expect(r.log).toBe("");
    expect(r.code).toBe(0);
    if (r.text !== undefined) {
      expect(r.text).toContain("Before.");
      expect(r.text).toContain("Кінець");
      expect(r.text).not.toContain("Рисунок");
    }
  }, 120_000);
});
