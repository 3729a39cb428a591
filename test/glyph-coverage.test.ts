/**
 * The generated glyph-coverage table (engine/render/glyph-coverage.ts, `bun run gen:coverage`) is
 * exactly what fontkit reads from the font files, and the PNG renderer loads no font parser.
 */
import { describe, expect, test } from "bun:test";
import { FONTS, type FontId } from "../engine/fonts.ts";
import { GLYPH_COVERAGE } from "../engine/render/glyph-coverage.ts";
import { Face } from "../engine/render/fonts.ts";
import { coverageRanges } from "../scripts/gen-coverage.ts";
import { render } from "../engine/index.ts";
import { drawableText } from "../engine/text/drawable.ts";
import { bunAssets } from "../hosts/bun.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

describe("glyph coverage table", () => {
  for (const id of Object.keys(FONTS) as FontId[]) {
    test(`${FONTS[id].family}: the table matches the font file (regenerate with bun run gen:coverage)`, async () => {
      expect(GLYPH_COVERAGE[id]).toEqual(await coverageRanges(id));
    });
  }

  test("Face.has answers from the table (range edges, gaps, outside)", () => {
    const face = new Face("tinos", "Tinos", new Uint8Array());
    const r = GLYPH_COVERAGE.tinos;
    for (let i = 0; i < r.length; i += 2) {
      expect(face.has(r[i]!)).toBe(true);
      expect(face.has(r[i + 1]!)).toBe(true);
      if (i + 2 < r.length && r[i + 2]! > r[i + 1]! + 1) expect(face.has(r[i + 1]! + 1)).toBe(false);
    }
    expect(face.has(-1)).toBe(false);
    expect(face.has(0x10ffff + 1)).toBe(false);
    expect(face.has("Ї".codePointAt(0)!)).toBe(true);
    expect(face.has("∈".codePointAt(0)!)).toBe(false);
    expect(new Face("dejavu-sans", "DejaVu Sans", new Uint8Array()).has("∈".codePointAt(0)!)).toBe(true);
  });

  test("importing the PNG renderer loads no font parser", () => {
    const script = `await import(${JSON.stringify(new URL("../engine/render/png.ts", import.meta.url).pathname)});
      const loaded = Object.keys(require.cache).filter((k) => /node_modules\\/(fontkit|pdf-lib)\\//.test(k));
      console.log(JSON.stringify(loaded));`;
    const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
    expect(p.stderr.toString()).toBe("");
    expect(JSON.parse(p.stdout.toString())).toEqual([]);
  });
});

describe("characters no chart font draws (issue 20)", () => {
  const EMOJI_LAB = 'print("Готово ✅ 🎉 ok")\nx = "∈ ≤ ♥"\nif x == "👍🏽":\n    print("a 🎉 b")\n';

  test("drawableText drops what neither the chart's font nor DejaVu Sans has, and the space it leaves doubled", () => {
    expect(drawableText('"Готово ✅ 🎉 ok"', "tinos", GLYPH_COVERAGE)).toBe('"Готово ok"');
    expect(drawableText("a 👨‍👩‍👧 b ∈ ≤ ♥ ї", "tinos", GLYPH_COVERAGE)).toBe("a b ∈ ≤ ♥ ї");
  });

  test("no such character reaches any format; every format shows the same text", async () => {
    const geometry = (await render({ code: EMOJI_LAB, lang: "python", format: "json" }, bunAssets)).file.data as string;
    for (const dropped of ["✅", "🎉", "👍", "🏽"]) expect(geometry).not.toContain(dropped);
    expect(geometry).toContain("Готово ok");
    expect(geometry).toContain("∈ ≤ ♥");
    for (const format of ["svg", "typst", "excalidraw"]) {
      const file = (await render({ code: EMOJI_LAB, lang: "python", format }, bunAssets)).file.data as string;
      expect(file).not.toContain("🎉");
      expect(file).toContain("Готово ok");
    }
  });
});
