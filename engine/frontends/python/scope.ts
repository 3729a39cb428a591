/**
 * Where the charts of a Python module come from: every function definition (methods as
 * `Class.method`, nested functions as `outer.inner`) in source order, and the names of the
 * functions and methods defined in the source (their calls become `call` symbols).
 */
import type { Node } from "web-tree-sitter";

export interface FunctionDef {
  /** Qualified chart name. */
  name: string;
  node: Node;
  /** Defined directly in a class body. */
  isMethod: boolean;
}

export interface ModuleScope {
  defs: FunctionDef[];
  functions: Set<string>;
  methods: Set<string>;
}

/** Nodes that may contain statements (and so definitions); expressions are never entered. */
const CONTAINERS = new Set([
  "module", "block", "if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
  "try_statement", "except_clause", "except_group_clause", "finally_clause", "with_statement",
  "match_statement", "case_clause", "decorated_definition",
]);

/** Iterative walk over statement containers: deep nesting cannot overflow the stack. */
export function collectScope(root: Node): ModuleScope {
  const defs: FunctionDef[] = [];
  const functions = new Set<string>();
  const methods = new Set<string>();
  type Item = { node: Node; prefix: string; inClass: boolean };
  const stack: Item[] = [{ node: root, prefix: "", inClass: false }];
  while (stack.length > 0) {
    const { node, prefix, inClass } = stack.pop()!;
    const children: Item[] = [];
    if (node.type === "function_definition" || node.type === "class_definition") {
      const name = node.childForFieldName("name")?.text ?? "?";
      const qualified = prefix ? `${prefix}.${name}` : name;
      const body = node.childForFieldName("body");
      if (node.type === "function_definition") {
        defs.push({ name: qualified, node, isMethod: inClass });
        (inClass ? methods : functions).add(name);
        if (body) children.push({ node: body, prefix: qualified, inClass: false });
      } else if (body) {
        children.push({ node: body, prefix: qualified, inClass: true });
      }
    } else if (CONTAINERS.has(node.type)) {
      for (const child of node.namedChildren) {
        if (child) children.push({ node: child, prefix, inClass });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  defs.sort((a, b) => a.node.startIndex - b.node.startIndex);
  return { defs, functions, methods };
}
