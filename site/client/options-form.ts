/**
 * The playground's options form read as engine options — shared by the chart preview (playground.ts)
 * and the report panel (report.ts), so both draw with the same choices.
 */
import type { Options } from "../../engine/options.ts";

/** The options form as engine options: unchecked boxes and empty texts are left out (defaults). */
export function readOptions(optionsForm: HTMLFormElement): { options: Options; font: string; split: boolean } {
  const form = new FormData(optionsForm);
  const options: Record<string, unknown> = {};
  for (const name of ["singleEnd", "mainOnlyTerminators", "callAsProcess", "stripTypes", "returnAsIO", "verbatim"]) {
    if (form.get(name) === "on") options[name] = true;
  }
  options.locale = form.get("locale") === "en" ? "en" : "uk";
  const figStart = Number(form.get("figStart"));
  if (Number.isInteger(figStart) && figStart >= 0 && figStart !== 1) options.figStart = figStart;
  const forFormat = String(form.get("forFormat") ?? "comma");
  if (forFormat !== "comma") options.forFormat = forFormat;
  for (const input of optionsForm.querySelectorAll<HTMLInputElement>("fieldset input[type=text]")) {
    const value = input.value.trim();
    if (value) options[input.name] = value;
  }
  return { options: options as Options, font: String(form.get("font") ?? "Times New Roman"), split: form.get("split") === "on" };
}
