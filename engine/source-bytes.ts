/**
 * A source file's bytes as text, in the encodings students save programs in: UTF-8 (with or
 * without a BOM), UTF-16 LE/BE with a BOM (Windows Notepad's "Unicode"), and the Cyrillic 8-bit
 * code pages — Windows-1251 (Dev-C++, Code::Blocks, Visual Studio, PascalABC on a Ukrainian
 * Windows), CP866 (DOS consoles, Turbo/Free Pascal) and KOI8-U. Every place a file enters (CLI,
 * multipart upload, url source, the site's "open file") decodes through here; a JSON `code` string
 * is already text and never comes here.
 *
 * The rule, deterministic: a BOM decides; else valid UTF-8 is UTF-8; else the bytes are decoded by
 * each code page and the most plausible Ukrainian/Russian text wins (see `plausibility`).
 *
 * The code pages are explicit tables, not `TextDecoder`: the hosts disagree — Node's ICU decodes
 * KOI8-U 0xAE/0xBE as ╝/╬ (RFC 2319) where Bun, Deno and browsers (WHATWG) give ў/Ў, and a Node
 * built without ICU has none of these labels. UTF-8 and UTF-16 decoders are in every host alike.
 */
import { EngineError } from "./errors.ts";

export type SourceEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1251" | "koi8-u" | "cp866";

export interface DecodedSource {
  /** The text, without the BOM (a BOM is not a character of line 1). */
  text: string;
  encoding: SourceEncoding;
}

type CodePage = "windows-1251" | "koi8-u" | "cp866";

/**
 * Bytes 0x80–0xFF of each code page (bytes below are ASCII in all three). KOI8-U as RFC 2319 and
 * iconv have it; the other two as WHATWG, iconv and Windows (windows-1251 0x98 is unassigned: U+0098).
 * Listed in the order ties are broken: the most common code page first.
 */
const CODE_PAGES: Readonly<Record<CodePage, string>> = {
  "windows-1251":
    "ЂЃ‚ѓ„…†‡€‰Љ‹ЊЌЋЏђ‘’“”•–—\u0098™љ›њќћџ" +
    "\u00a0ЎўЈ¤Ґ¦§Ё©Є«¬\u00ad®Ї°±Ііґµ¶·ё№є»јЅѕї" +
    "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ" +
    "абвгдежзийклмнопрстуфхцчшщъыьэюя",
  "koi8-u":
    "─│┌┐└┘├┤┬┴┼▀▄█▌▐░▒▓⌠■∙√≈≤≥\u00a0⌡°²·÷" +
    "═║╒ёє╔ії╗╘╙╚╛ґ╝╞╟╠╡ЁЄ╣ІЇ╦╧╨╩╪Ґ╬©" +
    "юабцдефгхийклмнопярстужвьызшэщчъ" +
    "ЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ",
  cp866:
    "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ" +
    "абвгдежзийклмноп░▒▓│┤╡╢╖╕╣║╗╝╜╛┐" +
    "└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀" +
    "рстуфхцчшщъыьэюяЁёЄєЇїЎў°∙·√№¤■\u00a0",
};

/**
 * How likely each letter is in Ukrainian or Russian text (the larger of its two frequencies f per
 * mille), as round(10·ln(f / 30)): 30 ‰ is what every letter would have if all were equally likely.
 * Cyrillic letters of other languages (Ђ, Љ, Ў, Ѕ …) are as unlikely as `ґ`.
 */
const LETTER_WEIGHTS: Readonly<Record<string, number>> = {
  о: 13, е: 10, а: 10, и: 9, н: 8, т: 7, і: 7, с: 6, в: 6, р: 5, л: 4, к: 2, у: 1, м: 1, д: 0, п: -1,
  я: -3, з: -4, ы: -5, ь: -6, г: -6, б: -6, ч: -8, х: -9, й: -9, ц: -11, ж: -12, ї: -13, ю: -13, є: -13,
  ш: -15, щ: -20, ф: -23, э: -23, ъ: -43, ё: -43, ґ: -50,
};
const RARE = -50;

/**
 * Each code page's prior, in the same tenths of a natural log: Windows-1251 is what students' Windows
 * editors save (all 9 unreadable labs of the review), KOI8-U and CP866 are rare, so a reading that
 * no more than ties — one or two letters, whose case and frequency cannot tell — goes to Windows-1251.
 */
const PRIORS: Readonly<Record<CodePage, number>> = { "windows-1251": 0, "koi8-u": -10, cp866: -10 };

/** The case pattern of a word, as round(10·ln p): most words are lower case, some Capitalised, few in CAPS, next to none MiXeD. */
const CASE_WEIGHTS = { lower: -5, capitalised: -12, caps: -25, mixed: -62 } as const;

/**
 * Typography a program's strings and comments use, from the upper half of a code page: as likely as
 * a rare letter (a word of letters misread as two of these must not win). Any other non-letter there
 * (box drawing, C1 controls) scores as RARE.
 */
const PUNCTUATION = new Set("\u00a0«»—–№“”„‘’…°±·•×÷≤≥≈²©®™§€");
const PUNCTUATION_WEIGHT = -15;

/**
 * The best code page's mean score per upper-half byte must reach this. Real text scores above −10
 * (a short word of rare letters such as «Ящик» −9, a prompt line +2); random upper-half bytes −23
 * to −30 in every code page.
 */
const LEAST_PLAUSIBLE = -20;

/** What each byte of the upper half reads as in one code page, in typed arrays for a fast walk. */
interface ByteClasses {
  /** The UTF-16 code unit of each byte 0x00–0xFF. */
  units: Uint16Array;
  /** Per upper-half byte: NOT_LETTER, LOWER or UPPER. */
  kind: Uint8Array;
  /** Per upper-half byte: the letter's weight, PUNCTUATION_WEIGHT or RARE. */
  weight: Int16Array;
}
const NOT_LETTER = 0;
const LOWER = 1;
const UPPER = 2;

const CLASSES: Readonly<Record<CodePage, ByteClasses>> = Object.fromEntries(
  (Object.keys(CODE_PAGES) as CodePage[]).map((page) => [page, byteClasses(CODE_PAGES[page])]),
) as Record<CodePage, ByteClasses>;

function byteClasses(upperHalf: string): ByteClasses {
  const classes = { units: new Uint16Array(256), kind: new Uint8Array(128), weight: new Int16Array(128) };
  for (let b = 0; b < 0x80; b++) classes.units[b] = b;
  [...upperHalf].forEach((char, i) => {
    classes.units[0x80 + i] = char.charCodeAt(0);
    const lower = char.toLowerCase();
    const letter = char >= "\u0400" && char <= "\u04ff";
    classes.kind[i] = !letter ? NOT_LETTER : lower === char ? LOWER : UPPER;
    classes.weight[i] = letter ? (LETTER_WEIGHTS[lower] ?? RARE) : PUNCTUATION.has(char) ? PUNCTUATION_WEIGHT : RARE;
  });
  return classes;
}

const fail = (message: string) => new EngineError("bad_request", message);

/** Decodes a source file's bytes, or throws bad_request naming why they are not a program's text. */
export function decodeSourceBytes(bytes: Uint8Array): DecodedSource {
  const bom = byteOrderMark(bytes);
  if (bom) return { text: strictDecode(bytes, bom), encoding: bom };
  checkNoNul(bytes);
  const utf8 = tryDecode(bytes, "utf-8");
  if (utf8 !== null) return { text: utf8, encoding: "utf-8" };
  checkNoControlBytes(bytes);
  const page = mostPlausibleCodePage(bytes);
  if (page === null) {
    throw fail("the file is not valid in any supported encoding (UTF-8, UTF-16 with a BOM, Windows-1251, CP866, KOI8-U)");
  }
  return { text: decodeCodePage(bytes, page), encoding: page };
}

function byteOrderMark(bytes: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * The decoders drop a leading BOM of their own encoding (ignoreBOM is false). UTF-16 BE is read as
 * LE with each pair of bytes swapped: a Node built without ICU has only the "utf-16le" decoder.
 */
function tryDecode(bytes: Uint8Array, encoding: "utf-8" | "utf-16le" | "utf-16be"): string | null {
  const swapped = encoding === "utf-16be";
  let input = bytes;
  if (swapped) {
    input = new Uint8Array(bytes.length);
    for (let i = 0; i + 1 < bytes.length; i += 2) [input[i], input[i + 1]] = [bytes[i + 1]!, bytes[i]!];
    if (bytes.length % 2 === 1) input[bytes.length - 1] = bytes[bytes.length - 1]!;
  }
  try {
    return new TextDecoder(swapped ? "utf-16le" : encoding, { fatal: true }).decode(input);
  } catch {
    return null;
  }
}

function strictDecode(bytes: Uint8Array, encoding: "utf-8" | "utf-16le" | "utf-16be"): string {
  const text = tryDecode(bytes, encoding);
  const name = encoding === "utf-8" ? "UTF-8" : encoding === "utf-16le" ? "UTF-16 LE" : "UTF-16 BE";
  if (text === null) {
    const why = encoding === "utf-8" ? "" : bytes.length % 2 === 1 ? ": it has an odd number of bytes" : ": it has a broken surrogate pair";
    throw fail(`the file starts with a ${name} byte order mark but is not valid ${name}${why}`);
  }
  const nul = text.indexOf("\u0000");
  if (nul >= 0) throw fail(`the file is not text: it contains a NUL character (${name} character ${nul + 1})`);
  return text;
}

function checkNoNul(bytes: Uint8Array): void {
  const at = bytes.indexOf(0);
  if (at < 0) return;
  // Every other byte NUL in ASCII text: UTF-16 saved without its byte order mark.
  const utf16 = bytes.length >= 4 && (bytes[1] === 0 && bytes[3] === 0) !== (bytes[0] === 0 && bytes[2] === 0);
  const hint = utf16 ? " (it looks like UTF-16 without a byte order mark: save it as UTF-8, or as UTF-16 with a BOM)" : "";
  throw fail(`the file is not text: it contains NUL bytes at byte ${at}${hint}`);
}

/** Besides tab, line breaks, form feed, ESC and DOS's end-of-file mark (0x1A), control bytes are binary data. */
function checkNoControlBytes(bytes: Uint8Array): void {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && !(b >= 0x09 && b <= 0x0d) && b !== 0x1a && b !== 0x1b) {
      throw fail(`the file is not text: it contains the control byte 0x${b.toString(16).padStart(2, "0")} at byte ${i}`);
    }
  }
}

/**
 * The code page whose reading is the most plausible Ukrainian/Russian text, or null if none is
 * plausible. A reading scores, in tenths of a natural log: each Cyrillic letter its LETTER_WEIGHTS,
 * each word (a run of Cyrillic letters) its CASE_WEIGHTS, each other upper-half character PUNCTUATION_WEIGHT
 * if it is PUNCTUATION, else RARE. The misreadings of one code page as another swap or scatter the case
 * (Windows-1251's lower case is KOI8-U's upper case, and CP866's box drawing) and the letters, so
 * they lose on one count or the other. The winner is the highest score plus PRIORS; a tie goes to the
 * code page listed first in CODE_PAGES.
 */
function mostPlausibleCodePage(bytes: Uint8Array): CodePage | null {
  let best: CodePage = "windows-1251";
  let bestScore = -Infinity;
  let bestPlausibility = 0;
  for (const page of Object.keys(CODE_PAGES) as CodePage[]) {
    const plausible = plausibility(bytes, CLASSES[page]);
    if (plausible + PRIORS[page] > bestScore) [best, bestScore, bestPlausibility] = [page, plausible + PRIORS[page], plausible];
  }
  let upperHalf = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) upperHalf++;
  return bestPlausibility >= LEAST_PLAUSIBLE * upperHalf ? best : null;
}

function plausibility(bytes: Uint8Array, { kind, weight }: ByteClasses): number {
  let score = 0;
  // The word being read: its length, whether its first letter is upper case, how many others are.
  let length = 0;
  let firstUpper = false;
  let restUpper = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const b = i < bytes.length ? bytes[i]! : 0; // a NUL past the end closes the last word
    const k = b < 0x80 ? NOT_LETTER : kind[b - 0x80]!;
    if (k !== NOT_LETTER) {
      if (length === 0) firstUpper = k === UPPER;
      else if (k === UPPER) restUpper++;
      length++;
    } else if (length > 0) {
      score += caseWeight(firstUpper, restUpper, length - 1 - restUpper);
      length = 0;
      restUpper = 0;
    }
    if (b >= 0x80) score += weight[b - 0x80]!;
  }
  return score;
}

function caseWeight(firstUpper: boolean, restUpper: number, restLower: number): number {
  if (restUpper === 0) return firstUpper ? CASE_WEIGHTS.capitalised : CASE_WEIGHTS.lower;
  return firstUpper && restLower === 0 ? CASE_WEIGHTS.caps : CASE_WEIGHTS.mixed;
}

/** Through UTF-16 LE bytes and the host's decoder: far faster than building the string a character at a time. */
function decodeCodePage(bytes: Uint8Array, page: CodePage): string {
  const { units } = CLASSES[page];
  const utf16 = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const unit = units[bytes[i]!]!;
    utf16[2 * i] = unit & 0xff;
    utf16[2 * i + 1] = unit >> 8;
  }
  return new TextDecoder("utf-16le").decode(utf16);
}
