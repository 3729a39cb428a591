/**
 * The plain-JS syntax tree (engine/frontends/tree-sitter.ts `toSyntaxTree`, which calls the
 * runtime's cursor functions directly) against web-tree-sitter's public TreeCursor API, node by
 * node, for every corpus program of every tree-sitter language, the same programs cut short (syntax
 * errors: ERROR and MISSING nodes, `hasError` per node) and non-ASCII text (UTF-16 indexes).
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Tree } from "web-tree-sitter";
import type { WasmAssetName } from "../engine/assets.ts";
import { getParser, toSyntaxTree, type SyntaxNode } from "../engine/frontends/tree-sitter.ts";
import { bunAssets } from "../hosts/bun.ts";
import { decodeSourceBytes } from "../engine/source-bytes.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const CORPUS = join(import.meta.dir, "corpus");
const GRAMMARS: Record<string, WasmAssetName> = {
  python: "tree-sitter-python.wasm",
  c: "tree-sitter-c.wasm",
  cpp: "tree-sitter-cpp.wasm",
  java: "tree-sitter-java.wasm",
  csharp: "tree-sitter-c_sharp.wasm",
  javascript: "tree-sitter-javascript.wasm",
  typescript: "tree-sitter-typescript.wasm",
  go: "tree-sitter-go.wasm",
  php: "tree-sitter-php.wasm",
};

/** What a node holds, flattened in pre-order: one line per node. */
function describe(type: string, named: boolean, missing: boolean, start: number, end: number, field: string | null, hasError: boolean, depth: number): string {
  return `${depth} ${type} ${named ? "n" : "a"}${missing ? "M" : ""}${hasError ? "E" : ""} ${start}-${end} ${field ?? "-"}`;
}

/** The reference: web-tree-sitter's own TreeCursor, property by property. */
function viaCursor(tree: Tree): string[] {
  const out: string[] = [];
  const cursor = tree.rootNode.walk();
  let depth = 0;
  for (;;) {
    const node = cursor.currentNode;
    out.push(describe(cursor.nodeType, cursor.nodeIsNamed, cursor.nodeIsMissing, cursor.startIndex, cursor.endIndex, depth === 0 ? null : cursor.currentFieldName ?? null, node.hasError, depth));
    if (cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (depth === 0 || !cursor.gotoParent()) {
        cursor.delete();
        return out;
      }
      depth--;
      if (depth === 0) {
        cursor.delete();
        return out;
      }
    }
  }
}

function viaSyntaxTree(root: SyntaxNode): string[] {
  const out: string[] = [];
  const visit = (node: SyntaxNode, depth: number) => {
    out.push(describe(node.type, node.isNamed, node.isMissing, node.startIndex, node.endIndex, node.field, node.hasError, depth));
    for (const child of node.children) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

for (const [lang, grammar] of Object.entries(GRAMMARS)) {
  test(`${lang}: the converted syntax tree is web-tree-sitter's, node for node`, async () => {
    const parser = await getParser(bunAssets, grammar);
    const sources = readdirSync(join(CORPUS, lang)).map((f) => decodeSourceBytes(readFileSync(join(CORPUS, lang, f))).text);
    // Cut short in the middle of a line: unfinished constructs, ERROR and MISSING nodes.
    const broken = sources.map((s) => s.slice(0, Math.floor(s.length * 0.6)));
    const unicode = ["// Привіт, 世界 😀\nx = 'ї' + \"😀\"\n"];
    let errors = 0;
    for (const source of [...sources, ...broken, ...unicode]) {
      const tree = parser.parse(source)!;
      try {
        if (tree.rootNode.hasError) errors++;
        expect(viaSyntaxTree(toSyntaxTree(tree, source))).toEqual(viaCursor(tree));
      } finally {
        tree.delete();
      }
    }
    expect(errors).toBeGreaterThan(0);
  });
}
