/**
 * engine/render/pdf-font.ts reads every allowlisted font exactly as fontkit 2 does — the header values
 * pdf-lib's font descriptor uses, the glyph and advance of every code point the font covers (and of
 * some it does not), and subset fonts byte for byte for several glyph sets (text, every composite
 * glyph, a fixed random sample) — so the PDF renderer draws and embeds the same as with fontkit, and
 * loads no font parser library.
 */
import { describe, expect, test } from "bun:test";
// @ts-expect-error fontkit 2 ships no type declarations; the members used are typed below.
import * as fontkitModule from "fontkit";
import { FONTS, type FontId } from "../engine/fonts.ts";
import { GLYPH_COVERAGE } from "../engine/render/glyph-coverage.ts";
import { TrueTypeFont } from "../engine/render/pdf-font.ts";
import { bunAssets } from "../hosts/bun.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

interface FkGlyph {
  id: number;
  advanceWidth: number;
}
interface FkFont {
  unitsPerEm: number;
  postscriptName: string;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  ascent: number;
  descent: number;
  capHeight: number | undefined;
  xHeight: number | undefined;
  italicAngle: number;
  numGlyphs: number;
  head: { macStyle: { italic: boolean } };
  post: { isFixedPitch: number };
  "OS/2": { sFamilyClass: number } | undefined;
  glyphForCodePoint(cp: number): FkGlyph;
  createSubset(): { includeGlyph(g: number): number; encode(): Uint8Array };
}
const fontkit = fontkitModule as unknown as { create(bytes: Uint8Array): FkFont };

const SAMPLE = "Початок total := 0 Ввід x0 Так Ні Кінець йЙёЁїЇґҐєЄ ÀÉÎÕÜ ÅǺ ḉ ẃ € ∈ ∉ ∧ ∨ ﬁ 0123456789 (){}[]<>=+-*/%";

/** A fixed pseudo-random sequence (the test must not change between runs). */
function* lcg(seed: number): Generator<number> {
  let s = seed;
  for (;;) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    yield s;
  }
}

describe("PDF font reader (engine/render/pdf-font.ts) against fontkit", () => {
  for (const id of Object.keys(FONTS) as FontId[]) {
    describe(FONTS[id].family, async () => {
      const bytes = await bunAssets.load(FONTS[id].asset);
      const ours = new TrueTypeFont(bytes);
      const theirs = fontkit.create(bytes);

      test("the values of the font descriptor", () => {
        expect(ours.unitsPerEm).toBe(theirs.unitsPerEm);
        expect(ours.postscriptName).toBe(theirs.postscriptName);
        expect({ ...ours.bbox }).toEqual({ minX: theirs.bbox.minX, minY: theirs.bbox.minY, maxX: theirs.bbox.maxX, maxY: theirs.bbox.maxY });
        expect([ours.ascent, ours.descent, ours.italicAngle]).toEqual([theirs.ascent, theirs.descent, theirs.italicAngle]);
        // pdf-lib writes (capHeight || ascent) and (xHeight || 0).
        expect([ours.capHeight || ours.ascent, ours.xHeight || 0]).toEqual([theirs.capHeight || theirs.ascent, theirs.xHeight || 0]);
        expect(ours.post.isFixedPitch).toBe(Boolean(theirs.post.isFixedPitch));
        expect(ours["OS/2"]?.sFamilyClass).toBe(theirs["OS/2"]?.sFamilyClass);
        expect(ours.head.macStyle.italic).toBe(Boolean(theirs.head.macStyle.italic));
        expect(ours.numGlyphs).toBe(theirs.numGlyphs);
      });

      test("the glyph and advance of every covered code point, and of some uncovered ones", () => {
        const r = GLYPH_COVERAGE[id];
        const cps: number[] = [0, 0x1f600, 0xe000, 0xfffd, 0xffff, 0x10ffff];
        for (let i = 0; i < r.length; i += 2) for (let cp = r[i]!; cp <= r[i + 1]!; cp++) cps.push(cp);
        const mismatches = cps.filter((cp) => {
          const a = ours.glyphFor(cp);
          const b = theirs.glyphForCodePoint(cp);
          return a.id !== b.id || a.advanceWidth !== b.advanceWidth;
        });
        expect(cps.length).toBeGreaterThan(200);
        expect(mismatches).toEqual([]);
      });

      const composites: number[] = [];
      for (let gid = 0; gid < ours.numGlyphs; gid++) {
        const d = ours.glyphData(gid);
        if (d.length >= 10 && d[0]! & 0x80) composites.push(gid);
      }
      const random = lcg(id.length * 7919);
      const sets: [string, number[]][] = [
        ["only .notdef", []],
        ["a text's glyphs in order", [...SAMPLE].map((ch) => ours.glyphFor(ch.codePointAt(0)!).id)],
        [`every composite glyph (${composites.length})`, composites],
        ["300 glyphs at random", Array.from({ length: 300 }, () => random.next().value! % ours.numGlyphs)],
      ];
      for (const [name, gids] of sets) {
        test(`subset, byte for byte: ${name}`, () => {
          const a = ours.createSubset();
          const b = theirs.createSubset();
          for (const g of gids) expect(a.includeGlyph(g)).toBe(b.includeGlyph(g));
          expect(Buffer.from(a.encode()).equals(Buffer.from(b.encode()))).toBe(true);
        });
      }
    });
  }

  test("importing the PDF renderer loads no font parser library", () => {
    const script = `await import(${JSON.stringify(new URL("../engine/render/pdf.ts", import.meta.url).pathname)});
      const loaded = Object.keys(require.cache).filter((k) => /node_modules\\/(fontkit|restructure)\\//.test(k));
      console.log(JSON.stringify(loaded));`;
    const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
    expect(p.stderr.toString()).toBe("");
    expect(JSON.parse(p.stdout.toString())).toEqual([]);
  });
});
