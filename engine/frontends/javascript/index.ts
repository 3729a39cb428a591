/**
 * The JavaScript and TypeScript front-ends: source → chart tree. The statement mapping is shared
 * with Java, C#, Go and PHP (engine/frontends/curly/); this module decides what is a chart.
 *
 *  - Every named function is a chart: `function f() {}`, `const f = (x) => …` / `function () {}`
 *    (the variable names it), class methods `Class.method` (the constructor `Class.Class`), and a
 *    class field holding an arrow function. A function declared inside another is a chart of its
 *    own named after it (`outer.inner`), as C#'s local functions.
 *  - Statements outside every function form the main chart ("main"). When they only call a
 *    function `main` (`main();`, `await main();`, `main().catch(…)`), that function is the main chart.
 *  - An anonymous function passed as an argument (`arr.forEach((x) => { … })`, `setTimeout(…)`,
 *    `rl.question(q, (answer) => { … })`) is no chart: the call is drawn where it stands with the
 *    function as written, as Java's lambdas (a callback is not a subprogram the program names).
 *  - `async`/`await`: an awaited call is drawn as the call itself.
 *  - TypeScript: annotations are types (removed with `stripTypes`); `x as T` and `x!` read as `x`;
 *    interfaces, type aliases, enums and declarations draw nothing. A source TypeScript's grammar
 *    cannot read is read with the TSX grammar (JSX in a `.tsx` file).
 */
import type { ChartSpec, Collected } from "../curly/charts.ts";
import { runFrontend } from "../curly/charts.ts";
import { blockStatements, COMMENT_TYPES, named } from "../curly/context.ts";
import { isFunctionValue } from "../curly/simple.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Frontend } from "../types.ts";

const FUNCTION_DECLARATIONS = new Set(["function_declaration", "generator_function_declaration"]);
const CLASSES = new Set(["class_declaration", "abstract_class_declaration", "class"]);
/** Top-level nodes that are no statements of the main chart. */
const NOT_STATEMENTS = new Set([
  ...FUNCTION_DECLARATIONS, ...CLASSES, "import_statement", "interface_declaration", "type_alias_declaration",
  "enum_declaration", "ambient_declaration", "module", "internal_module", "empty_statement", "hash_bang_line", "ERROR",
]);
/** Nodes whose inner functions belong to them (their syntax errors are theirs). */
const FUNCTION_NODES = new Set([...FUNCTION_DECLARATIONS, "method_definition", "arrow_function", "function_expression", "function", "generator_function"]);

/** `export function f…` / `export default class …` → the declaration. */
function exported(node: TsNode): TsNode {
  if (node.type !== "export_statement") return node;
  return node.childForFieldName("declaration") ?? named(node).find((c) => FUNCTION_DECLARATIONS.has(c.type) || CLASSES.has(c.type)) ?? node;
}

/** A chart of a function node: its block's statements, or its expression body (`(x) => x * x`). */
function functionChart(name: string, decl: TsNode, fn: TsNode): ChartSpec {
  const body = fn.childForFieldName("body");
  const spec: ChartSpec = { name, main: false, nodes: [decl], exclude: (n) => n !== fn && FUNCTION_NODES.has(n.type), loc: nodeLoc(decl) };
  if (body && body.type !== "statement_block") spec.arrow = { clause: fn, expr: body, returns: true };
  else spec.stmts = blockStatements(body);
  return spec;
}

/** `const f = (x) => …;`: a declaration of named functions only. */
function declaresFunctions(stmt: TsNode): boolean {
  if (stmt.type !== "lexical_declaration" && stmt.type !== "variable_declaration") return false;
  const declarators = named(stmt).filter((c) => c.type === "variable_declarator");
  return declarators.length > 0 && declarators.every((d) => {
    const value = d.childForFieldName("value");
    return value !== null && isFunctionValue(value);
  });
}

/** Does a top-level statement only start `main` (`main();`, `await main();`, `main().catch(…)`)? */
const CALLS_MAIN = /^(?:await\s+)?main\s*\(\s*\)(?:\s*\.\s*(?:catch|then)\s*\([\s\S]*\))?\s*;?$/;

function collect(root: TsNode): Collected {
  const charts: ChartSpec[] = [];
  const methods = new Set<string>();
  const qualify = (owner: string, name: string): string => (owner ? `${owner}.${name}` : name);
  const add = (name: string, chartName: string, decl: TsNode, fn: TsNode): string => {
    methods.add(name);
    charts.push(functionChart(chartName, decl, fn));
    return chartName;
  };

  // Every named function, iteratively, with the chart that holds it (its owner).
  const work: { node: TsNode; owner: string; cls?: string }[] = [{ node: root, owner: "" }];
  while (work.length > 0) {
    const { node: raw, owner, cls } = work.pop()!;
    const node = exported(raw);
    let inner = owner;
    let innerClass: string | undefined;
    if (FUNCTION_DECLARATIONS.has(node.type)) {
      const name = node.childForFieldName("name")?.text ?? "?";
      inner = add(name, qualify(owner, name), node, node);
    } else if (node.type === "variable_declarator" && node.childForFieldName("value") && isFunctionValue(node.childForFieldName("value")!)) {
      const name = node.childForFieldName("name");
      if (name?.type === "identifier") inner = add(name.text, qualify(owner, name.text), node, node.childForFieldName("value")!);
    } else if (CLASSES.has(node.type)) {
      innerClass = qualify(owner, node.childForFieldName("name")?.text ?? "?");
    } else if (cls !== undefined && node.type === "method_definition") {
      const name = node.childForFieldName("name")?.text ?? "?";
      const shown = name === "constructor" ? (cls.split(".").pop() ?? cls) : name;
      inner = add(shown, qualify(cls, shown), node, node);
    } else if (cls !== undefined && (node.type === "public_field_definition" || node.type === "field_definition")) {
      const value = node.childForFieldName("value");
      const name = node.childForFieldName("name") ?? node.childForFieldName("property");
      if (value && name && isFunctionValue(value)) inner = add(name.text, qualify(cls, name.text), node, value);
    }
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      // A class body's members are the class's; anything else inside a class is not.
      const memberOf = innerClass ?? (node.type === "class_body" ? cls : undefined);
      work.push({ node: child, owner: innerClass ?? inner, cls: memberOf });
    }
  }

  // Statements outside every function (declarations of named functions are no statements): the
  // main chart, unless they only start `main`.
  const loose = named(root)
    .map(exported)
    .filter((c) => !NOT_STATEMENTS.has(c.type) && !COMMENT_TYPES.has(c.type) && c.type !== "export_statement" && !declaresFunctions(c));
  const mainFunction = charts.find((c) => c.name === "main");
  if (mainFunction && loose.every((s) => CALLS_MAIN.test(s.text.trim()))) mainFunction.main = true;
  else if (loose.length > 0) charts.push({ name: "main", main: true, nodes: loose, stmts: loose, topLevel: true, exclude: (n) => FUNCTION_NODES.has(n.type) });
  return { charts, methods, readers: new Set() };
}

export const parseJavaScript: Frontend = (code, options, assets) =>
  runFrontend("javascript", "tree-sitter-javascript.wasm", collect, code, options, assets);

export const parseTypeScript: Frontend = (code, options, assets) =>
  runFrontend("typescript", ["tree-sitter-typescript.wasm", "tree-sitter-tsx.wasm"], collect, code, options, assets);
