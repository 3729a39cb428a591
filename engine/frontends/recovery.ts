/**
 * Parser recovery (issue 20): a function the parser cannot fully read is never silently missing.
 * tree-sitter keeps the function's shape around a statement it cannot read (`new int* [n]` in
 * C++) and marks only that statement with an ERROR / MISSING node; such a statement is drawn as
 * one process block with its source text and the function is still reported (a FunctionError
 * with `recovered`; a statement that merely lacks a token is drawn as usual). Where such a
 * statement swallowed the ones after it, a second parse reads those (isolateUnread). Only a
 * problem in the function's structure itself — its head, a body's braces — leaves the function
 * out, as before.
 */
import type { FunctionError } from "../errors.ts";
import type { Block, Node } from "../tree/schema.ts";
import { firstSyntaxError, syntaxProblem, type SyntaxNode, type SyntaxProblem } from "./tree-sitter.ts";

/** How a language's tree holds statements. */
export interface StatementShapes {
  /** A node whose children are statements (a `{ … }` body, an indented block). */
  isList(node: SyntaxNode): boolean;
  /** A statement (or declaration) that can stand in a statement list. */
  isStatement(node: SyntaxNode): boolean;
}

/** A statement drawn from its source text, and why. */
export type Unread = Pick<SyntaxProblem, "line" | "col" | "message">;

/** A statement isolateUnread stood a placeholder in for: its source text and its problem. */
export interface Held {
  text: string;
  problem: Unread;
}

/** What a chart build keeps of the statements it drew from their source text. */
export interface RecoveryLog {
  unread: Unread[];
  /** Placeholders of isolateUnread by their start offset (empty when there are none). */
  held: ReadonlyMap<number, Held>;
}

/**
 * The first problem that breaks the function's structure, or null when every ERROR / MISSING
 * node sits inside a statement (or is an ERROR standing in place of one) of a statement list.
 * Iterative; each node is visited once.
 */
export function structuralProblem(fn: SyntaxNode, shapes: StatementShapes, ignore?: (node: SyntaxNode) => boolean): SyntaxProblem | null {
  const stack: SyntaxNode[] = [fn];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) return syntaxProblem(node);
    if (!node.hasError) continue;
    const list = shapes.isList(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      if (ignore?.(child)) continue;
      if (list && ((child.isError && child.text.trim() !== "") || (!child.isMissing && shapes.isStatement(child)))) continue;
      stack.push(child);
    }
  }
  return null;
}

/** A token tree-sitter put in where the source lacks it (`;`, `)`): the tree around it is whole. */
const isMissingToken = (node: SyntaxNode): boolean => node.isMissing && !node.isNamed;

/** Source text of a statement as a block's lines: each line trimmed, blank lines and closing `;` dropped. */
function sourceLines(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim().replace(/\s+/g, " ").replace(/\s*;$/, ""))
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * A statement the parser could not read as one process block with its source text, or undefined
 * when it reads. Only the statement's own problems count — those outside the statements and
 * bodies nested in it, which are drawn (and recovered) on their own. A missing token alone
 * (`int r = 2` without `;`) leaves a whole tree: the statement is drawn as usual. Either way
 * the problem is logged for the function's warning.
 */
export function unreadStatement(stmt: SyntaxNode, shapes: StatementShapes, log: RecoveryLog): Node | undefined {
  const held = log.held.get(stmt.startIndex);
  if (held && stmt.type === "expression_statement") {
    log.unread.push(held.problem);
    return { kind: "process", text: held.text };
  }
  if (!stmt.hasError && !stmt.isError && !stmt.isMissing) return undefined;
  if (stmt.isError || stmt.isMissing) {
    log.unread.push(syntaxProblem(stmt));
    return { kind: "process", text: sourceLines(stmt.text) };
  }
  const nested = (n: SyntaxNode) => shapes.isList(n) || shapes.isStatement(n);
  const broken = firstSyntaxError(stmt, (n) => nested(n) || isMissingToken(n));
  const problem = broken ?? firstSyntaxError(stmt, nested);
  if (problem) log.unread.push(problem);
  return broken ? { kind: "process", text: sourceLines(stmt.text) } : undefined;
}

/**
 * `break` / `continue` with no loop around them in the chart: left over when the loop's head was
 * unreadable (its body then stands on its own). Drawn as a process with the word, logged.
 * Iterative over the chart's blocks.
 */
function strayJumps(block: Block, log: Pick<RecoveryLog, "unread">): void {
  const stack: { block: Block; inLoop: boolean }[] = [{ block, inLoop: false }];
  while (stack.length > 0) {
    const { block: current, inLoop } = stack.pop()!;
    current.stmts = current.stmts.map((node): Node => {
      switch (node.kind) {
        case "break":
        case "continue": {
          if (inLoop) return node;
          const where = node.loc ?? { line: 0, col: 0 };
          log.unread.push({ ...where, message: `syntax error at line ${where.line}, column ${where.col}: ${node.kind} outside a loop` });
          return node.loc ? { kind: "process", text: node.kind, loc: node.loc } : { kind: "process", text: node.kind };
        }
        case "if":
          stack.push({ block: node.then, inLoop });
          if (node.else) stack.push({ block: node.else, inLoop });
          return node;
        case "for":
        case "while":
          stack.push({ block: node.body, inLoop: true });
          if (node.else) stack.push({ block: node.else, inLoop });
          return node;
        case "dowhile":
        case "infloop":
          stack.push({ block: node.body, inLoop: true });
          return node;
        case "switch":
          for (const c of node.cases) stack.push({ block: c.body, inLoop });
          if (node.default) stack.push({ block: node.default, inLoop });
          return node;
        default:
          return node;
      }
    });
  }
}

/**
 * The warning for a function drawn around statements it could not read, or undefined; first
 * turns jumps left without their loop into process blocks.
 */
export function recoveredWarning(name: string, block: Block, log: Pick<RecoveryLog, "unread">): FunctionError | undefined {
  strayJumps(block, log);
  const first = log.unread[0];
  if (!first) return undefined;
  const more = log.unread.length > 1 ? ` and ${log.unread.length - 1} more` : "";
  const message = `${first.message}${more} (the chart is drawn; a statement that could not be read is a process block with its source text)`;
  return { name, message, line: first.line, col: first.col, recovered: true };
}

/** Placeholder of a held statement: an expression statement every C-like grammar reads. */
const PLACEHOLDER = "u_();";

/**
 * The index after the `;` that ends a statement the parser could not read, scanning from its
 * problem (brackets, strings and comments skipped), or -1 when a block closes first.
 */
function statementEnd(source: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      const close = source.indexOf(c, i + 1);
      if (close < 0 || close >= to) return -1;
      i = close;
    } else if (c === "/" && source[i + 1] === "/") i = source.indexOf("\n", i) < 0 ? to : source.indexOf("\n", i);
    else if (c === "/" && source[i + 1] === "*") i = source.indexOf("*/", i) < 0 ? to : source.indexOf("*/", i) + 1;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (--depth < 0) return -1;
    } else if (c === ";" && depth === 0) return i + 1;
  }
  return -1;
}

/**
 * C-like languages (a `;` ends a statement): tree-sitter sometimes lets an unreadable statement
 * swallow the statements after it (`int** R = new int* [n]; cout << n;` is one broken
 * declaration). Each such statement, up to its own `;`, is replaced by a placeholder of the same
 * length (line breaks kept), so a second parse reads the statements after it; the placeholder is
 * drawn with the original text (unreadStatement). Null when no statement swallowed another.
 */
export function isolateUnread(source: string, root: SyntaxNode, shapes: StatementShapes): { source: string; held: Map<number, Held> } | null {
  const held = new Map<number, Held>();
  let patched = "";
  let last = 0;
  const stack: SyntaxNode[] = [root];
  const found: { stmt: SyntaxNode; problem: SyntaxProblem }[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.hasError) continue;
    const list = shapes.isList(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      const problem = list && shapes.isStatement(child) ? firstSyntaxError(child, (n) => shapes.isList(n) || shapes.isStatement(n) || isMissingToken(n)) : null;
      if (problem?.node.isError) found.push({ stmt: child, problem });
      else stack.push(child);
    }
  }
  found.sort((a, b) => a.stmt.startIndex - b.stmt.startIndex);
  for (const { stmt, problem } of found) {
    const end = statementEnd(source, problem.node.startIndex, stmt.endIndex);
    if (end < 0 || source.slice(end, stmt.endIndex).trim() === "" || stmt.startIndex < last) continue;
    const original = source.slice(stmt.startIndex, end);
    if (original.length < PLACEHOLDER.length || original.slice(0, PLACEHOLDER.length).includes("\n")) continue;
    const blank = original.replace(/[^\n]/g, " ");
    patched += source.slice(last, stmt.startIndex) + PLACEHOLDER + blank.slice(PLACEHOLDER.length);
    last = end;
    const { line, col, message } = problem;
    held.set(stmt.startIndex, { text: sourceLines(original), problem: { line, col, message } });
  }
  return held.size > 0 ? { source: patched + source.slice(last), held } : null;
}
