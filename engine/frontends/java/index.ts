/**
 * The Java front-end: source → chart tree. Every method with a body is a chart named
 * `Class.method` (nested classes `Outer.Inner.m`, constructors `Class.Class`); the first
 * `public static void main(String[] args)` is the main chart ("main"). Statements outside any
 * class (snippets) form a main chart too. Fields, imports and initialiser blocks draw nothing.
 * The statement mapping is shared with C# (engine/frontends/curly/).
 *
 * Degraded constructs (the chart tree cannot express them directly):
 *  - `break label;` leaving more than the innermost loop → connector {text: "label", jump: true},
 *    with the connector {text: "label"} placed right after the labelled statement;
 *    `continue label;` of an outer loop → connector {text: "label'", jump: true}, with its
 *    connector at the end of that loop's body (where a continue goes before the next test/step).
 *  - a `break` inside a switch that is not the final statement of its case → connector pair
 *    "S1", "S2", … around the end of the switch.
 *  - a case falling into a `default` that is not the last group loses the fallthrough line
 *    (the default column is always drawn last).
 *  - switch expressions, lambdas, streams, anonymous classes: process text as written.
 */
import type { ChartSpec, Collected } from "../curly/charts.ts";
import { runFrontend } from "../curly/charts.ts";
import { COMMENT_TYPES, named } from "../curly/context.ts";
import { JAVA_READER_TYPES } from "../curly/io.ts";
import { declaredNames } from "../curly/simple.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Frontend } from "../types.ts";

const TYPES = new Set([
  "class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
  "annotation_type_declaration",
]);
/** Members that never produce a chart or a top-level statement. */
const NOT_STATEMENTS = new Set([
  ...TYPES, "method_declaration", "constructor_declaration", "package_declaration", "import_declaration",
  "module_declaration", "field_declaration", "static_initializer", "ERROR",
]);

function isMainMethod(method: TsNode): boolean {
  if (method.childForFieldName("name")?.text !== "main") return false;
  if (method.childForFieldName("type")?.type !== "void_type") return false;
  const mods = named(method).find((c) => c.type === "modifiers");
  if (!mods || !mods.children.some((c) => c.type === "static")) return false;
  const params = named(method.childForFieldName("parameters"));
  return params.length <= 1;
}

/** An initializer that opens a file: its reader's reads are file reads. */
const READS_FILE = /\bnew\s+(?:File|FileReader|FileInputStream)\s*\(|\bPaths?\.|\bFiles\./;

function collect(root: TsNode): Collected {
  const charts: ChartSpec[] = [];
  const methods = new Set<string>();
  const readers = new Set<string>();
  let mainFound = false;
  let programClass: string | undefined;
  const qualify = (prefix: string, name: string): string => (prefix ? `${prefix}.${name}` : name);

  // Top-level statements (a snippet without a class).
  const loose = named(root).filter((c) => !NOT_STATEMENTS.has(c.type) && !COMMENT_TYPES.has(c.type));
  if (loose.length > 0) {
    charts.push({ name: "main", main: true, nodes: loose, stmts: loose, topLevel: true });
    mainFound = true;
  }

  // Type bodies, iteratively (nested classes to any depth).
  const work: { body: TsNode; prefix: string }[] = [{ body: root, prefix: "" }];
  while (work.length > 0) {
    const { body, prefix } = work.shift()!;
    for (const member of named(body)) {
      if (TYPES.has(member.type)) {
        const name = member.childForFieldName("name")?.text ?? "?";
        const inner = member.childForFieldName("body");
        if (inner) {
          work.push({ body: inner, prefix: qualify(prefix, name) });
          for (const part of named(inner)) if (part.type === "enum_body_declarations") work.push({ body: part, prefix: qualify(prefix, name) });
        }
        continue;
      }
      if (member.type === "method_declaration") {
        const name = member.childForFieldName("name")?.text ?? "?";
        methods.add(name);
        const block = member.childForFieldName("body");
        if (!block) continue; // abstract / interface method
        const main = !mainFound && isMainMethod(member);
        if (main) {
          mainFound = true;
          programClass = prefix || undefined;
        }
        charts.push({ name: main ? "main" : qualify(prefix, name), main, nodes: [member], stmts: named(block), loc: nodeLoc(member) });
        continue;
      }
      if (member.type === "constructor_declaration" || member.type === "compact_constructor_declaration") {
        const block = member.childForFieldName("body");
        const cls = prefix.split(".").pop() ?? "?";
        charts.push({ name: qualify(prefix, cls), main: false, nodes: [member], stmts: named(block), loc: nodeLoc(member) });
      }
    }
  }

  // Input readers: variables (locals, fields, parameters, resources) declared as Scanner /
  // BufferedReader / Console.
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "local_variable_declaration" || node.type === "field_declaration") {
      const type = (node.childForFieldName("type")?.text ?? "").replace(/<.*$/s, "").replace(/^.*\./s, "");
      if (JAVA_READER_TYPES.has(type)) {
        // A reader of a file (`new Scanner(new File("in.txt"))`) reads the file, not the console (file-io.ts).
        if (!READS_FILE.test(node.text)) for (const n of declaredNames(node)) readers.add(n);
      } else if (type === "var") {
        // `var sc = new Scanner(System.in);`
        for (const d of named(node).filter((c) => c.type === "variable_declarator")) {
          const value = d.childForFieldName("value");
          const created = value?.type === "object_creation_expression" ? (value.childForFieldName("type")?.text ?? "") : "";
          const name = d.childForFieldName("name")?.text;
          if (name && JAVA_READER_TYPES.has(created.replace(/<.*$/s, "")) && !READS_FILE.test(d.text)) readers.add(name);
        }
      }
    }
    if (node.type === "resource" || node.type === "formal_parameter") {
      const type = (node.childForFieldName("type")?.text ?? "").replace(/^.*\./s, "");
      const name = node.childForFieldName("name")?.text;
      if (name && JAVA_READER_TYPES.has(type)) readers.add(name);
    }
    for (const child of node.namedChildren) stack.push(child);
  }
  return { charts, methods, readers, programClass };
}

export const parseJava: Frontend = (code, options, assets) =>
  runFrontend("java", "tree-sitter-java.wasm", collect, code, options, assets);
