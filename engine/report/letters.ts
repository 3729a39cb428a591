/**
 * Appendix letters in the order of ДСТУ 3008:2015 (report-conventions.md): the Ukrainian alphabet
 * without Ґ Є З І Ї Й О Ч Ь, which read too much like digits or other letters.
 */
export const APPENDIX_LETTERS = ["А", "Б", "В", "Г", "Д", "Е", "Ж", "К", "Л", "М", "Н", "П", "Р", "С", "Т", "У", "Ф", "Х", "Ц", "Ш", "Щ", "Ю", "Я"] as const;
export type AppendixLetter = (typeof APPENDIX_LETTERS)[number];

/** The letter `n` places after `first` (a report has at most two appendices, so the list never runs out). */
export function appendixLetter(first: AppendixLetter, n: number): AppendixLetter {
  const i = APPENDIX_LETTERS.indexOf(first) + n;
  return APPENDIX_LETTERS[Math.min(i, APPENDIX_LETTERS.length - 1)]!;
}
