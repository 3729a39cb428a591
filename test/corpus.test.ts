/**
 * Realistic student programs, messy ones included, in every language (test/corpus/<lang>/, at least
 * 15 each; the four languages of issue 27 at least 7): the front-end never throws, reports syntax errors (files named `*syntax_error*`) with line
 * and column and nothing else, gives a valid native tree, and the charts lay out — split and unsplit —
 * with no geometry-checker violations. None is a copy of a gallery example.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { frontendFor, langFromFileName, SOURCE_EXTENSIONS, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { parseNativeTree } from "../engine/tree/validate.ts";
import { checkGeometry } from "./support/geometry-checker.ts";
import { readSourceFile } from "./support/source-file.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const LANGUAGES: { lang: Lang; dir: string; least: number }[] = [
  { lang: "python", dir: "python", least: 15 },
  { lang: "c", dir: "c", least: 15 },
  { lang: "cpp", dir: "cpp", least: 15 },
  { lang: "java", dir: "java", least: 15 },
  { lang: "csharp", dir: "csharp", least: 15 },
  { lang: "pascal", dir: "pascal", least: 15 },
  { lang: "javascript", dir: "javascript", least: 7 },
  { lang: "typescript", dir: "typescript", least: 7 },
  { lang: "go", dir: "go", least: 7 },
  { lang: "php", dir: "php", least: 7 },
];

const options = resolveOptions({});

for (const { lang, dir, least } of LANGUAGES) {
  describe(`${lang} corpus`, () => {
    const files = readdirSync(`test/corpus/${dir}`).sort();

    test(`has at least ${least} programs`, () => {
      expect(files.length).toBeGreaterThanOrEqual(least);
    });

    for (const file of files) {
      test(file, async () => {
        const code = await readSourceFile(`test/corpus/${dir}/${file}`);
        const { tree, errors } = await frontendFor(lang)!(code, options, bunAssets);
        expect(tree.length).toBeGreaterThan(0);
        if (file.includes("syntax_error")) {
          expect(errors.length).toBeGreaterThan(0);
          for (const e of errors) {
            expect(e.line).toBeGreaterThan(0);
            expect(e.col).toBeGreaterThan(0);
          }
        } else {
          expect(errors).toEqual([]);
        }
        const checked = parseNativeTree(JSON.stringify(tree));
        expect(checked.ok ? [] : checked.errors).toEqual([]);
        for (const split of [false, true]) expect(checkGeometry(layoutCharts(tree, options, split))).toEqual([]);
      });
    }
  });
}

describe("the corpus holds its own programs", () => {
  // `npm run pagefit` and `npm run notation` walk test/corpus and examples/ alike: a corpus file that
  // copies an example counts that program twice in every total (four did until 28 Nov).
  const shape = (path: string): string => readFileSync(path).toString("latin1").replace(/\s+/g, "");
  // The gallery's programs, not its pictures (`.svg`) or script (`.sh`).
  const isSource = (file: string): boolean => SOURCE_EXTENSIONS.includes(file.split(".").pop()!.toLowerCase()) && langFromFileName(file) !== "native";

  test("no corpus program is a copy of an example, whitespace and line ends aside", () => {
    const examples = new Map(readdirSync("examples").filter(isSource).map((f) => [shape(`examples/${f}`), f]));
    expect(examples.size).toBeGreaterThanOrEqual(10);
    const copies = LANGUAGES.flatMap(({ dir }) =>
      readdirSync(`test/corpus/${dir}`).flatMap((f) => {
        const example = examples.get(shape(`test/corpus/${dir}/${f}`));
        return example ? [`${dir}/${f} = examples/${example}`] : [];
      }),
    );
    expect(copies).toEqual([]);
  });
});
