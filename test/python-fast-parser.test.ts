/**
 * The hand-written Python parser (engine/frontends/python/parser/) against tree-sitter-python:
 * for every source it either declines (null) or returns the tree tree-sitter builds, node for node
 * (type, named, field, range, hasError, children with tokens and comments). Checked on every Python
 * program of the repository, the benchmark programs, their truncations and random edits, and
 * snippets of the tricky parts (comments at block ends, dedents, continuations, f-strings, UTF-16).
 * The front-end's charts are the same either way, and a Python render that the fast parser takes
 * never starts the tree-sitter runtime.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { program } from "../bench/program.ts";
import { parserFor } from "./support/frontend-helpers.ts";
import { pythonPrograms } from "./support/python-programs.ts";
import { pythonFrontend } from "../engine/frontends/python/index.ts";
import { parseFast } from "../engine/frontends/python/parser/parser.ts";
import { cleanSource } from "../engine/frontends/source.ts";
import { getParser, parseSyntax, WARM_UP, type SyntaxNode } from "../engine/frontends/tree-sitter.ts";
import { bunAssets } from "../hosts/bun.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const parser = await getParser(bunAssets, "tree-sitter-python.wasm");

/** Every field of every node, in pre-order, one line per node. */
function describeTree(root: SyntaxNode): string[] {
  const out: string[] = [];
  const visit = (node: SyntaxNode, depth: number) => {
    out.push(`${depth} ${node.type} ${node.isNamed ? "n" : "a"}${node.isMissing ? "M" : ""}${node.isError ? "R" : ""}${node.hasError ? "E" : ""} ${node.startIndex}-${node.endIndex} ${node.field ?? "-"}`);
    for (const child of node.children) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

function treeSitter(source: string): SyntaxNode {
  parser.reset();
  return parseSyntax(parser, source)!;
}

/** "declined", or "same" after asserting the fast tree equals tree-sitter's. */
function compare(source: string): "declined" | "same" {
  const fast = parseFast(source);
  if (fast === null) return "declined";
  expect(describeTree(fast)).toEqual(describeTree(treeSitter(source)));
  return "same";
}

const dir = (path: string) => new URL(path, import.meta.url).pathname;
const pythonFiles = (folder: string) =>
  readdirSync(folder).filter((f) => f.endsWith(".py")).sort().map((f) => join(folder, f));
const REPO_FILES = [...pythonFiles(dir("corpus/python")), ...pythonFiles(dir("fixtures/python")), ...pythonFiles(dir("../examples"))];
const read = (file: string) => cleanSource(readFileSync(file, "utf8"));
const name = (file: string) => file.slice(file.lastIndexOf("/test/") >= 0 ? file.lastIndexOf("/test/") + 6 : file.lastIndexOf("/examples/") + 1);

/** Files the fast parser leaves to tree-sitter, and why (every other file must go fast). */
const EXPECTED_DECLINES: Record<string, string> = {
  "corpus/python/lab16_syntax_error.py": "syntax error",
  "corpus/python/lab17_syntax_error2.py": "syntax error",
  "corpus/python/lab19_py2_ternary.py": "Python 2 print statements",
  "fixtures/python/syntax_error.py": "syntax error",
};

describe("fast Python parser: the repository's programs", () => {
  test("every Python file is parsed to tree-sitter's tree, or declined only where expected", () => {
    const declined: string[] = [];
    for (const file of REPO_FILES) if (compare(read(file)) === "declined") declined.push(name(file));
    // 4 of the repository's Python files (syntax errors, Python 2) go to tree-sitter; all others go fast.
    expect(REPO_FILES.length).toBeGreaterThan(40);
    expect(declined.sort()).toEqual(Object.keys(EXPECTED_DECLINES).sort());
  });

  test("the benchmark programs and the tree-sitter warm-up sample go fast", () => {
    for (const source of [program(1), program(6), program(33), WARM_UP["tree-sitter-python.wasm"]!]) {
      expect(compare(source)).toBe("same");
    }
  });

  test("the front-end's charts and errors are the same with and without the fast parser", async () => {
    const fast = parserFor(pythonFrontend(parseFast));
    const slow = parserFor(pythonFrontend(undefined));
    // Both paths see the source after the same clean-up (BOM dropped, CRLF and lone CR to LF).
    const cleaned = ["\uFEFFx = 1\r\nif x:\r\n    y = 2  # c\r\n", "a = 1\rprint(a)\r"];
    for (const code of [...REPO_FILES.map((file) => readFileSync(file, "utf8")), ...cleaned]) {
      for (const options of [{}, { locale: "en" as const, stripTypes: false }]) expect(await fast(code, options)).toEqual(await slow(code, options));
    }
    for (const code of cleaned) expect(parseFast(cleanSource(code))).not.toBeNull();
  });
});

describe("fast Python parser: robustness", () => {
  /** A small deterministic generator (no Math.random: failures must be reproducible). */
  function random(seed: number): (n: number) => number {
    let state = seed;
    return (n) => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return (state >> 4) % n;
    };
  }
  const PIECES = ["(", ")", ":", "\n", " ", "    ", "# c", "'", '"', ",", "=", "\\\n", "[", "]", "{", "}", "x", "1", "not ", "if ", "else", "\t", ".", "*", "-", "f'{", "}", "\n    pass\n", "é"];
  const FILES = ["corpus/python/lab14_comments_everywhere.py", "corpus/python/lab13_messy_format.py", "corpus/python/lab07_menu_match.py", "corpus/python/lab04_strings.py", "fixtures/python/misc.py"];

  for (const file of FILES) {
    test(`${file}: every truncation and 400 random edits are declined or identical`, () => {
      const source = read(dir(file));
      let same = 0;
      for (let cut = 0; cut <= source.length; cut++) if (compare(source.slice(0, cut)) === "same") same++;
      const rand = random(source.length);
      for (let k = 0; k < 400; k++) {
        const at = rand(source.length + 1);
        const edited = rand(2) === 0
          ? source.slice(0, at) + source.slice(at + 1 + rand(3))
          : source.slice(0, at) + PIECES[rand(PIECES.length)] + source.slice(at);
        if (compare(edited) === "same") same++;
      }
      // Many cuts end between statements: those are valid programs and must go fast.
      expect(same).toBeGreaterThan(10);
    });
  }

  test("3 000 random programs (comments, continuations, f-strings, nesting) are declined or identical", () => {
    const next = pythonPrograms(20261124);
    let same = 0;
    for (let k = 0; k < 3000; k++) if (compare(next()) === "same") same++;
    // About half of them are programs tree-sitter reads without an error: most of those go fast.
    expect(same).toBeGreaterThan(1000);
  });

  test("deep nesting declines instead of overflowing", () => {
    expect(parseFast(`x = ${"(".repeat(20000)}1${")".repeat(20000)}\n`)).toBeNull();
    expect(compare(`x = ${"(".repeat(50)}1${")".repeat(50)}\n`)).toBe("same");
  });
});

describe("fast Python parser: snippets", () => {
  const SAME: Record<string, string> = {
    "comments between statements and at block ends": "if x:  # a\n    # b\n    y = 1  # c\n    # d\n# e\nz\n\n# f\n",
    "comments at several dedent levels": "def f():\n    if a:\n        b\n            # deeper\n        # eight\n    # four\n# zero\nc\n",
    "comments before else and between methods": "class A:\n    def f(self):\n        return 1\n        # t\n    # m\n\n\n    def g(self): return 2  # s\n# end\nif x:\n    pass\n# c\nelse:\n    pass\n",
    "dedent to several levels at once": "def f():\n    for i in a:\n        while b:\n            if c:\n                d\nx = 1\n",
    "dedent at the end of the file without a newline": "def f():\n    if a:\n        return 1",
    "backslash continuation": "t = 1 + \\\n  2\ns = 'a' \\\n  'b'\nif a and \\\n   b:\n    pass\n",
    "nested brackets across lines": "x = f(a,\n      [1,\n       2],  # two\n      {\n       'k': (3,\n             4)}\n)\n",
    "f-strings": "s = f\"{x!r}\" f'{y:>10}' f\"{z:{w}.{p}f}\" f\"{{}}\" F\"x{1+2}y\" f\"{x=}\" f\"{d['k']}\" rf'\\d{x}'\n",
    "strings, prefixes and escapes": "t = rb'\\d' + Rb\"\\n\" + u\"é\" + \"\\x41\\u0041\\N{DASH}\\101\\8\\q\" + b'\\N{X}\\u1234'\nu = \"\"\"multi\nline \"quoted\" '' \\\nend\"\"\"\n",
    "not in, is not and chained comparison": "a not in b\na is not b < c <= d\nnot a == b and c or d\n",
    "unary minus against power, await": "a = -x ** -y\nb = ~a + +b - -c\nc = a ^ b & c | d << e\n",
    "conditional expressions and lambdas": "x = a if b else c if d else e\nf = lambda x, y=1, *a, **k: x if y else -x\ng = lambda: 0\n",
    "trailing commas": "x = [1, 2,]\ny = f(a, b=2,)\nz = 1,\nfrom m import (a, b,)\ndef g(a, b,): pass\n",
    "assignments: chained, tuple, annotated, augmented": "a = b = 0\na, b = b, a\n(a, b) = [c, *d] = 1, 2\nx: int = 5\ny: list[int] = []\nz: int | None\nx += 1\nself.n //= 2\n",
    "compound statements": "for i, x in enumerate(a):\n    continue\nelse:\n    pass\nwhile (n := f()):\n    break\nelse:\n    pass\ntry:\n    pass\nexcept (A, B) as e:\n    raise E('x') from e\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass\nwith open(p) as f, g:\n    pass\n",
    "definitions": "@dec\n# c\n@dec2(1)\nasync def f(a, /, b: int = 1, *args, c, **kw) -> dict[str, int]:\n    \"\"\"Doc.\"\"\"\n    global g\n    return await h(a)\nclass A(B, metaclass=M):\n    x = 1\n",
    "comprehensions, subscripts, slices": "x = [i for i in range(10) if i % 2 if i > 3]\ny = {k: v for k, v in d.items()}\nz = {i for i in a}\nw = sum(x * x for x in y)\nv = a[1:2, ::3, i][j]\n",
    "match statements": "match command.split():\n    case [\"go\", d] if d:\n        pass\n    case \"q\" | \"quit\":\n        pass\n    case Point(x=0, y=-1) as p:\n        pass\n    case _:\n        pass\n",
    "imports and simple statements": "import os, sys as s\nfrom . import a\nfrom .. import b\nfrom x import *\nassert x, 'm'\ndel a[0], b\nx = 1; y = 2;\nif x: y = 3; z = 4\n",
    "tabs": "def f():\n\tif x:\n\t\treturn 1\n\treturn 2\n",
    "only comments": "# one\n\n  # two\n",
    "non-ASCII identifiers and strings (UTF-16 indexes)": "привіт = \"світ 😀\"  # коментар 😀\nprint(привіт, \"😀😀\", len(\"ї\"))\nΔx = ǅ + 1\n",
    "numbers": "x = 0x1F + 0o17 + 0b101 + 1_000 + 1.5e-3 + .5 + 1. + 2j + 1e5 + 3.14J\ny = ...\n",
  };
  for (const [what, source] of Object.entries(SAME)) {
    test(`${what}: fast and identical`, () => expect(compare(source)).toBe("same"));
  }

  test("CRLF sources: identical after the front-end's clean-up", () => {
    expect(compare(cleanSource("if a:\r\n    b = 1\r\n# c\r\nelse:\r\n    pass\r\n"))).toBe("same");
  });

  /** Syntax errors: tree-sitter makes the error nodes and messages. */
  const ERRORS: Record<string, string> = {
    "unclosed bracket": "x = (1,\n",
    "unterminated string": "s = 'abc\n",
    "stray operator": "x = 1 +\n",
    "missing condition": "if :\n    pass\n",
  };
  for (const [what, source] of Object.entries(ERRORS)) {
    test(`${what}: declined, tree-sitter reports it`, () => {
      expect(parseFast(source)).toBeNull();
      expect(treeSitter(source).hasError).toBe(true);
    });
  }

  /** Sources Python rejects but tree-sitter reads without an error: its tree is kept. */
  const LENIENT: Record<string, string> = {
    "missing body": "if x:\npass\n",
    "unexpected indent": "x = 1\n    y = 2\n",
    "inconsistent dedent": "if x:\n        a\n    b\n",
    "Python 2 print": "print 'x'\n",
  };
  for (const [what, source] of Object.entries(LENIENT)) {
    test(`${what}: declined, tree-sitter's lenient tree is used`, () => {
      expect(parseFast(source)).toBeNull();
      expect(treeSitter(source).hasError).toBe(false);
    });
  }
});

test("a Python render the fast parser takes never starts the tree-sitter runtime", () => {
  const script = `
    const { render } = await import(${JSON.stringify(dir("../engine/index.ts"))});
    const { runtimeInitCount } = await import(${JSON.stringify(dir("../engine/frontends/tree-sitter.ts"))});
    const { bunAssets } = await import(${JSON.stringify(dir("../hosts/bun.ts"))});
    const { program } = await import(${JSON.stringify(dir("../bench/program.ts"))});
    const ok = await render({ code: program(6), lang: "python" }, bunAssets);
    const fast = runtimeInitCount();
    const broken = await render({ code: "x = 1\\ndef f(:\\n    pass\\n", lang: "python" }, bunAssets);
    console.log(JSON.stringify({ fast, svg: ok.file.data.startsWith("<?xml"), fallback: runtimeInitCount(), errors: broken.errors.length }));`;
  const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
  expect(p.stderr.toString()).toBe("");
  expect(JSON.parse(p.stdout.toString())).toEqual({ fast: 0, svg: true, fallback: 1, errors: 1 });
});
