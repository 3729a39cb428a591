/**
 * client/api.ts on its own: typed answers and ApiError (code, status, message, Retry-After) from a
 * real server; the rate_limited retry against a loopback endpoint that limits the first call only
 * (the real limiter's window is a minute, too long to wait for in a test); Content-Disposition names.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ApiError, filenameOf, NetworkError, SkhemaClient } from "../client/api.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "2" });
});
afterAll(() => server.stop());

describe("SkhemaClient against the server", () => {
  test("render: the file with its name and X-Credits-Left; renderJson and an upload", async () => {
    const { key } = await server.user({ credits: 10 });
    const client = new SkhemaClient({ baseUrl: `${server.url}/`, key });
    const file = await client.render({ code: "print(1)\n", lang: "python" });
    expect(file).toMatchObject({ filename: "flowchart.svg", contentType: "image/svg+xml", creditsLeft: 9 });
    expect(new TextDecoder().decode(file.data)).toContain("<svg");
    const json = await client.renderJson({ file: { name: "лаба.py", data: "print(2)\n" }, format: "json", options: { locale: "en" } });
    expect(json).toMatchObject({ format: "json", lang: "python", filename: "лаба.json", encoding: "utf-8", creditsLeft: 8 });
    const sent: number[] = [];
    const received: number[] = [];
    const items = [{ code: "print(1)\n", lang: "python" as const }, { code: `# ${"a".repeat(200_000)}\nprint(2)\n`, lang: "python" as const, name: "big" }];
    const batch = await client.batch({ items, format: "pdf" }, {
      onProgress: (p) => (p.phase === "sending" ? sent.push(p.itemsSent) : received.push(p.received)),
    });
    expect(batch).toMatchObject({ contentType: "application/pdf", rendered: 2, failed: 0, creditsLeft: 6 });
    // The body goes out in chunks: the first item is counted before the second one's 200 KB (a comment).
    expect(sent).toEqual([1, 2]);
    expect(received.at(-1)).toBe(batch.data.byteLength);
  });

  test("ApiError carries code, status, message, Retry-After and proFeatures", async () => {
    const { key } = await server.user({ credits: 1 });
    const client = new SkhemaClient({ baseUrl: server.url, key });
    const pro = await client.render({ code: "print(1)\n", lang: "python", options: { yes: "Ага" } }).catch((e: unknown) => e);
    expect(pro).toBeInstanceOf(ApiError);
    expect(pro).toMatchObject({ code: "pro_required", status: 402, proFeatures: ["yes"] });
    await client.me();
    await client.me();
    const limited = await client.me().catch((e: unknown) => e);
    expect(limited).toMatchObject({ code: "rate_limited", status: 429 });
    expect((limited as ApiError).retryAfter).toBeGreaterThan(0);
    expect((limited as ApiError).message).not.toBe("");
    const unauthorized = await new SkhemaClient({ baseUrl: server.url }).me().catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ code: "unauthorized", status: 401 });
    const network = await new SkhemaClient({ baseUrl: "http://127.0.0.1:9/v1", key }).me().catch((e: unknown) => e);
    expect(network).toBeInstanceOf(NetworkError);
  });
});

describe("rate_limited retry", () => {
  /** A loopback endpoint answering 429 (Retry-After: 1) to the first `limited` calls of GET /me. */
  function limitedService(limited: number) {
    let calls = 0;
    const service = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () =>
        ++calls <= limited
          ? Response.json({ error: "slow down", code: "rate_limited" }, { status: 429, headers: { "retry-after": "1" } })
          : Response.json({ email: "a@example.com", name: "A", credits: 3, pro: false, proUntil: "" }),
    });
    return { url: `http://127.0.0.1:${service.port}/v1`, calls: () => calls, stop: () => service.stop(true) };
  }

  test("waits for Retry-After and tries again, as many times as allowed", async () => {
    const service = limitedService(1);
    try {
      const waits: number[] = [];
      const client = new SkhemaClient({ baseUrl: service.url, key: "rk_x", rateLimitRetries: 3, onRetry: (s) => waits.push(s) });
      expect((await client.me()).credits).toBe(3);
      expect(waits).toEqual([1]);
      expect(service.calls()).toBe(2);
    } finally {
      await service.stop();
    }
  });

  test("gives up after the allowed tries, or at once without retries or when Retry-After is too long", async () => {
    const service = limitedService(10);
    try {
      const once = await new SkhemaClient({ baseUrl: service.url, key: "rk_x" }).me().catch((e: unknown) => e);
      expect(once).toMatchObject({ code: "rate_limited", retryAfter: 1 });
      expect(service.calls()).toBe(1);
      const twice = await new SkhemaClient({ baseUrl: service.url, key: "rk_x", rateLimitRetries: 1 }).me().catch((e: unknown) => e);
      expect(twice).toMatchObject({ code: "rate_limited" });
      expect(service.calls()).toBe(3);
      const impatient = await new SkhemaClient({ baseUrl: service.url, key: "rk_x", rateLimitRetries: 5, maxRetryWaitSeconds: 0 }).me().catch((e: unknown) => e);
      expect(impatient).toMatchObject({ code: "rate_limited" });
      expect(service.calls()).toBe(4);
    } finally {
      await service.stop();
    }
  });
});

test("filenameOf: RFC 5987 name first, ASCII fallback, never a path", () => {
  expect(filenameOf(`attachment; filename="____.svg"; filename*=UTF-8''%D0%BB%D0%B0%D0%B1%D0%B0.svg`)).toBe("лаба.svg");
  expect(filenameOf('attachment; filename="lab.pdf"')).toBe("lab.pdf");
  expect(filenameOf("attachment; filename=lab.zip")).toBe("lab.zip");
  expect(filenameOf(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe("passwd");
  expect(filenameOf('attachment; filename=".."')).toBeUndefined();
  expect(filenameOf(null)).toBeUndefined();
});
