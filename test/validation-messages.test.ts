/**
 * Validation errors read as sentences (issue 24: "qty: Too small: expected number to be >=1" became
 * "qty must be at least 1"), from the one formatter (engine/issue-text.ts) that the API's 400 answers
 * and the engine's option errors share; the error codes of interface.md §7 stay as they were.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { z } from "zod";
import { render } from "../engine/index.ts";
import { EngineError } from "../engine/errors.ts";
import { issuesText } from "../engine/issue-text.ts";
import { bunAssets } from "../hosts/bun.ts";
import { expectError, postJson, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const sentences = (schema: z.ZodType, value: unknown, root?: string) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected the value to be refused");
  return issuesText(parsed.error.issues, root);
};

describe("the formatter", () => {
  const Shape = z.strictObject({
    qty: z.number().int().min(1).max(1000),
    name: z.string().min(1).max(3),
    tags: z.array(z.string()).min(2).max(3),
    email: z.email(),
    lang: z.enum(["python", "c"]),
    kind: z.literal("x"),
    nested: z.strictObject({ deep: z.boolean() }),
  });
  const valid = { qty: 1, name: "ab", tags: ["a", "b"], email: "a@example.com", lang: "c", kind: "x", nested: { deep: true } };

  test("each kind of issue is a sentence that names its field", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ qty: 0 }, "qty must be at least 1"],
      [{ qty: 1001 }, "qty must be at most 1000"],
      [{ qty: 1.5 }, "qty must be a whole number"],
      [{ qty: "5" }, "qty must be a number"],
      [{ name: "" }, "name must not be empty"],
      [{ name: "abcd" }, "name must have at most 3 characters"],
      [{ tags: ["a"] }, "tags must have at least 2 items"],
      [{ tags: 5 }, "tags must be a list"],
      [{ email: "nobody" }, "email must be an e-mail address"],
      [{ lang: "go" }, 'lang must be one of "python", "c"'],
      [{ kind: "y" }, 'kind must be "x"'],
      [{ nested: { deep: 1 } }, "nested.deep must be true or false"],
      [{ nested: { deep: true, colour: 1 } }, 'nested has no field "colour"'],
      [{ extra: 1 }, 'the request has no field "extra"'],
    ];
    for (const [change, sentence] of cases) expect(sentences(Shape, { ...valid, ...change })).toBe(sentence);
    const { qty: _, ...withoutQty } = valid;
    expect(sentences(Shape, withoutQty)).toBe("qty is missing");
    expect(sentences(Shape, 5)).toBe("the request must be a JSON object");
  });

  test("several issues are joined; a root names where the fields are; no zod wording is left", () => {
    const text = sentences(Shape, { ...valid, qty: 0, name: "" }, "options");
    expect(text).toBe("options.qty must be at least 1; options.name must not be empty");
    expect(text).not.toMatch(/Too small|Invalid input|expected/);
  });
});

describe("the engine's options (what skhema render --local shows)", () => {
  test("an option out of range is bad_request with a sentence", async () => {
    const error = await render({ code: "x = 1\n", lang: "python", options: { figStart: -1 } }, bunAssets).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe("bad_request");
    expect((error as EngineError).message).toBe("invalid options: options.figStart must be at least 0");
  });
});

describe("the API's 400 answers", () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startServer();
    key = (await server.user({ credits: 5 })).key;
  });
  afterAll(() => server.stop());

  test("bad_qty, bad_email and bad_request keep their codes and read as sentences", async () => {
    const qty = await expectError(await postJson(`${server.url}/gift`, key, { email: "friend@example.com", qty: 0 }), 400, "bad_qty");
    expect(qty.error).toBe("qty must be at least 1");
    const email = await expectError(await postJson(`${server.url}/gift`, key, { email: "friend", qty: 1 }), 400, "bad_email");
    expect(email.error).toBe("email must be an e-mail address");
    const scale = await expectError(await postJson(`${server.url}/render`, key, { code: "x = 1\n", lang: "python", format: "png", scale: 99 }), 400, "bad_request");
    expect(scale.error).toBe("scale must be at most 10");
    const options = await expectError(await postJson(`${server.url}/render`, key, { code: "x = 1\n", lang: "python", options: { colour: "red" } }), 400, "bad_request");
    expect(options.error).toBe('options has no field "colour"');
    const batch = await expectError(await postJson(`${server.url}/render/batch`, key, { items: [] }), 400, "bad_request");
    expect(batch.error).toBe("items must not be empty");
  });
});
