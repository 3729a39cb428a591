/** The example programs the playground offers (the repository's examples/, one or more per language). */
import { readFile } from "node:fs/promises";
import { langFromFileName } from "../../engine/index.ts";
import type { SourceLang } from "../client/protocol.ts";
import { EXAMPLES } from "./paths.ts";

export interface Example {
  file: string;
  lang: SourceLang;
  code: string;
}

/** In the menu's order; the first is drawn when the page opens. */
const FILES = [
  "grade.py", "primes.c", "stats.cpp", "Diagonal.java", "Grades.cs", "triangle.pas", "recursion.js", "account.ts", "sort.go", "numbers.php",
  "sorting.py", "matrix.py", "menu.py", "bank.py",
];

export async function loadExamples(): Promise<Example[]> {
  return Promise.all(
    FILES.map(async (file) => ({ file, lang: langFromFileName(file) as SourceLang, code: await readFile(new URL(file, EXAMPLES), "utf8") })),
  );
}
