import { describe, expect, test } from "bun:test";
import { FONT_SIZE, LINE_SPACING, PT } from "../engine/geometry/style.ts";
import { FONTS } from "../engine/fonts.ts";
import { hasGlyph, lineHeightMm, textUnits, textWidthMm } from "../engine/text/measure.ts";
import { TINOS, TINOS_ADVANCES } from "../engine/text/metrics/tinos.ts";
import { MEMBER_START, OBJECT_END, OPERAND_END, OPERAND_START, WORD_CHAR, widestLineMm, wrapText } from "../engine/text/wrap.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const EM12 = 12 * PT; // 1 em at 12 pt in mm

describe("metrics table", () => {
  test("covers U+0020–U+04FF with sane values", () => {
    expect(TINOS.unitsPerEm).toBe(2048);
    expect(TINOS_ADVANCES.length).toBe(0x4ff - 0x20 + 1);
    expect(TINOS.ascent).toBeGreaterThan(0);
    expect(TINOS.descent).toBeLessThan(0);
    for (const a of TINOS_ADVANCES) expect(Number.isInteger(a) && a >= -1 && a <= 4096).toBe(true);
  });

  test("every font of the allowlist has all of printable ASCII (the SVG renderer skips their look-up)", () => {
    for (const { id: font } of Object.values(FONTS)) for (let c = 0x20; c < 0x7f; c++) expect(`${font} ${c} ${hasGlyph(c, font)}`).toBe(`${font} ${c} true`);
  });
});

describe("the wrapper's character classes", () => {
  test("answer every ASCII character (and a few others) as their regular expressions do", () => {
    for (const cls of [WORD_CHAR, OPERAND_END, OPERAND_START, OBJECT_END, MEMBER_START]) {
      const chars = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)), ..."»”’«“„єЇ٣\uD835"];
      for (const ch of chars) expect(`${cls.re} ${JSON.stringify(ch)} ${cls.test(ch)}`).toBe(`${cls.re} ${JSON.stringify(ch)} ${cls.re.test(ch)}`);
      expect(cls.test(undefined)).toBe(false);
    }
  });
});

describe("textWidthMm", () => {
  test("relative widths are sane", () => {
    expect(textWidthMm("М", 12)).toBeGreaterThan(textWidthMm("і", 12));
    expect(textWidthMm("W", 12)).toBeGreaterThan(textWidthMm("l", 12));
    expect(textWidthMm("", 12)).toBe(0);
    // Times New Roman digits are exactly half an em.
    expect(textWidthMm("0123456789", 12)).toBeCloseTo(5 * EM12, 9);
  });

  test("a typical label at 12 pt", () => {
    const w = textWidthMm("Ввід a, b", 12);
    expect(w).toBeGreaterThan(15);
    expect(w).toBeLessThan(30);
  });

  test("scales linearly with the size", () => {
    const s = "Обчислити суму ґ, є, і, ї";
    expect(textWidthMm(s, 24)).toBeCloseTo(2 * textWidthMm(s, 12), 9);
  });

  test("extras are measured from the font", () => {
    expect(textWidthMm("—", 12)).toBeCloseTo(EM12, 9); // em dash = 1 em
    expect(textWidthMm("≤", 12)).toBeLessThan(EM12);
    expect(textWidthMm("№", 12)).toBeGreaterThan(textWidthMm("N", 12));
    expect(textWidthMm("\u00a0", 12)).toBeCloseTo(textWidthMm(" ", 12), 9);
    expect(textWidthMm("’", 12)).toBeGreaterThan(0);
  });

  test("unknown code points are 1 em, by code point, never NaN", () => {
    expect(textWidthMm("😀", 12)).toBeCloseTo(EM12, 9); // one astral code point, two UTF-16 units
    expect(textWidthMm("中文", 12)).toBeCloseTo(2 * EM12, 9);
    expect(textWidthMm("\u0085", 12)).toBeCloseTo(EM12, 9); // C1 control: no glyph
    expect(textWidthMm("\ud800", 12)).toBeCloseTo(EM12, 9); // lone surrogate
    expect(textWidthMm("a😀b", 12)).toBeCloseTo(textWidthMm("ab", 12) + EM12, 9);
    for (const s of ["\uffff", "\u{10ffff}", "∈", "\u0000", "x\ud83d"]) {
      expect(Number.isFinite(textWidthMm(s, 12))).toBe(true);
    }
  });

  test("textUnits is additive", () => {
    expect(textUnits("ab cd")).toBe(textUnits("ab") + textUnits(" ") + textUnits("cd"));
  });

  test("lineHeightMm", () => {
    expect(lineHeightMm(FONT_SIZE)).toBeCloseTo(LINE_SPACING * FONT_SIZE * PT, 12);
    expect(lineHeightMm(12)).toBeGreaterThan(4.5);
    expect(lineHeightMm(12)).toBeLessThan(5.5);
  });
});

describe("wrapText", () => {
  const fits = (lines: string[], max: number) => lines.every((l) => textWidthMm(l, 12) <= max);

  test("short text stays on one line", () => {
    expect(wrapText("Ввід a, b", 100, 12)).toEqual(["Ввід a, b"]);
  });

  test("breaks at spaces, the space disappears", () => {
    const lines = wrapText("Обчислити середнє арифметичне елементів масиву", 30, 12);
    expect(lines.length).toBeGreaterThan(1);
    expect(fits(lines, 30)).toBe(true);
    expect(lines.join(" ")).toBe("Обчислити середнє арифметичне елементів масиву");
    for (const l of lines) expect(l).toBe(l.trim());
  });

  test("every line fits whenever each atom fits", () => {
    const text = "s := s + a[i] * b[i] - c, k := k + 1, Вивід \"Сума\", s";
    for (const max of [20, 25, 30, 40, 60]) {
      const lines = wrapText(text, max, 12);
      expect(fits(lines, max)).toBe(true);
      expect(widestLineMm(lines, 12)).toBeLessThanOrEqual(max);
    }
  });

  test("string literals and identifiers stay whole", () => {
    const lines = wrapText('print("Hello big world", very_long_identifier_name)', 10, 12);
    // Too narrow for the whole call: it breaks after its comma, never between the name and its "(";
    // the literal stays whole.
    expect(lines).toEqual(['print("Hello big world",', "very_long_identifier_name)"]);
    // Never between a name and its "(": a member access's "." is the break of last resort.
    expect(wrapText("x := obj.f(a)", 10, 12)).toEqual(["x :=", "obj", ".f(a)"]);
    expect(wrapText("x := obj.f(a)", 100, 12)).toEqual(["x := obj.f(a)"]);
    // Template brackets are no comparisons: no break before their < or >.
    expect(wrapText("vector<int> marks := {5, 4}", 15, 12)[0]).toBe("vector<int>");
    expect(wrapText("static_cast<double>(s) / n", 30, 12)).toEqual(["static_cast<double>(s)", "/ n"]);
    const single = wrapText("Вивід 'a  b  c', x", 5, 12);
    expect(single).toContain("'a  b  c',"); // inner spaces kept verbatim
  });

  test("brackets: top-level breaks first, never inside an index or a bracket that fits, never before a call's (", () => {
    // Each case is the reviews' broken line (issue 21) at a width where it happened.
    const cases: [string, number][] = [
      ["x := ord(chars[i + 1]) - ord('0')", 27],
      ["R[i1 + 1][0] := R[i1][0] + R[i1 + 1][1]", 27],
      ["y := Math.pow(x, 3) + 2 * x", 27],
      ["srand(time(NULL))", 12],
      ["print_menu()", 12],
      ["x1 := (-b + sqrt(d)) / (2 * a)", 27],
    ];
    for (const [text, width] of cases) {
      for (const line of wrapText(text, width, 12)) {
        // No line ends inside a bracket that the next line closes: every bracket opened on a line
        // is closed on it (these texts fit that way), and no line starts with "(".
        let depth = 0;
        for (const ch of line) depth += "([".includes(ch) ? 1 : ")]".includes(ch) ? -1 : 0;
        expect(`${text} → ${line}: ${depth}`).toBe(`${text} → ${line}: 0`);
        expect(line.startsWith("(") && !text.startsWith(line)).toBe(false);
      }
    }
    expect(wrapText("y := Math.pow(x, 3) + 2 * x", 27, 12)).toEqual(["y :=", "Math.pow(x, 3)", "+ 2 * x"]);
    expect(wrapText("R[i1 + 1][0] := R[i1][0] + R[i1 + 1][1]", 27, 12)).toEqual(["R[i1 + 1][0]", ":= R[i1][0]", "+ R[i1 + 1][1]"]);
    // A bracket too wide for a line breaks after its commas, one level at a time.
    expect(wrapText("f(x, 1, f(x, 1, f(x, 1, 2)))", 20, 12)).toEqual(["f(x, 1,", "f(x, 1,", "f(x, 1, 2)))"]);
    // An index too wide for any line stays whole (the symbol widens for it).
    expect(wrapText("a[i + 1 + j + k] := 0", 5, 12)).toEqual(["a[i + 1 + j + k]", ":=", "0"]);
    // A list literal's `[` is no index: a list too wide for a line breaks after its commas.
    expect(wrapText("a := [5, 3, 8, 1, 9, 2, 7, 4, 6, 10, 15, 12]", 37, 12)).toEqual(["a :=", "[5, 3, 8, 1, 9, 2, 7, 4,", "6, 10, 15, 12]"]);
    // Unmatched brackets are plain characters: the rest of the text still breaks.
    expect(wrapText("a[ b c d e", 5, 12)).toEqual(["a[", "b", "c", "d", "e"]);
  });

  test("a word apostrophe is not a quote", () => {
    expect(wrapText("м'ясо п'ять", 8, 12)).toEqual(["м'ясо", "п'ять"]);
  });

  test("numbers are not split (decimal comma, exponent)", () => {
    expect(wrapText("1,5", 1, 12)).toEqual(["1,5"]);
    expect(wrapText("x+1e-5", 1, 12)).toEqual(["x", "+1e-5"]);
  });

  test("breaks after commas and before binary operators written without spaces", () => {
    expect(wrapText("f(a,b,c)", 6, 12)).toEqual(["f(a,", "b,", "c)"]);
    expect(wrapText("x+y", 1, 12)).toEqual(["x", "+y"]);
    expect(wrapText("i++", 1, 12)).toEqual(["i++"]);
    expect(wrapText("a->b", 1, 12)).toEqual(["a->b"]);
  });

  test("a list breaks after its commas: an item that fits on a line stays whole", () => {
    const at = (expected: string[]) => widestLineMm(expected, 12);
    // Greedy filling would give `Вивід "Бал", i` / `+ 1, ": "`.
    const list = 'Вивід "Бал", i + 1, ": "';
    expect(wrapText(list, at(['Вивід "Бал", i', '+ 1, ": "']), 12)).toEqual(['Вивід "Бал",', 'i + 1, ": "']);
    // An item wider than the line still breaks inside.
    expect(wrapText("a, bbbb + cccc + dddd", at(["a, bbbb", "+ cccc", "+ dddd"]), 12)).toEqual(["a, bbbb", "+ cccc", "+ dddd"]);
    // Commas inside brackets come after the top-level spaces, and a bracket that fits a line is
    // never broken: the item too wide splits at its top-level space first.
    const nested = "Вивід g(aa, b + c), d";
    expect(wrapText(nested, at(["Вивід g(aa, b", "+ c), d"]), 12)).toEqual(["Вивід", "g(aa, b + c),", "d"]);
    // An item whose bracket does not fit a line splits at the bracket's commas.
    expect(wrapText("Вивід g(aaaa, bbbb + cccc)", at(["Вивід g(aaaa,", "bbbb + cccc)"]), 12)).toEqual(["Вивід g(aaaa,", "bbbb + cccc)"]);
    // …and only then: a call that fits on a line is not split at its own commas.
    expect(wrapText("Вивід x, f(a, bb + cc)", at(["Вивід x, f(a, bb"]), 12)).toEqual(["Вивід x,", "f(a, bb + cc)"]);
    // No list, no change: plain greedy filling.
    expect(wrapText("x = a + b", at(["x = a", "+ b"]), 12)).toEqual(["x = a", "+ b"]);
  });

  test("new sticks to the type it creates", () => {
    expect(wrapText("int[] marks := new int[n]", widestLineMm(["int[] marks", ":= new int[n]"], 12), 12)).toEqual(["int[] marks", ":= new int[n]"]);
  });

  test("spaced operators and logical words start the next line", () => {
    // The limit is the widest expected line, so a greedy filler could put more on each line.
    const check = (text: string, expected: string[]) =>
      expect(wrapText(text, widestLineMm(expected, 12), 12)).toEqual(expected);
    check("x = a + b", ["x", "= a", "+ b"]);
    check("ab і cd або ef", ["ab", "і cd", "або ef"]);
    check("a and not b", ["a", "and not b"]);
    // When the operator and its operand do not fit together, the sticky space breaks after all.
    expect(wrapText("a + b", 1, 12)).toEqual(["a", "+", "b"]);
  });

  test("an over-wide atom goes on its own line unbroken", () => {
    const lines = wrapText("x := надзвичайнодовгийідентифікатор + 1", 15, 12);
    expect(lines).toEqual(["x :=", "надзвичайнодовгийідентифікатор", "+ 1"]);
    expect(widestLineMm(lines, 12)).toBeGreaterThan(15);
  });

  test('honours "\\n"; empty lines only from "\\n\\n"', () => {
    expect(wrapText("a\nb", 100, 12)).toEqual(["a", "b"]);
    expect(wrapText("a\r\nb", 100, 12)).toEqual(["a", "b"]);
    expect(wrapText("a\n\nb", 100, 12)).toEqual(["a", "", "b"]);
    expect(wrapText("\na\n", 100, 12)).toEqual(["a"]);
    expect(wrapText("", 100, 12)).toEqual([]);
    expect(wrapText("   \t ", 100, 12)).toEqual([]);
  });

  test("whitespace runs collapse, NBSP does not break", () => {
    expect(wrapText("  a \t  b  ", 100, 12)).toEqual(["a b"]);
    expect(wrapText("№\u00a01 x", 1, 12)).toEqual(["№\u00a01", "x"]);
  });

  test("deterministic", () => {
    const text = "Поки i < n і a[i] ≠ x, виконувати i := i + 1; Вивід «Знайдено», i";
    const a = wrapText(text, 25, 12);
    for (let k = 0; k < 5; k++) expect(wrapText(text, 25, 12)).toEqual(a);
  });

  test("widestLineMm", () => {
    expect(widestLineMm([], 12)).toBe(0);
    expect(widestLineMm(["a", "Ммм", "b"], 12)).toBe(textWidthMm("Ммм", 12));
  });
});
