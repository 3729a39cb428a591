/**
 * The `font` request field (interface.md §2.1): an allowlist of open fonts with full Ukrainian
 * Cyrillic. Measurement, geometry, SVG, PNG, PDF and Typst use the chosen font; DOCX names the
 * Microsoft original for the metric twins.
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { EngineError, render, type RenderInput } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { FONT_NAMES, FONTS, parseFont } from "../engine/fonts.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { textWidthMm, type FontId } from "../engine/text/measure.ts";
import { wrapText } from "../engine/text/wrap.ts";
import { checkGeometry } from "./support/geometry-checker.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const CODE = [
  "def площа(ширина, висота):",
  "    результат = ширина * висота",
  '    print("Площа дорівнює", результат, "Ґанок, Єва, Їжак, Іван — м\'ясо")',
  "    return результат",
  "",
  'сторона = int(input("Сторона: "))',
  "if сторона != 0:",
  '    print("сторона ∈ дозволені")',
  "    площа(сторона, сторона)",
  "",
].join("\n");

/** One request name per font, with the PostScript name its PDF subset carries. */
const CASES: readonly { name: string; id: FontId; family: string; postscript: string }[] = [
  { name: "Times New Roman", id: "tinos", family: "Tinos", postscript: "Tinos-Regular" },
  { name: "Arial", id: "arimo", family: "Arimo", postscript: "Arimo-Regular" },
  { name: "PT Serif", id: "pt-serif", family: "PT Serif", postscript: "PTSerif-Regular" },
  { name: "PT Sans", id: "pt-sans", family: "PT Sans", postscript: "PTSans-Regular" },
  { name: "DejaVu Sans", id: "dejavu-sans", family: "DejaVu Sans", postscript: "DejaVuSans" },
];

async function run(input: Partial<RenderInput>) {
  return render({ code: CODE, lang: "python", ...input }, bunAssets);
}

function families(g: Geometry): Set<string> {
  const out = new Set<string>([g.font.family]);
  for (const c of g.charts) {
    out.add(c.caption.font.family);
    for (const p of c.parts) for (const s of p.shapes) out.add(s.font.family);
  }
  return out;
}

describe("parseFont", () => {
  test("request names are matched case-insensitively; no font means Tinos", () => {
    expect(parseFont(undefined)).toBe(FONTS.tinos);
    expect(parseFont("Times New Roman").id).toBe("tinos");
    expect(parseFont("tinos").id).toBe("tinos");
    expect(parseFont("  times   new roman ").id).toBe("tinos");
    expect(parseFont("ARIAL").id).toBe("arimo");
    expect(parseFont("Arimo").id).toBe("arimo");
    expect(parseFont("pt serif").id).toBe("pt-serif");
    expect(parseFont("PT Sans").id).toBe("pt-sans");
    expect(parseFont("dejavu sans").id).toBe("dejavu-sans");
    expect(FONT_NAMES).toEqual(["Times New Roman", "Tinos", "Arial", "Arimo", "PT Serif", "PT Sans", "DejaVu Sans"]);
  });

  test("an unknown font is a bad_request that lists the allowed names", async () => {
    for (const bad of ["Comic Sans MS", "", "Times", 12]) {
      let err: unknown;
      try {
        await run({ font: bad as string });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(EngineError);
      expect((err as EngineError).code).toBe("bad_request");
      for (const name of FONT_NAMES) expect((err as EngineError).message).toContain(name);
    }
  });
});

describe("measurement per font", () => {
  test("each font has its own widths; Arimo is wider than Tinos for Cyrillic", () => {
    const s = "Площа дорівнює Ґанок Єва Їжак";
    const widths = CASES.map((c) => textWidthMm(s, 12, c.id));
    expect(new Set(widths).size).toBe(CASES.length);
    expect(textWidthMm(s, 12, "arimo")).toBeGreaterThan(textWidthMm(s, 12, "tinos"));
    expect(textWidthMm(s, 12)).toBe(textWidthMm(s, 12, "tinos"));
    // Every Ukrainian letter has a glyph in every font (an unknown one would count as 1 em).
    for (const c of CASES) {
      for (const ch of "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюя’") {
        expect(textWidthMm(ch, 12, c.id)).toBeLessThan(textWidthMm("Ш", 12, c.id) * 1.2);
      }
    }
  });

  test("wrapping honours the font: every line fits in its own metrics", () => {
    const text = "результат дорівнює площа прямокутника зі сторонами ширина та висота";
    for (const c of CASES) {
      const lines = wrapText(text, 40, 12, c.id);
      expect(lines.join(" ")).toBe(text);
      for (const l of lines) expect(textWidthMm(l, 12, c.id)).toBeLessThanOrEqual(40);
    }
  });
});

describe("each allowed font", () => {
  for (const c of CASES) {
    test(`${c.name}: SVG and JSON carry the family, geometry passes the checker`, async () => {
      const svg = await run({ font: c.name, format: "svg" });
      expect(svg.errors).toEqual([]);
      expect(svg.charts).toBe(2);
      const quoted = c.family.includes(" ") ? `'${c.family}'` : c.family;
      expect(svg.file.data as string).toContain(`font-family="${quoted}, `);
      expect(svg.file.data as string).toContain("Ґанок");
      expect([...families(svg.geometry)]).toEqual([c.family]);
      expect(checkGeometry(svg.geometry)).toEqual([]);

      const json = await run({ font: c.name, format: "json" });
      const g = JSON.parse(json.file.data as string) as Geometry;
      expect([...families(g)]).toEqual([c.family]);
      for (const split of [false, true]) {
        expect(checkGeometry((await run({ font: c.name, format: "json", split })).geometry)).toEqual([]);
      }
    });

    test(`${c.name}: Typst sets the font; DOCX names the Word font`, async () => {
      const typ = (await run({ font: c.name, format: "typst" })).file.data as string;
      const word = FONTS[c.id].word;
      const expected = word === c.family ? `("${c.family}",)` : `("${word}", "${c.family}")`;
      expect(typ).toContain(`#set text(font: ${expected}, `);
      const docx = (await run({ font: c.name, format: "docx" })).file.data as Uint8Array;
      const files = unzipSync(docx);
      const doc = strFromU8(files["word/document.xml"]!) + strFromU8(files["word/styles.xml"] ?? new Uint8Array());
      expect(doc).toContain(`w:ascii="${word}"`);
    });
  }

  test("PNG draws each font (the pixels differ from font to font)", async () => {
    const seen = new Set<string>();
    for (const c of CASES) {
      const png = (await run({ font: c.name, format: "png", fn: "площа" })).file.data as Uint8Array;
      expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      seen.add(Buffer.from(png).toString("base64"));
    }
    expect(seen.size).toBe(CASES.length);
  });

  test("PDF embeds the chosen font (pdffonts) and keeps the Cyrillic text extractable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skhema-fonts-"));
    try {
      for (const c of CASES) {
        const pdf = (await run({ font: c.name, format: "pdf" })).file.data as Uint8Array;
        const path = join(dir, `${c.id}.pdf`);
        writeFileSync(path, pdf);
        const fonts = spawnSync("pdffonts", [path], { encoding: "utf8" });
        expect(fonts.status).toBe(0);
        expect(fonts.stdout).toMatch(new RegExp(`[A-Z]{6}\\+${c.postscript}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
        const text = spawnSync("pdftotext", ["-enc", "UTF-8", path, "-"], { encoding: "utf8" });
        expect(text.status).toBe(0);
        for (const s of ["Ґанок", "Єва", "Їжак", "Площа", "∈"]) expect(text.stdout).toContain(s);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the default stays Tinos; a wider font may widen symbols", async () => {
    const tinos = (await run({ format: "json" })).geometry;
    expect(tinos.font.family).toBe("Tinos");
    const explicit = (await run({ format: "json", font: "Tinos" })).geometry;
    expect(explicit).toEqual(tinos);
    const arimo = (await run({ format: "json", font: "Arial" })).geometry;
    const widest = (g: Geometry) => Math.max(...g.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes.map((s) => s.w))));
    expect(widest(arimo)).toBeGreaterThanOrEqual(widest(tinos));
  });
});
