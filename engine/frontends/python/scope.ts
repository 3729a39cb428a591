/**
 * Where the charts of a Python module come from: every function definition (methods as
 * `Class.method`, nested functions as `outer.inner`) in source order, and the names of the
 * functions and methods defined in the source (their calls become `call` symbols).
 */
import type { SyntaxNode as Node } from "../tree-sitter.ts";

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
  // Parallel work stacks (node, qualified-name prefix, directly in a class body).
  const nodes: Node[] = [root];
  const prefixes: string[] = [""];
  const inClasses: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const prefix = prefixes.pop()!;
    const inClass = inClasses.pop()!;
    if (node.type === "function_definition" || node.type === "class_definition") {
      const name = node.childForFieldName("name")?.text ?? "?";
      const qualified = prefix ? `${prefix}.${name}` : name;
      const body = node.childForFieldName("body");
      if (node.type === "function_definition") {
        defs.push({ name: qualified, node, isMethod: inClass });
        (inClass ? methods : functions).add(name);
      }
      if (body) {
        nodes.push(body);
        prefixes.push(qualified);
        inClasses.push(node.type === "class_definition");
      }
    } else if (CONTAINERS.has(node.type)) {
      // Pushed last to first: popped in source order.
      const children = node.namedChildren;
      for (let i = children.length - 1; i >= 0; i--) {
        nodes.push(children[i]!);
        prefixes.push(prefix);
        inClasses.push(inClass);
      }
    }
  }
  defs.sort((a, b) => a.node.startIndex - b.node.startIndex);
  return { defs, functions, methods };
}
