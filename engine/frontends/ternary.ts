/**
 * A conditional expression that decides what a statement does — `x = c ? a : b`, `int x = c ? a : b`,
 * `return c ? a : b`, `x = a if c else b`, a ternary as a whole argument of an output — is the
 * branch a student must show (issue 13): the statement becomes a decision on `c` with the statement
 * done with `a` under "yes" and with `b` under "no"; a ternary in a branch nests the same way. A
 * ternary inside a larger expression (`x = (c ? a : b) + 1`, `f(c ? a : b)`) stays as written.
 *
 * It works on the statement's finished symbols: the text of the ternary is replaced by the text
 * of each branch, so every front-end's notation and I/O reading apply unchanged.
 */
import type { Node } from "../tree/schema.ts";
import type { SyntaxNode } from "./tree-sitter.ts";

export interface TernaryParts {
  cond: SyntaxNode;
  whenTrue: SyntaxNode;
  whenFalse: SyntaxNode;
}

export interface TernaryLanguage {
  /** The parts of a conditional expression, or undefined when `node` is none. */
  parts(node: SyntaxNode): TernaryParts | undefined;
  /** Chart text of an expression (the front-end's exprText for the current chart). */
  text(node: SyntaxNode): string;
}

/** Nodes a deciding ternary may sit under: statements, declarations, the right side of `=`, parentheses. */
const TRANSPARENT = new Set([
  "expression_statement", "assignment", "assignment_expression", "declaration", "init_declarator",
  "variable_declarator", "equals_value_clause", "local_declaration_statement", "variable_declaration",
  "local_variable_declaration", "return_statement", "parenthesized_expression", "expression_list",
]);
/** Calls and their argument lists: searched only when the statement is an output. */
const CALLS = new Set(["call_expression", "method_invocation", "invocation_expression", "call", "argument_list", "arguments", "argument"]);
/** Fields that never hold the deciding value (assignment targets, callees, types). */
const NOT_VALUE = new Set(["left", "function", "name", "type", "object"]);

/** Parentheses around `node` dropped. */
function inner(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === "parenthesized_expression" && n.namedChildren.length === 1) n = n.namedChildren[0]!;
  return n;
}

/** The one ternary deciding `stmt`'s value (with the parentheses around it), or undefined. */
function decidingTernary(stmt: SyntaxNode, lang: TernaryLanguage, output: boolean): SyntaxNode | undefined {
  const found: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [stmt];
  while (stack.length > 0 && found.length < 2) {
    const node = stack.pop()!;
    if (lang.parts(inner(node))) {
      found.push(node);
      continue;
    }
    if (node !== stmt && !TRANSPARENT.has(node.type) && !(output && CALLS.has(node.type))) continue;
    for (const child of node.namedChildren) if (!NOT_VALUE.has(child.field ?? "")) stack.push(child);
  }
  return found.length === 1 ? found[0] : undefined;
}

type Make = <T extends Node>(node: T) => T;

/** `node` with `whole` in its text replaced by `by`, or undefined when the text does not hold it once. */
function replaced(node: Node, whole: string, by: string): Node | undefined {
  if (!("text" in node) || node.kind === "connector") return undefined;
  const at = node.text.indexOf(whole);
  if (at < 0 || node.text.indexOf(whole, at + 1) >= 0) return undefined;
  return { ...node, text: node.text.slice(0, at) + by + node.text.slice(at + whole.length) };
}

/** The decision for `ternary` over the statement's symbols (nested ternaries in its branches too). */
function decide(nodes: readonly Node[], ternary: SyntaxNode, lang: TernaryLanguage, make: Make): Node[] | undefined {
  const parts = lang.parts(inner(ternary))!;
  const whole = lang.text(ternary);
  const index = nodes.findIndex((n) => "text" in n && n.text.includes(whole));
  if (index < 0) return undefined;
  const branch = (value: SyntaxNode): Node[] | undefined => {
    const text = lang.text(inner(value));
    const swapped = replaced(nodes[index]!, whole, text);
    if (!swapped) return undefined;
    const nested = lang.parts(inner(value)) ? decide([swapped], inner(value), lang, make) : undefined;
    return nested ?? [make(swapped)];
  };
  const yes = branch(parts.whenTrue);
  const no = branch(parts.whenFalse);
  if (!yes || !no) return undefined;
  const decision = make({ kind: "if", cond: lang.text(inner(parts.cond)), then: { stmts: yes }, else: { stmts: no } });
  return [...nodes.slice(0, index), decision, ...nodes.slice(index + 1)];
}

/**
 * The statement's symbols with a deciding ternary drawn as a decision; unchanged when it has none
 * (or when the symbols do not show the ternary's text, e.g. an input that swallowed it).
 */
export function decideTernary(stmt: SyntaxNode, nodes: Node[], lang: TernaryLanguage, make: Make): Node[] {
  const shown = nodes.filter((n) => n.kind === "process" || n.kind === "io" || n.kind === "terminal");
  if (shown.length === 0) return nodes;
  const ternary = decidingTernary(stmt, lang, shown.some((n) => n.kind === "io"));
  if (!ternary) return nodes;
  return decide(nodes, ternary, lang, make) ?? nodes;
}

/** Ternary parts of the C-like languages: `c ? a : b` with condition/consequence/alternative fields. */
export function fieldTernary(type: string): TernaryLanguage["parts"] {
  return (node) => {
    if (node.type !== type) return undefined;
    const cond = node.childForFieldName("condition");
    const whenTrue = node.childForFieldName("consequence");
    const whenFalse = node.childForFieldName("alternative");
    return cond && whenTrue && whenFalse ? { cond, whenTrue, whenFalse } : undefined;
  };
}
