/** Statement lists of C/C++ bodies: braces unwrapped, comments dropped, `#if` blocks flattened. */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";

const PREPROC_BLOCKS = new Set(["preproc_if", "preproc_ifdef", "preproc_elif", "preproc_else", "preproc_elifdef"]);
/** Preprocessor lines and other statements that never produce a symbol. */
const IGNORED = new Set(["comment", "preproc_include", "preproc_def", "preproc_function_def", "preproc_call"]);

/**
 * The statements of a body: a compound statement's children, or the single statement itself.
 * `#if`/`#ifdef` blocks contribute the statements of their first branch (the `#else`/`#elif`
 * alternative is dropped: one program version is drawn).
 */
export function bodyStatements(body: TsNode | null | undefined): TsNode[] {
  if (!body) return [];
  if (body.type === "else_clause") {
    const inner = body.namedChildren.filter((c) => c.type !== "comment");
    return inner.length === 1 ? bodyStatements(inner[0]) : flatten(inner);
  }
  return flatten(body.type === "compound_statement" ? body.namedChildren : [body]);
}

export function flatten(stmts: readonly TsNode[]): TsNode[] {
  const out: TsNode[] = [];
  const stack = [...stmts].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (IGNORED.has(node.type)) continue;
    if (PREPROC_BLOCKS.has(node.type)) {
      const inner = node.namedChildren.filter(
        (c) => c.field !== "condition" && c.field !== "name" && c.field !== "alternative",
      );
      for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!);
      continue;
    }
    out.push(node);
  }
  return out;
}
