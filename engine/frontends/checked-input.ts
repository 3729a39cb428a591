/**
 * Input read and checked inside a condition (issue 20): `if (!double.TryParse(Console.ReadLine(),
 * out a))`, `while (scanf("%d", &n) != 1)`, `do … while (!int.TryParse(Console.ReadLine(), out n))`.
 * A reader sees the input first and then the check, so the condition becomes `Ввід a` followed by
 * the decision «a — число?» (or «Введено число?»), as a student draws it:
 *  - if: the input, then the decision (branches swapped for a negated check);
 *  - while: the retry loop — a loop-limit pair around the input and the decision, the failing
 *    branch holding the loop's body, the other leaving the loop;
 *  - do-while: the input ends the body, the decision closes the loop.
 */
import type { Node } from "../tree/schema.ts";

/** What a recogniser found in a condition. */
export interface CheckedInput {
  /** Symbols of the input the condition performs (none for a check of a string already read). */
  reads: Node[];
  /** The question: «a — число?», «Введено число?». */
  cond: string;
  /** The condition holds when the check fails (`!int.TryParse(…)`, `scanf(…) != 1`). */
  negated: boolean;
}

type If = Extract<Node, { kind: "if" }>;

/**
 * The symbols of an if / while / do-while (as the front-end drew it from the raw condition) redrawn
 * around the checked input; anything else is returned as it is. `make` stamps the statement's
 * position on a new node.
 */
export function withCheckedInput(nodes: Node[], check: CheckedInput, make: <T extends Node>(node: T) => T): Node[] {
  const [node] = nodes;
  if (nodes.length !== 1 || !node) return nodes;
  const decide = (pass: Node[], fail: Node[]): If =>
    make(fail.length > 0 ? { kind: "if", cond: check.cond, then: { stmts: pass }, else: { stmts: fail } } : { kind: "if", cond: check.cond, then: { stmts: pass } });
  switch (node.kind) {
    case "if": {
      const then = node.then.stmts;
      const other = node.else?.stmts ?? [];
      return [...check.reads, check.negated ? decide(other, then) : decide(then, other)];
    }
    case "while": {
      if (node.else) return nodes;
      const leave = [make<Node>({ kind: "break" })];
      const body = node.body.stmts;
      const decision = check.negated ? decide(leave, body) : decide(body, leave);
      return [make({ kind: "infloop", body: { stmts: [...check.reads, decision] } })];
    }
    case "dowhile":
      return [{ ...node, body: { stmts: [...node.body.stmts, ...check.reads] }, cond: check.cond, until: check.negated }];
    default:
      return nodes;
  }
}
