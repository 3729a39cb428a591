/**
 * Source files in the encodings students save them in (engine/source-bytes.ts): BOMs first, valid
 * UTF-8 as UTF-8, else the most plausible of Windows-1251, CP866 and KOI8-U; anything else is a
 * bad_request that names the problem. The 8-bit samples are encoded by iconv, as a student's editor would.
 */
import { describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { decodeSourceBytes } from "../engine/source-bytes.ts";
import { EngineError } from "../engine/errors.ts";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { cpuClock } from "./support/cpu-time.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const ROOT = new URL("../", import.meta.url).pathname;
const iconv = (text: string, encoding: string) => new Uint8Array(execFileSync("iconv", ["-f", "UTF-8", "-t", encoding], { input: text }));
const ICONV_NAMES = { "windows-1251": "CP1251", cp866: "CP866", "koi8-u": "KOI8-U" } as const;

const refusal = (bytes: Uint8Array): EngineError => {
  try {
    decodeSourceBytes(bytes);
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error("decoded");
};

// Whole programs, single prompt lines and Latin code with a few Cyrillic words; Ukrainian and Russian.
const UKRAINIAN = [
  '#include <stdio.h>\n#include <locale.h>\n// Лабораторна робота №1, варіант 7\nint main() {\n    setlocale(LC_ALL, "Ukrainian");\n    int n;\n    printf("Введіть n: ");\n    scanf("%d", &n);\n    if (n % 2 == 0) printf("Число парне\\n"); else printf("Число непарне\\n");\n    return 0;\n}\n',
  'writeln(\'Сума ряду = \', s:0:4);',
  'cout << "Масив відсортовано!" << endl;',
  'Console.WriteLine("Результат: {0}", y); // вивід результату',
  '{ ПОМИЛКА }',
  'printf("\\nЇжак їсть яблуко, є ґудзик");',
  "s = 'м'ясо'",
  'print("Що")',
  'int x = 5; // ціле',
];
const RUSSIAN = [
  "program Digits;\n{ Лабораторная работа: сумма цифр числа }\nvar n, s: integer;\nbegin\n  Write('Введите число: ');\n  ReadLn(n);\n  s := 0;\n  while n > 0 do begin s := s + n mod 10; n := n div 10 end;\n  WriteLn('Сумма цифр: ', s);\nend.\n",
  'printf("\\nВведите размер массива: ");',
  'cout << "Ошибка ввода" << endl;',
  'x = "Так"',
];

describe("8-bit code pages", () => {
  for (const [encoding, iconvName] of Object.entries(ICONV_NAMES)) {
    // CP866 has no і, ї, ґ (DOS Ukrainian used other code pages); KOI8-U has no №.
    const missing = { cp866: /[іїґІЇҐ]/, "koi8-u": /№/, "windows-1251": /$^/ }[encoding as keyof typeof ICONV_NAMES];
    const samples = [...UKRAINIAN, ...RUSSIAN].filter((s) => !missing.test(s));
    for (const text of samples) {
      test(`${encoding}: ${JSON.stringify(text.split("\n").find((l) => /[а-яіїєґ]/i.test(l)))}`, () => {
        expect(decodeSourceBytes(iconv(text, iconvName))).toEqual({ text, encoding: encoding as keyof typeof ICONV_NAMES });
      });
    }
  }

  test("CRLF and line numbers stay as they were: one character per byte", () => {
    const text = "// рядок 1\r\n// рядок 2\r\nx = 1\r\n";
    const decoded = decodeSourceBytes(iconv(text, "CP1251"));
    expect(decoded.text).toBe(text);
    expect(decoded.text.split("\n")[2]).toBe("x = 1\r");
  });

  test("the tables agree with TextDecoder's but for KOI8-U 0xAE/0xBE (box drawing as in RFC 2319 and iconv, not WHATWG's ў/Ў)", () => {
    const upper = new Uint8Array(128).map((_, i) => 0x80 + i);
    for (const encoding of ["windows-1251", "cp866", "koi8-u"] as const) {
      const ours = [...upper].map((b) => decodeOne(b, encoding));
      const host = [...new TextDecoder(encoding === "cp866" ? "ibm866" : encoding).decode(upper)];
      const differ = ours.flatMap((c, i) => (c === host[i] ? [] : [(0x80 + i).toString(16)]));
      expect(differ).toEqual(encoding === "koi8-u" ? ["ae", "be"] : []);
    }
    expect(new TextDecoder().decode(iconv("╝╬", "KOI8-U"))).not.toBe("╝╬"); // the bytes are not UTF-8…
    expect(decodeSourceBytes(new Uint8Array([...iconv("// ╝╬ кінець", "KOI8-U")])).text).toBe("// ╝╬ кінець"); // …and read as iconv wrote them
  });

  test("one or two letters, which case and frequency cannot tell apart, go to Windows-1251 (the common one)", () => {
    expect(decodeSourceBytes(iconv('s = "Г"', "CP1251"))).toEqual({ text: 's = "Г"', encoding: "windows-1251" });
    expect(decodeSourceBytes(iconv('puts("ОК");', "CP1251"))).toEqual({ text: 'puts("ОК");', encoding: "windows-1251" });
  });

  test("a big file decodes in linear time (1 MiB of prompts)", () => {
    const line = 'printf("Введіть кількість елементів: ");\n';
    const bytes = iconv(line.repeat(Math.floor(1024 * 1024 / line.length / 1.5)), "CP1251");
    const cpu = cpuClock();
    expect(decodeSourceBytes(bytes).encoding).toBe("windows-1251");
    expect(cpu()).toBeLessThan(5_000); // generous: a quadratic walk would take minutes
  });
});

/** One byte through the module, after a comment that settles the code page. */
const ANCHORS = {
  "windows-1251": iconv("// Лабораторна робота: введення і виведення ", "CP1251"),
  "koi8-u": iconv("// Лабораторна робота: введення і виведення ", "KOI8-U"),
  cp866: iconv("// Лабораторная работа: ввод и вывод данных ", "CP866"),
};
function decodeOne(byte: number, encoding: keyof typeof ANCHORS): string {
  const text = decodeSourceBytes(new Uint8Array([...ANCHORS[encoding], 0x20, byte, 0x20])).text;
  return text.slice(-2, -1);
}

describe("Unicode", () => {
  const text = 'print("Привіт, світе!")\n';

  test("UTF-8 without a BOM", () => {
    expect(decodeSourceBytes(new TextEncoder().encode(text))).toEqual({ text, encoding: "utf-8" });
  });

  test("UTF-8 with a BOM: the BOM is dropped, not a character of line 1", () => {
    expect(decodeSourceBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({ text, encoding: "utf-8" });
  });

  test("UTF-16 LE and BE with a BOM (Notepad's «Unicode» and «Unicode big endian»)", () => {
    expect(decodeSourceBytes(iconv(text, "UTF-16LE").length ? new Uint8Array([0xff, 0xfe, ...iconv(text, "UTF-16LE")]) : new Uint8Array())).toEqual({ text, encoding: "utf-16le" });
    expect(decodeSourceBytes(new Uint8Array([0xfe, 0xff, ...iconv(text, "UTF-16BE")]))).toEqual({ text, encoding: "utf-16be" });
  });

  test("ASCII is UTF-8", () => {
    expect(decodeSourceBytes(new TextEncoder().encode("x = 1\n")).encoding).toBe("utf-8");
  });
});

/** Deterministic pseudo-random bytes (the high bits of a linear congruential generator). */
function noise(length: number, seed = 11): Uint8Array {
  return new Uint8Array(length).map(() => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 23);
}

describe("every host decodes alike", () => {
  const files = ["c/20_cp1251_devcpp_average.c", "c/21_koi8u_linux_primes.c", "pascal/lab23_cp866_turbo_digits.pas", "java/lab20_utf16_notepad_grades.java"].map((f) => `test/corpus/${f}`);
  const run = async (command: string[]) => {
    const child = Bun.spawn([...command, "test/hosts/decode-sources.ts", ...files], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    if (code !== 0) throw new Error(err);
    return JSON.parse(out) as unknown;
  };
  const onBun = () => Promise.all(files.map(async (f) => decodeSourceBytes(await Bun.file(`${ROOT}${f}`).bytes())));

  test("Node (its strip-only type stripping) and Deno give Bun's texts and encodings", async () => {
    const bun = await onBun();
    expect(bun.map((d) => d.encoding)).toEqual(["windows-1251", "koi8-u", "cp866", "utf-16le"]);
    expect(await run(["node", "--import", "./test/hosts/node-strip-types.mjs"])).toEqual(bun);
    expect(await run([`${ROOT}node_modules/.bin/deno`, "run", "--allow-read"])).toEqual(bun);
  }, 120_000);
});

describe("line numbers of errors after decoding", () => {
  // A syntax error on line 4 (the unclosed call), after CRLF lines and a BOM or an 8-bit comment.
  const program = "# Лабораторна 1\r\nn = int(input('Введіть n: '))\r\nif n > 0:\r\n    print('Додатне'\r\n";
  const cases: [string, Uint8Array][] = [
    ["Windows-1251", iconv(program, "CP1251")],
    ["UTF-8 with a BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(program)])],
    ["UTF-16 LE with a BOM", new Uint8Array([0xff, 0xfe, ...iconv(program, "UTF-16LE")])],
  ];
  for (const [name, code] of cases) {
    test(name, async () => {
      // The chart is drawn around the unreadable statement (a recovered function); its warning names the line.
      const result = await render({ code, lang: "python" }, bunAssets).catch((e: unknown) => e);
      const errors = result instanceof EngineError ? result.functionErrors : (result as Awaited<ReturnType<typeof render>>).errors;
      expect(errors.map((e) => e.line)).toEqual([4]);
    });
  }
});

describe("not text → bad_request naming the problem", () => {
  test("NUL bytes, with where the first one is", () => {
    const e = refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    expect(e.code).toBe("bad_request");
    expect(e.message).toBe("the file is not text: it contains NUL bytes at byte 8");
  });

  test("UTF-16 without a BOM is recognised as such", () => {
    expect(refusal(iconv("x = 1\n", "UTF-16LE")).message).toContain("UTF-16 without a byte order mark");
  });

  test("a UTF-16 BOM with an odd number of bytes, or a broken surrogate pair", () => {
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42])).message).toBe("the file starts with a UTF-16 LE byte order mark but is not valid UTF-16 LE: it has an odd number of bytes");
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00])).message).toContain("broken surrogate pair");
    expect(refusal(new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00, 0x00])).message).toContain("NUL character");
  });

  test("a UTF-8 BOM before bytes that are not UTF-8", () => {
    expect(refusal(new Uint8Array([0xef, 0xbb, 0xbf, 0x78, 0xc3, 0x28])).message).toBe("the file starts with a UTF-8 byte order mark but is not valid UTF-8");
  });

  test("control bytes of binary data", () => {
    expect(refusal(new Uint8Array([0x78, 0x03, 0xd0, 0xff])).message).toBe("the file is not text: it contains the control byte 0x03 at byte 1");
  });

  test("bytes that read as no language in any code page", () => {
    const garbage = noise(2048).map((b) => 0x80 | b);
    const e = refusal(garbage);
    expect(e.code).toBe("bad_request");
    expect(e.message).toBe("the file is not valid in any supported encoding (UTF-8, UTF-16 with a BOM, Windows-1251, CP866, KOI8-U)");
  });

  test("random binary data of every byte value", () => {
    for (let n = 0; n < 20; n++) expect(refusal(noise(512, n)).code).toBe("bad_request");
  });
});
