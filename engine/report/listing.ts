/**
 * A source file as listing lines: numbered, tabs expanded, each line wrapped at the usable width
 * (LISTING_COLUMNS monospace characters) so no line runs past the margin — the same visual lines in
 * every format, so Word and Typst never re-wrap them. A wrapped line's continuation has no number.
 * Linear in the source's length.
 */
import { LISTING_COLUMNS } from "./page.ts";

const TAB = 4;

/** Splits a line of code points into chunks of at most `width`, preferring a break after a space. */
function wrapCode(chars: readonly string[], width: number): string[][] {
  const out: string[][] = [];
  let start = 0;
  while (chars.length - start > width) {
    let end = start + width;
    // A space in the last quarter: break after it, so words stay whole.
    for (let i = end; i > start + (width * 3) / 4; i--) {
      if (chars[i - 1] === " ") {
        end = i;
        break;
      }
    }
    out.push(chars.slice(start, end));
    start = end;
  }
  out.push(chars.slice(start));
  return out;
}

function expandTabs(line: string): string[] {
  const out: string[] = [];
  for (const ch of line) {
    if (ch === "\t") do out.push(" "); while (out.length % TAB !== 0);
    else if (ch.codePointAt(0)! >= 0x20 || ch === " ") out.push(ch);
  }
  return out;
}

/** The listing's visual lines: `  7  code`, continuations `     code`. Trailing blank lines dropped. */
export function listingLines(source: string, columns: number = LISTING_COLUMNS): string[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n").map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const digits = String(lines.length).length;
  const gutter = digits + 2;
  const width = Math.max(8, columns - gutter);
  const out: string[] = [];
  lines.forEach((line, i) => {
    wrapCode(expandTabs(line), width).forEach((chunk, k) => {
      const number = k === 0 ? String(i + 1).padStart(digits) : " ".repeat(digits);
      out.push(`${number}  ${chunk.join("")}`.trimEnd());
    });
  });
  return out;
}
