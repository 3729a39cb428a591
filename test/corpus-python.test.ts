import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { parsePython } from "../engine/frontends/python/index.ts";
import { bunAssets } from "../engine/hosts/bun.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { ChartTreeSchema } from "../engine/tree/schema.ts";
import { checkGeometry } from "./support/geometry-checker.ts";

/** Realistic student lab programs; only the `syntax_error` ones are deliberately broken. */
const DIR = "test/corpus/python";
const files = readdirSync(DIR).filter((f) => f.endsWith(".py")).sort();
const BROKEN = /syntax_error/;

describe("python corpus", () => {
  test("has at least 15 programs", () => expect(files.length).toBeGreaterThanOrEqual(15));

  test("the CRLF program really has CRLF line endings", async () => {
    const crlf = files.filter((f) => f.includes("crlf"));
    expect(crlf.length).toBeGreaterThan(0);
    for (const f of crlf) expect(await Bun.file(`${DIR}/${f}`).text()).toContain("\r\n");
  });

  for (const file of files) {
    test(file, async () => {
      const options = resolveOptions({});
      const code = await Bun.file(`${DIR}/${file}`).text();
      const result = await parsePython(code, options, bunAssets);
      expect(ChartTreeSchema.safeParse(result.tree).success).toBe(true);
      expect(result.tree.length).toBeGreaterThan(0);

      if (BROKEN.test(file)) {
        expect(result.errors.length).toBeGreaterThan(0);
        for (const error of result.errors) {
          expect(typeof error.line).toBe("number");
          expect(typeof error.col).toBe("number");
          expect(error.line!).toBeGreaterThan(0);
        }
      } else {
        expect(result.errors).toEqual([]);
      }

      for (const split of [false, true]) {
        const geometry = layoutCharts(result.tree, options, split);
        expect(checkGeometry(geometry)).toEqual([]);
      }
    });
  }
});
