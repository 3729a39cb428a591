/**
 * The font name an editing application (Word, LibreOffice, draw.io, Visio) is given for a geometry's
 * font: the metric twins we measure with map back to the Microsoft originals the student's machine
 * has, so the text takes the widths it was wrapped at.
 */
const TWINS: Readonly<Record<string, string>> = { Tinos: "Times New Roman", Arimo: "Arial", Cousine: "Courier New" };

export function wordFamily(family: string): string {
  return TWINS[family] ?? family;
}
