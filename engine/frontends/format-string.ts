/**
 * Format strings in output read as what they print (issue 13: no `%d`, `{0}` noise): the literal
 * pieces and the formatted values in order — `printf("Sum: %d\n", s)`, `"Sum: %d" % s`,
 * `String.format("Sum: %d", s)`, `Console.WriteLine("Sum: {0}", s)`, `"Sum: {}".format(s)`,
 * `MessageFormat.format("Sum: {0}", s)` all give `"Sum: "`, `s`. Pieces that print only white
 * space are dropped; escapes read as words (io-text.ts).
 */
import { printedItem } from "./io-text.ts";

export type FormatStyle = "printf" | "braces";

/** Format calls of Java, C#, Go and PHP (receiver.name, spaces removed) and the style of their format string. */
export const FORMAT_CALLS: Readonly<Record<string, FormatStyle>> = {
  "String.format": "printf", "String.formatted": "printf", "MessageFormat.format": "braces",
  "string.Format": "braces", "String.Format": "braces", "System.String.Format": "braces",
  "fmt.Sprintf": "printf", sprintf: "printf",
};

/**
 * A string built by a format and kept as a value (assigned, returned, passed on), as the concatenation
 * of its pieces: `name + ": " + avg` (a piece with an operator of its own in brackets). A format of
 * one value and nothing else (`"%4d" % (i * j)`, `String.format("%.1f", v)`) only sets the width or
 * the digits shown, which a chart does not draw: it reads as the value, `i * j`. Undefined for
 * several values without a literal piece: a `+` there would read as arithmetic.
 */
export function concatenation(pieces: readonly string[]): string | undefined {
  if (!pieces.some((p) => /^["']/.test(p))) return pieces.length === 1 ? pieces[0] : undefined;
  const bracketed = (p: string) => /^["']/.test(p) || /^\(.*\)$/s.test(p) || !/\s/.test(p.replace(/\([^()]*\)|\[[^\]]*\]/g, "")) ? p : `(${p})`;
  return pieces.map(bracketed).join(" + ");
}

const PRINTF = /%[-+ #0']*(\*|\d+)?(?:\.(\*|\d+))?(?:hh|h|ll|l|L|z|j|t|I64)?([diouxXfFeEgGaAcspn%])/g;
const BRACES = /\{\{|\}\}|\{(\d*)(?:[,:][^{}]*)?\}|\{([A-Za-z_][\w.]*)(?:[!:][^{}]*)?\}/g;

/** Does the literal hold a conversion of its style (otherwise it is printed as it is)? */
export function hasConversions(inside: string, style: FormatStyle): boolean {
  if (style === "printf") return [...inside.matchAll(PRINTF)].some((m) => m[3] !== "%" && m[3] !== "n");
  return [...inside.matchAll(BRACES)].some((m) => m[0] !== "{{" && m[0] !== "}}");
}

/**
 * The printed pieces of format string `inside` (the literal without its quotes) applied to
 * `values` (chart texts, in argument order); values left over are appended.
 */
export function formatPieces(inside: string, values: readonly string[], style: FormatStyle): string[] {
  const out: string[] = [];
  let literal = "";
  const flush = () => {
    const piece = printedItem(`"${literal}"`);
    if (piece !== undefined && piece.slice(1, -1).trim() !== "") out.push(piece);
    literal = "";
  };
  const used = new Set<number>();
  let next = 0;
  const take = (index: number) => {
    const value = values[index];
    used.add(index);
    if (value !== undefined) {
      flush();
      out.push(value);
    }
  };
  let last = 0;
  for (const m of inside.matchAll(style === "printf" ? PRINTF : BRACES)) {
    literal += inside.slice(last, m.index);
    last = m.index + m[0].length;
    if (style === "printf") {
      if (m[3] === "%") literal += "%";
      else if (m[3] === "n") literal += "\\n";
      else {
        if (m[1] === "*") used.add(next++);
        if (m[2] === "*") used.add(next++);
        take(next++);
      }
    } else if (m[0] === "{{" || m[0] === "}}") literal += m[0][0];
    else if (m[2] !== undefined) {
      // `{name}` (Python keyword field): the name is the value shown.
      flush();
      out.push(m[2]);
    } else take(m[1] === "" || m[1] === undefined ? next++ : Number(m[1]));
  }
  literal += inside.slice(last);
  flush();
  values.forEach((value, index) => {
    if (!used.has(index)) out.push(value);
  });
  return out;
}

/** The inside of a plain double-quoted literal (`"…"`, no prefix, no text block), or undefined. */
export function quotedInside(text: string): string | undefined {
  const m = /^"((?:\\[\s\S]|[^"\\])*)"$/.exec(text);
  return m ? m[1] : undefined;
}
