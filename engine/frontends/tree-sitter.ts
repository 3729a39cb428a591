/**
 * Shared web-tree-sitter setup for every language front-end: the runtime is initialised once per
 * process (from the bytes or compiled module the host's AssetLoader hands over; the engine never
 * fetches or reads files), each grammar is loaded once, and each language gets one reusable
 * Parser. A parsed tree is converted once into plain JS {@link SyntaxNode}s (one walk with the
 * runtime's own cursor functions) and freed right away: every later access is plain JS, no JS↔WASM
 * marshalling. Also the helpers all front-ends need:
 * finding the first syntax error of a subtree and rebuilding node text with normalised whitespace
 * (string literals untouched) and per-token rewriting.
 *
 * Portable: no `node:`/`bun:` imports, no file system, no host globals.
 */
import type { Language, Parser, Tree } from "web-tree-sitter";
import type { AssetLoader, AssetName } from "../assets.ts";
import { EngineError } from "../errors.ts";

/**
 * web-tree-sitter's JavaScript, imported when a runtime is first started: Python's own parser
 * usually leaves it unused, and evaluating the module with the engine cost every fresh process
 * ≈ 0.2–0.4 ms (issue 14).
 */
let runtimeModule: Promise<typeof import("web-tree-sitter")> | undefined;
const webTreeSitter = () => (runtimeModule ??= import("web-tree-sitter"));

let runtime: Promise<void> | null = null;
let runtimeInits = 0;
/** The runtime instance's cursor functions, for {@link toSyntaxTree}; set when the runtime starts. */
let walker: CursorWalker | null = null;
const languages = new Map<AssetName, Promise<Language>>();
const parsers = new Map<AssetName, Parser>();

/** How many times the tree-sitter runtime has been initialised in this process (for tests). */
export function runtimeInitCount(): number {
  return runtimeInits;
}

/** Starts (once per process) the tree-sitter runtime; hosts may call it early, before any request. */
export function initRuntime(assets: AssetLoader): Promise<void> {
  if (!runtime) {
    runtime = (async () => {
      // Emscripten's hook (below) instantiates the runtime from our module, so it never tries to
      // fetch or read its .wasm file itself. It may answer later, so a failure (the asset, the
      // compile, the instance, emscripten's linking in `done`) rejects init() from outside.
      let fail: (error: unknown) => void = () => undefined;
      const failed = new Promise<never>((_, reject) => (fail = reject));
      // Compiled here when the host gave bytes; a host that forbids compiling at run time
      // (workerd) gives the module compiled already. The compile runs while emscripten sets the
      // runtime's JavaScript side up: it needs the module only to instantiate it.
      const compiled = (async () => {
        const wasm = await assets.load("web-tree-sitter.wasm");
        return wasm instanceof WebAssembly.Module ? wasm : WebAssembly.compile(wasm);
      })();
      compiled.catch(fail);
      runtimeInits++;
      const instantiateWasm = (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object => {
        compiled
          .then((module) => {
            const instance = new WebAssembly.Instance(module, imports);
            walker = cursorWalker(instance, imports);
            done(instance, module);
          })
          .catch(fail);
        return {};
      };
      // Joined to the race at once (not after awaiting the import), so a failed compile is always observed.
      const init = webTreeSitter().then(({ Parser }) => Parser.init({ instantiateWasm } as unknown as Parameters<typeof Parser.init>[0]));
      await Promise.race([init, failed]);
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
    language = (async () => {
      // The grammar compiles while the runtime starts (a second compile alongside the runtime's
      // in a fresh process); only linking it needs the runtime.
      const compiled = (async () => {
        const wasm = await assets.load(grammar);
        return wasm instanceof WebAssembly.Module ? wasm : WebAssembly.compile(wasm);
      })();
      const [module, { Language }] = await Promise.all([compiled, webTreeSitter(), initRuntime(assets)]);
      return Language.loadSync(module);
    })();
    languages.set(grammar, language);
    language.catch(() => languages.delete(grammar));
  }
  return language;
}

/** A ready parser for `grammar` (e.g. "tree-sitter-python.wasm"); one shared instance per grammar. */
export async function getParser(assets: AssetLoader, grammar: AssetName): Promise<Parser> {
  let language: Language;
  try {
    language = await loadLanguage(assets, grammar);
  } catch (e) {
    // A host that cannot hand over the runtime or grammar (a worker built without it, an asset
    // folder missing a file) gets the reason, as the PNG and PDF renderers report theirs.
    throw new EngineError("render_failed", `parser ${grammar} failed to start: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { Parser } = await webTreeSitter();
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(grammar, parser);
    warmUp(parser, grammar);
  }
  return parser;
}

/**
 * A few typical lines per grammar, parsed and converted once when its parser is made. In a fresh
 * process the runtime's parse loop, lexer and cursor functions run first in JavaScriptCore's
 * WebAssembly interpreter; paying that start on a few lines instead of on the user's program made
 * the first parse and conversion of the 57-block benchmark chart ≈ 3 × faster (≈ 11 → 4 ms with this
 * included) and of the 300-block chart ≈ 29 → 9 ms (issue 14, BENCHMARKS.md). Costs ≈ 1 ms once.
 */
export const WARM_UP: Partial<Record<AssetName, string>> = {
  "tree-sitter-python.wasm": "def f(a, b=1):\n    for i in range(a):\n        if i % 2 == 0 and b:\n            print(i, 'x')\n        else:\n            b += 1\n    return b\n",
  "tree-sitter-c.wasm": "int f(int a) {\n  for (int i = 0; i < a; i++) {\n    if (i % 2 == 0) printf(\"%d\\n\", i);\n    else a--;\n  }\n  return a;\n}\n",
  "tree-sitter-cpp.wasm": "int f(int a) {\n  for (int i = 0; i < a; ++i) {\n    if (i % 2 == 0) std::cout << i << std::endl;\n    else a--;\n  }\n  return a;\n}\n",
  "tree-sitter-java.wasm": "class A {\n  static int f(int a) {\n    for (int i = 0; i < a; i++) {\n      if (i % 2 == 0) System.out.println(i);\n      else a--;\n    }\n    return a;\n  }\n}\n",
  "tree-sitter-c_sharp.wasm": "class A {\n  static int F(int a) {\n    for (int i = 0; i < a; i++) {\n      if (i % 2 == 0) Console.WriteLine(i);\n      else a--;\n    }\n    return a;\n  }\n}\n",
};

function warmUp(parser: Parser, grammar: AssetName): void {
  const sample = WARM_UP[grammar];
  if (sample === undefined) return;
  parseSyntax(parser, sample);
  parser.reset();
}

/** A 0-based position: row, and column in UTF-16 code units (as web-tree-sitter reports it). */
export interface Point {
  readonly row: number;
  readonly column: number;
}

/** Symbol id tree-sitter gives ERROR nodes (`ts_builtin_sym_error`). */
const ERROR_TYPE_ID = 0xffff;
const NO_CHILDREN: readonly SyntaxNode[] = Object.freeze([]) as readonly SyntaxNode[];

/** The source of one converted tree, shared by its nodes (text slices, lazily computed rows). */
export class SyntaxSource {
  /** Start index of every line (lines end at "\n" only, as in tree-sitter). */
  private lineStarts: number[] | undefined;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  point(index: number): Point {
    let starts = this.lineStarts;
    if (!starts) {
      starts = [0];
      const text = this.text;
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    // Last line start <= index.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return { row: lo, column: index - starts[lo]! };
  }
}

/**
 * A syntax tree node as plain JS: the subset of web-tree-sitter's `Node` API the front-ends use,
 * with the same meaning (indexes and columns in UTF-16 code units). Built once per parse by
 * {@link parseSyntax}; child arrays are built once and shared — never mutate them.
 */
export class SyntaxNode {
  /** Field name of this node in its parent (`condition`, `body`, …), or null. */
  readonly field: string | null;
  /** Visible children in source order (named and anonymous, extras included). */
  children: readonly SyntaxNode[] = NO_CHILDREN;
  /**
   * web-tree-sitter's `hasError` (the subtree's error cost is non-zero), taken from the runtime
   * while converting: it can differ from "contains a visible ERROR/MISSING node" (hidden MISSING
   * tokens count, some small ERROR leaves do not).
   */
  readonly hasError: boolean;
  private named: readonly SyntaxNode[] | undefined = undefined;
  private cachedText: string | undefined = undefined;
  private position: Point | undefined = undefined;

  private readonly source: SyntaxSource;
  readonly type: string;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly isError: boolean;
  readonly startIndex: number;
  readonly endIndex: number;

  constructor(
    source: SyntaxSource,
    type: string,
    isNamed: boolean,
    isMissing: boolean,
    isError: boolean,
    startIndex: number,
    endIndex: number,
    field: string | null,
    hasError: boolean,
  ) {
    this.source = source;
    this.type = type;
    this.isNamed = isNamed;
    this.isMissing = isMissing;
    this.isError = isError;
    this.startIndex = startIndex;
    this.endIndex = endIndex;
    this.field = field;
    this.hasError = hasError;
  }

  /** The node's source text. */
  get text(): string {
    return (this.cachedText ??= this.source.text.slice(this.startIndex, this.endIndex));
  }

  /** Where the node starts (0-based row, UTF-16 column). */
  get startPosition(): Point {
    return (this.position ??= this.source.point(this.startIndex));
  }

  get childCount(): number {
    return this.children.length;
  }

  /** The named children (built on first use; the children array itself when all are named). */
  get namedChildren(): readonly SyntaxNode[] {
    let named = this.named;
    if (!named) {
      const children = this.children;
      let count = 0;
      for (const child of children) if (child.isNamed) count++;
      if (count === children.length) named = children;
      else {
        const out: SyntaxNode[] = new Array(count);
        let k = 0;
        for (const child of children) if (child.isNamed) out[k++] = child;
        named = out;
      }
      this.named = named;
    }
    return named;
  }

  /**
   * The first child in field `name`, or null. As in web-tree-sitter, ERROR nodes have no fields.
   * (One runtime quirk is not reproduced: for a field a hidden rule brings in through an alias —
   * Python's `match_statement` → `alternative` — the runtime also answers from the aliased child's
   * children; ask that child instead.)
   */
  childForFieldName(name: string): SyntaxNode | null {
    if (this.isError) return null;
    for (const child of this.children) if (child.field === name) return child;
    return null;
  }

  /** All children in field `name` (a new array when there are any, else a shared empty one). */
  childrenForFieldName(name: string): readonly SyntaxNode[] {
    let out: SyntaxNode[] | undefined;
    for (const child of this.children) {
      if (child.field === name) (out ??= []).push(child);
    }
    return out ?? NO_CHILDREN;
  }
}

/**
 * Sets the field name of a node built bottom-up (the fast Python parser knows an operand's field
 * only once its parent is made). Only for tree builders, before the tree is handed out.
 */
export function assignField(node: SyntaxNode, field: string): SyntaxNode {
  (node as { field: string | null }).field = field;
  return node;
}

/**
 * The runtime's own exported cursor functions (tree-sitter's `lib/binding_web` C side), called
 * directly. web-tree-sitter's TreeCursor wraps each of them in JavaScript that copies the cursor's
 * four words into the runtime's transfer buffer and back through a DataView on every property and
 * move; in a fresh process that JavaScript and those calls still run in the interpreter tiers, and
 * for a 300-block program the conversion took ≈ 30 ms against ≈ 2 ms warm (issue 14). The C
 * functions read the cursor from the transfer buffer and the moves write it back there, so once the
 * cursor is placed in the buffer a whole walk is a plain sequence of calls, with no copying.
 */
interface CursorExports {
  /** The transfer buffer's address (idempotent: it only writes the ABI versions there). */
  ts_init(): number;
  ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  ts_tree_cursor_goto_parent_wasm(tree: number): number;
  ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  ts_tree_cursor_start_index_wasm(tree: number): number;
  ts_tree_cursor_end_index_wasm(tree: number): number;
  ts_tree_cursor_current_field_id_wasm(tree: number): number;
  ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
  /** Writes the cursor's node over the transfer buffer (the cursor words must be put back after). */
  ts_tree_cursor_current_node_wasm(tree: number): void;
  /** Reads a node from the transfer buffer. */
  ts_node_has_error_wasm(tree: number): number;
}

interface CursorWalker {
  readonly calls: CursorExports;
  readonly memory: WebAssembly.Memory;
}

const CURSOR_EXPORTS: readonly (keyof CursorExports)[] = [
  "ts_init", "ts_tree_cursor_goto_first_child_wasm", "ts_tree_cursor_goto_next_sibling_wasm",
  "ts_tree_cursor_goto_parent_wasm", "ts_tree_cursor_current_node_type_id_wasm",
  "ts_tree_cursor_start_index_wasm", "ts_tree_cursor_end_index_wasm",
  "ts_tree_cursor_current_field_id_wasm", "ts_tree_cursor_current_node_is_missing_wasm",
  "ts_tree_cursor_current_node_wasm", "ts_node_has_error_wasm",
];

/** The cursor functions of a runtime instance and the memory it was given (emscripten's `env.memory`). */
function cursorWalker(instance: WebAssembly.Instance, imports: WebAssembly.Imports): CursorWalker {
  const exports = instance.exports;
  for (const name of CURSOR_EXPORTS) {
    if (typeof exports[name] !== "function") throw new Error(`the tree-sitter runtime does not export ${name}`);
  }
  const memory = imports.env?.memory;
  if (!(memory instanceof WebAssembly.Memory)) throw new Error("the tree-sitter runtime was given no memory to import");
  return { calls: exports as unknown as CursorExports, memory };
}

/** Per language: is a (public) node type id named? Asked of the runtime once per id. */
const namedTypes = new WeakMap<Language, (typeId: number) => boolean>();

function namedLookup(language: Language): (typeId: number) => boolean {
  let lookup = namedTypes.get(language);
  if (!lookup) {
    const known: (boolean | undefined)[] = [];
    lookup = (typeId) => (known[typeId] ??= language.nodeTypeIsNamed(typeId));
    namedTypes.set(language, lookup);
  }
  return lookup;
}

/** A web-tree-sitter object's runtime address (its internal `[0]` handle). */
const address = (handle: object): number => (handle as unknown as { readonly 0: number })[0];

/**
 * Convert a web-tree-sitter tree into SyntaxNodes with one cursor walk (iterative: any depth).
 * `source` must be the exact string `tree` was parsed from. The tree is not freed here.
 */
export function toSyntaxTree(tree: Tree, source: string): SyntaxNode {
  if (!walker) throw new Error("the tree-sitter runtime is not started");
  const { calls, memory } = walker;
  const language = tree.language;
  const types = language.types;
  const fields = language.fields;
  const named = namedLookup(language);
  const src = new SyntaxSource(source);
  const treeAddress = address(tree);
  const rootNode = tree.rootNode;
  // Error-free trees (the common case) need no per-node question: no subtree has an error.
  const treeHasError = rootNode.hasError;
  const cursor = rootNode.walk();
  // The cursor's four words, placed in the transfer buffer (in 32-bit words) for the direct calls.
  const buffer = calls.ts_init() >> 2;
  const words = [0, 1, 2, 3].map((i) => (cursor as unknown as Record<number, number>)[i]!);
  new Int32Array(memory.buffer).set(words, buffer);

  const node = (withField: boolean): SyntaxNode => {
    const typeId = calls.ts_tree_cursor_current_node_type_id_wasm(treeAddress);
    const startIndex = calls.ts_tree_cursor_start_index_wasm(treeAddress);
    const endIndex = calls.ts_tree_cursor_end_index_wasm(treeAddress);
    // MISSING nodes are always zero-width: ask the runtime only for those.
    const isMissing = startIndex === endIndex && calls.ts_tree_cursor_current_node_is_missing_wasm(treeAddress) === 1;
    const field = withField ? (fields[calls.ts_tree_cursor_current_field_id_wasm(treeAddress)] ?? null) : null;
    let hasError = false;
    if (treeHasError) {
      // The node is written over the cursor's words: save them and put them back.
      const view = new Int32Array(memory.buffer);
      const saved = view.slice(buffer, buffer + 4);
      calls.ts_tree_cursor_current_node_wasm(treeAddress);
      hasError = calls.ts_node_has_error_wasm(treeAddress) === 1;
      new Int32Array(memory.buffer).set(saved, buffer);
    }
    return new SyntaxNode(src, types[typeId] || "ERROR", named(typeId), isMissing, typeId === ERROR_TYPE_ID, startIndex, endIndex, field, hasError);
  };

  try {
    const root = node(false);
    // path[0..depth]: the current node and its ancestors.
    const path: SyntaxNode[] = [root];
    let depth = 0;
    for (;;) {
      if (calls.ts_tree_cursor_goto_first_child_wasm(treeAddress) === 1) {
        const child = node(true);
        path[depth]!.children = [child];
        path[++depth] = child;
        continue;
      }
      // The current node is complete: go on with the next sibling of it or of the nearest
      // ancestor that has one.
      for (;;) {
        if (depth === 0) return root;
        if (calls.ts_tree_cursor_goto_next_sibling_wasm(treeAddress) === 1) {
          const sibling = node(true);
          (path[depth - 1]!.children as SyntaxNode[]).push(sibling);
          path[depth] = sibling;
          break;
        }
        calls.ts_tree_cursor_goto_parent_wasm(treeAddress);
        depth--;
      }
    }
  } finally {
    // The walk moved the cursor in the buffer: hand its words back before web-tree-sitter frees it.
    const view = new Int32Array(memory.buffer);
    for (let i = 0; i < 4; i++) (cursor as unknown as Record<number, number>)[i] = view[buffer + i]!;
    cursor.delete();
  }
}

/**
 * Parse `source` and return the root as a SyntaxNode (null when the parser gives up); the
 * web-tree-sitter tree is freed before returning. May throw what `parser.parse` throws.
 */
export function parseSyntax(parser: Parser, source: string): SyntaxNode | null {
  const tree = parser.parse(source);
  if (!tree) return null;
  try {
    return toSyntaxTree(tree, source);
  } finally {
    tree.delete();
  }
}

/** Source position, 1-based line and column (columns in UTF-16 code units). */
export function nodeLoc(node: SyntaxNode): { line: number; col: number } {
  return { line: node.startPosition.row + 1, col: node.startPosition.column + 1 };
}

export interface SyntaxProblem {
  line: number;
  col: number;
  /** `syntax error at line L, column C: unexpected <text>` or `… missing <x>`. */
  message: string;
  /** The ERROR / MISSING node itself. */
  node: SyntaxNode;
}

function describe(node: SyntaxNode): string {
  if (node.isMissing) return `missing ${node.isNamed ? node.type.replace(/_/g, " ") : `"${node.type}"`}`;
  const text = node.text.trim().split(/\r?\n/)[0]?.trim() ?? "";
  if (!text) return "end of input";
  const short = text.length > 30 ? `${text.slice(0, 30)}…` : text;
  return `unexpected ${short}`;
}

/** The problem an ERROR / MISSING node stands for, with its position. */
export function syntaxProblem(node: SyntaxNode): SyntaxProblem {
  const loc = nodeLoc(node);
  return { ...loc, node, message: `syntax error at line ${loc.line}, column ${loc.col}: ${describe(node)}` };
}

/**
 * The first (in source order) ERROR or MISSING node of `root`'s subtree, skipping subtrees for
 * which `exclude` returns true (e.g. nested functions that are reported on their own).
 * Iterative: arbitrarily deep trees are fine.
 */
export function firstSyntaxError(root: SyntaxNode, exclude?: (node: SyntaxNode) => boolean): SyntaxProblem | null {
  if (!root.hasError) return null;
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== root && exclude?.(node)) continue;
    if (node.isError || node.isMissing) return syntaxProblem(node);
    if (!node.hasError) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
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
  skip?: (child: SyntaxNode, parent: SyntaxNode, index: number, siblings: readonly SyntaxNode[]) => boolean;
  /** Rewrite a token (a leaf, or an anonymous multi-word token like `not in`). */
  token?: (token: SyntaxNode, parent: SyntaxNode | null, text: string) => TokenOut | string | undefined;
  /** Replace a whole node by ready text (e.g. a rebuilt augmented assignment). */
  replace?: (node: SyntaxNode) => string | undefined;
}

/** Is the UTF-16 code unit a JS `\s` character? */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

const isOpener = (c: string): boolean => c === "(" || c === "[" || c === "{";
const isCloser = (c: string): boolean => c === ")" || c === "]" || c === "}";
const WHITESPACE_RUNS = /\s+/g;

/** Does `text` hold a `\s` character? A loop, not a regular expression: it runs for every token (short). */
function hasSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isSpace(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Work stacks shared by all rebuildText calls (a hook may call rebuildText again: each call only
 * uses the part above the height it started at, and leaves the stacks as it found them).
 */
const pendingNodes: SyntaxNode[] = [];
const pendingParents: (SyntaxNode | null)[] = [];

/**
 * The text of `root` rebuilt token by token: whitespace runs (newlines and line continuations
 * included) between tokens become one space — none right after an opening or before a closing
 * bracket when the run spanned lines — atomic nodes (string literals) are copied verbatim, and
 * `hooks` may rewrite or drop tokens. `source` is the text the tree was parsed from. Iterative:
 * safe for deeply nested expressions; allocation-light (shared work stacks, no per-token objects).
 */
export function rebuildText(root: SyntaxNode, source: string, hooks: TextHooks = {}): string {
  const { atomic, extras } = hooks;
  const nodes = pendingNodes;
  const parents = pendingParents;
  const base = nodes.length;
  let out = "";
  /** Last character of `out` ("" while empty). */
  let last = "";
  let lastEnd = -1;
  let forceSpace = false;
  nodes.push(root);
  parents.push(null);
  try {
    while (nodes.length > base) {
      const node = nodes.pop()!;
      const parent = parents.pop()!;
      const type = node.type;
      if (extras?.has(type)) continue;
      // The token to write: its text and spacing wishes.
      let text: string | undefined = hooks.replace?.(node);
      let spaceBefore: boolean | undefined = false;
      let spaceAfter: boolean | undefined = false;
      if (text === undefined) {
        if (atomic?.has(type)) text = node.text;
        else if (node.children.length === 0 || !node.isNamed) {
          let raw = node.text;
          if (hasSpace(raw)) raw = raw.replace(WHITESPACE_RUNS, " ");
          const mapped = hooks.token?.(node, parent, raw);
          if (typeof mapped === "string") text = mapped;
          else if (mapped) {
            text = mapped.text;
            spaceBefore = mapped.spaceBefore;
            spaceAfter = mapped.spaceAfter;
          } else text = raw;
        } else {
          const children = node.children;
          for (let i = children.length - 1; i >= 0; i--) {
            const child = children[i]!;
            if (hooks.skip?.(child, node, i, children)) continue;
            nodes.push(child);
            parents.push(node);
          }
          continue;
        }
      }
      const start = node.startIndex;
      const end = node.endIndex;
      if (!text) {
        lastEnd = end;
        continue;
      }
      if (out.length > 0) {
        // The source between the previous token and this one (skipped comments included).
        let hasSpace = false;
        let spansLines = false;
        for (let i = lastEnd >= 0 ? lastEnd : start; i < start; i++) {
          const c = source.charCodeAt(i);
          if (c === 0x0a || c === 0x5c) {
            hasSpace = spansLines = true;
            break;
          }
          if (!hasSpace && isSpace(c)) hasSpace = true;
        }
        const first = text[0]!;
        let space = hasSpace;
        if (spansLines && (isOpener(last) || isCloser(first))) space = false;
        if ((forceSpace || spaceBefore) && !isOpener(last) && !isCloser(first)) space = true;
        if (space && last !== " ") out += " ";
      }
      out += text;
      last = text[text.length - 1]!;
      forceSpace = spaceAfter ?? false;
      lastEnd = end;
    }
  } finally {
    nodes.length = base;
    parents.length = base;
  }
  return out.trim();
}

/** Whitespace-normalised text of a node (strings of the given atomic types untouched, comments dropped). */
export function normalizeText(node: SyntaxNode, source: string, atomic: ReadonlySet<string>, extras: ReadonlySet<string>): string {
  return rebuildText(node, source, { atomic, extras });
}

/**
 * Does any of `stmts` contain a node of `type`, not looking inside nodes of the `ownScope` types
 * (which give it a meaning of their own: a continue in a nested loop belongs to that loop)?
 * Iterative, so deep nesting cannot overflow the stack.
 */
export function containsOutside(stmts: readonly SyntaxNode[], type: string, ownScope: ReadonlySet<string>): boolean {
  const stack = [...stmts];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === type) return true;
    if (ownScope.has(node.type)) continue;
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}
