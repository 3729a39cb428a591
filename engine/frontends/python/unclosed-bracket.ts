/**
 * A bracket the Python source opens and never closes — and the syntax errors it causes, told where
 * it is (issue 24). Inside brackets Python reads on across line ends, so after an unclosed `(` every
 * later line is part of that expression: tree-sitter's error nodes then start wherever its recovery
 * gave up (the line before, the function's `def`, the module's last call), never at the bracket.
 * CPython says `'(' was never closed` at the bracket itself; so do we.
 */
import type { FunctionError } from "../../errors.ts";

export interface OpenBracket {
  bracket: string;
  line: number;
  col: number;
}

const CLOSING: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/**
 * The innermost bracket still open at the end of the source (what CPython reports), or null —
 * also when a closing bracket does not match (another error, reported as tree-sitter finds it).
 * One pass; strings (also triple-quoted) and comments are skipped.
 */
export function unclosedBracket(source: string): OpenBracket | null {
  const stack: OpenBracket[] = [];
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\n") {
      line++;
      lineStart = i + 1;
    } else if (c === "#") {
      const end = source.indexOf("\n", i);
      i = (end < 0 ? source.length : end) - 1;
    } else if (c === '"' || c === "'") {
      const triple = source.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      let j = i + quote.length;
      for (; j < source.length; j++) {
        if (source[j] === "\\") {
          if (source[++j] === "\n") {
            line++;
            lineStart = j + 1;
          }
        } else if (source.startsWith(quote, j)) break;
        else if (!triple && source[j] === "\n") break; // an unterminated string ends with its line
        else if (source[j] === "\n") {
          line++;
          lineStart = j + 1;
        }
      }
      i = triple || source[j] !== "\n" ? j + quote.length - 1 : j - 1;
    } else if (c === "(" || c === "[" || c === "{") {
      stack.push({ bracket: c, line, col: i - lineStart + 1 });
    } else if (c in CLOSING) {
      if (stack.pop()?.bracket !== CLOSING[c]) return null;
    }
  }
  return stack[stack.length - 1] ?? null;
}

/** `syntax error at line L, column C: <what>` and what follows it (` and N more`, the recovery note). */
const SYNTAX_ERROR = /^syntax error at line \d+, column \d+: /;
const TAIL = /(?: and \d+ more)?(?: \(the chart is drawn; [^)]*\))?$/;

/**
 * The syntax errors at or after the line before the unclosed bracket, said at the bracket (the
 * errors before it are errors of their own) — unless tree-sitter found the bracket's line itself
 * (`def g(:` → `missing ")"` there), when its words are the better ones.
 */
export function atUnclosedBracket(errors: readonly FunctionError[], open: OpenBracket, source: string): FunctionError[] {
  if (errors.some((e) => e.line === open.line)) return [...errors];
  const lines = source.split("\n");
  // The statement holding the bracket starts after the last line with code before it.
  let before = open.line - 1;
  while (before > 0 && /^\s*(#.*)?$/.test(lines[before - 1]!)) before--;
  const from = { line: before, col: before > 0 ? lines[before - 1]!.replace(/\r$/, "").length + 1 : 1 };
  const message = `syntax error at line ${open.line}, column ${open.col}: "${open.bracket}" was never closed`;
  return errors.map((error) => {
    if (error.line === undefined || !SYNTAX_ERROR.test(error.message)) return error;
    const after = error.line > from.line || (error.line === from.line && (error.col ?? 1) >= from.col);
    if (!after) return error;
    const tail = TAIL.exec(error.message)?.[0] ?? "";
    return { ...error, message: message + tail, line: open.line, col: open.col };
  });
}
