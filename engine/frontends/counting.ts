/**
 * The end of a counting loop written with an exclusive bound (`range(n)`, `i < n`) is shown
 * inclusive (`n - 1`): the shift is folded into literals (`10` → `9`, `n + 1` → `n`, `n - 1` →
 * `n - 2`), otherwise written out with brackets where precedence needs them. Shared by every
 * front-end; each supplies how its syntax tree spells literals and additive expressions.
 */
import { precedence } from "../text/notation.ts";
import type { SyntaxNode } from "./tree-sitter.ts";

export interface BoundSyntax {
  intLiteral(node: SyntaxNode): number | undefined;
  /** `left + right` / `left - right`, or undefined for any other node. */
  additive(node: SyntaxNode): { left: SyntaxNode; op: "+" | "-"; right: SyntaxNode } | undefined;
  text(node: SyntaxNode): string;
  /** Precedence (notation.ts scale) of the node's top operator; undefined for an atom. */
  precedence(node: SyntaxNode): number | undefined;
}

const ADDITIVE = precedence("+")!;

/** Text of `bound + delta`. */
export function shiftedBound(bound: SyntaxNode, delta: number, syntax: BoundSyntax): string {
  if (delta === 0) return syntax.text(bound);
  const literal = syntax.intLiteral(bound);
  if (literal !== undefined) return String(literal + delta);
  const sum = syntax.additive(bound);
  const k = sum ? syntax.intLiteral(sum.right) : undefined;
  if (sum && k !== undefined) {
    const offset = (sum.op === "+" ? k : -k) + delta;
    const base = syntax.text(sum.left);
    return offset === 0 ? base : `${base} ${offset > 0 ? "+" : "-"} ${Math.abs(offset)}`;
  }
  let text = syntax.text(bound);
  const prec = syntax.precedence(bound);
  if (prec !== undefined && prec < ADDITIVE) text = `(${text})`;
  return `${text} ${delta < 0 ? "-" : "+"} ${Math.abs(delta)}`;
}

/** `additive` for grammars whose binary nodes have left/operator/right fields. */
export function additiveOf(binaryType: string) {
  return (node: SyntaxNode): { left: SyntaxNode; op: "+" | "-"; right: SyntaxNode } | undefined => {
    if (node.type !== binaryType) return undefined;
    const op = node.childForFieldName("operator")?.type;
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    return left && right && (op === "+" || op === "-") ? { left, op, right } : undefined;
  };
}
