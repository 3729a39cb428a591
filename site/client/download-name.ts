/**
 * The name a playground download is saved as: after the opened file (`lab3.cpp` → `lab3.pdf`),
 * with the function when one is drawn (`lab3-main.pdf`); the engine's name (`flowchart.pdf`,
 * `main.pdf`) when the text came from no file.
 */
import { outputName, safeName } from "../../engine/file-names.ts";

export function downloadName(fileName: string | undefined, fn: string | undefined, engineName: string): string {
  if (fileName === undefined || fn === undefined) return outputName(fileName, fn, engineName);
  return `${safeName(fileName.replace(/\.[^.]*$/, ""))}-${engineName}`;
}
