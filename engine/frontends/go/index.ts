/**
 * The Go front-end: source → chart tree. The statement mapping is shared with Java, C#,
 * JavaScript and PHP (engine/frontends/curly/); this module decides what is a chart.
 *
 *  - `func main()` is the main chart; every other function is a chart, a method `Type.Method`
 *    (the receiver's type, `*` dropped). Function literals are drawn where they stand, as written.
 *  - `a, b := f()` is one process (Go's multiple results are one assignment); `return q, r` one
 *    terminator `Повернути q, r`.
 *  - `defer f()` runs when the function ends: a `defer` among the function's own statements is
 *    drawn at the end of the function (before its final `return`), the last deferred first; a
 *    `return` earlier in the body does not repeat them. A `defer` inside a branch or loop is drawn
 *    where it stands.
 *  - `go f()` is the call `f()` (the chart shows what runs, not on which goroutine); `select` is a
 *    switch over its channel operations.
 *  - Input: `fmt.Scan(&a, &b)` / `Scanln` / `Scanf` read a, b; a console `bufio.Scanner`'s
 *    `sc.Text()` (after `sc.Scan()`, which draws nothing) and a `bufio.Reader`'s
 *    `r.ReadString('\n')` are the reads; making the scanner or reader is set-up (setup.ts).
 */
import type { ChartSpec, Collected } from "../curly/charts.ts";
import { runFrontend } from "../curly/charts.ts";
import { blockStatements, named } from "../curly/context.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Frontend } from "../types.ts";

/** The receiver's type of a method: `(s *Stack)` → Stack, `(l List[T])` → List. */
function receiverType(method: TsNode): string {
  const param = named(method.childForFieldName("receiver"))[0];
  let type = param?.childForFieldName("type") ?? null;
  for (let i = 0; type && i < 10 && (type.type === "pointer_type" || type.type === "generic_type"); i++) {
    type = type.type === "pointer_type" ? (named(type)[0] ?? null) : type.childForFieldName("type");
  }
  return type?.text ?? "?";
}

/** The function's statements with its own `defer`s moved to the end, before a final `return`, the last first. */
function deferredLast(stmts: TsNode[]): TsNode[] {
  const deferred = stmts.filter((s) => s.type === "defer_statement").reverse();
  if (deferred.length === 0) return stmts;
  const rest = stmts.filter((s) => s.type !== "defer_statement");
  const last = rest[rest.length - 1];
  return last?.type === "return_statement" ? [...rest.slice(0, -1), ...deferred, last] : [...rest, ...deferred];
}

/** Variables holding a console reader: `sc := bufio.NewScanner(os.Stdin)`, `var r = bufio.NewReader(os.Stdin)`. */
const CONSOLE_READER = /\b(\w+)\s*(?::=|=)\s*bufio\.New(?:Scanner|Reader)\(\s*os\.Stdin\s*\)/g;

function collect(root: TsNode): Collected {
  const charts: ChartSpec[] = [];
  const methods = new Set<string>();
  for (const decl of named(root)) {
    if (decl.type !== "function_declaration" && decl.type !== "method_declaration") continue;
    const name = decl.childForFieldName("name")?.text ?? "?";
    const body = decl.childForFieldName("body");
    methods.add(name);
    if (!body) continue; // an external (assembly) function
    const main = decl.type === "function_declaration" && name === "main";
    const chartName = decl.type === "method_declaration" ? `${receiverType(decl)}.${name}` : name;
    charts.push({ name: chartName, main, nodes: [decl], stmts: deferredLast(blockStatements(body)), loc: nodeLoc(decl) });
  }
  const readers = new Set([...root.text.matchAll(CONSOLE_READER)].map((m) => m[1]!));
  return { charts, methods, readers };
}

export const parseGo: Frontend = (code, options, assets) => runFrontend("go", "tree-sitter-go.wasm", collect, code, options, assets);
