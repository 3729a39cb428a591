/**
 * The C# front-end: source → chart tree. Top-level statements form the main chart ("main"), else
 * the first `static … Main(…)` is main; methods are charts `Class.Method` (nested types
 * `Outer.Inner.M`, namespaces left out), constructors `Class.Class`, property accessors with a
 * body `Class.Prop.get` / `set`, expression-bodied members too; local functions are charts of
 * their own named after the enclosing member (`Class.Method.Local`; at top level just `Local`).
 * The statement mapping is shared with Java (engine/frontends/curly/).
 *
 * `goto L;` → connector {text: "L", jump: true}, `L:` → connector {text: "L"}; `goto case X;` /
 * `goto default;` cannot be drawn and stay a process with their text; a `break` inside a switch
 * that is not the final statement of its section → connector pair "S1", "S2", … around the end of the
 * switch. Switch expressions, lambdas and LINQ are process text as written. `using static
 * System.Console;` makes bare `WriteLine(…)` / `ReadLine()` console calls.
 */
import type { ChartSpec, Collected } from "../curly/charts.ts";
import { runFrontend } from "../curly/charts.ts";
import { COMMENT_TYPES, named } from "../curly/context.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Frontend } from "../types.ts";

const TYPES = new Set([
  "class_declaration", "struct_declaration", "interface_declaration", "record_declaration",
  "record_struct_declaration",
]);
const NAMESPACES = new Set(["namespace_declaration", "file_scoped_namespace_declaration"]);
const isLocalFunction = (n: TsNode): boolean => n.type === "local_function_statement";

function isVoid(decl: TsNode): boolean {
  const type = decl.childForFieldName("returns") ?? decl.childForFieldName("type");
  return type?.text === "void";
}

function isStatic(decl: TsNode): boolean {
  return named(decl).some((c) => c.type === "modifier" && c.text === "static");
}

/** Local functions directly inside `body` (not inside nested local functions; iterative). */
function localFunctions(body: TsNode): TsNode[] {
  const out: TsNode[] = [];
  const stack: TsNode[] = [...body.namedChildren].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isLocalFunction(node)) {
      out.push(node);
      continue;
    }
    for (let i = node.namedChildren.length - 1; i >= 0; i--) stack.push(node.namedChildren[i]!);
  }
  return out;
}

function collect(root: TsNode): Collected {
  const charts: ChartSpec[] = [];
  const methods = new Set<string>();
  const qualify = (prefix: string, name: string): string => (prefix ? `${prefix}.${name}` : name);

  /** A chart for a member with a body (block or `=> e`), then its local functions. */
  const member = (decl: TsNode, name: string, body: TsNode | null, returns: boolean, main = false): void => {
    if (!body) return;
    const spec: ChartSpec = { name: main ? "main" : name, main, nodes: [decl], exclude: isLocalFunction, loc: nodeLoc(decl) };
    if (body.type === "arrow_expression_clause") spec.arrow = { clause: body, expr: named(body)[0], returns };
    else spec.stmts = named(body);
    charts.push(spec);
    locals(body, name);
  };
  const locals = (body: TsNode, owner: string): void => {
    for (const fn of localFunctions(body)) {
      const name = fn.childForFieldName("name")?.text ?? "?";
      member(fn, owner ? `${owner}.${name}` : name, fn.childForFieldName("body"), !isVoid(fn));
    }
  };

  // Method names first (a call is a call wherever the method is defined).
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "method_declaration" || isLocalFunction(node)) {
      const name = node.childForFieldName("name")?.text;
      if (name) methods.add(name);
    }
    for (const child of node.namedChildren) stack.push(child);
  }

  // Top-level statements.
  const globals = named(root).filter((c) => c.type === "global_statement");
  const loose = globals.flatMap((g) => named(g)).filter((s) => !isLocalFunction(s));
  let mainFound = loose.length > 0;
  let programClass: string | undefined;
  if (loose.length > 0) charts.push({ name: "main", main: true, nodes: loose, stmts: loose, topLevel: true, exclude: isLocalFunction });
  for (const g of globals) {
    for (const s of named(g)) {
      if (isLocalFunction(s)) member(s, s.childForFieldName("name")?.text ?? "?", s.childForFieldName("body"), !isVoid(s));
      else locals(s, "");
    }
  }

  const work: { body: TsNode; prefix: string }[] = [{ body: root, prefix: "" }];
  while (work.length > 0) {
    const { body, prefix } = work.shift()!;
    for (const decl of named(body)) {
      if (COMMENT_TYPES.has(decl.type)) continue;
      if (NAMESPACES.has(decl.type)) {
        const inner = decl.childForFieldName("body");
        if (inner) work.push({ body: inner, prefix });
        continue;
      }
      if (TYPES.has(decl.type)) {
        const inner = decl.childForFieldName("body");
        if (inner) work.push({ body: inner, prefix: qualify(prefix, decl.childForFieldName("name")?.text ?? "?") });
        continue;
      }
      const name = decl.childForFieldName("name")?.text ?? "?";
      switch (decl.type) {
        case "method_declaration": {
          const main = !mainFound && name === "Main" && isStatic(decl);
          if (main) {
            mainFound = true;
            programClass = prefix || undefined;
          }
          member(decl, qualify(prefix, name), decl.childForFieldName("body"), !isVoid(decl), main);
          break;
        }
        case "constructor_declaration":
          member(decl, qualify(prefix, name), decl.childForFieldName("body"), false);
          break;
        case "property_declaration": {
          const value = decl.childForFieldName("value");
          if (value?.type === "arrow_expression_clause") member(decl, qualify(prefix, `${name}.get`), value, true);
          for (const acc of named(decl.childForFieldName("accessors")).filter((a) => a.type === "accessor_declaration")) {
            const kind = acc.children.find((c) => c.field === "name")?.text ?? "get";
            member(acc, qualify(prefix, `${name}.${kind}`), acc.childForFieldName("body"), kind === "get");
          }
          break;
        }
        default:
          break;
      }
    }
  }
  const staticConsole = named(root).some(
    (c) => c.type === "using_directive" && c.children.some((t) => t.type === "static") && /(^|\.)Console\s*;?$/.test(c.text.replace(/\s+/g, "").replace(/;$/, "")),
  );
  return { charts, methods, readers: new Set(), staticConsole, programClass };
}

export const parseCSharp: Frontend = (code, options, assets) =>
  runFrontend("csharp", "tree-sitter-c_sharp.wasm", collect, code, options, assets);
