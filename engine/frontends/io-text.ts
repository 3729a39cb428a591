/**
 * The texts of input/output symbols, shared by every front-end (issue 13): `Вивід a, b` /
 * `Ввід x`, and never an empty `Вивід` / `Ввід` — an output of nothing printable (`printf("\n")`,
 * `println()`, `writeln;`, `print()`) reads `Вивід новий рядок`, an input without a target
 * (`getchar()`, `Console.Read()`, `readln;`, `input()`) `Ввід символу` (en: `Output new line`,
 * `Input a character`; the words are per-locale texts of the options). Escape sequences in printed
 * string literals read as what they print: a line break at either end is dropped, inside it is
 * a space, `\"` a quote.
 */
import type { Texts } from "../options.ts";

const ESCAPES: Readonly<Record<string, string>> = { n: " ", r: " ", t: " ", f: " ", v: " ", a: "", b: "", "0": "", '"': '"', "'": "'", "\\": "\\" };

/**
 * A printed item as the chart shows it: a plain string literal with its escapes read, or the item
 * unchanged; undefined when it prints only line breaks (`"\n"`, `'\n'`).
 */
export function printedItem(item: string, escapes = true): string | undefined {
  const m = /^"((?:\\[\s\S]|[^"\\])*)"$|^'((?:\\[\s\S]|[^'\\])*)'$/.exec(item);
  if (!m) return item;
  const quote = m[1] !== undefined ? '"' : "'";
  const raw = m[1] ?? m[2]!;
  if (raw === "") return undefined;
  if (!escapes) return item;
  const inside = raw.replace(/^(?:\\[nr])+|(?:\\[nr])+$/g, "");
  if (inside === "") return undefined;
  const read = inside.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{4}|[\s\S])/g, (all, e: string) => ESCAPES[e] ?? all);
  return read.trim() === "" ? `${quote} ${quote}` : `${quote}${read}${quote}`;
}

/** `Вивід a, b`; with nothing printable, `Вивід новий рядок` (`escapes` false: Pascal literals have none). */
export function outputText(texts: Texts, items: readonly string[], escapes = true): string {
  const shown = items.map((item) => printedItem(item, escapes)).filter((p): p is string => p !== undefined);
  return `${texts.outWord} ${shown.length > 0 ? shown.join(", ") : texts.newLine}`;
}

/** `Ввід a, b`; without a target, `Ввід символу`. */
export function inputText(texts: Texts, targets: readonly string[]): string {
  return `${texts.inWord} ${targets.length > 0 ? targets.join(", ") : texts.anyInput}`;
}

/** A literal holding nothing but one control character, read as a word. */
function controlWord(inside: string, texts: Texts): string | undefined {
  if (/^(?:\\r)?\\n$/.test(inside)) return texts.newLine;
  if (inside === "\\t") return texts.tabChar;
  if (/^\\0+$/.test(inside)) return texts.nullChar;
  return undefined;
}

const LITERAL = /"((?:\\[\s\S]|[^"\\])*)"|'((?:\\[\s\S]|[^'\\])*)'/g;

/**
 * Escape sequences in the string and char literals of any chart text read as what they are
 * (issue 13): a literal of one control character is its name (`strcspn(line, "\n")` →
 * `strcspn(line, новий рядок)`, `'\0'` → `нуль-символ`), other escapes as in printedItem.
 */
export function readEscapes(text: string, texts: Texts): string {
  if (!text.includes("\\")) return text;
  return text.replace(LITERAL, (all, dq: string | undefined, sq: string | undefined) => {
    const inside = dq ?? sq ?? "";
    if (!inside.includes("\\")) return all;
    return controlWord(inside, texts) ?? printedItem(all) ?? all;
  });
}

/** A string literal (either quote, escapes inside): an item of a prompt. */
const PROMPT_ITEM = String.raw`(?:"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*')`;

/**
 * An output of string literals only (`Вивід "xp = "`): what a prompt before a read, or before the
 * key press main ends with, prints.
 */
export function promptPattern(texts: Texts): RegExp {
  return new RegExp(`^${escapeRegExp(texts.outWord)} ${PROMPT_ITEM}(?:, ${PROMPT_ITEM})*$`);
}

/** `text` as a regular expression matching exactly it (the words of the texts go into patterns). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
