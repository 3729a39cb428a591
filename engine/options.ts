/**
 * Engine options (interface.md §2.3): their types, the default texts per locale, and the resolved
 * form every stage reads. The zod schema (engine/options-schema.ts) is the source of truth; a render
 * checks its options with the rules generated from it (engine/options-rules.ts) and loads zod only
 * to explain options that fail. The engine knows nothing of Pro; it only reports which options of a
 * request are the "custom" ones (`proFeatures`) so the server can gate them.
 */
import type { z } from "zod";
import type { OptionsSchema } from "./options-schema.ts";
import { OPTION_RULES, type OptionRule } from "./options-rules.ts";

export type ForFormat = (typeof OPTION_RULES.forFormat.values)[number];
export type Locale = (typeof OPTION_RULES.locale.values)[number];

/** Options that change only the looks of the inserted texts: the Pro-only ("custom") set. */
export const CUSTOM_TEXT_OPTIONS = [
  "forFormat", "yes", "no", "inWord", "outWord", "startText", "endText", "entryText", "exitText",
  "returnWord", "forEachWord", "capWord", "capFormat",
] as const;
export type CustomTextOption = (typeof CUSTOM_TEXT_OPTIONS)[number];

export type Options = z.infer<typeof OptionsSchema>;

function passes(rule: OptionRule, value: unknown): boolean {
  switch (rule.type) {
    case "boolean":
      return typeof value === "boolean";
    case "enum":
      return typeof value === "string" && (rule.values as readonly string[]).includes(value);
    case "int":
      return typeof value === "number" && Number.isSafeInteger(value) && value >= rule.min && value <= rule.max;
    case "string":
      return typeof value === "string" && between(codePoints(value), rule.minLength, rule.maxLength);
  }
}

const between = (n: number, min: number, max: number) => n >= min && n <= max;

/** Length in code points (a surrogate pair is one, a lone surrogate one): how zod 4 measures strings. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--;
      i++;
    }
  }
  return n;
}

/**
 * The options when OptionsSchema accepts them (what its parse returns, for every stage's purpose),
 * else null — decided with the generated rules, without zod: an object (not an array) with no key
 * the schema lacks, each known key undefined or passing its rule. test/options-rules.test.ts checks
 * that this agrees with the schema.
 */
export function checkOptions(raw: unknown): Options | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const input = raw as Record<string, unknown>;
  for (const key of Object.keys(input)) if (!Object.hasOwn(OPTION_RULES, key)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(OPTION_RULES) as [keyof typeof OPTION_RULES, OptionRule][]) {
    const value = input[key];
    if (value === undefined) continue;
    if (!passes(rule, value)) return null;
    out[key] = value;
  }
  return out as Options;
}

/** Texts the engine inserts into charts, fully resolved (locale defaults overridden by options). */
export interface Texts {
  yes: string;
  no: string;
  inWord: string;
  outWord: string;
  startText: string;
  endText: string;
  entryText: string;
  exitText: string;
  returnWord: string;
  forEachWord: string;
  capWord: string;
  capFormat: string;
  /** The name a long returned value is computed into before `Повернути результат`. */
  resultWord: string;
  /** What an output of nothing printable shows after outWord (`Вивід новий рядок`). */
  newLine: string;
  /** Names of control characters written as literals in code (`'\t'`, `'\0'`). */
  tabChar: string;
  nullChar: string;
  /** What an input without a target shows after inWord (`Ввід символу`). */
  anyInput: string;
  /** File input/output (file-io.ts): `Відкриття файлу f: "data.txt"`, `Запис у файл f: x`, `Читання з файлу f: x`, `Закриття файлу f`. */
  fileOpen: string;
  fileWrite: string;
  fileRead: string;
  fileClose: string;
  /** Label of the default branch of a switch (D5). */
  otherwise: string;
  /** Name shown in loop-limit symbols (S7), followed by the loop number. */
  loopWord: string;
  /** Loop-limit form of a loop split across pages (C9): `поки i < n`, post-test `до x = 0`. */
  whileWord: string;
  untilWord: string;
  /**
   * Closing symbol of an endless loop (`while True`, `for (;;)`) whose exit is inside its body — a
   * `break` or return under a decision: `Цикл 1` / `до виходу` (docs/charts.md); `forever` when
   * nothing leaves it.
   */
  untilExit: string;
  forever: string;
  /** A truth value a decision compares with: an own call's result tested alone (`p = істина`, own-calls.ts). */
  trueWord: string;
  falseWord: string;
  /** Caption titles (F6): `{name}` is replaced by the subprogram's name and parameters (`sum(a, n)`). */
  mainTitle: string;
  functionTitle: string;
  procedureTitle: string;
  methodTitle: string;
  /** Word of the exception test that try/except front-ends write into decisions. */
  exceptionWord: string;
  /** Decisions a try/catch becomes at the statement that can fail (exceptions.ts). */
  askNumberEntered: string;
  askConversionFailed: string;
  askDivisionByZero: string;
  askFileOpened: string;
  /** A file read checked where it is read (`while (fscanf(f, "%d", &x) == 1)`). */
  askNumberRead: string;
  /**
   * A read checked inside a longer condition (`scanf("%d", &n) != 1 || n <= 0` → `n не введено або
   * n ≤ 0`): `{name}` is what was read.
   */
  entered: string;
  notEntered: string;
  /** What `ok = scanf(…)` keeps: scanf's result, the count of values it read. */
  valuesRead: string;
  /** Input checked where it is read (`int.TryParse(s, out n)`): `{name}` is the text checked. */
  askIsNumber: string;
  askIsWholeNumber: string;
  /** Terminator of a `raise` / `throw`: `Помилка: …`. */
  errorWord: string;
  /** Continuation caption of split parts (P8): `{word} {num}, {sheet} {n}`. */
  sheetWord: string;
  /** Words of the `verbose` for-loop look. */
  forFrom: string;
  forTo: string;
  forStep: string;
}

const DEFAULT_TEXTS: Record<Locale, Texts> = {
  uk: {
    yes: "Так", no: "Ні", inWord: "Ввід", outWord: "Вивід",
    startText: "Початок", endText: "Кінець", entryText: "Вхід", exitText: "Вихід",
    returnWord: "Повернути", forEachWord: "∈", capWord: "Рисунок", capFormat: "{word} {num} — {text}",
    resultWord: "результат", newLine: "новий рядок", tabChar: "табуляція", nullChar: "нуль-символ", anyInput: "символу",
    fileOpen: "Відкриття файлу", fileWrite: "Запис у файл", fileRead: "Читання з файлу", fileClose: "Закриття файлу", otherwise: "інакше", loopWord: "Цикл", whileWord: "поки", untilWord: "до", untilExit: "до виходу", forever: "нескінченно", trueWord: "істина", falseWord: "хибність",
    mainTitle: "Схема алгоритму програми", functionTitle: "Схема алгоритму функції {name}",
    procedureTitle: "Схема алгоритму процедури {name}", methodTitle: "Схема алгоритму методу {name}",
    exceptionWord: "виняток", sheetWord: "аркуш",
    askNumberEntered: "Введено число?", askConversionFailed: "Помилка перетворення?", askDivisionByZero: "Ділення на нуль?",
    askFileOpened: "Файл відкрито?", askNumberRead: "Прочитано число?", entered: "{name} введено", notEntered: "{name} не введено", valuesRead: "кількість прочитаних значень",
    askIsNumber: "{name} — число?", askIsWholeNumber: "{name} — ціле число?", errorWord: "Помилка", forFrom: "від", forTo: "до", forStep: "крок",
  },
  en: {
    yes: "Yes", no: "No", inWord: "Input", outWord: "Output",
    startText: "Start", endText: "End", entryText: "Entry", exitText: "Exit",
    returnWord: "Return", forEachWord: "∈", capWord: "Figure", capFormat: "{word} {num} — {text}",
    resultWord: "result", newLine: "new line", tabChar: "tab", nullChar: "null character", anyInput: "a character",
    fileOpen: "Open file", fileWrite: "Write to file", fileRead: "Read from file", fileClose: "Close file", otherwise: "otherwise", loopWord: "Loop", whileWord: "while", untilWord: "until", untilExit: "until exit", forever: "forever", trueWord: "true", falseWord: "false",
    mainTitle: "Flowchart of the program", functionTitle: "Flowchart of function {name}",
    procedureTitle: "Flowchart of procedure {name}", methodTitle: "Flowchart of method {name}",
    exceptionWord: "exception", sheetWord: "sheet",
    askNumberEntered: "Is it a number?", askConversionFailed: "Conversion error?", askDivisionByZero: "Division by zero?",
    askFileOpened: "File opened?", askNumberRead: "Was a number read?", entered: "{name} entered", notEntered: "{name} not entered", valuesRead: "count of values read",
    askIsNumber: "Is {name} a number?", askIsWholeNumber: "Is {name} a whole number?", errorWord: "Error", forFrom: "from", forTo: "to", forStep: "step",
  },
};

export interface ResolvedOptions {
  locale: Locale;
  singleEnd: boolean;
  mainOnlyTerminators: boolean;
  callAsProcess: boolean;
  stripTypes: boolean;
  returnAsIO: boolean;
  /** Every statement as written: front-ends' rewrites (set-up omission, I/O merging) check it and stand aside. */
  verbatim: boolean;
  figStart: number;
  forFormat: ForFormat;
  texts: Texts;
}

export function resolveOptions(options: Options = {}): ResolvedOptions {
  const locale = options.locale ?? "uk";
  const texts: Texts = { ...DEFAULT_TEXTS[locale] };
  for (const key of CUSTOM_TEXT_OPTIONS) {
    const value = options[key];
    if (key !== "forFormat" && typeof value === "string") texts[key] = value;
  }
  return {
    locale,
    singleEnd: options.singleEnd ?? false,
    mainOnlyTerminators: options.mainOnlyTerminators ?? false,
    callAsProcess: options.callAsProcess ?? false,
    stripTypes: options.stripTypes ?? false,
    returnAsIO: options.returnAsIO ?? false,
    verbatim: options.verbatim ?? false,
    figStart: options.figStart ?? 1,
    forFormat: options.forFormat ?? "comma",
    texts,
  };
}

/** The custom (Pro-only) options a request uses, in a stable order. */
export function proFeatures(options: Options = {}): CustomTextOption[] {
  return CUSTOM_TEXT_OPTIONS.filter((key) => options[key] !== undefined);
}
