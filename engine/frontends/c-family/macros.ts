/**
 * Function-like macros used as statements without a `;` (`LOG(x)`, `BLOCK(x) { … }`): the parser
 * reports a missing `;` there. Such a statement is no syntax error of the function; it is drawn as
 * a predefined process with its text (a macro of statements defined in the file never gets here:
 * macro-expansion.ts expands it before parsing).
 */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";

/** Function-like macros of the source: name → replacement text. Iterative walk over top-level and `#if` blocks. */
export function collectMacros(root: TsNode): Map<string, string> {
  const macros = new Map<string, string>();
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "preproc_function_def") {
      const name = node.childForFieldName("name")?.text;
      if (name) macros.set(name, node.childForFieldName("value")?.text.trim() ?? "");
      continue;
    }
    if (node === root || node.type.startsWith("preproc_") || node.type === "declaration_list" || node.type === "namespace_definition") {
      for (const child of node.namedChildren) stack.push(child);
    }
  }
  return macros;
}

const ALL_CAPS = /^[A-Z_][A-Z0-9_]*$/;

/** The call of a `MACRO(args)` statement lacking its `;`, or undefined. */
export function macroStatementCall(stmt: TsNode, macros: ReadonlyMap<string, string>): TsNode | undefined {
  if (stmt.type !== "expression_statement") return undefined;
  const last = stmt.children[stmt.children.length - 1];
  if (!last?.isMissing || last.type !== ";") return undefined;
  const named = stmt.namedChildren.filter((c) => c.type !== "comment");
  const call = named[0];
  if (named.length !== 1 || call?.type !== "call_expression" || call.hasError) return undefined;
  const fn = call.childForFieldName("function");
  if (fn?.type !== "identifier" || !(macros.has(fn.text) || ALL_CAPS.test(fn.text))) return undefined;
  return call;
}
