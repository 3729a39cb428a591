/**
 * The fast Python parser's tokenizer: source → the token stream tree-sitter-python's parser sees,
 * hidden tokens included, so the tree built from it has tree-sitter's exact node ranges.
 *
 * It reproduces the grammar's external scanner (tree-sitter-python 0.25.0, `src/scanner.c`):
 * NEWLINE, INDENT and DEDENT are zero-width tokens placed where the scanner's `mark_end` leaves
 * them — right after the last token or comment of the line — and a DEDENT waits until the comment
 * lines that are still indented as deeply as the closing block have been read (they stay inside the
 * block). Strings come in the scanner's pieces (start, content chunks, escapes, `{{`, interpolation
 * braces, end). Comments and line continuations are "extras", kept apart with their ranges; the
 * parser hangs them into the tree by position, as tree-sitter's reductions do.
 *
 * Anything outside the subset it knows (a syntax error, an odd character or indentation, a
 * construct whose tokens depend on parser state in ways not modelled here) makes it decline:
 * {@link tokenize} returns null and the caller falls back to tree-sitter. Plain loops over char
 * codes: it runs first in the engine's interpreter tier in a fresh process.
 */

/** Token kinds (numbers, not an enum: erasable TypeScript only). */
export const EOF = 0;
export const NEWLINE = 1;
export const INDENT = 2;
export const DEDENT = 3;
export const NAME = 4;
export const INTEGER = 5;
export const FLOAT = 6;
/** Punctuation and operators; `texts` holds which. */
export const OP = 7;
export const STRING_START = 8;
/** A run of plain string content (hidden inside `string_content`). */
export const CONTENT = 9;
export const ESCAPE_SEQUENCE = 10;
/** A backslash that starts no escape (hidden inside `string_content`). */
export const NOT_ESCAPE = 11;
export const ESCAPE_INTERPOLATION = 12;
export const STRING_END = 13;
export const INTERPOLATION_OPEN = 14;
export const INTERPOLATION_CLOSE = 15;
export const FORMAT_COLON = 16;
/** A piece of a format specifier's text (hidden). */
export const FORMAT_TEXT = 17;
export const TYPE_CONVERSION = 18;
/** The `=` of a self-documenting interpolation (`{x=}`). */
export const INTERPOLATION_EQUALS = 19;

/** The token stream: parallel arrays (kind, range, text of names and operators) plus the extras. */
export interface Tokens {
  readonly kinds: number[];
  readonly starts: number[];
  readonly ends: number[];
  /** Names' and operators' text ("" for other kinds). */
  readonly texts: string[];
  /** Comments and line continuations, in source order. */
  readonly extraComment: boolean[];
  readonly extraStarts: number[];
  readonly extraEnds: number[];
}

/** Operators, longest first within each first character (tried in this order). */
const OPERATORS: readonly string[] = [
  "**=", "//=", ">>=", "<<=", "...",
  "->", ":=", "==", "!=", "<=", ">=", "**", "//", "<<", ">>",
  "+=", "-=", "*=", "/=", "%=", "@=", "&=", "|=", "^=",
  "+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "=",
];

/** By first character: the operators starting with it, longest first. */
const OPERATORS_BY_FIRST: (readonly string[] | undefined)[] = (() => {
  const table: string[][] = [];
  for (const op of OPERATORS) (table[op.charCodeAt(0)] ??= []).push(op);
  return table;
})();

const ID_START = /[_\p{XID_Start}]/u;
const ID_CONTINUE = /[_\p{XID_Continue}]/u;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isAsciiNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isAsciiNamePart = (c: number): boolean => isAsciiNameStart(c) || isDigit(c);

/** A declined source: thrown inside the tokenizer and parser, caught at their entry points. */
export class Decline extends Error {}
export function decline(): never {
  throw new Decline("not in the fast parser's subset");
}

/** Open-string flags. */
const RAW = 1;
const BYTES = 2;
const FORMAT = 4;
const TRIPLE = 8;

/** What a frame on the lexer's mode stack is. */
const IN_STRING = 1;
const IN_INTERPOLATION = 2;
const IN_FORMAT_SPEC = 3;

/** A comment line waiting at the start of a logical line (the scanner's look-ahead run). */
interface CommentLine {
  start: number;
  end: number;
  indent: number;
}

class Lexer {
  readonly src: string;
  readonly n: number;
  i = 0;
  readonly out: Tokens = { kinds: [], starts: [], ends: [], texts: [], extraComment: [], extraStarts: [], extraEnds: [] };
  /** End of the last token or extra emitted (where zero-width scanner tokens go). */
  lastEnd = 0;
  /** Open brackets outside strings (in the innermost interpolation: counted from its frame). */
  depth = 0;
  /** The current logical line has a token. */
  lineHasToken = false;
  /** The last significant token was a `:` outside brackets. */
  lastWasColon = false;
  readonly indents: number[] = [0];
  /** Mode stack: kind, and per frame the string's flags/quote or the interpolation's bracket depth. */
  readonly modes: number[] = [];
  readonly modeData: number[] = [];
  readonly quotes: number[] = [];

  constructor(src: string) {
    this.src = src;
    this.n = src.length;
  }

  token(kind: number, start: number, end: number, text: string): void {
    const out = this.out;
    out.kinds.push(kind);
    out.starts.push(start);
    out.ends.push(end);
    out.texts.push(text);
    this.lastEnd = end;
  }

  extra(comment: boolean, start: number, end: number): void {
    const out = this.out;
    out.extraComment.push(comment);
    out.extraStarts.push(start);
    out.extraEnds.push(end);
    this.lastEnd = end;
  }

  run(): Tokens {
    this.lineStarts(false);
    for (;;) {
      const mode = this.modes.length === 0 ? 0 : this.modes[this.modes.length - 1]!;
      if (mode === IN_STRING) this.stringContent();
      else if (mode === IN_FORMAT_SPEC) this.formatSpec();
      else if (!this.next(mode === IN_INTERPOLATION)) break;
    }
    return this.out;
  }

  /** Lexes one token (or line end) outside string content; false at the end of the source. */
  next(inInterpolation: boolean): boolean {
    const src = this.src;
    let i = this.i;
    let c = src.charCodeAt(i);
    while (c === 32 || c === 9) c = src.charCodeAt(++i);
    this.i = i;
    if (i >= this.n) {
      if (this.depth > 0 || this.modes.length > 0) decline();
      if (this.lineHasToken) this.endLine();
      else this.lineStarts(true);
      this.token(EOF, this.n, this.n, "");
      return false;
    }
    if (c === 10) {
      if (inInterpolation) decline();
      if (this.depth > 0) {
        this.bracketLineBreak(i);
        this.i = i + 1;
        return true;
      }
      this.endLine();
      return true;
    }
    if (c === 35) {
      // A comment after code on this line (full-line comments are read by lineStarts).
      if (inInterpolation) decline();
      let j = i;
      while (j < this.n && src.charCodeAt(j) !== 10) j++;
      this.extra(true, i, j);
      this.i = j;
      return true;
    }
    if (c === 92) {
      this.lineContinuation(i);
      return true;
    }
    this.lineHasToken = true;
    if (isAsciiNameStart(c) || c > 127) {
      if (this.stringPrefix(i)) return true;
      this.name(i);
      this.lastWasColon = false;
      return true;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
      this.number(i);
      this.lastWasColon = false;
      return true;
    }
    if (c === 34 || c === 39) {
      this.stringStart(i, i);
      this.lastWasColon = false;
      return true;
    }
    this.operator(i, inInterpolation);
    return true;
  }

  operator(i: number, inInterpolation: boolean): void {
    const src = this.src;
    const c = src.charCodeAt(i);
    if (inInterpolation && this.depth === this.modeData[this.modeData.length - 1]) {
      // Tokens that belong to the interpolation itself, not to its expression.
      if (c === 125) {
        this.token(INTERPOLATION_CLOSE, i, i + 1, "}");
        this.i = i + 1;
        this.popMode();
        return;
      }
      if (c === 58 && src.charCodeAt(i + 1) !== 61) {
        this.token(FORMAT_COLON, i, i + 1, ":");
        this.i = i + 1;
        this.modes[this.modes.length - 1] = IN_FORMAT_SPEC;
        return;
      }
      if (c === 33) {
        const d = src.charCodeAt(i + 1);
        if (d >= 97 && d <= 122) {
          this.token(TYPE_CONVERSION, i, i + 2, "");
          this.i = i + 2;
          return;
        }
      }
      if (c === 61 && src.charCodeAt(i + 1) !== 61) {
        let j = i + 1;
        while (src.charCodeAt(j) === 32) j++;
        const d = src.charCodeAt(j);
        if (d === 125 || d === 33 || d === 58) {
          this.token(INTERPOLATION_EQUALS, i, i + 1, "=");
          this.i = i + 1;
          return;
        }
      }
    }
    const candidates = OPERATORS_BY_FIRST[c];
    if (candidates === undefined) decline();
    for (const op of candidates) {
      if (op.length === 1 || src.startsWith(op, i)) {
        if (op === "(" || op === "[" || op === "{") this.depth++;
        else if (op === ")" || op === "]" || op === "}") {
          if (this.depth === 0) decline();
          this.depth--;
          if (inInterpolation && this.depth < this.modeData[this.modeData.length - 1]!) decline();
        }
        this.token(OP, i, i + op.length, op);
        this.lastWasColon = op === ":" && this.depth === 0 && !inInterpolation;
        this.i = i + op.length;
        return;
      }
    }
    decline();
  }

  /**
   * A line break inside brackets. The scanner emits a DEDENT there too when the next line starts
   * left of the current block and the parser could not take a closing bracket at that point (after
   * `and`, say): tree-sitter then reports an error where Python sees none. Only a line starting
   * with the closing bracket is safe to take (where that bracket is invalid, so is the source).
   */
  bracketLineBreak(i: number): void {
    const src = this.src;
    let j = i + 1;
    for (;;) {
      let indent = 0;
      for (;;) {
        const c = src.charCodeAt(j);
        if (c === 32) indent++;
        else if (c === 9) indent += 8;
        else break;
        j++;
      }
      if (j >= this.n) return;
      const c = src.charCodeAt(j);
      if (c === 10) {
        j++;
        continue;
      }
      if (indent < this.indents[this.indents.length - 1]! && c !== 41 && c !== 93 && c !== 125) decline();
      return;
    }
  }

  /** `\` + newline: a line_continuation extra, or nothing when a string follows (the scanner skips it then). */
  lineContinuation(i: number): void {
    const src = this.src;
    if (src.charCodeAt(i + 1) !== 10 || !this.lineHasToken || this.modes.length > 0) decline();
    let j = i + 2;
    while (src.charCodeAt(j) === 32 || src.charCodeAt(j) === 9) j++;
    const c = src.charCodeAt(j);
    if (j >= this.n || c === 10 || c === 35 || c === 92) decline();
    this.i = i + 2;
    if (!this.startsString(j)) this.extra(false, i, i + 2);
  }

  /** Does a string literal (optional prefix, then a quote) start at j? */
  startsString(j: number): boolean {
    const src = this.src;
    let k = j;
    while (k < j + 2 && isStringPrefix(src.charCodeAt(k))) k++;
    const c = src.charCodeAt(k);
    return c === 34 || c === 39;
  }

  name(i: number): void {
    const src = this.src;
    let j = i;
    for (;;) {
      const c = src.charCodeAt(j);
      // [A-Za-z0-9_], tested inline: this loop runs for every character of every name.
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95) j++;
      else if (c > 127) {
        const cp = src.codePointAt(j)!;
        // Only characters below U+3000 (Latin, Greek, Cyrillic, …): for newer ones tree-sitter's
        // identifier tables may be of another Unicode version than the engine's regular expressions.
        if (cp > 0x2fff) decline();
        const ch = String.fromCodePoint(cp);
        if (!(j === i ? ID_START : ID_CONTINUE).test(ch)) break;
        j += ch.length;
      } else break;
    }
    if (j === i) decline();
    this.token(NAME, i, j, src.slice(i, j));
    this.i = j;
  }

  number(i: number): void {
    const src = this.src;
    let j = i;
    let isFloat = false;
    const c0 = src.charCodeAt(i);
    const c1 = src.charCodeAt(i + 1) | 32;
    if (c0 === 48 && (c1 === 120 || c1 === 111 || c1 === 98)) {
      // 0x… / 0o… / 0b…: digit groups, each optionally after one `_`.
      const base = c1 === 120 ? 16 : c1 === 111 ? 8 : 2;
      j = i + 2;
      do {
        if (src.charCodeAt(j) === 95) j++;
        if (!inBase(base, src.charCodeAt(j))) decline();
        while (inBase(base, src.charCodeAt(j))) j++;
      } while (src.charCodeAt(j) === 95);
    } else {
      j = this.digits(i);
      if (src.charCodeAt(j) === 46) {
        isFloat = true;
        j++;
        if (isDigit(src.charCodeAt(j))) j = this.digits(j);
      }
      const e = src.charCodeAt(j) | 32;
      if (e === 101) {
        let k = j + 1;
        const sign = src.charCodeAt(k);
        if (sign === 43 || sign === 45) k++;
        if (isDigit(src.charCodeAt(k))) {
          isFloat = true;
          j = this.digits(k);
        }
      }
      if ((src.charCodeAt(j) | 32) === 106) j++;
    }
    const after = src.charCodeAt(j);
    if (isAsciiNamePart(after) || after === 46 || after > 127) decline();
    this.token(isFloat ? FLOAT : INTEGER, i, j, "");
    this.i = j;
  }

  /** `[0-9]+(_[0-9]+)*` from j (a trailing `_` declines). */
  digits(j: number): number {
    const src = this.src;
    for (;;) {
      while (isDigit(src.charCodeAt(j))) j++;
      if (src.charCodeAt(j) !== 95) return j;
      if (!isDigit(src.charCodeAt(j + 1))) decline();
      j++;
    }
  }

  /** A string prefix at i followed by a quote starts a string; true if it did. */
  stringPrefix(i: number): boolean {
    const src = this.src;
    let k = i;
    while (k < i + 3 && isStringPrefix(src.charCodeAt(k))) k++;
    const q = src.charCodeAt(k);
    if (k === i || (q !== 34 && q !== 39)) return false;
    this.stringStart(i, k);
    this.lastWasColon = false;
    return true;
  }

  /** The string whose prefix spans [i, q) and whose quote is at q. */
  stringStart(i: number, q: number): void {
    const src = this.src;
    let flags = 0;
    const prefix = src.slice(i, q).toLowerCase();
    switch (prefix) {
      case "": case "u": break;
      case "r": flags = RAW; break;
      case "b": flags = BYTES; break;
      case "br": case "rb": flags = BYTES | RAW; break;
      case "f": flags = FORMAT; break;
      case "fr": case "rf": flags = FORMAT | RAW; break;
      default: decline();
    }
    const quote = src.charCodeAt(q);
    let end = q + 1;
    if (src.charCodeAt(q + 1) === quote && src.charCodeAt(q + 2) === quote) {
      flags |= TRIPLE;
      end = q + 3;
    }
    // A nested string with an enclosing string's quote ends that string in Python before 3.12.
    for (let k = 0; k < this.modes.length; k++) if (this.modes[k] === IN_STRING && this.quotes[k] === quote) decline();
    this.token(STRING_START, i, end, "");
    this.modes.push(IN_STRING);
    this.modeData.push(flags);
    this.quotes.push(quote);
    this.i = end;
  }

  popMode(): void {
    this.modes.pop();
    this.modeData.pop();
    this.quotes.pop();
  }

  /** Inside a string: content runs, escapes and `{{`/`}}` up to the end quote or an interpolation. */
  stringContent(): void {
    const src = this.src;
    const top = this.modes.length - 1;
    const flags = this.modeData[top]!;
    const quote = this.quotes[top]!;
    let i = this.i;
    let start = i;
    for (;;) {
      if (i >= this.n) decline();
      const c = src.charCodeAt(i);
      if ((c === 123 || c === 125) && flags & FORMAT) {
        if (i > start) this.token(CONTENT, start, i, "");
        if (src.charCodeAt(i + 1) === c) {
          this.token(ESCAPE_INTERPOLATION, i, i + 2, "");
          i += 2;
          start = i;
          continue;
        }
        if (c === 125) decline();
        this.token(INTERPOLATION_OPEN, i, i + 1, "{");
        this.modes.push(IN_INTERPOLATION);
        this.modeData.push(this.depth);
        this.quotes.push(0);
        this.i = i + 1;
        return;
      }
      if (c === 92) {
        if (flags & RAW) {
          i++;
          const d = src.charCodeAt(i);
          if (d === quote || d === 92) i++;
          if (src.charCodeAt(i) === 10) i++;
          continue;
        }
        const d = src.charCodeAt(i + 1);
        if (flags & BYTES && (d === 78 || d === 117 || d === 85)) {
          i += 2;
          continue;
        }
        if (i > start) this.token(CONTENT, start, i, "");
        const end = escapeEnd(src, i);
        this.token(end > i + 1 ? ESCAPE_SEQUENCE : NOT_ESCAPE, i, end, "");
        i = end;
        start = i;
        continue;
      }
      if (c === quote) {
        if (!(flags & TRIPLE)) {
          if (i > start) this.token(CONTENT, start, i, "");
          this.endString(i, i + 1);
          return;
        }
        if (src.charCodeAt(i + 1) === quote && src.charCodeAt(i + 2) === quote) {
          if (i > start) this.token(CONTENT, start, i, "");
          this.endString(i, i + 3);
          return;
        }
      } else if (c === 10 && !(flags & TRIPLE)) decline();
      i++;
    }
  }

  endString(start: number, end: number): void {
    this.token(STRING_END, start, end, "");
    this.popMode();
    this.i = end;
  }

  /** A format specifier's text pieces and nested `{…}`, up to the interpolation's `}`. */
  formatSpec(): void {
    const src = this.src;
    let i = this.i;
    while (src.charCodeAt(i) === 32) i++;
    const start = i;
    for (;;) {
      if (i >= this.n) decline();
      const c = src.charCodeAt(i);
      if (c === 123 || c === 125) break;
      if (c === 10 || c === 92 || c === 34 || c === 39) decline();
      i++;
    }
    if (i > start) this.token(FORMAT_TEXT, start, i, "");
    const c = src.charCodeAt(i);
    if (c === 125) {
      this.token(INTERPOLATION_CLOSE, i, i + 1, "}");
      this.popMode();
    } else {
      // A nested replacement field (`format_expression`): an interpolation of its own.
      this.modes[this.modes.length - 1] = IN_FORMAT_SPEC;
      this.token(INTERPOLATION_OPEN, i, i + 1, "{");
      this.modes.push(IN_INTERPOLATION);
      this.modeData.push(this.depth);
      this.quotes.push(0);
    }
    this.i = i + 1;
  }

  /** The end of a logical line (outside brackets): NEWLINE or, after a header's `:`, INDENT. */
  endLine(): void {
    if (!this.lineHasToken) decline();
    const at = this.lastEnd;
    this.lineHasToken = false;
    if (this.lastWasColon) {
      this.lastWasColon = false;
      this.token(INDENT, at, at, "");
      this.lineStarts(false, true);
      return;
    }
    this.token(NEWLINE, at, at, "");
    this.lineStarts(true);
  }

  /**
   * From the end of a line: the blank and comment lines up to the next line of code and that
   * line's indentation; emits the comments and DEDENTs in the scanner's order and moves to the
   * code. `afterNewline`: a statement just ended (DEDENTs may follow); `afterIndent`: a block opens.
   */
  lineStarts(afterNewline: boolean, afterIndent = false): void {
    const src = this.src;
    const n = this.n;
    let i = this.i;
    let comments: CommentLine[] | null = null;
    let indent = 0;
    let code = n;
    while (i < n) {
      // i is at a "\n" ending the previous line, or at a line start (the first line).
      if (src.charCodeAt(i) === 10) i++;
      let spaces = false;
      let tabs = false;
      indent = 0;
      for (;;) {
        const c = src.charCodeAt(i);
        if (c === 32) {
          spaces = true;
          indent++;
        } else if (c === 9) {
          tabs = true;
          indent += 8;
        } else break;
        i++;
      }
      const c = src.charCodeAt(i);
      if (i >= n) {
        indent = 0;
        break;
      }
      if (c === 10) continue;
      if (c === 35) {
        let j = i;
        while (j < n && src.charCodeAt(j) !== 10) j++;
        (comments ??= []).push({ start: i, end: j, indent });
        i = j;
        continue;
      }
      if (spaces && tabs) decline();
      if (c === 92 || c === 12 || c === 13 || c === 11) decline();
      code = i;
      break;
    }
    if (code === n) indent = 0;
    const indents = this.indents;
    if (afterIndent) {
      if (indent <= indents[indents.length - 1]!) decline();
      indents.push(indent);
      if (comments) for (const comment of comments) this.extra(true, comment.start, comment.end);
    } else {
      if (indent > indents[indents.length - 1]!) decline();
      if (comments) for (const comment of comments) {
        while (afterNewline && indents[indents.length - 1]! > indent && comment.indent < indents[indents.length - 1]!) {
          indents.pop();
          this.token(DEDENT, this.lastEnd, this.lastEnd, "");
        }
        this.extra(true, comment.start, comment.end);
      }
      while (indents[indents.length - 1]! > indent) {
        indents.pop();
        this.token(DEDENT, this.lastEnd, this.lastEnd, "");
      }
      if (indents[indents.length - 1] !== indent) decline();
    }
    this.i = code;
  }
}

function inBase(base: number, c: number): boolean {
  return base === 16 ? isHex(c) : base === 8 ? c >= 48 && c <= 55 : c === 48 || c === 49;
}

function isStringPrefix(c: number): boolean {
  const l = c | 32;
  return l === 114 || l === 98 || l === 102 || l === 117;
}

/** Where the escape at src[i] (a backslash) ends: i + 1 when it is no escape sequence. */
function escapeEnd(src: string, i: number): number {
  const c = src.charCodeAt(i + 1);
  const hexRun = (from: number, count: number): number => {
    for (let k = 0; k < count; k++) if (!isHex(src.charCodeAt(from + k))) return i + 1;
    return from + count;
  };
  switch (c) {
    case 117: return hexRun(i + 2, 4); // u
    case 85: return hexRun(i + 2, 8); // U
    case 120: return hexRun(i + 2, 2); // x
    case 10: case 39: case 34: case 97: case 98: case 102: case 114: case 110: case 116: case 118: case 92:
      return i + 2;
    case 78: {
      // \N{NAME}
      if (src.charCodeAt(i + 2) !== 123) return i + 1;
      let k = i + 3;
      while (k < src.length && src.charCodeAt(k) !== 125) k++;
      return src.charCodeAt(k) === 125 && k > i + 3 ? k + 1 : i + 1;
    }
    default: {
      if (!isDigit(c)) return i + 1;
      let k = i + 2;
      while (k < i + 4 && isDigit(src.charCodeAt(k))) k++;
      return k;
    }
  }
}

/** The token stream of `source`, or null when the fast parser declines it. */
export function tokenize(source: string): Tokens | null {
  try {
    return new Lexer(source).run();
  } catch (error) {
    if (error instanceof Decline) return null;
    throw error;
  }
}
