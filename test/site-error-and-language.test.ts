/**
 * The playground's two small deciders without a browser (issue 24): the language a pasted program
 * is guessed to be in (every program of the test corpus is guessed as its own language or not at
 * all, never as another), and the engine's messages said in the site's languages.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { decodeSourceBytes } from "../engine/source-bytes.ts";
import { engineMessage, problemPlace, problemsOf } from "../site/client/error-text.ts";
import { guessLanguage } from "../site/client/guess-language.ts";
import { SOURCE_LANGS } from "../site/client/protocol.ts";
import { en } from "../site/i18n/en.ts";
import { uk } from "../site/i18n/uk.ts";

const CORPUS = new URL("./corpus/", import.meta.url);

describe("guessLanguage", () => {
  test("each corpus program is guessed as its own language (or left undecided), never as another", () => {
    let guessed = 0;
    let total = 0;
    const wrong: string[] = [];
    for (const lang of SOURCE_LANGS) {
      for (const file of readdirSync(new URL(`${lang}/`, CORPUS))) {
        const code = decodeSourceBytes(new Uint8Array(readFileSync(new URL(`${lang}/${file}`, CORPUS)))).text;
        const guess = guessLanguage(code);
        total++;
        if (guess === lang) guessed++;
        else if (guess !== null) wrong.push(`${lang}/${file} → ${guess}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(guessed / total).toBeGreaterThan(0.9);
  });

  test("the marks the issue names decide; a fragment decides nothing", () => {
    expect(guessLanguage("#include <iostream>\nusing namespace std;\nint main() { cout << 1; }\n")).toBe("cpp");
    expect(guessLanguage("#include <stdio.h>\nint main(void) { printf(\"1\"); return 0; }\n")).toBe("c");
    expect(guessLanguage("def f(x):\n    return x\n\nfor i in range(3):\n    print(f(i))\n")).toBe("python");
    expect(guessLanguage("program P;\nbegin\n  writeln(1);\nend.\n")).toBe("pascal");
    expect(guessLanguage("public class A {\n  public static void main(String[] args) { System.out.println(1); }\n}\n")).toBe("java");
    expect(guessLanguage("using System;\nclass A { static void Main() { Console.WriteLine(1); } }\n")).toBe("csharp");
    expect(guessLanguage("const n = Number(prompt('n'));\nconsole.log(n * 2);\n")).toBe("javascript");
    expect(guessLanguage("function twice(x: number): number {\n  return x * 2;\n}\nconsole.log(twice(3));\n")).toBe("typescript");
    expect(guessLanguage("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1)\n}\n")).toBe("go");
    expect(guessLanguage("<?php\n$n = 5;\necho $n * 2;\n")).toBe("php");
    expect(guessLanguage("x = 1\n")).toBeNull();
    expect(guessLanguage("")).toBeNull();
  });
});

describe("engine messages in the site's language", () => {
  const recovered = " (the chart is drawn; a statement that could not be read is a process block with its source text)";
  test("syntax errors: missing, unclosed, unexpected, end of input, expected … but found, jumps outside a loop", () => {
    const cases: [string, string, string][] = [
      ['syntax error at line 8, column 23: missing ")"', "синтаксична помилка: бракує «)»", 'syntax error: missing ")"'],
      [`syntax error at line 8, column 23: "(" was never closed${recovered}`, "синтаксична помилка: дужку «(» не закрито", 'syntax error: "(" is never closed'],
      ["syntax error at line 2, column 1: unexpected foo bar and 2 more", "синтаксична помилка: незрозуміле місце «foo bar», і ще 2", 'syntax error: unexpected "foo bar", and 2 more'],
      ["syntax error at line 9, column 1: end of input", "синтаксична помилка: програма обривається раніше, ніж має", "syntax error: the program ends too early"],
      ["syntax error at line 3, column 1: expected 'end' but found end of file", "синтаксична помилка: очікувалося «end», а тут кінець файлу", 'syntax error: expected "end" but found the end of the file'],
      ["syntax error at line 4, column 5: break outside a loop", "синтаксична помилка: «break» поза циклом", 'syntax error: "break" outside a loop'],
      ["chart too large: more than 5000 symbols", "схема завелика: more than 5000 symbols", "chart too large: more than 5000 symbols"],
      ["source is empty", "немає чого малювати: у програмі немає операторів", "nothing to draw: the program has no statements"],
      ["something new the engine says", "something new the engine says", "something new the engine says"],
    ];
    for (const [message, ukrainian, english] of cases) {
      expect(engineMessage(message, uk.client.engine)).toBe(ukrainian);
      expect(engineMessage(message, en.client.engine)).toBe(english);
    }
  });

  test("one bracket that broke two functions is one problem naming both, at its line", () => {
    const message = 'syntax error at line 8, column 23: "(" was never closed';
    const problems = problemsOf([
      { name: "__main__", message, line: 8, col: 23, recovered: true },
      { name: "main", message, line: 8, col: 23, recovered: true },
      { name: "other", message: "syntax error at line 20, column 1: missing \":\"", line: 20, col: 1 },
    ]);
    expect(problems.map((p) => problemPlace(p, uk.client.engine))).toEqual(["__main__, main, рядок 8", "other, рядок 20"]);
    expect(problemPlace(problems[1]!, en.client.engine)).toBe("other, line 20");
  });
});
