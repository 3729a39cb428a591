/**
 * Cross-language parity: the same classic lab algorithms, written idiomatically in each language
 * (test/parity/<lang>/), give equivalent chart trees — the same structure and node kinds, and the
 * same counting-loop specifications; other texts differ only by language syntax.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { frontendFor, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { resolveOptions } from "../engine/options.ts";
import type { Block, ChartTree, Node } from "../engine/tree/schema.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const ALGORITHMS = [
  "linear_search", "binary_search", "bubble_sort", "factorial_loop", "factorial_recursive", "gcd",
  "prime_test", "fibonacci", "max_of_array", "matrix_sum", "digit_sum", "menu_switch",
] as const;

const LANGUAGES: { lang: Lang; dir: string; ext: string }[] = [
  { lang: "c", dir: "c", ext: "c" },
  { lang: "cpp", dir: "cpp", ext: "cpp" },
  { lang: "java", dir: "java", ext: "java" },
  { lang: "csharp", dir: "csharp", ext: "cs" },
  { lang: "pascal", dir: "pascal", ext: "pas" },
  { lang: "javascript", dir: "javascript", ext: "js" },
  { lang: "typescript", dir: "typescript", ext: "ts" },
  { lang: "go", dir: "go", ext: "go" },
  { lang: "php", dir: "php", ext: "php" },
];

/** Structure of a block: node kinds and nesting; the counting-loop specification is kept too. */
function shape(block: Block | undefined): string {
  return (block?.stmts ?? []).map(nodeShape).join(" ");
}

function nodeShape(node: Node): string {
  switch (node.kind) {
    case "if":
      return `if(${shape(node.then)} | ${shape(node.else)})`;
    case "for":
      return `for[${node.cond.includes(":=") ? node.cond.replace(/\s+/g, " ") : "each"}](${shape(node.body)}${node.else ? ` | ${shape(node.else)}` : ""})`;
    case "while":
      return `while(${shape(node.body)})`;
    case "dowhile":
      return `dowhile${node.until ? "-until" : ""}(${shape(node.body)})`;
    case "infloop":
      return `infloop(${shape(node.body)})`;
    case "switch":
      return `switch(${node.cases.map((c) => shape(c.body)).join(" | ")} || ${shape(node.default)})`;
    default:
      return node.kind;
  }
}

async function chartOf(lang: Lang, file: string, name: string): Promise<string> {
  const frontend = frontendFor(lang)!;
  const { tree, errors } = await frontend(await Bun.file(file).text(), resolveOptions({}), bunAssets);
  expect(errors).toEqual([]);
  const fn = (tree as ChartTree).find((f) => f.name === name || f.name.endsWith(`.${name}`) || f.name.endsWith(`::${name}`));
  if (!fn) throw new Error(`${file}: no chart "${name}" among ${tree.map((f) => f.name).join(", ")}`);
  return shape(fn.block);
}

describe("parity with Python", () => {
  test("every algorithm exists in Python", () => {
    expect(readdirSync("test/parity/python").sort()).toEqual(ALGORITHMS.map((a) => `${a}.py`).sort());
  });
  // Languages join the suite as their front-ends are registered in engine/index.ts.
  for (const { lang, dir, ext } of LANGUAGES.filter((l) => frontendFor(l.lang) && existsSync(`test/parity/${l.dir}`))) {
    describe(lang, () => {
      for (const algorithm of ALGORITHMS) {
        test(algorithm, async () => {
          const expected = await chartOf("python", `test/parity/python/${algorithm}.py`, algorithm);
          const actual = await chartOf(lang, `test/parity/${dir}/${algorithm}.${ext}`, algorithm);
          expect(actual).toBe(expected);
        });
      }
    });
  }
});
