/**
 * Engine options (interface.md §2.3): the zod schema, the default texts per locale, and the
 * resolved form every stage reads. The engine knows nothing of Pro; it only reports which options of
 * a request are the "custom" ones (`proFeatures`) so the server can gate them.
 */
import { z } from "zod";

export const ForFormat = z.enum(["comma", "range", "verbose"]);
export type ForFormat = z.infer<typeof ForFormat>;

export const Locale = z.enum(["uk", "en"]);
export type Locale = z.infer<typeof Locale>;

/** Options that change only the looks of the inserted texts: the Pro-only ("custom") set. */
export const CUSTOM_TEXT_OPTIONS = [
  "forFormat", "yes", "no", "inWord", "outWord", "startText", "endText", "entryText", "exitText",
  "returnWord", "forEachWord", "capWord", "capFormat",
] as const;
export type CustomTextOption = (typeof CUSTOM_TEXT_OPTIONS)[number];

const customText = z.string().min(1).max(200);

export const OptionsSchema = z.strictObject({
  locale: Locale.optional(),
  singleEnd: z.boolean().optional(),
  mainOnlyTerminators: z.boolean().optional(),
  callAsProcess: z.boolean().optional(),
  stripTypes: z.boolean().optional(),
  returnAsIO: z.boolean().optional(),
  figStart: z.number().int().min(0).max(100000).optional(),
  forFormat: ForFormat.optional(),
  yes: customText.optional(),
  no: customText.optional(),
  inWord: customText.optional(),
  outWord: customText.optional(),
  startText: customText.optional(),
  endText: customText.optional(),
  entryText: customText.optional(),
  exitText: customText.optional(),
  returnWord: customText.optional(),
  forEachWord: customText.optional(),
  capWord: customText.optional(),
  capFormat: customText.optional(),
});
export type Options = z.infer<typeof OptionsSchema>;

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
  /** What an input without a target shows after inWord (`Ввід символу`). */
  anyInput: string;
  /** Label of the default branch of a switch (D5). */
  otherwise: string;
  /** Name shown in loop-limit symbols (S7), followed by the loop number. */
  loopWord: string;
  /** Loop-limit form of a loop split across pages (C9): `поки i < n`, post-test `до x = 0`. */
  whileWord: string;
  untilWord: string;
  /** Caption titles (F6): `{name}` is replaced by the function name. */
  mainTitle: string;
  functionTitle: string;
  /** Word of the exception test that try/except front-ends write into decisions. */
  exceptionWord: string;
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
    resultWord: "результат", newLine: "новий рядок", anyInput: "символу", otherwise: "інакше", loopWord: "Цикл", whileWord: "поки", untilWord: "до",
    mainTitle: "Схема алгоритму програми", functionTitle: "Схема алгоритму функції {name}()",
    exceptionWord: "виняток", sheetWord: "аркуш", forFrom: "від", forTo: "до", forStep: "крок",
  },
  en: {
    yes: "Yes", no: "No", inWord: "Input", outWord: "Output",
    startText: "Start", endText: "End", entryText: "Entry", exitText: "Exit",
    returnWord: "Return", forEachWord: "∈", capWord: "Figure", capFormat: "{word} {num} — {text}",
    resultWord: "result", newLine: "new line", anyInput: "a character", otherwise: "otherwise", loopWord: "Loop", whileWord: "while", untilWord: "until",
    mainTitle: "Flowchart of the program", functionTitle: "Flowchart of function {name}()",
    exceptionWord: "exception", sheetWord: "sheet", forFrom: "from", forTo: "to", forStep: "step",
  },
};

export interface ResolvedOptions {
  locale: Locale;
  singleEnd: boolean;
  mainOnlyTerminators: boolean;
  callAsProcess: boolean;
  stripTypes: boolean;
  returnAsIO: boolean;
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
    figStart: options.figStart ?? 1,
    forFormat: options.forFormat ?? "comma",
    texts,
  };
}

/** The custom (Pro-only) options a request uses, in a stable order. */
export function proFeatures(options: Options = {}): CustomTextOption[] {
  return CUSTOM_TEXT_OPTIONS.filter((key) => options[key] !== undefined);
}
