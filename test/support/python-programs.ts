/**
 * Random Python programs for differential tests of the fast Python parser against tree-sitter:
 * nested compound statements (indented with spaces or tabs, same-line suites), every kind of
 * simple statement, expressions with all operator levels, strings of every prefix and f-strings,
 * comments at random columns between statements and inside brackets, blank lines, backslash
 * continuations and line breaks inside brackets. Deterministic for a seed. Many programs are not
 * valid Python (the generator does not track meaning): the parser must decline those or agree with
 * tree-sitter on them anyway.
 */

/** A seeded generator of Python sources. */
export function pythonPrograms(seed: number): () => string {
  let state = seed;
  const r = (n: number): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state >> 4) % n;
  };
  const pick = <T>(items: readonly T[]): T => items[r(items.length)]!;

  const NAMES = ["a", "b", "x", "total", "ї", "_y", "match", "case", "type", "self", "значення", "print"];
  const STRINGS = ['"s"', "'t'", '"a\\nb"', "r'\\d'", 'f"{a}"', "f'{b!r:>{w}}'", 'f"{x=}"', '"""tri\n ple"""', "b'\\x00'", '"\\q"', "f'{a:.2f} {{z}}'", '""', "u'é'", "f\"{d['k']}\"", "'😀'"];
  const NUMBERS = ["0", "1", "42", "3.5", "1e3", "0x1f", "1_000", "2j", ".5"];
  const BINARY = ["+", "-", "*", "/", "//", "%", "**", "|", "&", "^", "<<", ">>", "@"];
  const COMPARE = ["<", ">", "==", "!=", "<=", ">=", "in", "not in", "is", "is not"];
  let brackets = 0;

  /** A line break or comment inside brackets now and then. */
  const inside = (): string => (brackets > 0 && r(4) === 0 ? pick(["\n", "  # in\n    ", ""]) : "");
  const nested = (make: () => string): string => {
    brackets++;
    const out = make();
    brackets--;
    return out;
  };

  function atom(depth: number): string {
    switch (r(depth > 2 ? 3 : 12)) {
      case 0: return pick(NAMES);
      case 1: return pick(NUMBERS);
      case 2: return pick(STRINGS);
      case 3: return `${atom(depth + 1)}(${nested(() => args(depth))})`;
      case 4: return `${pick(NAMES)}.${pick(NAMES)}`;
      case 5: return `${pick(NAMES)}[${r(2) ? expr(depth + 1) : `${r(2) ? expr(depth + 1) : ""}:${r(2) ? expr(depth + 1) : ""}`}]`;
      case 6: return nested(() => `(${expr(depth + 1)}${inside()})`);
      case 7: return nested(() => `[${list(depth)}]`);
      case 8: return nested(() => r(2) ? `{${expr(depth + 1)}: ${expr(depth + 1)}${r(2) ? ", **a" : ""}}` : `[${expr(depth + 1)} for ${pick(NAMES)} in ${atom(depth + 1)}${r(2) ? ` if ${atom(depth + 1)}` : ""}]`);
      case 9: return pick(["None", "True", "False", "...", "print(x)"]);
      case 10: return nested(() => `(${expr(depth + 1)},${r(2) ? ` ${expr(depth + 1)}` : ""})`);
      default: return `${pick(STRINGS)} ${pick(STRINGS)}`;
    }
  }

  function args(depth: number): string {
    const items: string[] = [];
    for (let i = r(4); i > 0; i--) items.push(pick([expr(depth + 1), `k=${expr(depth + 1)}`, `*${pick(NAMES)}`, `**${pick(NAMES)}`]));
    return items.join(`,${inside()} `) + (items.length > 0 && r(3) === 0 ? "," : "");
  }

  function list(depth: number): string {
    const items: string[] = [];
    for (let i = r(4); i > 0; i--) items.push(expr(depth + 1));
    return items.join(`, ${inside()}`) + (items.length > 0 && r(3) === 0 ? "," : "");
  }

  function expr(depth = 0): string {
    const gap = brackets > 0 ? (r(5) === 0 ? "\n    " : " ") : r(8) === 0 ? " \\\n  " : " ";
    switch (r(depth > 3 ? 1 : 9)) {
      case 0: return atom(depth + 1);
      case 1: return `${atom(depth + 1)}${gap}${pick(BINARY)} ${atom(depth + 1)}`;
      case 2: return `${atom(depth + 1)} ${pick(COMPARE)} ${atom(depth + 1)}${r(2) ? ` ${pick(COMPARE)} ${atom(depth + 1)}` : ""}`;
      case 3: return `not ${expr(depth + 1)}`;
      case 4: return `${expr(depth + 1)} ${pick(["and", "or"])}${gap}${expr(depth + 1)}`;
      case 5: return `${pick(["-", "+", "~", "await "])}${atom(depth + 1)}${r(2) ? ` ** ${pick(["-", ""])}${atom(depth + 1)}` : ""}`;
      case 6: return `${expr(depth + 1)} if ${expr(depth + 1)} else ${expr(depth + 1)}`;
      case 7: return `lambda ${pick(["", "x", "x, y=1", "*a"])}: ${expr(depth + 1)}`;
      default: return `${atom(depth + 1)}${gap}${pick(BINARY)} ${atom(depth + 1)} ${pick(BINARY)} ${atom(depth + 1)}`;
    }
  }

  /** A comment line at a random column, a blank line, or nothing. */
  const between = (): string => (r(3) === 0 ? `${" ".repeat(r(12))}# c${r(100)}\n` : r(4) === 0 ? "\n" : "");
  /** A line's end: a comment, a semicolon, or nothing. */
  const lineEnd = (): string => (r(4) === 0 ? `  # t${r(9)}` : r(9) === 0 ? ";" : "");

  function simple(): string {
    switch (r(12)) {
      case 0: return `${pick(NAMES)} = ${expr()}`;
      case 1: return `${pick(NAMES)} ${pick(["+=", "-=", "//=", "**="])} ${expr()}`;
      case 2: return `${pick(NAMES)}, ${pick(NAMES)} = ${expr()}, ${expr()}`;
      case 3: return pick(["pass", "break", "continue", "return", `return ${expr()}`, "global a, b", "del a[0]", "raise", `raise E(${expr()}) from e`, `assert ${expr()}, "m"`]);
      case 4: return pick(["import os", "import a.b as c, d", "from . import x", "from m import (a, b,)", "from m import *"]);
      case 5: return `${pick(NAMES)}: ${pick(["int", "list[int]", "str | None", "dict[str, int]"])} = ${expr()}`;
      case 6: return `${pick(NAMES)} = ${pick(NAMES)} = ${expr()}`;
      case 7: return `${pick(NAMES)}[${expr()}].${pick(NAMES)} = ${expr()}`;
      case 8: return `x = yield ${expr()}`;
      default: return expr();
    }
  }

  function block(indent: string, depth: number): string {
    let out = "";
    for (let i = 1 + r(3); i > 0; i--) out += between() + statement(indent, depth);
    return out;
  }

  function statement(indent: string, depth: number): string {
    const inner = indent + (indent.includes("\t") ? "\t" : indent === "" ? pick(["    ", "  ", "\t"]) : pick(["    ", "  "]));
    if (depth > 3 || r(3) === 0) return `${indent}${simple()}${r(6) === 0 ? `; ${simple()}` : ""}${lineEnd()}\n`;
    const body = (): string => `:${lineEnd()}\n${block(inner, depth + 1)}`;
    switch (r(10)) {
      case 0: return `${indent}if ${expr()}${body()}${r(2) ? `${indent}elif ${expr()}${body()}` : ""}${r(2) ? `${indent}else${body()}` : ""}`;
      case 1: return `${indent}while ${expr()}${body()}${r(3) ? "" : `${indent}else${body()}`}`;
      case 2: return `${indent}for ${pick(["i", "i, j", "(a, b)", "*a, b"])} in ${expr()}${body()}`;
      case 3: return `${indent}try${body()}${indent}except ${pick(["E", "E as e", "(A, B)", ""])}${body()}${r(2) ? `${indent}finally${body()}` : ""}`;
      case 4: return `${indent}${r(3) ? "" : `@dec\n${indent}`}${r(4) ? "" : "async "}def f(${pick(["", "a", "a, b=1", "a: int, *args, **kw", "self, /, x, *, y"])})${r(2) ? " -> int" : ""}${body()}`;
      case 5: return `${indent}class C${pick(["", "(B)", "(B, metaclass=M)"])}${body()}`;
      case 6: return `${indent}with ${expr()} as f${body()}`;
      case 7: return `${indent}match ${pick(NAMES)}:${lineEnd()}\n${inner}case ${pick(['"a"', "1 | 2", "-1", "[x, *y]", "Point(x=0)", "_", "str() as s"])}${r(2) ? " if x" : ""}:${lineEnd()}\n${block(inner + (inner.includes("\t") ? "\t" : "    "), depth + 1)}`;
      case 8: return `${indent}if x: ${simple()}\n`;
      default: return `${indent}${simple()}${lineEnd()}\n`;
    }
  }

  return () => {
    let source = "";
    for (let i = 1 + r(4); i > 0; i--) source += between() + statement("", 0);
    return r(5) === 0 ? source.trimEnd() : source;
  };
}
