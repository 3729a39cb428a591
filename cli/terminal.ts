/**
 * How the CLI's lines look on stderr (issue 24): errors in red, warnings in yellow, everything else
 * (what was written, notes) plain — and colour only on a terminal, never with NO_COLOR set
 * (no-color.org). Written with Bun's console.warn, which prints a string as it is: console.error
 * painted every line red on a terminal, success included, and process.stderr costs ≈ 2 ms of a
 * start to create (issue 14).
 */

export type Tone = "plain" | "warning" | "error";

const CODES: Record<Exclude<Tone, "plain">, string> = { warning: "\u001b[33m", error: "\u001b[31m" };
const RESET = "\u001b[39m";

/** Whether stderr takes colour: a terminal, and NO_COLOR not set to anything but "". */
export function stderrColours(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  return isTTY && !env.NO_COLOR;
}

export function paint(text: string, tone: Tone, colours: boolean): string {
  return colours && tone !== "plain" ? `${CODES[tone]}${text}${RESET}` : text;
}

/** One line (or several) on stderr, in its tone. */
export function toStderr(text: string, tone: Tone, colours: boolean): void {
  console.warn(paint(text, tone, colours));
}
