/**
 * DOCX renderer (engine/render/docx.ts): package parts, strict well-formedness and schema order of
 * document.xml, one native Word shape per geometry shape / edge / label, group and shape positions that
 * parse back to the geometry's millimetres, deterministic bytes, escaping — and one LibreOffice round
 * trip (docx → pdf) checking the Cyrillic texts, captions and the page count.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { commentSlack, EMU_PER_MM, fitScale, LABEL_SLACK, renderDocx } from "../engine/render/docx.ts";
import { FIGURE_GAP, planSheets } from "../engine/layout/sheets.ts";
import { lineHeightMm } from "../engine/text/measure.ts";
import type { Box, Edge, Geometry, Part, Shape } from "../engine/geometry/types.ts";
import { sampleGeometry } from "./fixtures/geometry-sample.ts";
import { findAll, parseXmlStrict, unescapeXml, type XmlElement } from "./support/xml-check.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/**
 * test/fixtures/python/long_summary.py (page-fit.test.ts measures it too): a program with a long main
 * part (split into several parts, together wider than 170 mm side by side; a literal too long for its
 * symbol, whose comment wraps it), a function, decisions with branch labels, loops, Cyrillic text and
 * the XML specials < & " '.
 */
const PROGRAM = readFileSync(new URL("./fixtures/python/long_summary.py", import.meta.url), "utf8");

async function geometryOf(code: string, split: boolean): Promise<Geometry> {
  const r = await render({ code, lang: "python", format: "json", split }, bunAssets);
  return JSON.parse(r.file.data as string) as Geometry;
}

async function docx(g: Geometry, pages: boolean): Promise<Uint8Array> {
  const out = await renderDocx(g, { assets: bunAssets, scale: 1, fragment: false, pages });
  expect(out).toBeInstanceOf(Uint8Array);
  return out as Uint8Array;
}

function documentOf(bytes: Uint8Array): { xml: string; root: XmlElement; files: Record<string, Uint8Array> } {
  const files = unzipSync(bytes);
  const xml = strFromU8(files["word/document.xml"]!);
  return { xml, root: parseXmlStrict(xml), files };
}

const child = (el: XmlElement, name: string): XmlElement => {
  const c = el.children.find((x) => x.name === name);
  if (!c) throw new Error(`<${el.name}> has no <${name}>`);
  return c;
};
const int = (el: XmlElement, attr: string): number => {
  const v = el.attrs[attr];
  if (v === undefined || !/^-?\d+$/.test(v)) throw new Error(`<${el.name}> ${attr}="${v}" is not an integer`);
  return Number(v);
};
const mm = (emu: number) => emu / EMU_PER_MM;

/** Checks that `names` (child element names) follow `order`, each optional and at most once unless repeatable. */
function expectOrder(names: string[], order: string[], where: string): void {
  let k = 0;
  for (const n of names) {
    const at = order.indexOf(n, k);
    if (at < 0) throw new Error(`${where}: <${n}> out of schema order in [${names.join(", ")}]`);
    k = at;
  }
}

const texts = (el: XmlElement): string[] => findAll(el, "w:p").map((p) => findAll(p, "w:t").map((t) => unescapeXml(t.text)).join(""));

interface Figure {
  inline: XmlElement;
  group: XmlElement;
  shapes: XmlElement[];
  edges: XmlElement[];
  labels: XmlElement[];
}

function figures(root: XmlElement): Figure[] {
  return findAll(root, "wp:inline").map((inline) => {
    const group = findAll(inline, "wpg:wgp")[0]!;
    const wsp = group.children.filter((c) => c.name === "wps:wsp");
    const named = (prefix: string) => wsp.filter((w) => child(w, "wps:cNvPr").attrs.name!.startsWith(prefix + " "));
    const lines = wsp.filter((w) => /^(Edge|Connector) /.test(child(w, "wps:cNvPr").attrs.name!));
    return { inline, group, shapes: named("Shape"), edges: lines, labels: named("Label") };
  });
}

function xfrmBox(wsp: XmlElement): Box {
  const xfrm = child(child(wsp, "wps:spPr"), "a:xfrm");
  const off = child(xfrm, "a:off");
  const ext = child(xfrm, "a:ext");
  return { x: mm(int(off, "x")), y: mm(int(off, "y")), w: mm(int(ext, "cx")), h: mm(int(ext, "cy")) };
}

/** Maps a box from the group's EMU space back to canvas millimetres. */
const back = (b: Box, origin: Box, s: number): Box => ({ x: origin.x + b.x / s, y: origin.y + b.y / s, w: b.w / s, h: b.h / s });

function expectBox(actual: Box, expected: Box, what: string): void {
  for (const k of ["x", "y", "w", "h"] as const) {
    if (Math.abs(actual[k] - expected[k]) > 0.01) throw new Error(`${what}: ${k} ${actual[k]} ≠ ${expected[k]}`);
  }
}

const union = (parts: Part[]): Box => {
  const x = Math.min(...parts.map((p) => p.x));
  const y = Math.min(...parts.map((p) => p.y));
  return { x, y, w: Math.max(...parts.map((p) => p.x + p.width)) - x, h: Math.max(...parts.map((p) => p.y + p.height)) - y };
};
const labelled = (edges: Edge[]) => edges.filter((e) => e.label !== undefined && e.label !== "" && e.labelBox);
const drawn = (edges: Edge[]) => edges.filter((e) => e.points.length >= 2);

/** Checks one figure against the parts it draws. */
function checkFigure(fig: Figure, parts: Part[], stroke: number): void {
  const box = union(parts);
  const s = fitScale(box.w, box.h);
  expect(s).toBeLessThanOrEqual(1);
  const ext = child(fig.inline, "wp:extent");
  const w = mm(int(ext, "cx"));
  const h = mm(int(ext, "cy"));
  expect(Math.abs(w / s - box.w)).toBeLessThan(0.01);
  expect(Math.abs(h / s - box.h)).toBeLessThan(0.01);
  expect(w).toBeLessThanOrEqual(170 + 1e-6);
  expect(h).toBeLessThanOrEqual(230 + 1e-6);
  // The group's own transform is the identity: children are in the same EMU space as the extent.
  const gx = child(child(fig.group, "wpg:grpSpPr"), "a:xfrm");
  expect(int(child(gx, "a:ext"), "cx")).toBe(int(ext, "cx"));
  expect(int(child(gx, "a:chExt"), "cy")).toBe(int(ext, "cy"));
  expect(int(child(gx, "a:chOff"), "x")).toBe(0);

  const shapes: Shape[] = parts.flatMap((p) => p.shapes);
  const edges = drawn(parts.flatMap((p) => p.edges));
  const labels = labelled(parts.flatMap((p) => p.edges));
  expect(fig.shapes.length).toBe(shapes.length);
  expect(fig.edges.length).toBe(edges.length);
  expect(fig.labels.length).toBe(labels.length);

  shapes.forEach((sh, i) => {
    const wsp = fig.shapes[i]!;
    // A comment's box reaches past its open side (empty; LibreOffice's wrapping, commentSlack).
    expectBox(back(xfrmBox(wsp), box, s), sh.kind === "comment" ? { ...sh, w: sh.w + commentSlack(sh) } : sh, `shape ${sh.id}`);
    const spPr = child(wsp, "wps:spPr");
    expect(findAll(spPr, "a:custGeom").length).toBe(1);
    expect(int(child(spPr, "a:ln"), "w")).toBe(Math.round(stroke * EMU_PER_MM));
    if (sh.kind !== "comment") expect(child(child(spPr, "a:solidFill"), "a:srgbClr").attrs.val).toBe("FFFFFF");
    if (sh.text.some((t) => t !== "")) {
      const content = child(child(wsp, "wps:txbx"), "w:txbxContent");
      expect(texts(content)).toEqual(sh.text);
      for (const sz of findAll(content, "w:sz")) expect(int(sz, "w:val")).toBe(Math.floor(sh.font.size * s * 2 + 0.01));
      for (const sp of findAll(content, "w:spacing")) {
        expect(sp.attrs["w:lineRule"]).toBe("exact");
        expect(Math.abs(int(sp, "w:line") / 56.6929 - lineHeightMm(sh.font.size) * s)).toBeLessThan(0.02);
      }
      for (const f of findAll(content, "w:rFonts")) expect(f.attrs["w:ascii"]).toBe("Times New Roman");
      const jc = sh.kind === "comment" ? "left" : "center";
      for (const j of findAll(content, "w:jc")) expect(j.attrs["w:val"]).toBe(jc);
    }
  });

  edges.forEach((e, i) => {
    const wsp = fig.edges[i]!;
    const b = back(xfrmBox(wsp), box, s);
    const path = findAll(wsp, "a:path")[0]!;
    expect(path.attrs.fill).toBe("none");
    const pts = findAll(path, "a:pt").map((p) => ({ x: b.x + mm(int(p, "x")) / s, y: b.y + mm(int(p, "y")) / s }));
    expect(pts.length).toBe(e.points.length);
    pts.forEach((p, k) => {
      expect(Math.abs(p.x - e.points[k]!.x)).toBeLessThan(0.01);
      expect(Math.abs(p.y - e.points[k]!.y)).toBeLessThan(0.01);
    });
    const tail = findAll(wsp, "a:tailEnd");
    expect(tail.length).toBe(e.arrow ? 1 : 0);
    if (e.arrow) expect(tail[0]!.attrs.type).toBe("triangle");
    expect(child(child(wsp, "wps:spPr"), "a:noFill")).toBeDefined();
  });

  labels.forEach((e, i) => {
    const wsp = fig.labels[i]!;
    const lb = e.labelBox!;
    expectBox(back(xfrmBox(wsp), box, s), { ...lb, w: lb.w + LABEL_SLACK }, `label ${e.id}`);
    expect(texts(child(child(wsp, "wps:txbx"), "w:txbxContent"))).toEqual([e.label!]);
    const ln = child(child(wsp, "wps:spPr"), "a:ln");
    expect(ln.children.map((c) => c.name)).toEqual(["a:noFill"]);
    const body = child(wsp, "wps:bodyPr");
    for (const a of ["lIns", "tIns", "rIns", "bIns"]) expect(body.attrs[a]).toBe("0");
  });
}

/** Schema order of everything the renderer writes, as Word validates it. */
function checkSchemaOrder(root: XmlElement): void {
  const body = child(root, "w:body");
  expect(body.children.at(-1)!.name).toBe("w:sectPr");
  for (const wsp of findAll(root, "wps:wsp")) {
    const names = wsp.children.map((c) => c.name);
    expectOrder(names, ["wps:cNvPr", "wps:cNvSpPr", "wps:cNvCnPr", "wps:spPr", "wps:style", "wps:extLst", "wps:txbx", "wps:bodyPr"], "wps:wsp");
    expect(names.at(-1)).toBe("wps:bodyPr");
    const spPr = child(wsp, "wps:spPr").children.map((c) => c.name);
    expectOrder(spPr, ["a:xfrm", "a:custGeom", "a:prstGeom", "a:noFill", "a:solidFill", "a:ln"], "wps:spPr");
    expect(spPr.filter((n) => n === "a:custGeom" || n === "a:prstGeom").length).toBe(1);
    const ln = child(child(wsp, "wps:spPr"), "a:ln").children.map((c) => c.name);
    expectOrder(ln, ["a:noFill", "a:solidFill", "a:prstDash", "a:custDash", "a:round", "a:bevel", "a:miter", "a:headEnd", "a:tailEnd"], "a:ln");
    for (const g of findAll(wsp, "a:custGeom")) {
      expect(g.children.map((c) => c.name)).toEqual(["a:avLst", "a:gdLst", "a:ahLst", "a:cxnLst", "a:rect", "a:pathLst"]);
    }
  }
  for (const inline of findAll(root, "wp:inline")) {
    expect(inline.children.map((c) => c.name)).toEqual(["wp:extent", "wp:effectExtent", "wp:docPr", "wp:cNvGraphicFramePr", "a:graphic"]);
    const wgp = findAll(inline, "wpg:wgp")[0]!.children.map((c) => c.name);
    expect(wgp.slice(0, 2)).toEqual(["wpg:cNvGrpSpPr", "wpg:grpSpPr"]);
    expect(new Set(wgp.slice(2))).toEqual(new Set(["wps:wsp"]));
  }
  const pPrOrder = ["w:pStyle", "w:keepNext", "w:keepLines", "w:pageBreakBefore", "w:spacing", "w:ind", "w:jc", "w:rPr"];
  for (const p of findAll(root, "w:pPr")) expectOrder(p.children.map((c) => c.name), pPrOrder, "w:pPr");
  const rPrOrder = ["w:rFonts", "w:b", "w:i", "w:sz", "w:szCs", "w:lang"];
  for (const r of findAll(root, "w:rPr")) expectOrder(r.children.map((c) => c.name), rPrOrder, "w:rPr");
  for (const p of findAll(root, "w:p")) {
    const names = p.children.map((c) => c.name);
    if (names.includes("w:pPr")) expect(names[0]).toBe("w:pPr");
  }
}

let split: Geometry;
let whole: Geometry;
let paged: Uint8Array;
let sideBySide: Uint8Array;
const sample = sampleGeometry();
let samplePaged: Uint8Array;

beforeAll(async () => {
  split = await geometryOf(PROGRAM, true);
  whole = await geometryOf(PROGRAM, false);
  paged = await docx(split, true);
  sideBySide = await docx(split, false);
  samplePaged = await docx(sample, true);
});

describe("renderDocx package", () => {
  test("the fixture really has a split chart, parts together wider than 170 mm, a comment and branch labels", () => {
    const main = split.charts[0]!;
    expect(main.parts.length).toBeGreaterThan(2);
    expect(union(main.parts).w).toBeGreaterThan(170);
    expect(main.parts.some((p) => p.shapes.some((sh) => sh.kind === "comment" && sh.text.length > 2))).toBe(true);
    expect(main.parts.slice(1).every((p) => p.sheetCaption)).toBe(true);
    expect(labelled(main.parts.flatMap((p) => p.edges)).length).toBeGreaterThan(0);
  });

  test("the zip holds the required parts, each well-formed, with matching content types", () => {
    const files = unzipSync(paged);
    expect(Object.keys(files)).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "word/document.xml",
      "word/_rels/document.xml.rels",
      "word/styles.xml",
      "word/settings.xml",
    ]);
    for (const data of Object.values(files)) parseXmlStrict(strFromU8(data));
    const types = strFromU8(files["[Content_Types].xml"]!);
    expect(types).toContain(`PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"`);
    expect(types).toContain(`PartName="/word/styles.xml"`);
    expect(types).toContain(`PartName="/word/settings.xml"`);
    expect(strFromU8(files["_rels/.rels"]!)).toContain(`Target="word/document.xml"`);
  });

  test("document.xml is strictly well-formed, declares its prefixes and follows the schema order", () => {
    for (const bytes of [paged, sideBySide]) {
      const { root } = documentOf(bytes);
      expect(root.name).toBe("w:document");
      checkSchemaOrder(root);
    }
  });

  test("A4 portrait with the report margins (left 30, right 10, top 20, bottom 20 mm)", () => {
    const { root } = documentOf(paged);
    const sect = child(child(root, "w:body"), "w:sectPr");
    const pg = child(sect, "w:pgSz");
    expect([int(pg, "w:w"), int(pg, "w:h")]).toEqual([11906, 16838]);
    expect(pg.attrs["w:orient"]).toBeUndefined();
    const m = child(sect, "w:pgMar");
    const tw = (v: number) => Math.round((v * 1440) / 25.4);
    expect([int(m, "w:left"), int(m, "w:right"), int(m, "w:top"), int(m, "w:bottom")]).toEqual([tw(30), tw(10), tw(20), tw(20)]);
  });

  test("docPr and cNvPr ids are unique in the document", () => {
    const { root } = documentOf(paged);
    const ids = [...findAll(root, "wp:docPr"), ...findAll(root, "wps:cNvPr")].map((e) => e.attrs.id);
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("the same geometry gives identical bytes", async () => {
    expect(Buffer.from(await docx(split, true)).equals(Buffer.from(paged))).toBe(true);
    const again = await geometryOf(PROGRAM, true);
    expect(Buffer.from(await docx(again, false)).equals(Buffer.from(sideBySide))).toBe(true);
  });
});

describe("renderDocx figures", () => {
  test("pages=true: one figure per part, a new page where the document's sheets (layout/sheets.ts) start one, captioned", () => {
    const { root } = documentOf(paged);
    const parts = split.charts.flatMap((c) => c.parts.map((p) => ({ c, p })));
    const figs = figures(root);
    expect(figs.length).toBe(parts.length);
    figs.forEach((fig, i) => checkFigure(fig, [parts[i]!.p], split.stroke));
    // Paragraph layout: figure paragraph (centred, page break where a sheet after the first starts,
    // else the gap to the figure above), then its caption.
    const starts = new Set<number>();
    let at = 0;
    for (const sheet of planSheets([split], true)) {
      starts.add(at);
      at += sheet.figures.length;
    }
    const paras = child(root, "w:body").children.filter((c) => c.name === "w:p");
    expect(paras.length).toBe(parts.length * 2);
    parts.forEach(({ c, p }, i) => {
      const fig = paras[2 * i]!;
      const cap = paras[2 * i + 1]!;
      expect(findAll(fig, "wp:inline").length).toBe(1);
      expect(findAll(fig, "w:pageBreakBefore").length).toBe(i > 0 && starts.has(i) ? 1 : 0);
      expect(int(findAll(fig, "w:spacing")[0]!, "w:before")).toBe(starts.has(i) ? 0 : Math.round((FIGURE_GAP * 1440) / 25.4));
      expect(child(child(fig, "w:pPr"), "w:jc").attrs["w:val"]).toBe("center");
      expect(texts({ ...cap, children: [cap] })).toEqual([p.index === 0 ? c.caption.text : p.sheetCaption!]);
      expect(child(child(cap, "w:pPr"), "w:jc").attrs["w:val"]).toBe("center");
      const rFonts = findAll(cap, "w:rFonts")[0]!;
      expect(rFonts.attrs["w:ascii"]).toBe("Times New Roman");
      expect(int(findAll(cap, "w:sz")[0]!, "w:val")).toBe(28);
    });
  });

  test("pages=false: the parts of a chart sit side by side in one group, scaled to fit 170 × 230 mm", () => {
    const { root } = documentOf(sideBySide);
    const figs = figures(root);
    expect(figs.length).toBe(split.charts.length);
    figs.forEach((fig, i) => checkFigure(fig, split.charts[i]!.parts, split.stroke));
    const main = union(split.charts[0]!.parts);
    expect(fitScale(main.w, main.h)).toBeLessThan(1);
    expect(findAll(root, "w:pageBreakBefore").length).toBe(planSheets([split], false).length - 1);
    const caps = child(root, "w:body").children.filter((c) => c.name === "w:p" && findAll(c, "wp:inline").length === 0);
    expect(caps.map((c) => texts({ ...c, children: [c] })[0])).toEqual(split.charts.map((c) => c.caption.text));
  });

  test("a line between two symbols is a connector attached to both shapes' connection sites; a join stays a drawn line", () => {
    for (const bytes of [paged, sideBySide]) {
      const { root } = documentOf(bytes);
      const partsOf = bytes === paged ? split.charts.flatMap((c) => c.parts.map((p) => [p])) : split.charts.map((c) => c.parts);
      let attached = 0;
      figures(root).forEach((fig, i) => {
        const edges = partsOf[i]!.flatMap((p) => drawn(p.edges));
        const sites = new Map(fig.shapes.map((w) => [child(w, "wps:cNvPr").attrs.id!, findAll(w, "a:cxn").length]));
        const descr = new Map(fig.shapes.map((w) => [child(w, "wps:cNvPr").attrs.id!, child(w, "wps:cNvPr").attrs.descr!]));
        expect(fig.edges.length).toBe(edges.length);
        fig.edges.forEach((w, k) => {
          const e = edges[k]!;
          const cn = w.children.find((c) => c.name === "wps:cNvCnPr");
          if (e.from === null || e.to === null) {
            expect(cn).toBeUndefined();
            return;
          }
          expect(cn).toBeDefined();
          const st = child(cn!, "a:stCxn");
          const en = child(cn!, "a:endCxn");
          // Each end names the shape drawn for that symbol (its descr carries the symbol's id) and one of its sites.
          expect(descr.get(st.attrs.id!)?.endsWith(` ${e.from}`)).toBe(true);
          expect(descr.get(en.attrs.id!)?.endsWith(` ${e.to}`)).toBe(true);
          expect(int(st, "idx")).toBeLessThan(sites.get(st.attrs.id!)!);
          expect(int(en, "idx")).toBeLessThan(sites.get(en.attrs.id!)!);
          attached++;
        });
      });
      expect(attached).toBeGreaterThan(10);
    }
  });

  test("an unsplit geometry at natural size is never scaled up", async () => {
    const { root } = documentOf(await docx(whole, false));
    const figs = figures(root);
    expect(figs.length).toBe(whole.charts.length);
    figs.forEach((fig, i) => checkFigure(fig, whole.charts[i]!.parts, whole.stroke));
    const fn = whole.charts[1]!.parts[0]!;
    expect(fitScale(fn.width, fn.height)).toBe(1);
    expect(mm(int(child(figs[1]!.inline, "wp:extent"), "cx"))).toBeCloseTo(fn.width, 2);
  });

  test("every shape kind (sample geometry): outlines from outlinePath, call bars, open comment bracket", async () => {
    const kinds = new Set(sample.charts[0]!.parts.flatMap((p) => p.shapes.map((sh) => sh.kind)));
    expect(kinds.size).toBe(10);
    for (const pages of [true, false]) {
      const { root } = documentOf(pages ? samplePaged : await docx(sample, false));
      checkSchemaOrder(root);
      const figs = figures(root);
      const parts = sample.charts[0]!.parts;
      if (pages) figs.forEach((fig, i) => checkFigure(fig, [parts[i]!], sample.stroke));
      else checkFigure(figs[0]!, parts, sample.stroke);
      const shapes = parts.flatMap((p) => p.shapes);
      const wsp = figs.flatMap((f) => f.shapes);
      shapes.forEach((sh, i) => {
        const paths = findAll(wsp[i]!, "a:path");
        expect(paths.length).toBe(sh.kind === "call" ? 3 : 1);
        expect(paths[0]!.attrs.fill).toBe(sh.kind === "comment" ? "none" : undefined);
        expect(findAll(paths[0]!, "a:close").length).toBe(sh.kind === "comment" ? 0 : 1);
        expect(findAll(paths[0]!, "a:cubicBezTo").length).toBe(sh.kind === "terminator" ? 4 : sh.kind === "connector" ? 4 : 0);
        if (sh.kind === "comment") expect(findAll(wsp[i]!, "a:noFill").length).toBeGreaterThan(0);
      });
    }
  });

  test("a geometry without charts still gives a valid document with one empty paragraph", async () => {
    const { root } = documentOf(await docx({ ...whole, charts: [] }, true));
    expect(child(root, "w:body").children.map((c) => c.name)).toEqual(["w:p", "w:sectPr"]);
  });

  test("texts are XML-escaped and characters illegal in XML are stripped", async () => {
    const g = structuredClone(whole);
    const sh = g.charts[0]!.parts[0]!.shapes[1]!;
    sh.text = [`a < b && c > "d" 'e'`, `кон\u0001троль\uFFFF`];
    g.charts[0]!.caption.text = `Рисунок 1 — <A&B>\u0008`;
    const { xml, root } = documentOf(await docx(g, true));
    expect(xml).toContain(`a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;`);
    expect(xml).not.toContain("\u0001");
    const shape = figures(root)[0]!.shapes[1]!;
    expect(texts(child(child(shape, "wps:txbx"), "w:txbxContent"))).toEqual([`a < b && c > "d" 'e'`, "контроль"]);
    expect(xml).toContain(`Рисунок 1 — &lt;A&amp;B&gt;</w:t>`);
  });
});

// One LibreOffice run for the whole file: converting both documents in a single soffice call.
describe("LibreOffice round trip", () => {
  const dir = mkdtempSync(join(tmpdir(), "skhema-docx-"));
  const pdfText: Record<string, string> = {};
  const pdfPages: Record<string, number> = {};

  beforeAll(() => {
    writeFileSync(join(dir, "paged.docx"), paged);
    writeFileSync(join(dir, "side.docx"), sideBySide);
    writeFileSync(join(dir, "sample.docx"), samplePaged);
    const r = spawnSync(
      "soffice",
      [
        `-env:UserInstallation=file://${join(dir, "profile")}`,
        "--headless",
        "--convert-to",
        "pdf",
        "--outdir",
        dir,
        join(dir, "paged.docx"),
        join(dir, "side.docx"),
        join(dir, "sample.docx"),
      ],
      { encoding: "utf8", timeout: 100_000 },
    );
    if (r.error) throw new Error(`soffice failed to run (install libreoffice-writer-nogui): ${r.error.message}`);
    for (const name of ["paged", "side", "sample"]) {
      const pdf = join(dir, `${name}.pdf`);
      const text = spawnSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
      if (text.status !== 0) throw new Error(`pdftotext ${name}: ${text.stderr}\nsoffice said: ${r.stdout}${r.stderr}`);
      pdfText[name] = text.stdout;
      const info = spawnSync("pdfinfo", [pdf], { encoding: "utf8" });
      pdfPages[name] = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]);
    }
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const squash = (s: string) => s.replace(/\s+/g, "");

  test("pages=true gives one page per part", () => {
    expect(pdfPages.paged).toBe(split.charts.reduce((n, c) => n + c.parts.length, 0));
    expect(pdfPages.side).toBeLessThan(pdfPages.paged!);
    expect(pdfPages.sample).toBe(sample.charts[0]!.parts.length);
  });

  test("the PDF contains the Cyrillic block texts, branch labels and the captions", () => {
    for (const name of ["paged", "side"]) {
      const text = squash(pdfText[name]!);
      for (const c of split.charts) {
        for (const p of c.parts) {
          for (const sh of p.shapes) for (const line of sh.text) expect(text).toContain(squash(line));
          for (const e of labelled(p.edges)) expect(text).toContain(squash(e.label!));
          if (name === "paged" && p.sheetCaption) expect(text).toContain(squash(p.sheetCaption));
        }
        expect(text).toContain(squash(c.caption.text));
      }
    }
    expect(squash(pdfText.paged!)).toContain(squash("лічильник < кількість"));
    // Every shape kind of the sample geometry (emoji left out: the PDF font may lack it).
    const sampleText = squash(pdfText.sample!);
    for (const p of sample.charts[0]!.parts) {
      for (const sh of p.shapes) for (const line of sh.text) expect(sampleText).toContain(squash(line.replace(/\p{Extended_Pictographic}/gu, "")));
    }
    expect(pdfText.paged).toContain(split.charts[0]!.parts.at(-1)!.sheetCaption!);
  });
});
