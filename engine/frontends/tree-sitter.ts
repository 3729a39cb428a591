/**
 * Shared web-tree-sitter setup for every language front-end: the runtime is initialised once per
 * process (from the bytes the host's AssetLoader hands over; the engine never fetches or reads
 * files), each grammar is loaded once, and each language gets one reusable Parser. Also the
 * helpers all front-ends need: finding the first syntax error of a subtree and rebuilding node
 * text with normalised whitespace (string literals untouched) and per-token rewriting.
 *
 * Portable: no `node:`/`bun:` imports, no file system, no host globals.
 */
import { Language, Parser, type Node } from "web-tree-sitter";
import type { AssetLoader, AssetName } from "../assets.ts";

let runtime: Promise<void> | null = null;
let runtimeInits = 0;
const languages = new Map<AssetName, Promise<Language>>();
const parsers = new Map<AssetName, Parser>();

/** How many times the tree-sitter runtime has been initialised in this process (for tests). */
export function runtimeInitCount(): number {
  return runtimeInits;
}

function initRuntime(assets: AssetLoader): Promise<void> {
  if (!runtime) {
    runtime = (async () => {
      const wasmBinary = await assets.load("web-tree-sitter.wasm");
      runtimeInits++;
      // Emscripten option: the runtime's own wasm bytes, so it never tries to fetch/read a file.
      await Parser.init({ wasmBinary } as unknown as Parameters<typeof Parser.init>[0]);
    })();
    runtime.catch(() => {
      runtime = null; // a failed load may be retried by the next call
    });
  }
  return runtime;
}

function loadLanguage(assets: AssetLoader, grammar: AssetName): Promise<Language> {
  let language = languages.get(grammar);
  if (!language) {
    language = (async () => Language.load(await assets.load(grammar)))();
    languages.set(grammar, language);
    language.catch(() => languages.delete(grammar));
  }
  return language;
}

/** A ready parser for `grammar` (e.g. "tree-sitter-python.wasm"); one shared instance per grammar. */
export async function getParser(assets: AssetLoader, grammar: AssetName): Promise<Parser> {
  await initRuntime(assets);
  const language = await loadLanguage(assets, grammar);
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(grammar, parser);
  }
  return parser;
}

/** Source position, 1-based line and column (columns in UTF-16 code units). */
export function nodeLoc(node: Node): { line: number; col: number } {
  return { line: node.startPosition.row + 1, col: node.startPosition.column + 1 };
}

export interface SyntaxProblem {
  line: number;
  col: number;
  /** `syntax error at line L, column C: unexpected <text>` or `… missing <x>`. */
  message: string;
  /** The ERROR / MISSING node itself. */
  node: Node;
}

function describe(node: Node): string {
  if (node.isMissing) return `missing ${node.isNamed ? node.type.replace(/_/g, " ") : `"${node.type}"`}`;
  const text = node.text.trim().split(/\r?\n/)[0]?.trim() ?? "";
  if (!text) return "end of input";
  const short = text.length > 30 ? `${text.slice(0, 30)}…` : text;
  return `unexpected ${short}`;
}

/**
 * The first (in source order) ERROR or MISSING node of `root`'s subtree, skipping subtrees for
 * which `exclude` returns true (e.g. nested functions that are reported on their own).
 * Iterative: arbitrarily deep trees are fine.
 */
export function firstSyntaxError(root: Node, exclude?: (node: Node) => boolean): SyntaxProblem | null {
  if (!root.hasError) return null;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== root && exclude?.(node)) continue;
    if (node.isError || node.isMissing) {
      const loc = nodeLoc(node);
      return { ...loc, node, message: `syntax error at line ${loc.line}, column ${loc.col}: ${describe(node)}` };
    }
    if (!node.hasError) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push(child);
    }
  }
  return null;
}

/** What a token is turned into by the text rebuilder. */
export interface TokenOut {
  text: string;
  /** Force a single space before the token. */
  spaceBefore?: boolean;
  /** Force a single space after the token. */
  spaceAfter?: boolean;
}

export interface TextHooks {
  /** Node types written verbatim (string literals): their inside is never touched. */
  atomic?: ReadonlySet<string>;
  /** Node types dropped entirely (comments, line continuations). */
  extras?: ReadonlySet<string>;
  /** Drop `child` (the i-th child of `parent`), e.g. type annotations. */
  skip?: (child: Node, parent: Node, index: number, siblings: (Node | null)[]) => boolean;
  /** Rewrite a token (a leaf, or an anonymous multi-word token like `not in`). */
  token?: (token: Node, parent: Node | null, text: string) => TokenOut | string | undefined;
  /** Replace a whole node by ready text (e.g. a rebuilt augmented assignment). */
  replace?: (node: Node) => string | undefined;
}

const OPENERS = new Set(["(", "[", "{"]);
const CLOSERS = new Set([")", "]", "}"]);

/**
 * The text of `root` rebuilt token by token: whitespace runs (newlines and line continuations
 * included) between tokens become one space — none right after an opening or before a closing
 * bracket when the run spanned lines — atomic nodes (string literals) are copied verbatim, and
 * `hooks` may rewrite or drop tokens. Iterative: safe for deeply nested expressions.
 */
export function rebuildText(root: Node, source: string, hooks: TextHooks = {}): string {
  let out = "";
  let lastEnd = -1;
  let forceSpace = false;
  const stack: { node: Node; parent: Node | null }[] = [{ node: root, parent: null }];

  const emit = (tok: TokenOut, start: number, end: number): void => {
    if (!tok.text) {
      lastEnd = end;
      return;
    }
    if (out.length > 0) {
      const gap = lastEnd >= 0 ? source.slice(lastEnd, start) : "";
      const prev = out[out.length - 1] ?? "";
      const first = tok.text[0] ?? "";
      const hasSpace = /[\s\\]/.test(gap);
      const spansLines = /[\n\\]/.test(gap);
      let space = hasSpace;
      if (spansLines && (OPENERS.has(prev) || CLOSERS.has(first))) space = false;
      if ((forceSpace || tok.spaceBefore) && !OPENERS.has(prev) && !CLOSERS.has(first)) space = true;
      if (space && !out.endsWith(" ")) out += " ";
    }
    out += tok.text;
    forceSpace = tok.spaceAfter ?? false;
    lastEnd = end;
  };

  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    if (hooks.extras?.has(node.type)) continue;
    const replaced = hooks.replace?.(node);
    if (replaced !== undefined) {
      emit({ text: replaced }, node.startIndex, node.endIndex);
      continue;
    }
    if (hooks.atomic?.has(node.type)) {
      emit({ text: source.slice(node.startIndex, node.endIndex) }, node.startIndex, node.endIndex);
      continue;
    }
    if (node.childCount === 0 || !node.isNamed) {
      const raw = source.slice(node.startIndex, node.endIndex).replace(/\s+/g, " ");
      const mapped = hooks.token?.(node, parent, raw);
      emit(typeof mapped === "string" ? { text: mapped } : mapped ?? { text: raw }, node.startIndex, node.endIndex);
      continue;
    }
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (!child) continue;
      if (hooks.skip?.(child, node, i, children)) continue;
      stack.push({ node: child, parent: node });
    }
  }
  return out.trim();
}

/** Whitespace-normalised text of a node (strings of the given atomic types untouched, comments dropped). */
export function normalizeText(node: Node, source: string, atomic: ReadonlySet<string>, extras: ReadonlySet<string>): string {
  return rebuildText(node, source, { atomic, extras });
}
