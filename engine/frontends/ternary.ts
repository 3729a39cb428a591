/**
 * A conditional expression that decides what a statement does — `x = c ? a : b`, `int x = c ? a : b`,
 * `return c ? a : b`, `x = a if c else b`, a ternary as a whole argument of an output — is the
 * branch a student must show (issue 13): the statement becomes a decision on `c` with the statement
 * done with `a` under "yes" and with `b` under "no"; a ternary in a branch nests the same way. A
 * switch expression in the same place (Java `return switch (d) { case 1 -> "Пн"; … }`, C#
 * `d switch { 1 => "Пн", … }`) becomes a switch with the statement in each case. A ternary
 * inside a larger expression (`x = (c ? a : b) + 1`, `f(c ? a : b)`) stays as written.
 *
 * It works on the statement's finished symbols: the text of the ternary is replaced by the text
 * of each branch, so every front-end's notation and I/O reading apply unchanged.
 */
import type { Node, SwitchCase } from "../tree/schema.ts";
import type { SyntaxNode } from "./tree-sitter.ts";

export interface TernaryParts {
  cond: SyntaxNode;
  whenTrue: SyntaxNode;
  whenFalse: SyntaxNode;
}

/** One arm of a switch expression: its label (null for the default arm) and its value. */
export interface SwitchArm {
  label: string | null;
  value: SyntaxNode;
}

export interface TernaryLanguage {
  /**
   * Tokens one of which the text of every conditional or switch expression of the language holds
   * (`?`, `if`, `switch`): a statement whose text has none is not searched. Most statements have
   * none, and the search visits every node of the statement (issue 14: a fresh process runs it in
   * the interpreter).
   */
  marks: readonly string[];
  /** The parts of a conditional expression, or undefined when `node` is none. */
  parts(node: SyntaxNode): TernaryParts | undefined;
  /** The subject and arms of a switch expression (every arm a plain value), or undefined. */
  arms?(node: SyntaxNode): { subject: SyntaxNode; arms: SwitchArm[] } | undefined;
  /** Chart text of an expression (the front-end's exprText for the current chart). */
  text(node: SyntaxNode): string;
  /** Chart text of a decision's condition, when it differs from `text` (C's truth values as comparisons). */
  cond?(node: SyntaxNode): string;
}

/** Nodes a deciding ternary may sit under: statements, declarations, the right side of `=`, parentheses. */
const TRANSPARENT = new Set([
  "expression_statement", "assignment", "assignment_expression", "declaration", "init_declarator",
  "variable_declarator", "equals_value_clause", "local_declaration_statement", "variable_declaration",
  "local_variable_declaration", "return_statement", "parenthesized_expression", "expression_list", "arrow_expression_clause",
]);
/** Calls and their argument lists: searched only when the statement is an output. */
const CALLS = new Set(["call_expression", "method_invocation", "invocation_expression", "call", "argument_list", "arguments", "argument"]);
/** Fields that never hold the deciding value (assignment targets, callees, types). */
const NOT_VALUE = new Set(["left", "function", "name", "type", "object"]);

/** A `cout << … << …` chain: its operands are the printed values. */
const isStreamOutput = (node: SyntaxNode) => node.type === "binary_expression" && node.childForFieldName("operator")?.type === "<<";

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
    if (lang.parts(inner(node)) || lang.arms?.(inner(node))) {
      found.push(node);
      continue;
    }
    if (node !== stmt && !TRANSPARENT.has(node.type) && !(output && (CALLS.has(node.type) || isStreamOutput(node)))) continue;
    for (const child of node.namedChildren) if (!NOT_VALUE.has(child.field ?? "") || isStreamOutput(node)) stack.push(child);
  }
  return found.length === 1 ? found[0] : undefined;
}

type Make = <T extends Node>(node: T) => T;

/** `node` with `whole` in its text replaced by `by`, or undefined when the text does not hold it once. */
function replaced(node: Node, whole: string, by: string): Node | undefined {
  if (!("text" in node) || node.kind === "connector") return undefined;
  // `x := x + (c ? a : b)` (the parentheses of a spelled-out `+=`) → `x := x + a` for a plain value.
  if (/^[\p{L}\p{N}_.]+$|^"[^"]*"$|^'[^']*'$/u.test(by) && node.text.includes(`(${whole})`)) return replaced(node, `(${whole})`, by);
  const at = node.text.indexOf(whole);
  if (at < 0 || node.text.indexOf(whole, at + 1) >= 0) return undefined;
  return { ...node, text: node.text.slice(0, at) + by + node.text.slice(at + whole.length) };
}

/**
 * How many decisions one statement's chained ternaries become (`s >= 90 ? 'A' : s >= 80 ? 'B' : …`
 * has one per grade); a longer chain's rest stays written as a ternary in the last branch. Each
 * level writes out the rest of the chain's text, so an unbounded chain did work quadratic in its
 * length (issue 22: 10 000 links took 16 s, then failed the nesting limit).
 */
export const MAX_TERNARY_LEVELS = 12;

/** The decision for `ternary` over the statement's symbols (nested ternaries in its branches too). */
function decide(nodes: readonly Node[], ternary: SyntaxNode, lang: TernaryLanguage, make: Make, level = 1): Node[] | undefined {
  // The symbol may show the ternary with or without its parentheses (a cout operand loses them).
  const shows = (text: string) => nodes.findIndex((n) => "text" in n && n.text.includes(text));
  const withParens = lang.text(ternary);
  const whole = shows(withParens) >= 0 ? withParens : lang.text(inner(ternary));
  const index = shows(whole);
  if (index < 0) return undefined;
  const branch = (value: SyntaxNode): Node[] | undefined => {
    const text = lang.text(inner(value));
    const swapped = replaced(nodes[index]!, whole, text);
    if (!swapped) return undefined;
    const nests = level < MAX_TERNARY_LEVELS && (lang.parts(inner(value)) || lang.arms?.(inner(value)));
    const nested = nests ? decide([swapped], inner(value), lang, make, level + 1) : undefined;
    return nested ?? [make(swapped)];
  };
  const parts = lang.parts(inner(ternary));
  let decision: Node;
  if (parts) {
    const yes = branch(parts.whenTrue);
    const no = branch(parts.whenFalse);
    if (!yes || !no) return undefined;
    decision = make({ kind: "if", cond: (lang.cond ?? lang.text)(inner(parts.cond)), then: { stmts: yes }, else: { stmts: no } });
  } else {
    const { subject, arms } = lang.arms!(inner(ternary))!;
    const cases: SwitchCase[] = [];
    let otherwise: Node[] | undefined;
    for (const arm of arms) {
      const body = branch(arm.value);
      if (!body) return undefined;
      if (arm.label === null) otherwise = body;
      else cases.push({ label: arm.label, body: { stmts: body } });
    }
    const node: Extract<Node, { kind: "switch" }> = { kind: "switch", cond: lang.text(inner(subject)), cases };
    if (otherwise) node.default = { stmts: otherwise };
    decision = make(node);
  }
  return [...nodes.slice(0, index), decision, ...nodes.slice(index + 1)];
}

function mentionsAny(text: string, marks: readonly string[]): boolean {
  for (const mark of marks) if (text.includes(mark)) return true;
  return false;
}

/**
 * The statement's symbols with a deciding ternary drawn as a decision; unchanged when it has none
 * (or when the symbols do not show the ternary's text, e.g. an input that swallowed it).
 */
export function decideTernary(stmt: SyntaxNode, nodes: Node[], lang: TernaryLanguage, make: Make): Node[] {
  const shown = nodes.filter((n) => n.kind === "process" || n.kind === "io" || n.kind === "terminal");
  if (shown.length === 0 || !mentionsAny(stmt.text, lang.marks)) return nodes;
  const ternary = decidingTernary(stmt, lang, shown.some((n) => n.kind === "io"));
  if (!ternary) return nodes;
  return decide(nodes, ternary, lang, make) ?? nodes;
}

/** Ternary parts of the C-like languages: `c ? a : b` with condition/consequence/alternative fields. */
export function fieldTernary(type: string, consequence = "consequence"): TernaryLanguage["parts"] {
  return (node) => {
    if (node.type !== type) return undefined;
    const cond = node.childForFieldName("condition");
    const whenTrue = node.childForFieldName(consequence);
    const whenFalse = node.childForFieldName("alternative");
    return cond && whenTrue && whenFalse ? { cond, whenTrue, whenFalse } : undefined;
  };
}

/** Java `switch (d) { case 1, 2 -> v; default -> w; }` with an expression in every rule. */
export function javaSwitchArms(node: SyntaxNode, text: (n: SyntaxNode) => string): ReturnType<NonNullable<TernaryLanguage["arms"]>> {
  if (node.type !== "switch_expression") return undefined;
  const subject = node.childForFieldName("condition");
  const rules = (node.childForFieldName("body")?.namedChildren ?? []).filter((c) => c.type !== "comment");
  if (!subject || rules.length === 0 || rules.some((r) => r.type !== "switch_rule")) return undefined;
  const arms: SwitchArm[] = [];
  for (const rule of rules) {
    const [label, body] = rule.namedChildren.filter((c) => c.type !== "comment");
    const value = body?.type === "expression_statement" ? body.namedChildren.find((c) => c.type !== "comment") : undefined;
    if (!label || !value) return undefined;
    const values = label.namedChildren.filter((c) => c.type !== "comment");
    arms.push({ label: values.length === 0 ? null : values.map(text).join(", "), value });
  }
  return { subject, arms };
}

/** C# `d switch { 1 => v, 6 or 7 => w, _ => z }`. */
export function csharpSwitchArms(node: SyntaxNode, text: (n: SyntaxNode) => string): ReturnType<NonNullable<TernaryLanguage["arms"]>> {
  if (node.type !== "switch_expression") return undefined;
  const subject = node.namedChildren.find((c) => c.type !== "comment" && c.type !== "switch_expression_arm");
  const armNodes = node.namedChildren.filter((c) => c.type === "switch_expression_arm");
  if (!subject || armNodes.length === 0) return undefined;
  const patterns = (p: SyntaxNode): string[] =>
    p.type === "or_pattern" ? p.namedChildren.filter((c) => c.type !== "comment").flatMap(patterns) : [text(p)];
  const arms = armNodes.map((arm): SwitchArm | undefined => {
    const parts = arm.namedChildren.filter((c) => c.type !== "comment");
    const pattern = parts[0];
    const value = parts[parts.length - 1];
    if (!pattern || !value || parts.length < 2) return undefined;
    const when = parts.slice(1, -1).map(text).join(" ");
    const label = pattern.type === "discard" && !when ? null : [patterns(pattern).join(", "), when].filter(Boolean).join(" ");
    return { label, value };
  });
  return arms.every((a) => a !== undefined) ? { subject, arms } : undefined;
}
