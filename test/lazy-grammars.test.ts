/**
 * Issue 27: a language's grammar loads on its first use. A process that draws Python asks its host
 * for no grammar of the languages added later (JavaScript, TypeScript, TSX, Go, PHP), and one that
 * draws TypeScript asks for TypeScript's alone (TSX only when TypeScript's grammar cannot read the
 * source). Each runs in a fresh process: a grammar is loaded once per process.
 */
import { expect, test } from "bun:test";

/** The asset names a fresh process asks its host for while it renders `code` in `lang`. */
function assetsAskedFor(lang: string, code: string): string[] {
  const script = `
    const { render } = await import(${JSON.stringify(new URL("../engine/index.ts", import.meta.url).pathname)});
    const { bunAssets } = await import(${JSON.stringify(new URL("../hosts/bun.ts", import.meta.url).pathname)});
    const asked = [];
    const assets = { load: (name) => (asked.push(name), bunAssets.load(name)) };
    await render({ code: ${JSON.stringify(code)}, lang: ${JSON.stringify(lang)} }, assets);
    console.log(JSON.stringify(asked.filter((n) => n.startsWith("tree-sitter-"))));`;
  const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
  expect(p.stderr.toString()).toBe("");
  return JSON.parse(p.stdout.toString()) as string[];
}

const NEW_GRAMMARS = ["tree-sitter-javascript.wasm", "tree-sitter-typescript.wasm", "tree-sitter-tsx.wasm", "tree-sitter-go.wasm", "tree-sitter-php.wasm"];

test("drawing Python loads none of the new languages' grammars", () => {
  const asked = assetsAskedFor("python", "n = int(input())\nwhile n > 0:\n    n -= 1\n    print(n)\n");
  for (const grammar of NEW_GRAMMARS) expect(asked).not.toContain(grammar);
}, 30_000);

test("drawing TypeScript loads its grammar alone; TSX only for a source with JSX", () => {
  expect(assetsAskedFor("typescript", "let n: number = 3;\nconsole.log(n);\n")).toEqual(["tree-sitter-typescript.wasm"]);
  expect(assetsAskedFor("typescript", "const el = <b>{n}</b>;\n")).toEqual(["tree-sitter-typescript.wasm", "tree-sitter-tsx.wasm"]);
  expect(assetsAskedFor("go", "package main\nfunc main() {}\n")).toEqual(["tree-sitter-go.wasm"]);
}, 60_000);
