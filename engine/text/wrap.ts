/**
 * Line wrapping for symbol texts (drawing-rules.md T5).
 *
 *  - "\n" (also "\r\n", "\r", U+2028/2029) is a forced line break; an empty line appears only where
 *    the text has an explicit empty line ("a\n\nb"); empty lines at the start or end are dropped.
 *  - Otherwise lines break at spaces (the space disappears at the break), after a comma or
 *    semicolon written without a space ("f(a,b)" → "f(a," / "b)", but not inside "1,5"), and before a
 *    binary operator written without spaces ("x+y" → "x" / "+y"; not "1e-5", "i++", "a->b").
 *  - A standalone binary operator or logical word (+ − = := < ≤ … and/or/not/і/або/та/чи/не) sticks
 *    to the word after it, so spaced expressions break before the operator, never after it
 *    ("a + b" → "a" / "+ b"). A standalone dash (— –) sticks to the word before it. Such a sticky
 *    space still breaks when the words it joins would not fit on one line together.
 *  - Brackets rank the breaks (issue 21): a text breaks first at its top level — before an
 *    assignment's `:=`, after commas (a list's items stay whole), before logical words, then at
 *    other spaces and operators — and only a piece still wider than the line breaks inside a
 *    bracket, after its commas first, one nesting level at a time. A bracket that fits a line is
 *    never broken, nothing breaks inside an index `a[…]` (a list literal `[…]` breaks as any
 *    bracket), and never between a name and its `(`; a member access's `.` is the last resort for a name wider than the line
 *    ("string.IsNullOrEmpty(line)" → "string" / ".IsNullOrEmpty(line)").
 *  - Linear at every nesting depth: the breaks form a tree by rank (`Breaks`), built once per text,
 *    and a wrap at any width visits each break at most once.
 *  - Identifiers, numbers and string literals are never split. A quoted run — "…", '…' (an apostrophe
 *    inside a word such as «м'ясо» is not a quote), «…», “…”, „…“ — is one atom even with spaces
 *    inside; its inner spaces are kept verbatim.
 *  - Whitespace runs outside literals collapse to one space.
 *  - Greedy filling of the pieces, except that a piece cut out of a bracket starts a line of its own
 *    unless that line holds one piece only. An atom wider than the limit goes on a line of its own, unbroken: the caller
 *    sees the overflow with widestLineMm and widens the shape (T5 remedies).
 *
 * Widths are additive integer font units (measure.ts), so each produced line satisfies
 * textWidthMm(line) ≤ maxWidthMm exactly whenever it holds more than one atom.
 */
import { textUnits, textWidthMm, unitsToMm, type FontId } from "./measure.ts";

/** Collapsible whitespace (not NBSP U+00A0, U+2007, U+202F: those are part of a word). */
function isSpace(c: number): boolean {
  return (
    c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a && c !== 0x2007) || c === 0x205f || c === 0x3000
  );
}

/** A one-character class of the lexer: `re`, answered without it for ASCII characters. */
export interface CharClass {
  readonly re: RegExp;
  test(ch: string | undefined): boolean;
}

/**
 * `re` (one Unicode character class) as ASCII letters, optionally digits, and `marks` below U+0080:
 * the first use of a Unicode property class costs a fresh process ≈ 20–90 µs to compile (issue 14),
 * and most texts need no answer beyond ASCII. test/text.test.ts checks both agree on all of ASCII.
 */
function charClass(re: RegExp, digits: boolean, marks: string): CharClass {
  return {
    re,
    test(ch) {
      if (ch === undefined || ch === "") return false;
      const c = ch.charCodeAt(0);
      if (c >= 0x80) return re.test(ch);
      return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (digits && c >= 48 && c <= 57) || marks.includes(ch);
    },
  };
}

export const WORD_CHAR = charClass(/[\p{L}\p{N}_]/u, true, "_");
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

const OP_CHARS = new Set([..."+-−*/%=<>!:&|^≤≥≠×÷≈≡"]);

/**
 * Characters the word lexer only appends (no space, quote, `,`/`;`, operator or `.`), as a
 * table of ASCII codes and a test for the rest: runs of them are taken in one slice, not one by one
 * (a fresh process lexes in JavaScriptCore's interpreter).
 */
const PLAIN_ASCII = (() => {
  const plain = new Uint8Array(128);
  for (let c = 0x21; c < 0x7f; c++) plain[c] = 1;
  for (const ch of `"',;.`) plain[ch.charCodeAt(0)] = 0;
  for (const op of OP_CHARS) if (op.charCodeAt(0) < 128) plain[op.charCodeAt(0)] = 0;
  return plain;
})();
const SPECIAL_WIDE = new Set([..."«“„"].concat([...OP_CHARS]).map((ch) => ch.charCodeAt(0)).filter((c) => c >= 128));
const isPlain = (c: number): boolean => (c < 128 ? PLAIN_ASCII[c] === 1 : !isSpace(c) && !SPECIAL_WIDE.has(c));

/** Operator runs that are binary when written between two operands. */
const BINARY_OPS = new Set([
  "+", "-", "−", "*", "/", "//", "%", "**", "^", "&", "|", "&&", "||",
  "=", "==", "===", "!=", "!==", "<>", "<", ">", "<=", ">=", ":=",
  "+=", "-=", "−=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=",
  "≤", "≥", "≠", "×", "÷", "≈", "≡",
]);
/** Standalone words that stick to the next word (binary/unary operators, logical words). */
const GLUE_NEXT_WORDS = new Set([
  ...BINARY_OPS, "!", "and", "or", "not", "xor", "mod", "div", "in", "new",
  "і", "й", "або", "та", "чи", "не", "и", "или", "AND", "OR", "NOT",
]);
const GLUE_PREV_WORDS = new Set(["—", "–"]);

export const OPERAND_END = charClass(/[\p{L}\p{N}_)\]}"'»”’]/u, true, `_)]}"'`);
export const OPERAND_START = charClass(/[\p{L}\p{N}_([{"'«“„.]/u, true, `_([{"'.`);
/** Around the `.` of a member access: what may end the object, and start the member. */
export const OBJECT_END = charClass(/[\p{L}_)\]"'»”]/u, false, `_)]"'`);
export const MEMBER_START = charClass(/[\p{L}_]/u, false, "_");
const STRING_PREFIX = /^(?:[rbuf]|rb|br|fr|rf)$/i;

/**
 * Index of the character closing the quoted run that opens at `i`, or −1 (then it is no quote).
 * `unclosed` holds the quote characters already found without a close up to the end of `p`: a later
 * one of them has none either, and is not searched for again (a text of a thousand lone `"` would
 * otherwise be scanned to its end from each).
 */
function quoteEnd(p: string, i: number, unclosed: Set<string>): number {
  const q = p[i]!;
  if (q === '"' || q === "'") {
    if (q === "'" && WORD_CHAR.test(p[i - 1])) {
      // An apostrophe inside a word (м'ясо, don't) — unless the word is a string prefix (f'…', r'…').
      let s = i;
      while (s > 0 && WORD_CHAR.test(p[s - 1])) s--;
      if (!STRING_PREFIX.test(p.slice(s, i))) return -1;
    }
    if (unclosed.has(q)) return -1;
    for (let j = i + 1; j < p.length; j++) {
      const c = p[j];
      if (c === "\\") j++;
      else if (c === q) return j;
    }
    unclosed.add(q);
    return -1;
  }
  const close = q === "«" ? "»" : q === "“" ? "”" : q === "„" ? "“”" : "";
  if (close === "" || unclosed.has(q)) return -1;
  for (let j = i + 1; j < p.length; j++) if (close.includes(p[j]!)) return j;
  unclosed.add(q);
  return -1;
}

/** `+`/`-` at `i` right after the `e` of a number's exponent (1e-5, 2.5E+3)? */
function isExponentSign(p: string, i: number): boolean {
  const prev = p[i - 1];
  if (prev !== "e" && prev !== "E") return false;
  let s = i - 1;
  while (s > 0 && (WORD_CHAR.test(p[s - 1]) || p[s - 1] === ".")) s--;
  return isDigit(p[s]) || (p[s] === "." && isDigit(p[s + 1]));
}

/**
 * Template argument lists written without spaces before them (`vector<int>`, `static_cast<double>(x)`,
 * `Map<String, List<Integer>>`): their `<` and `>` are brackets, not comparisons, so no break
 * before them. Returns the first and last index of each.
 */
function templateSpans(p: string): [number, number][] {
  const spans: [number, number][] = [];
  // Every argument list has a `<`: most texts have none and skip the (interpreted, at first) matchAll.
  if (!p.includes("<")) return spans;
  // A name starts after no word character, and an argument list is at most 120 characters: without
  // those bounds the pattern rescans the rest of a long word (or a long `a<a<a…`) from every
  // position, quadratic in the text (a 40 KB literal took seconds).
  for (const m of p.matchAll(/(?<![\p{L}\p{N}_])[\p{L}_][\p{L}\p{N}_]*(<[\p{L}\p{N}_:,\s*&<>[\]]{0,120}?>+)(?=[(:\s{>,)\]]|$)/gu)) {
    const start = m.index + m[0].length - m[1]!.length;
    spans.push([start, m.index + m[0].length - 1]);
  }
  return spans;
}

/**
 * Counts the steps of wrapping (characters lexed, gaps ranked, ranges tried, atoms joined) for tests
 * that hold wrapping to linear work on generated worst cases (test/text-work.test.ts): an operation
 * count, unlike a time, decides the same on any machine.
 */
export interface WorkCounter {
  steps: number;
}

/**
 * What a break before an atom is (drawing-rules T5), in the order breaks are taken at one bracket
 * depth: before an assignment's `:=` (`a[j], a[j + 1]` / `:= a[j + 1], a[j]`), after a comma or
 * semicolon (a list's items stay whole), before a logical word or operator (`and`, `або`, `||` …
 * join whole comparisons), at a space or before another binary operator, at a space that glues an
 * operator to its operand, before the `.` of a member access.
 */
const ASSIGNMENT = 0;
const COMMA = 1;
const LOGIC = 2;
const SPACE = 3;
const STICKY = 4;
const MEMBER = 5;
type GapKind = typeof ASSIGNMENT | typeof COMMA | typeof LOGIC | typeof SPACE | typeof STICKY | typeof MEMBER;

/** Words and operators that join conditions: a break before them keeps each comparison whole. */
const LOGIC_WORDS = new Set(["and", "or", "xor", "&&", "||", "і", "й", "або", "та", "чи", "и", "или", "AND", "OR"]);
/** The chart's assignment (notation.ts) and the compound ones (a plain `=` may be a comparison). */
const ASSIGNMENT_WORDS = new Set([":=", "+=", "-=", "−=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^="]);

/**
 * The rank of a break: every break at depth d is taken before any at depth d + 1 (top-level
 * spaces and operators before a comma inside a bracket), and a member access's `.` only after
 * every other break of the text (`string` / `.IsNullOrEmpty(line)` for a name wider than a line).
 */
function rankOf(kind: GapKind, depth: number): number {
  return kind === MEMBER ? 1e9 + depth : 5 * depth + kind;
}

/** An unbreakable piece of a paragraph, with its width in font units. */
interface Atom {
  text: string;
  units: number;
  /** A space separates it from the atom before (it disappears at a break there). */
  spaceBefore: boolean;
}

/**
 * The breaks of a paragraph as a tree (a Cartesian tree of the ranks): a node holds the breaks of
 * the lowest rank in its range, left to right, and a subtree for each range between them. A range
 * that fits a line is one unit; one that does not is cut at its node's breaks, and each piece that
 * still does not fit is cut at its own subtree's — so wrapping at any width visits each break at
 * most once, whatever the nesting depth.
 */
interface Breaks {
  /** Indexes of the atoms a line may start with. */
  at: number[];
  /** at.length + 1 subtrees: before the first break, between two, after the last (null: no breaks). */
  kids: (Breaks | null)[];
}

/** A paragraph lexed for wrapping: what does not depend on the width. */
interface Paragraph {
  atoms: Atom[];
  /** prefix[k]: the width of atoms 0 … k−1 with the spaces before atoms 1 … k−1. */
  prefix: number[];
  breaks: Breaks | null;
}

const OPEN = "([{L";
const CLOSE = ")]}]";
/** What an index's `[` follows: the end of its operand. */
const INDEXED = charClass(/[\p{L}\p{N}_)\]]/u, true, "_)]");

/**
 * Splits a paragraph into atoms and finds the breaks between them. Atoms end at whitespace, after
 * a comma or semicolon written without a space, before a binary operator written without spaces,
 * before the `.` of a member access; never between a name and its `(`. Brackets (outside literals)
 * that match give each break its depth; there is no break at all inside an index `a[…]`
 * (`R[i1 + 1][0]` stays whole).
 */
function lexParagraph(p: string, font: FontId, counter?: WorkCounter): Paragraph {
  const templates = templateSpans(p);
  // The spans come in order and do not overlap: a binary search, not a scan per operator (a long
  // text with many template names and operators would otherwise be quadratic).
  const inTemplate = (i: number): boolean => {
    let lo = 0;
    let hi = templates.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [a, b] = templates[mid]!;
      if (i < a) hi = mid - 1;
      else if (i > b) lo = mid + 1;
      else return true;
    }
    return false;
  };
  const unclosed = new Set<string>();
  const texts: string[] = [];
  const startsWord: boolean[] = [];
  /** The kind of the break before each atom that follows another in the same word. */
  const inWord: GapKind[] = [];
  /** Brackets outside literals: the atom holding each, and the character. */
  const bracketAtom: number[] = [];
  const bracketChar: string[] = [];
  let frag = "";
  let wordStart = true;
  let nextKind: GapKind = SPACE;
  const endFrag = (kind: GapKind) => {
    if (frag !== "") {
      texts.push(frag);
      startsWord.push(wordStart);
      inWord.push(nextKind);
      wordStart = false;
    }
    frag = "";
    nextKind = kind;
  };
  // An index's `[` follows its operand (`a[i]`, `f(x)[0]`, `m[i][j]`); a list's does not (`= [1, 2]`).
  const bracket = (ch: string, at: number) => {
    bracketAtom.push(texts.length);
    bracketChar.push(ch === "[" && !INDEXED.test(p[at - 1]) ? "L" : ch);
  };
  const n = p.length;
  let i = 0;
  while (i < n) {
    if (counter) counter.steps++;
    // Characters that are only appended (most of a text), as one slice.
    let j = i;
    while (j < n && isPlain(p.charCodeAt(j))) {
      const c = p[j]!;
      if (OPEN.includes(c) || CLOSE.includes(c)) bracket(c, j);
      j++;
    }
    if (counter) counter.steps += j - i;
    if (j > i) {
      frag += p.slice(i, j);
      i = j;
      continue;
    }
    const c = p[i]!;
    if (isSpace(c.charCodeAt(0))) {
      endFrag(SPACE);
      wordStart = true;
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === "«" || c === "“" || c === "„") {
      const j = quoteEnd(p, i, unclosed);
      if (counter) counter.steps += Math.max(0, j - i);
      if (j > i) {
        frag += p.slice(i, j + 1);
        i = j + 1;
        continue;
      }
    }
    if (c === "," || c === ";") {
      frag += c;
      const next = p[i + 1];
      if (next !== undefined && !isSpace(next.charCodeAt(0)) && !(isDigit(p[i - 1]) && isDigit(next))) endFrag(COMMA);
      i++;
      continue;
    }
    if (OP_CHARS.has(c)) {
      let j = i + 1;
      while (j < n && OP_CHARS.has(p[j]!)) j++;
      const run = p.slice(i, j);
      const prev = frag === "" ? undefined : p[i - 1];
      const next = p[j];
      if (
        prev !== undefined && OPERAND_END.test(prev) && next !== undefined && OPERAND_START.test(next) &&
        BINARY_OPS.has(run) && !isExponentSign(p, i) && !inTemplate(i)
      ) {
        endFrag(SPACE);
      }
      frag += run;
      i = j;
      continue;
    }
    // The `.` of a member access (not in 1.5), a break only a name wider than the line takes.
    if (frag !== "" && c === "." && OBJECT_END.test(p[i - 1]) && MEMBER_START.test(p[i + 1])) endFrag(MEMBER);
    frag += c;
    i++;
  }
  endFrag(SPACE);
  return paragraphOf(texts, startsWord, inWord, bracketAtom, bracketChar, font, counter);
}

/** The atoms of a lexed paragraph with their widths, and the tree of its breaks. */
function paragraphOf(
  texts: readonly string[], startsWord: readonly boolean[], inWord: readonly GapKind[],
  bracketAtom: readonly number[], bracketChar: readonly string[], font: FontId, counter?: WorkCounter,
): Paragraph {
  const n = texts.length;
  const atoms: Atom[] = [];
  const prefix = [0];
  const spaceUnits = textUnits(" ", font);
  for (let k = 0; k < n; k++) {
    const atom = { text: texts[k]!, units: textUnits(texts[k]!, font), spaceBefore: k > 0 && startsWord[k]! };
    atoms.push(atom);
    prefix.push(prefix[k]! + atom.units + (atom.spaceBefore ? spaceUnits : 0));
  }
  if (counter) counter.steps += n;

  // Matching brackets: a closing one that matches no open one, and an open one never closed, are
  // plain characters (a stray `)` must not make the rest of the text "inside").
  // 1: an open bracket that is closed, 2: a closing one (its open one in `partner`).
  const matched = new Uint8Array(bracketChar.length);
  const partner = new Int32Array(bracketChar.length);
  const open: number[] = [];
  for (let e = 0; e < bracketChar.length; e++) {
    const c = bracketChar[e]!;
    if (OPEN.includes(c)) open.push(e);
    else if (open.length > 0 && CLOSE[OPEN.indexOf(bracketChar[open[open.length - 1]!]!)] === c) {
      const o = open.pop()!;
      matched[o] = 1;
      matched[e] = 2;
      partner[e] = o;
    }
  }
  if (counter) counter.steps += bracketChar.length;

  // The depth after each atom, and whether that is inside an index.
  const depthAfter = new Int32Array(n);
  const indexAfter = new Int32Array(n);
  let depth = 0;
  let index = 0;
  for (let k = 0, e = 0; k < n; k++) {
    for (; e < bracketAtom.length && bracketAtom[e] === k; e++) {
      if (matched[e] === 0) continue;
      const d = OPEN.includes(bracketChar[e]!) ? 1 : -1;
      depth += d;
      if (bracketChar[matched[e] === 1 ? e : partner[e]!] === "[") index += d;
    }
    depthAfter[k] = depth;
    indexAfter[k] = index;
  }

  // The Cartesian tree of the ranks: a stack of nodes of rising rank, each new break closing the
  // nodes of a higher rank (linear: every break is pushed and popped once).
  interface Open { rank: number; node: Breaks }
  const stack: Open[] = [];
  for (let k = 1; k < n; k++) {
    if (counter) counter.steps++;
    if (indexAfter[k - 1]! > 0) continue;
    const rank = rankOf(gapKind(texts, startsWord, inWord, k), depthAfter[k - 1]!);
    let last: Breaks | null = null;
    while (stack.length > 0 && stack[stack.length - 1]!.rank > rank) {
      const top = stack.pop()!;
      top.node.kids.push(last);
      last = top.node;
      if (counter) counter.steps++;
    }
    const top = stack[stack.length - 1];
    if (top && top.rank === rank) {
      top.node.kids.push(last);
      top.node.at.push(k);
    } else {
      stack.push({ rank, node: { at: [k], kids: [last] } });
    }
  }
  let breaks: Breaks | null = null;
  while (stack.length > 0) {
    const top = stack.pop()!;
    top.node.kids.push(breaks);
    breaks = top.node;
  }
  return { atoms, prefix, breaks };
}

/** The kind of the break before atom k (k ≥ 1). */
function gapKind(texts: readonly string[], startsWord: readonly boolean[], inWord: readonly GapKind[], k: number): GapKind {
  const before = texts[k - 1]!;
  if (startsWord[k]) {
    // A standalone operator or logical word sticks to the word after it, a dash to the word before.
    const soloBefore = startsWord[k - 1]! && GLUE_NEXT_WORDS.has(before);
    const solo = (k + 1 >= texts.length || startsWord[k + 1]!) && GLUE_PREV_WORDS.has(texts[k]!);
    if (soloBefore || solo) return STICKY;
  }
  const last = before.charCodeAt(before.length - 1);
  if (last === 0x2c || last === 0x3b) return COMMA; // , ;
  if (startsWord[k] && (k + 1 >= texts.length || startsWord[k + 1]!)) {
    if (ASSIGNMENT_WORDS.has(texts[k]!)) return ASSIGNMENT;
    if (LOGIC_WORDS.has(texts[k]!)) return LOGIC;
  }
  return startsWord[k] ? SPACE : inWord[k]!;
}

/**
 * Greedy filling of the units a paragraph has at this width: a range of atoms that fits is one
 * unit; one that does not is cut at its lowest-ranked breaks, piece by piece (an explicit stack:
 * a 2 000-deep expression must not recurse 2 000 deep).
 */
function wrapParagraph(para: Paragraph, maxWidthMm: number, sizePt: number, font: FontId, out: string[], counter?: WorkCounter): void {
  const { atoms, prefix } = para;
  const n = atoms.length;
  if (n === 0) {
    out.push("");
    return;
  }
  const spaceUnits = textUnits(" ", font);
  const width = (from: number, to: number) => prefix[to]! - prefix[from]! - (atoms[from]!.spaceBefore ? spaceUnits : 0);
  const fits = (from: number, to: number) => unitsToMm(width(from, to), sizePt, font) <= maxWidthMm;

  // The units, and whether each is the first piece of a range cut because it did not fit.
  const starts: number[] = [];
  const opens: boolean[] = [];
  const tasks: { from: number; to: number; node: Breaks | null; first: boolean }[] = [{ from: 0, to: n, node: para.breaks, first: false }];
  while (tasks.length > 0) {
    const { from, to, node, first } = tasks.pop()!;
    if (counter) counter.steps++;
    if (node === null || fits(from, to)) {
      starts.push(from);
      opens.push(first);
      continue;
    }
    for (let m = node.at.length; m >= 0; m--) {
      tasks.push({ from: m === 0 ? from : node.at[m - 1]!, to: m === node.at.length ? to : node.at[m]!, node: node.kids[m]!, first: m === 0 });
    }
  }

  const line = (from: number, to: number) => {
    let text = atoms[from]!.text;
    for (let k = from + 1; k < to; k++) text += atoms[k]!.spaceBefore ? " " + atoms[k]!.text : atoms[k]!.text;
    if (counter) counter.steps += to - from;
    out.push(text);
  };
  // Greedy filling — except that a cut range starts a line of its own unless the line holds one
  // unit only (`Вивід` / `x :=` before it): `f(x, 1,` / `f(x, 1,` / …, not `f(x, 1, f(x,` / `1,`.
  let lineStart = 0;
  let unitsOnLine = 1;
  for (let u = 1; u < starts.length; u++) {
    if (!(opens[u] && unitsOnLine > 1) && fits(lineStart, starts[u + 1] ?? n)) {
      unitsOnLine++;
      continue;
    }
    line(lineStart, starts[u]!);
    lineStart = starts[u]!;
    unitsOnLine = 1;
  }
  line(lineStart, n);
}

/**
 * Wraps `text` into lines no wider than `maxWidthMm` at `sizePt` (T5). Returns [] for an empty or
 * whitespace-only text. Deterministic, pure.
 */
export function wrapText(text: string, maxWidthMm: number, sizePt: number, font: FontId = "tinos"): string[] {
  return prepareWrap(text, font)(maxWidthMm, sizePt);
}

/**
 * Lexes `text` once and returns a wrapper for any width: sizing a symbol tries several widths, and
 * the lexing is the expensive part.
 */
export function prepareWrap(text: string, font: FontId = "tinos", counter?: WorkCounter): (maxWidthMm: number, sizePt: number) => string[] {
  const paragraphs = text.split(/\r\n|[\n\r\u2028\u2029]/).map((p) => lexParagraph(p, font, counter));
  return (maxWidthMm, sizePt) => {
    const lines: string[] = [];
    for (const p of paragraphs) wrapParagraph(p, maxWidthMm, sizePt, font, lines, counter);
    let start = 0;
    let end = lines.length;
    while (start < end && lines[start] === "") start++;
    while (end > start && lines[end - 1] === "") end--;
    return start === 0 && end === lines.length ? lines : lines.slice(start, end);
  };
}

/** Width in mm of the widest of `lines` (0 for none). */
export function widestLineMm(lines: readonly string[], sizePt: number, font: FontId = "tinos"): number {
  let widest = 0;
  for (const line of lines) {
    const w = textWidthMm(line, sizePt, font);
    if (w > widest) widest = w;
  }
  return widest;
}
