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
 *  - A fragment still wider than the line breaks, as a second choice, before the `.` of a member
 *    access or before the `(` of a call ("string.IsNullOrEmpty(line)" → "string" / ".IsNullOrEmpty(line)");
 *    these weak breaks are never used while the fragment fits, so "x := obj.f(a)" stays whole.
 *  - Identifiers, numbers and string literals are never split. A quoted run — "…", '…' (an apostrophe
 *    inside a word such as «м'ясо» is not a quote), «…», “…”, „…“ — is one atom even with spaces
 *    inside; its inner spaces are kept verbatim.
 *  - Whitespace runs outside literals collapse to one space.
 *  - Greedy filling. An atom wider than the limit goes on a line of its own, unbroken: the caller
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

/** Marks a weak break inside a fragment (member access `.`, call `(`); never part of the text. */
const WEAK = "\u0000";

const OP_CHARS = new Set([..."+-−*/%=<>!:&|^≤≥≠×÷≈≡"]);

/**
 * Characters the word lexer only appends (no space, quote, `,`/`;`, operator, `.` or `(`), as a
 * table of ASCII codes and a test for the rest: runs of them are taken in one slice, not one by one
 * (a fresh process lexes in JavaScriptCore's interpreter).
 */
const PLAIN_ASCII = (() => {
  const plain = new Uint8Array(128);
  for (let c = 0x21; c < 0x7f; c++) plain[c] = 1;
  for (const ch of `"',;.(`) plain[ch.charCodeAt(0)] = 0;
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

/** Index of the character closing the quoted run that opens at `i`, or −1 (then it is no quote). */
function quoteEnd(p: string, i: number): number {
  const q = p[i]!;
  if (q === '"' || q === "'") {
    if (q === "'" && WORD_CHAR.test(p[i - 1])) {
      // An apostrophe inside a word (м'ясо, don't) — unless the word is a string prefix (f'…', r'…').
      let s = i;
      while (s > 0 && WORD_CHAR.test(p[s - 1])) s--;
      if (!STRING_PREFIX.test(p.slice(s, i))) return -1;
    }
    for (let j = i + 1; j < p.length; j++) {
      const c = p[j];
      if (c === "\\") j++;
      else if (c === q) return j;
    }
    return -1;
  }
  const close = q === "«" ? "»" : q === "“" ? "”" : q === "„" ? "“”" : "";
  if (close === "") return -1;
  for (let j = i + 1; j < p.length; j++) if (close.includes(p[j]!)) return j;
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

/** Splits a paragraph into words (separated by whitespace); each word into unbreakable fragments. */
function lexWords(p: string): string[][] {
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
  const words: string[][] = [];
  let frags: string[] = [];
  let frag = "";
  const endFrag = () => {
    if (frag !== "") frags.push(frag);
    frag = "";
  };
  const endWord = () => {
    endFrag();
    if (frags.length > 0) words.push(frags);
    frags = [];
  };
  const n = p.length;
  let i = 0;
  while (i < n) {
    // Characters that are only appended (most of a text), as one slice.
    let j = i;
    while (j < n && isPlain(p.charCodeAt(j))) j++;
    if (j > i) {
      frag += p.slice(i, j);
      i = j;
      continue;
    }
    const c = p[i]!;
    if (isSpace(c.charCodeAt(0))) {
      endWord();
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === "«" || c === "“" || c === "„") {
      const j = quoteEnd(p, i);
      if (j > i) {
        frag += p.slice(i, j + 1);
        i = j + 1;
        continue;
      }
    }
    if (c === "," || c === ";") {
      frag += c;
      const next = p[i + 1];
      if (next !== undefined && !isSpace(next.charCodeAt(0)) && !(isDigit(p[i - 1]) && isDigit(next))) {
        endFrag();
      }
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
        endFrag();
      }
      frag += run;
      i = j;
      continue;
    }
    // Weak breaks: before the `.` of a member access (not in 1.5) and before the `(` of a call.
    const prev = p[i - 1];
    if (
      frag !== "" &&
      ((c === "." && OBJECT_END.test(prev) && MEMBER_START.test(p[i + 1])) ||
        (c === "(" && WORD_CHAR.test(prev)))
    ) {
      frag += WEAK;
    }
    frag += c;
    i++;
  }
  endWord();
  return words;
}

interface Piece { text: string; units: number; spaceBefore: boolean; sticky: boolean }

/** A paragraph cut into atoms with their widths: the part of wrapping that does not depend on width. */
type Paragraph = Piece[];

function lexParagraph(p: string, font: FontId): Paragraph {
  const words = lexWords(p);
  // Atoms between which a break is allowed; `sticky` marks a space that should not break.
  const atoms: Piece[] = [];
  for (let k = 0; k < words.length; k++) {
    const frags = words[k]!;
    const sticky =
      k > 0 &&
      ((words[k - 1]!.length === 1 && GLUE_NEXT_WORDS.has(words[k - 1]![0]!)) ||
        (frags.length === 1 && GLUE_PREV_WORDS.has(frags[0]!)));
    for (let m = 0; m < frags.length; m++) {
      const text = frags[m]!;
      atoms.push({ text, units: textUnits(text.replaceAll(WEAK, ""), font), spaceBefore: m === 0 && k > 0, sticky: m === 0 && sticky });
    }
  }
  return atoms;
}

/** How far a piece changes the bracket depth (quoted runs are one piece and do not count). */
function depthChange(piece: Piece): number {
  const text = piece.text;
  const first = text[0];
  if (first === '"' || first === "'" || first === "«" || first === "“" || first === "„") return 0;
  let d = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) d++; // ( [ {
    else if (c === 0x29 || c === 0x5d || c === 0x7d) d--; // ) ] }
  }
  return d;
}

/**
 * In a list ("Вивід "Sum: ", i + 1, x"), each item that fits on a line is kept on one line: the
 * breaks go after the list's commas, not inside an item ("i" / "+ 1"). Commas outside brackets
 * separate the items first; an item too wide for a line is split at the commas one bracket level
 * deeper (`g(aa, b + c)` → `g(aa,` / `b + c)`), and so on; an item with no comma left keeps its
 * ordinary break opportunities.
 */
function keepItemsWhole(pieces: Piece[], spaceUnits: number, maxWidthMm: number, sizePt: number, font: FontId): Piece[] {
  // Whether a list item may end after a piece: most texts are no list, and are left as they are
  // before any bracket depth is counted (this runs for every width a symbol tries).
  const endsItem = (k: number) => {
    if (pieces[k + 1]?.spaceBefore !== true) return false;
    const text = pieces[k]!.text;
    const last = text.charCodeAt(text.length - 1);
    return last === 0x2c || last === 0x3b; // , ;
  };
  let list = false;
  for (let k = 0; k < pieces.length - 1 && !list; k++) list = endsItem(k);
  if (!list) return pieces;
  // The bracket depth after each piece.
  const depthAfter: number[] = [];
  let depth = 0;
  let deepest = 0;
  for (const piece of pieces) {
    depthAfter.push((depth += depthChange(piece)));
    if (depth > deepest) deepest = depth;
  }

  const merge = (from: number, to: number): Piece => {
    let text = pieces[from]!.text;
    let units = pieces[from]!.units;
    for (let m = from + 1; m < to; m++) {
      text += (pieces[m]!.spaceBefore ? " " : "") + pieces[m]!.text;
      units += (pieces[m]!.spaceBefore ? spaceUnits : 0) + pieces[m]!.units;
    }
    return { text, units, spaceBefore: pieces[from]!.spaceBefore, sticky: false };
  };
  const group = (from: number, to: number, level: number): Piece[] => {
    if (level > deepest) return pieces.slice(from, to);
    const bounds: number[] = [];
    for (let k = from; k < to - 1; k++) if (depthAfter[k] === level && endsItem(k)) bounds.push(k + 1);
    if (bounds.length === 0) return group(from, to, level + 1);
    const out: Piece[] = [];
    for (const [a, b] of [from, ...bounds].map((a, i) => [a, bounds[i] ?? to] as const)) {
      const item = merge(a, b);
      if (b - a > 1 && unitsToMm(item.units, sizePt, font) <= maxWidthMm) out.push(item);
      else out.push(...group(a, b, level + 1));
    }
    return out;
  };
  return group(0, pieces.length, 0);
}

/**
 * An atom with weak breaks as one piece (markers dropped) and split at them, made once per atom:
 * a lexed text is wrapped at many widths (size.ts tries one after another), the pieces are the same
 * at each. Pieces are never modified, so they are shared between wraps.
 */
const weakForms = new WeakMap<Piece, { whole: Piece; parts: Piece[] }>();

function weakFormsOf(atom: Piece, font: FontId): { whole: Piece; parts: Piece[] } {
  let forms = weakForms.get(atom);
  if (!forms) {
    const parts: Piece[] = [];
    atom.text.split(WEAK).forEach((text, k) => {
      if (text === "") return;
      const first = k === 0;
      parts.push({ text, units: textUnits(text, font), spaceBefore: first && atom.spaceBefore, sticky: first && atom.sticky });
    });
    forms = { whole: { ...atom, text: atom.text.replaceAll(WEAK, "") }, parts };
    weakForms.set(atom, forms);
  }
  return forms;
}

/** The atoms for one width: those wider than the line split at their weak breaks, every marker dropped. */
function atWidth(atoms: Paragraph, maxWidthMm: number, sizePt: number, font: FontId): Paragraph {
  const out: Piece[] = [];
  for (const atom of atoms) {
    if (!atom.text.includes(WEAK)) out.push(atom);
    else if (unitsToMm(atom.units, sizePt, font) <= maxWidthMm) out.push(weakFormsOf(atom, font).whole);
    else out.push(...weakFormsOf(atom, font).parts);
  }
  return out;
}

function wrapParagraph(lexed: Paragraph, maxWidthMm: number, sizePt: number, font: FontId, out: string[]): void {
  const spaceUnits = textUnits(" ", font);
  const atoms = atWidth(lexed, maxWidthMm, sizePt, font);
  if (atoms.length === 0) {
    out.push("");
    return;
  }
  // Merge each run of sticky-joined atoms into one piece — unless the run alone is wider than the
  // limit: then its sticky spaces become ordinary break opportunities.
  const pieces: Piece[] = [];
  for (let k = 0; k < atoms.length; ) {
    let end = k + 1;
    let units = atoms[k]!.units;
    while (end < atoms.length && atoms[end]!.sticky) {
      units += spaceUnits + atoms[end]!.units;
      end++;
    }
    if (end - k > 1 && unitsToMm(units, sizePt, font) <= maxWidthMm) {
      let text = atoms[k]!.text;
      for (let m = k + 1; m < end; m++) text += " " + atoms[m]!.text;
      pieces.push({ text, units, spaceBefore: atoms[k]!.spaceBefore, sticky: false });
    } else {
      for (let m = k; m < end; m++) pieces.push(atoms[m]!);
    }
    k = end;
  }
  const items = keepItemsWhole(pieces, spaceUnits, maxWidthMm, sizePt, font);
  let line = items[0]!.text;
  let units = items[0]!.units;
  for (let k = 1; k < items.length; k++) {
    const piece = items[k]!;
    const joined = units + (piece.spaceBefore ? spaceUnits : 0) + piece.units;
    if (unitsToMm(joined, sizePt, font) <= maxWidthMm) {
      line += piece.spaceBefore ? " " + piece.text : piece.text;
      units = joined;
    } else {
      out.push(line);
      line = piece.text;
      units = piece.units;
    }
  }
  out.push(line);
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
export function prepareWrap(text: string, font: FontId = "tinos"): (maxWidthMm: number, sizePt: number) => string[] {
  const paragraphs = text.split(/\r\n|[\n\r\u2028\u2029]/).map((p) => lexParagraph(p, font));
  return (maxWidthMm, sizePt) => {
    const lines: string[] = [];
    for (const p of paragraphs) wrapParagraph(p, maxWidthMm, sizePt, font, lines);
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
