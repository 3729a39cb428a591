/**
 * An expression statement whose value is unused and that changes nothing — `i;`, `x + 1;`, a bare
 * name in Python — is drawn as nothing (issue 20): a block holding only `i` told the reader of a
 * chart that something happens there. Anything that can act — a call, an assignment, `++`/`--`,
 * `new`, `await`, `yield`, `delete`, `throw`, a lambda, a C++ stream's `<<`/`>>` — keeps its symbol.
 */
import type { SyntaxNode } from "./tree-sitter.ts";

const ACTS = /call|invocation|assignment|update|await|yield|new_expression|creation|delete|named_expression|postfix_unary|throw|lambda|intrinsic|ERROR/;
/** `++`/`--`, and `<<`/`>>`: C++ streams read and write with them (`cin >> n;`). */
const ACTING_TOKEN = /^(?:\+\+|--|<<|>>)$/;

/** Does evaluating the expression do nothing a reader should see? Iterative. */
export function hasNoEffect(expr: SyntaxNode): boolean {
  const stack: SyntaxNode[] = [expr];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing || ACTS.test(node.type)) return false;
    if (!node.isNamed && ACTING_TOKEN.test(node.type)) return false;
    for (const child of node.children) stack.push(child);
  }
  return true;
}
