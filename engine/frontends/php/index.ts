/**
 * The PHP front-end: source → chart tree. The statement mapping is shared with Java, C#,
 * JavaScript and Go (engine/frontends/curly/); this module decides what is a chart.
 *
 *  - The statements outside every function and class (the script itself) form the main chart
 *    ("main"); when they only call a function `main` (`main();`), that function is the main chart.
 *  - Every function is a chart, class methods `Class::method` drawn as `Class.method` (interfaces'
 *    and abstract methods have no body and no chart). Anonymous functions and `fn` arrow functions
 *    are drawn where they stand, as written.
 *  - `$` is left out of names and `->` reads `.` (curly/text.ts); the HTML around `<?php … ?>` draws
 *    nothing. `echo a, b` / `print` / `printf` / `print_r` / `var_dump` are outputs, `fgets(STDIN)`,
 *    `fscanf(STDIN, "%d", $n)` and `readline()` inputs; `exit` / `die` end the program.
 */
import type { ChartSpec, Collected } from "../curly/charts.ts";
import { runFrontend } from "../curly/charts.ts";
import { blockStatements, COMMENT_TYPES, named } from "../curly/context.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Frontend } from "../types.ts";

const TYPES = new Set(["class_declaration", "interface_declaration", "trait_declaration", "enum_declaration"]);
/** Top-level nodes that are no statements of the main chart. */
const NOT_STATEMENTS = new Set([...TYPES, "function_definition", "namespace_use_declaration", "declare_statement", "text", "ERROR", "empty_statement"]);
const FUNCTION_NODES = new Set(["function_definition", "method_declaration", "anonymous_function", "arrow_function"]);

/** Does the script only start `main` (`main();`)? */
const CALLS_MAIN = /^main\s*\(\s*\)\s*;?$/;

function collect(root: TsNode): Collected {
  const charts: ChartSpec[] = [];
  const methods = new Set<string>();
  const loose: TsNode[] = [];
  const chart = (name: string, decl: TsNode): void => {
    const body = decl.childForFieldName("body");
    if (!body) return;
    charts.push({ name, main: false, nodes: [decl], stmts: blockStatements(body), exclude: (n) => n !== decl && FUNCTION_NODES.has(n.type), loc: nodeLoc(decl) });
  };
  // The script's statements, namespaces opened in place (`namespace App;` or `namespace App { … }`).
  const work: TsNode[] = [...named(root)].reverse();
  while (work.length > 0) {
    const node = work.pop()!;
    if (COMMENT_TYPES.has(node.type)) continue;
    if (node.type === "namespace_definition") {
      const body = node.childForFieldName("body");
      if (body) work.push(...[...named(body)].reverse());
      continue;
    }
    if (node.type === "function_definition") {
      const name = node.childForFieldName("name")?.text ?? "?";
      methods.add(name);
      chart(name, node);
      continue;
    }
    if (TYPES.has(node.type)) {
      const cls = node.childForFieldName("name")?.text ?? "?";
      for (const member of named(node.childForFieldName("body"))) {
        if (member.type !== "method_declaration") continue;
        const name = member.childForFieldName("name")?.text ?? "?";
        methods.add(name);
        chart(`${cls}.${name === "__construct" ? cls : name}`, member);
      }
      continue;
    }
    if (!NOT_STATEMENTS.has(node.type)) loose.push(node);
  }
  const mainFunction = charts.find((c) => c.name === "main");
  if (mainFunction && loose.every((s) => CALLS_MAIN.test(s.text.trim()))) mainFunction.main = true;
  else if (loose.length > 0) charts.push({ name: "main", main: true, nodes: loose, stmts: loose, topLevel: true, exclude: (n) => FUNCTION_NODES.has(n.type) });
  return { charts, methods, readers: new Set() };
}

export const parsePhp: Frontend = (code, options, assets) => runFrontend("php", "tree-sitter-php.wasm", collect, code, options, assets);
