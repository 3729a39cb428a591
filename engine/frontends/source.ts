/**
 * Getting a source ready for a front-end: BOM dropped, CRLF / lone CR turned into LF (lines and
 * columns stay the same), dead preprocessor branches blanked (conditional-compilation.ts), C/C++
 * statement macros expanded (c-family/macro-expansion.ts), and —
 * for tree-sitter languages — parsed into the plain syntax tree (by the language's own fast parser
 * first where it has one). A source the parser cannot take becomes one FunctionError instead of an
 * exception.
 */
import type { AssetLoader, AssetName } from "../assets.ts";
import type { FunctionError } from "../errors.ts";
import { activeSource } from "./conditional-compilation.ts";
import { expandStatementMacros } from "./c-family/macro-expansion.ts";
import { getParser, parseSyntax, type SyntaxNode } from "./tree-sitter.ts";

/** Grammars of languages with a C-style preprocessor: only the branches a compiler takes are parsed. */
const PREPROCESSED: ReadonlySet<AssetName> = new Set<AssetName>(["tree-sitter-c.wasm", "tree-sitter-cpp.wasm", "tree-sitter-c_sharp.wasm"]);
/** Grammars of languages with function-like macros: statement macros are expanded (c-family/macro-expansion.ts). */
const MACRO_GRAMMARS: ReadonlySet<AssetName> = new Set<AssetName>(["tree-sitter-c.wasm", "tree-sitter-cpp.wasm"]);

export function cleanSource(code: string): string {
  return code.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

export type ParsedSource =
  | { kind: "empty" }
  | { kind: "failed"; error: FunctionError }
  | { kind: "parsed"; source: string; root: SyntaxNode };

/**
 * A hand-written parser tried before tree-sitter: the tree tree-sitter would build for the cleaned
 * source, or null to leave the source to tree-sitter (python/parser/parser.ts). When it answers,
 * the tree-sitter runtime is not started at all (issue 14: that start dominates a fresh process).
 */
export type FastParser = (source: string) => SyntaxNode | null;

export async function parseSource(code: string, grammar: AssetName, assets: AssetLoader, fast?: FastParser): Promise<ParsedSource> {
  const clean = cleanSource(code);
  const active = PREPROCESSED.has(grammar) ? activeSource(clean, "c") : clean;
  const source = MACRO_GRAMMARS.has(grammar) ? expandStatementMacros(active) : active;
  if (source.trim() === "") return { kind: "empty" };
  const quick = fast?.(source);
  if (quick) return { kind: "parsed", source, root: quick };
  const parser = await getParser(assets, grammar);
  parser.reset();
  let root: SyntaxNode | null;
  try {
    root = parseSyntax(parser, source);
  } catch (error) {
    parser.reset();
    const message = `could not parse the source: ${error instanceof Error ? error.message : String(error)}`;
    return { kind: "failed", error: { name: "main", message } };
  }
  if (!root) return { kind: "failed", error: { name: "main", message: "could not parse the source" } };
  return { kind: "parsed", source, root };
}
