/**
 * Pascal lexer (Turbo/Free Pascal, Delphi, PascalABC.NET): source → tokens with 1-based line/col.
 * Keywords are not told apart here: every identifier or keyword is a `word` token and the parser
 * compares `lower`. Comments (`{ }`, `(* *)`, `//`) and compiler directives (`{$ … }`) are dropped;
 * `space` on a token records whether whitespace or a comment preceded it (for chart text spacing).
 * Never throws: an unterminated comment or string simply runs to the end of the source.
 */

export type TokenKind = "word" | "number" | "string" | "op" | "eof";

export interface Token {
  kind: TokenKind;
  /** Source text exactly as written. */
  text: string;
  /** Lower-cased text (words: for case-insensitive keyword tests). */
  lower: string;
  line: number;
  col: number;
  /** Offset in the source. */
  start: number;
  /** Whitespace or a comment stood right before the token. */
  space: boolean;
}

/** Operators of two or three characters, longest first. */
const MULTI_OPS = [":=", "<>", "<=", ">=", "..", "+=", "-=", "*=", "/=", "**", "=>", "->"];

const isWordStart = (ch: string): boolean => /[\p{L}\p{Nl}_]/u.test(ch);
const isWordPart = (ch: string): boolean => /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u.test(ch);
const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= "0" && ch <= "9";
const isHex = (ch: string | undefined): boolean => ch !== undefined && /[0-9a-fA-F]/.test(ch);

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let space = false;
  const n = source.length;

  /** Advance over source[i .. to), keeping line/col up to date. */
  const advanceTo = (to: number): void => {
    const end = Math.min(to, n);
    for (; i < end; i++) {
      if (source.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
  };

  while (i < n) {
    const ch = source[i]!;
    const next = source[i + 1];
    // Whitespace.
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f" || ch === "\v" || ch === "\uFEFF") {
      advanceTo(i + 1);
      space = true;
      continue;
    }
    // Comments and directives.
    if (ch === "{") {
      const close = source.indexOf("}", i + 1);
      advanceTo(close < 0 ? n : close + 1);
      space = true;
      continue;
    }
    if (ch === "(" && next === "*") {
      const close = source.indexOf("*)", i + 2);
      advanceTo(close < 0 ? n : close + 2);
      space = true;
      continue;
    }
    if (ch === "/" && next === "/") {
      const close = source.indexOf("\n", i);
      advanceTo(close < 0 ? n : close);
      space = true;
      continue;
    }

    const start = i;
    const col = i - lineStart + 1;
    const startLine = line;
    let kind: TokenKind;

    if (isWordStart(ch) || (ch === "&" && next !== undefined && isWordStart(next))) {
      // `&begin`: an escaped identifier (Delphi / FPC).
      let j = i + 1;
      while (j < n && isWordPart(source[j]!)) j++;
      kind = "word";
      advanceTo(j);
    } else if (isDigit(ch)) {
      let j = i;
      while (isDigit(source[j])) j++;
      // `1.5` is a real, `1..10` a range.
      if (source[j] === "." && isDigit(source[j + 1])) {
        j++;
        while (isDigit(source[j])) j++;
      }
      if ((source[j] === "e" || source[j] === "E") &&
        (isDigit(source[j + 1]) || ((source[j + 1] === "+" || source[j + 1] === "-") && isDigit(source[j + 2])))) {
        j += 2;
        while (isDigit(source[j])) j++;
      }
      kind = "number";
      advanceTo(j);
    } else if (ch === "$" && isHex(next)) {
      let j = i + 1;
      while (isHex(source[j])) j++;
      kind = "number";
      advanceTo(j);
    } else if ((ch === "%" && (next === "0" || next === "1")) || (ch === "&" && isDigit(next))) {
      let j = i + 1;
      while (isDigit(source[j])) j++;
      kind = "number";
      advanceTo(j);
    } else if (ch === "'" || (ch === "#" && (isDigit(next) || next === "$"))) {
      // A string literal: quoted parts (`''` inside is a quote) and `#13` / `#$0D` char codes, glued.
      let j = i;
      for (;;) {
        if (source[j] === "'") {
          j++;
          for (;;) {
            if (j >= n || source[j] === "\n") break;
            if (source[j] === "'") {
              if (source[j + 1] === "'") {
                j += 2;
                continue;
              }
              j++;
              break;
            }
            j++;
          }
        } else if (source[j] === "#" && (isDigit(source[j + 1]) || (source[j + 1] === "$" && isHex(source[j + 2])))) {
          j++;
          if (source[j] === "$") {
            j++;
            while (isHex(source[j])) j++;
          } else while (isDigit(source[j])) j++;
        } else break;
      }
      kind = "string";
      advanceTo(j);
    } else {
      const op = MULTI_OPS.find((o) => source.startsWith(o, i)) ?? ch;
      kind = "op";
      advanceTo(i + op.length);
    }
    const text = source.slice(start, i);
    tokens.push({ kind, text, lower: text.toLowerCase(), line: startLine, col, start, space });
    space = false;
  }
  tokens.push({ kind: "eof", text: "", lower: "", line, col: i - lineStart + 1, start: n, space });
  return tokens;
}
