/**
 * Visual regression: four small fixed charts rendered to PNG at scale 2 must match the committed
 * references in test/fixtures/visual/*.png — same size, and at most 0.5 % of the pixels may differ
 * by more than 64 grey levels (room for rasteriser/anti-aliasing noise, none for a moved box,
 * a lost line or a changed glyph run).
 *
 * After an intended drawing change, regenerate the references and look at them before committing:
 *
 *   UPDATE_VISUAL=1 bun test test/visual.test.ts
 *
 * On a mismatch the actual image is written to out/visual/<name>.png (out/ is gitignored) to compare.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { program } from "../bench/program.ts";
import { decodePng, pngSize } from "./support/png-decode.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const UPDATE = process.env.UPDATE_VISUAL === "1";
const SCALE = 2;
const MAX_DIFF_RATIO = 0.005;
const GREY_THRESHOLD = 64;

interface Case {
  name: string;
  code: string;
  split: boolean;
}

const CASES: Case[] = [
  {
    name: "if-else",
    split: false,
    code: `n = int(input("n: "))
if n > 0:
    print("додатне")
elif n == 0:
    print("нуль")
else:
    n = -n
    print("від'ємне", n)
`,
  },
  {
    name: "while-break-continue",
    split: false,
    code: `i = 0
s = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if s > 20:
        break
    s += i
print(s)
`,
  },
  {
    name: "switch",
    split: false,
    code: `def day(d):
    match d:
        case 1:
            print("Пн")
        case 2 | 3:
            print("Вт/Ср")
        case _:
            print("інший")
`,
  },
  // program(1) of the benchmarks: one unit of typical lab code, split into two parts.
  { name: "split", split: true, code: program(1) },
];

const refUrl = (name: string) => new URL(`./fixtures/visual/${name}.png`, import.meta.url);

describe("visual regression (PNG, scale 2)", () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const r = await render({ code: c.code, lang: "python", format: "png", scale: SCALE, split: c.split }, bunAssets);
      const actual = r.file.data as Uint8Array;
      if (c.split) expect(r.geometry.charts[0]!.parts.length).toBeGreaterThan(1);
      const ref = refUrl(c.name);
      if (UPDATE || !existsSync(ref)) {
        if (!UPDATE) throw new Error(`no reference ${ref.pathname}: run UPDATE_VISUAL=1 bun test test/visual.test.ts`);
        writeFileSync(ref, actual);
        return;
      }
      const expected = readFileSync(ref);
      const a = decodePng(actual);
      const e = decodePng(new Uint8Array(expected));
      const sizeOk = a.width === e.width && a.height === e.height;
      let differing = 0;
      if (sizeOk) {
        for (let i = 0; i < a.lum.length; i++) if (Math.abs(a.lum[i]! - e.lum[i]!) > GREY_THRESHOLD) differing++;
      }
      const ratio = sizeOk ? differing / a.lum.length : 1;
      if (!sizeOk || ratio > MAX_DIFF_RATIO) {
        const dir = new URL("../out/visual/", import.meta.url);
        mkdirSync(dir, { recursive: true });
        writeFileSync(new URL(`${c.name}.png`, dir), actual);
      }
      expect({ size: pngSize(actual) }).toEqual({ size: { width: e.width, height: e.height } });
      expect(ratio).toBeLessThanOrEqual(MAX_DIFF_RATIO);
    });
  }
});
