/**
 * Function definitions of a C/C++ translation unit, in source order, with chart names:
 * free functions by their plain name (also inside namespaces), methods as `Class::method`
 * (in-class and out-of-class), constructors `A::A`, destructors `A::~A`, operators `A::operator+`.
 * Found inside namespaces, classes/structs, templates, `extern "C"` blocks and `#if` blocks.
 */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";

export interface FunctionDef {
  name: string;
  node: TsNode;
}

const CONTAINERS = new Set([
  "translation_unit", "declaration_list", "field_declaration_list", "linkage_specification",
  "preproc_if", "preproc_ifdef", "preproc_elif", "preproc_else", "preproc_elifdef", "template_declaration",
  "namespace_definition", "export_declaration",
]);
const CLASSES = new Set(["class_specifier", "struct_specifier", "union_specifier"]);
const DECLARATOR_WRAPPERS = new Set([
  "pointer_declarator", "reference_declarator", "parenthesized_declarator", "attributed_declarator",
]);

/** The declarator naming the function (inside pointer/reference wrappers), or null. */
function functionDeclarator(def: TsNode): TsNode | null {
  let d = def.childForFieldName("declarator");
  for (let i = 0; d && i < 100; i++) {
    if (d.type === "function_declarator") return d.childForFieldName("declarator");
    if (DECLARATOR_WRAPPERS.has(d.type)) {
      d = d.childForFieldName("declarator") ?? d.namedChildren.find((c) => c.type.endsWith("declarator")) ?? null;
      continue;
    }
    return null;
  }
  return null;
}

export function functionName(def: TsNode, owner: string | null): string {
  const d = functionDeclarator(def);
  const raw = d ? d.text.replace(/\s+/g, " ").replace(/\s*::\s*/g, "::").replace(/~\s+/, "~").trim() : "?";
  const name = raw.replace(/^operator\s+(?=[^\w\s])/, "operator");
  return owner && !name.includes("::") ? `${owner}::${name}` : name;
}

function className(node: TsNode): string | null {
  const name = node.childForFieldName("name");
  return name ? name.text.replace(/\s+/g, "") : null;
}

/** All function definitions, in source order (iterative walk over containers). */
export function collectFunctions(root: TsNode): FunctionDef[] {
  const out: FunctionDef[] = [];
  const stack: { node: TsNode; owner: string | null }[] = [{ node: root, owner: null }];
  while (stack.length > 0) {
    const { node, owner } = stack.pop()!;
    const next: { node: TsNode; owner: string | null }[] = [];
    for (const child of node.namedChildren) {
      if (child.type === "function_definition") {
        // `= default` / `= delete` definitions have no body to draw.
        if (child.childForFieldName("body")?.type !== "compound_statement") continue;
        out.push({ name: functionName(child, owner), node: child });
      } else if (CONTAINERS.has(child.type) || child.type === "template_declaration") {
        next.push({ node: child.type === "namespace_definition" ? (child.childForFieldName("body") ?? child) : child, owner });
      } else if (CLASSES.has(child.type)) {
        const body = child.childForFieldName("body");
        if (body) next.push({ node: body, owner: className(child) ?? owner });
      } else if (child.type === "declaration" || child.type === "type_definition" || child.type === "field_declaration") {
        const type = child.childForFieldName("type");
        const body = type && CLASSES.has(type.type) ? type.childForFieldName("body") : null;
        if (body) next.push({ node: body, owner: className(type!) ?? owner });
      }
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  // The stack walk visits containers after their siblings: restore source order.
  return out.sort((a, b) => a.node.startIndex - b.node.startIndex);
}

/** Names a call may use to reach these functions: full names and their last `::` part. */
export function callableNames(defs: readonly FunctionDef[]): Set<string> {
  const names = new Set<string>();
  for (const def of defs) {
    names.add(def.name);
    const last = def.name.split("::").pop();
    if (last) names.add(last.replace(/<.*$/, ""));
    names.add(def.name.replace(/<.*$/, ""));
  }
  return names;
}
