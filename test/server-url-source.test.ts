/**
 * The URL source fetcher. Traffic goes to loopback only: the success cases use a local Bun server
 * admitted by a test policy; cases with public hosts either are refused before any fetch (asserted
 * with a fetch spy that fails the test if called) or run against a scripted fetch, with injected DNS.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import type { Server, TCPSocketListener } from "bun";
import { isIpLiteral, isPrivateAddress } from "../server/sources/private-address.ts";
import {
  DEFAULT_SOURCE_HOSTS,
  SourceError,
  defaultSourcePolicy,
  fetchSource,
  fileNameFromUrl,
  normaliseSourceUrl,
  parseSourceHosts,
  type FetchedSource,
  type SourcePolicy,
} from "../server/sources/url-source.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const MiB = 1048576;
const PUBLIC_IP = "185.199.108.133"; // one of raw.githubusercontent.com's addresses

/** The SourceError message `run` fails with. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return (error as Error).message;
  }
  throw new Error("expected a SourceError");
}

/** Policy for public hosts whose DNS answers are injected, so no real lookup happens. */
function publicPolicy(answers: readonly string[] = [PUBLIC_IP], overrides: Partial<SourcePolicy> = {}): SourcePolicy {
  return { ...defaultSourcePolicy(), resolve: async () => [...answers], ...overrides };
}

/** Replaces the global fetch; the cast drops Bun's extra `fetch.preconnect`, which the code under test never uses. */
function stubFetch(answer: (href: string) => Promise<Response>) {
  return spyOn(globalThis, "fetch").mockImplementation(((input: RequestInfo | URL) =>
    answer(input instanceof Request ? input.url : String(input))) as typeof fetch);
}

/** The refusal of `raw`, which must come before any fetch (a fetch fails the test). */
async function refusedBeforeFetch(raw: string, policy: SourcePolicy): Promise<string> {
  const spy = stubFetch(() => Promise.reject(new Error("this test must not fetch")));
  try {
    const message = await refusal(() => fetchSource(raw, policy));
    expect(spy).not.toHaveBeenCalled();
    return message;
  } finally {
    spy.mockRestore();
  }
}

/** Runs `run` with fetch answering from `script` (by URL); returns the URLs fetched. */
async function withScriptedFetch(script: Record<string, () => Response>, run: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const spy = stubFetch(async (href) => {
    calls.push(href);
    const answer = script[href];
    if (!answer) throw new Error(`unscripted fetch: ${href}`);
    return answer();
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return calls;
}

const redirectTo = (location: string, status = 302) => () => new Response(null, { status, headers: { location } });
const RAW_FILE = "https://raw.githubusercontent.com/o/r/main/a.py";

describe("parseSourceHosts and the default policy", () => {
  test("unset or blank means the five default hosts", () => {
    const defaults = ["raw.githubusercontent.com", "gist.githubusercontent.com", "gitlab.com", "bitbucket.org", "codeberg.org"];
    expect([...DEFAULT_SOURCE_HOSTS]).toEqual(defaults);
    for (const value of [undefined, "", "  ", " , ,"]) expect(parseSourceHosts(value)).toEqual(defaults);
  });

  test("entries are trimmed, lower-cased and put in URL.host form", () => {
    expect(parseSourceHosts(" Example.ORG , gitlab.com:443,127.0.0.1:8080 ")).toEqual(["example.org", "gitlab.com", "127.0.0.1:8080"]);
  });

  test("entries that are not a bare host or host:port throw", () => {
    for (const value of ["https://gitlab.com", "gitlab.com/group", "user@gitlab.com", "gitlab.com:99999", "git lab.com"]) {
      expect(() => parseSourceHosts(value)).toThrow("is not a host or host:port");
    }
  });

  test("the default policy: https only, no private addresses, 10 s, 1 MiB", () => {
    const policy = defaultSourcePolicy();
    expect(policy).toEqual({ hosts: DEFAULT_SOURCE_HOSTS, allowHttp: false, allowPrivate: false, timeoutMs: 10_000, maxBytes: MiB });
  });
});

describe("normaliseSourceUrl", () => {
  test("a GitHub blob link becomes its raw file", () => {
    expect(normaliseSourceUrl("https://github.com/octo/lab/blob/main/src/sort.py").href).toBe(
      "https://raw.githubusercontent.com/octo/lab/main/src/sort.py",
    );
  });

  test("the blob link's query and fragment are dropped; refs with slashes and encoded names survive", () => {
    expect(normaliseSourceUrl("https://github.com/octo/lab/blob/main/a.py?raw=true#L10").href).toBe(
      "https://raw.githubusercontent.com/octo/lab/main/a.py",
    );
    expect(normaliseSourceUrl("https://github.com/octo/lab/blob/feature/x/my%20file.c?plain=1").href).toBe(
      "https://raw.githubusercontent.com/octo/lab/feature/x/my%20file.c",
    );
  });

  test("other GitHub pages and http GitHub links are left alone (and refused later)", () => {
    for (const raw of ["https://github.com/octo/lab", "https://github.com/octo/lab/tree/main/src", "http://github.com/octo/lab/blob/main/a.py"]) {
      expect(normaliseSourceUrl(raw).href).toBe(raw);
    }
  });

  test("fileNameFromUrl: the decoded last segment, never a path, tolerant of bad escapes", () => {
    const name = (raw: string) => fileNameFromUrl(normaliseSourceUrl(raw));
    expect(name("https://github.com/o/r/blob/main/src/my%20sort.py?raw=true")).toBe("my sort.py");
    expect(name("https://gitlab.com/g/p/-/raw/main/..%2F..%2Fetc%2Fpasswd")).toBe("passwd");
    expect(name("https://gitlab.com/g/p/-/raw/main/dir%5Cprog.cs")).toBe("prog.cs");
    expect(name("https://gitlab.com/g/p/-/raw/main/bad%E0%A4%A.c")).toBe("bad%E0%A4%A.c");
    expect(name("https://gitlab.com/g/p/-/raw/main/")).toBe("");
  });

  test("other URLs keep their query but lose the fragment", () => {
    expect(normaliseSourceUrl("https://gitlab.com/g/p/-/raw/main/a.py?inline=false#top").href).toBe(
      "https://gitlab.com/g/p/-/raw/main/a.py?inline=false",
    );
  });

  test("text that is not an absolute URL is refused", async () => {
    for (const raw of ["", "not a url", "/relative/a.py", "https://"]) {
      expect(await refusal(async () => normaliseSourceUrl(raw))).toBe("not a valid URL");
    }
  });
});

describe("refusals before any fetch", () => {
  test("http, and schemes other than https, are refused by default", async () => {
    expect(await refusedBeforeFetch("http://raw.githubusercontent.com/o/r/main/a.py", publicPolicy())).toBe(
      "only https URLs are allowed (got http)",
    );
    for (const raw of ["ftp://gitlab.com/a.py", "file:///etc/passwd", "data:text/plain,print(1)"]) {
      expect(await refusedBeforeFetch(raw, publicPolicy())).toStartWith("only https URLs are allowed");
    }
  });

  test("credentials in the URL are refused", async () => {
    for (const raw of ["https://user:pass@gitlab.com/a.py", "https://token@gitlab.com/a.py"]) {
      expect(await refusedBeforeFetch(raw, publicPolicy())).toBe("URLs with credentials (user:password@) are not allowed");
    }
  });

  test("hosts outside the allowlist are refused, naming the allowed ones", async () => {
    const message = await refusedBeforeFetch("https://example.com/a.py", publicPolicy());
    expect(message).toBe(`host not allowed: example.com (allowed: ${DEFAULT_SOURCE_HOSTS.join(", ")})`);
    for (const host of ["github.com", "api.github.com", "www.gitlab.com", "gitlab.com.evil.test", "gitlab.com.", "codeberg.org.evil.test"]) {
      expect(await refusedBeforeFetch(`https://${host}/a.py`, publicPolicy())).toStartWith(`host not allowed: ${host} `);
    }
  });

  test("a GitHub page that is not a blob is refused as github.com", async () => {
    expect(await refusedBeforeFetch("https://github.com/octo/lab", publicPolicy())).toStartWith("host not allowed: github.com ");
  });

  test("a non-default port is refused unless the policy names it", async () => {
    expect(await refusedBeforeFetch("https://gitlab.com:8443/a.py", publicPolicy())).toBe(
      "port 8443 is not allowed for gitlab.com (default port only)",
    );
    expect(await refusedBeforeFetch("https://example.org:8443/a.py", publicPolicy(["10.0.0.1"], { hosts: ["example.org:8443"] }))).toBe(
      "host resolves to a private address: example.org",
    );
  });

  test("the allowlist comes from the policy", async () => {
    const policy = publicPolicy([PUBLIC_IP], { hosts: ["example.org"] });
    expect(await refusedBeforeFetch("https://gitlab.com/a.py", policy)).toBe("host not allowed: gitlab.com (allowed: example.org)");
  });

  const nonPublic = [
    "0.0.0.0", "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
    "169.254.169.254", "100.64.0.1", "100.127.255.255", "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.7",
    "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    "::", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1",
    "64:ff9b::a00:1", "2002:c0a8:101::1", "fc00::1", "fd12:3456:789a::1", "fe80::1", "fe80::1%eth0", "febf::1",
    "ff02::1", "2001:db8::1", "2001::1", "100::1",
  ];

  test.each(nonPublic)("a host resolving to %s is refused", async (address) => {
    expect(await refusedBeforeFetch(RAW_FILE, publicPolicy([address]))).toBe("host resolves to a private address: raw.githubusercontent.com");
  });

  test("one private answer among public ones is enough to refuse", async () => {
    expect(await refusedBeforeFetch(RAW_FILE, publicPolicy([PUBLIC_IP, "2606:50c0:8000::154", "10.0.0.1"]))).toBe(
      "host resolves to a private address: raw.githubusercontent.com",
    );
  });

  test("IP literal hosts are checked directly, without DNS", async () => {
    for (const raw of ["https://10.0.0.1/a.py", "https://127.1/a.py", "https://[::1]/a.py", "https://[::ffff:127.0.0.1]/a.py", "https://[fe80::1]/a.py", "https://[fd00::5]/a.py"]) {
      const hostname = new URL(raw).hostname;
      const policy = publicPolicy([], { hosts: [new URL(raw).host], resolve: () => Promise.reject(new Error("DNS used for a literal")) });
      expect(await refusedBeforeFetch(raw, policy)).toBe(`host is a private address: ${hostname}`);
    }
  });

  test("a host that does not resolve is refused", async () => {
    expect(await refusedBeforeFetch(RAW_FILE, publicPolicy([]))).toBe("could not resolve host: raw.githubusercontent.com");
    const failing = publicPolicy([], { resolve: () => Promise.reject(new Error("ENOTFOUND")) });
    expect(await refusedBeforeFetch(RAW_FILE, failing)).toBe("could not resolve host: raw.githubusercontent.com");
  });

  test("a DNS lookup that hangs counts against the deadline", async () => {
    const hanging = publicPolicy([], { timeoutMs: 100, resolve: () => new Promise<string[]>(() => {}) });
    expect(await refusedBeforeFetch(RAW_FILE, hanging)).toBe("fetch timed out after 100 ms");
  });
});

describe("private-address helpers", () => {
  test("public unicast addresses pass", () => {
    for (const address of [PUBLIC_IP, "8.8.8.8", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "192.169.0.1",
      "2606:50c0:8000::154", "2a01:4f8::1", "::ffff:185.199.108.133", "64:ff9b::808:808", "2002:808:808::1"]) {
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: false });
    }
  });

  test("text that is no address counts as private", () => {
    for (const text of ["", "localhost", "1.2.3", "256.1.1.1", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9"]) {
      expect({ text, private: isPrivateAddress(text) }).toEqual({ text, private: true });
    }
  });

  test("IP literals are told apart from names", () => {
    expect(["127.0.0.1", "[::1]", "::1", "[::ffff:7f00:1]"].every(isIpLiteral)).toBe(true);
    expect(["gitlab.com", "localhost", "1.2.3.4.example"].some(isIpLiteral)).toBe(false);
  });
});

describe("redirects from public hosts (scripted fetch)", () => {
  test.each(DEFAULT_SOURCE_HOSTS.map((host) => [host]))("%s is fetched once the checks pass", async (host) => {
    const url = `https://${host}/o/r/main/a.py`;
    let fetched: FetchedSource | undefined;
    const calls = await withScriptedFetch({ [url]: () => new Response("print(1)\n") }, async () => {
      fetched = await fetchSource(url, publicPolicy());
    });
    expect(calls).toEqual([url]);
    expect(fetched).toEqual({ bytes: new TextEncoder().encode("print(1)\n"), url, fileName: "a.py" });
  });

  test("an explicit default port is the default port", async () => {
    const calls = await withScriptedFetch({ "https://gitlab.com/a.py": () => new Response("x") }, () =>
      fetchSource("https://gitlab.com:443/a.py", publicPolicy()),
    );
    expect(calls).toEqual(["https://gitlab.com/a.py"]);
  });

  test("a github blob link is fetched from raw.githubusercontent.com", async () => {
    const calls = await withScriptedFetch({ [RAW_FILE]: () => new Response("x") }, () =>
      fetchSource("https://github.com/o/r/blob/main/a.py?raw=true", publicPolicy()),
    );
    expect(calls).toEqual([RAW_FILE]);
  });

  const refusedHops: [string, string, string][] = [
    ["a disallowed host", "https://example.com/a.py", "host not allowed: example.com "],
    ["http", "http://raw.githubusercontent.com/o/r/main/a.py", "only https URLs are allowed (got http)"],
    ["file:", "file:///etc/passwd", "only https URLs are allowed (got file)"],
    ["credentials", "https://user:pw@gitlab.com/a.py", "URLs with credentials"],
    ["a non-default port", "https://gitlab.com:8443/a.py", "port 8443 is not allowed"],
    ["a private IP literal", "https://169.254.169.254/latest/meta-data", "host not allowed: 169.254.169.254 "],
  ];

  test.each(refusedHops)("a redirect to %s is refused before it is followed", async (_, location, expected) => {
    let message = "";
    const calls = await withScriptedFetch({ [RAW_FILE]: redirectTo(location) }, async () => {
      message = await refusal(() => fetchSource(RAW_FILE, publicPolicy()));
    });
    expect(calls).toEqual([RAW_FILE]);
    expect(message).toStartWith(expected);
  });

  test("a redirect to an allowed host that resolves privately is refused", async () => {
    const policy = publicPolicy([], { resolve: async (host) => (host === "gitlab.com" ? ["10.0.0.7"] : [PUBLIC_IP]) });
    let message = "";
    const calls = await withScriptedFetch({ [RAW_FILE]: redirectTo("https://gitlab.com/a.py") }, async () => {
      message = await refusal(() => fetchSource(RAW_FILE, policy));
    });
    expect(calls).toEqual([RAW_FILE]);
    expect(message).toBe("host resolves to a private address: gitlab.com");
  });
});

describe("fetching from a local server", () => {
  let server: Server<undefined>;
  let lying: TCPSocketListener<undefined>;
  let base: string;
  let policy: SourcePolicy;
  const chainHits: string[] = [];
  const encoder = new TextEncoder();

  /** A body of `total` bytes (or endless) sent in chunks, so no Content-Length is declared. */
  function streamed(total = Infinity): ReadableStream<Uint8Array> {
    let sent = 0;
    return new ReadableStream({
      async pull(controller) {
        await Bun.sleep(1); // a body that is not ready at once is sent chunked, without Content-Length
        const size = Math.min(64 * 1024, total - sent);
        if (size <= 0) return controller.close();
        controller.enqueue(new Uint8Array(size).fill(120));
        sent += size;
      },
    });
  }

  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const url = new URL(request.url);
        const [, route = "", arg = ""] = url.pathname.split("/");
        switch (route) {
          case "files":
            return new Response(`source of ${decodeURIComponent(arg)}${url.search}`);
          case "status":
            return new Response("nope", { status: Number(arg) });
          case "redirect": // Location and status from the query
            return new Response(null, { status: Number(url.searchParams.get("status") ?? 302), headers: { location: url.searchParams.get("to")! } });
          case "no-location":
            return new Response(null, { status: 302 });
          case "relative":
            return new Response(null, { status: 302, headers: { location: "../files/moved.py" } });
          case "chain": { // /chain/n redirects n more times, then answers
            chainHits.push(arg);
            const left = Number(arg);
            return left === 0 ? new Response("end of chain") : new Response(null, { status: 302, headers: { location: `/chain/${left - 1}` } });
          }
          case "bytes":
            return new Response(new Uint8Array(Number(arg)).fill(120));
          case "stream":
            return new Response(streamed(arg === "endless" ? Infinity : Number(arg)));
          case "slow-headers":
            await Bun.sleep(2000);
            return new Response("late");
          case "slow-body":
            return new Response(
              new ReadableStream({
                async pull(controller) {
                  controller.enqueue(encoder.encode("x = 1\n"));
                  await Bun.sleep(2000);
                },
              }),
            );
          default:
            return new Response("unknown route", { status: 500 });
        }
      },
    });
    base = `http://127.0.0.1:${server.port}`;
    policy = { hosts: [`127.0.0.1:${server.port}`], allowHttp: true, allowPrivate: true, timeoutMs: 2000, maxBytes: MiB };
    // Declares 5000 bytes, sends 10 and stalls: only an up-front Content-Length check refuses it quickly.
    lying = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        data(socket) {
          socket.write("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n0123456789");
        },
      },
    });
  });

  afterAll(() => {
    server.stop(true);
    lying.stop(true);
  });

  test("the body comes back as bytes with the final URL and the decoded file name", async () => {
    const fetched = await fetchSource(`${base}/files/hello%20world.py`, policy);
    expect(new TextDecoder().decode(fetched.bytes)).toBe("source of hello world.py");
    expect(fetched.url).toBe(`${base}/files/hello%20world.py`);
    expect(fetched.fileName).toBe("hello world.py");
  });

  test("the query reaches the server and the fragment does not", async () => {
    const fetched = await fetchSource(`${base}/files/a.py?ref=main#L3`, policy);
    expect(new TextDecoder().decode(fetched.bytes)).toBe("source of a.py?ref=main");
    expect(fetched.url).toBe(`${base}/files/a.py?ref=main`);
  });

  test("the default policy refuses the local server at each rule, before fetching", async () => {
    const url = `${base}/files/a.py`;
    expect(await refusedBeforeFetch(url, defaultSourcePolicy())).toBe("only https URLs are allowed (got http)");
    expect(await refusedBeforeFetch(url, { ...defaultSourcePolicy(), allowHttp: true })).toStartWith("host not allowed: 127.0.0.1:");
    expect(await refusedBeforeFetch(url, { ...policy, allowPrivate: false })).toBe("host is a private address: 127.0.0.1");
  });

  test("a name is resolved through the policy's resolver and its answer checked", async () => {
    const asked: string[] = [];
    const named = { ...policy, hosts: [`localhost:${server.port}`], allowPrivate: false, resolve: async (host: string) => (asked.push(host), ["127.0.0.1"]) };
    expect(await refusedBeforeFetch(`http://localhost:${server.port}/files/a.py`, named)).toBe("host resolves to a private address: localhost");
    expect(asked).toEqual(["localhost"]);
  });

  test("a non-2xx answer is refused with its status", async () => {
    expect(await refusal(() => fetchSource(`${base}/status/404`, policy))).toBe("upstream answered 404");
    expect(await refusal(() => fetchSource(`${base}/status/500`, policy))).toBe("upstream answered 500");
  });

  test.each([301, 302, 303, 307, 308])("a %d redirect is followed", async (status) => {
    const to = encodeURIComponent(`${base}/files/target.py`);
    const fetched = await fetchSource(`${base}/redirect?status=${status}&to=${to}`, policy);
    expect(fetched.url).toBe(`${base}/files/target.py`);
    expect(fetched.fileName).toBe("target.py");
  });

  test("a relative Location is resolved against the current URL", async () => {
    const fetched = await fetchSource(`${base}/relative/here`, policy);
    expect(fetched.url).toBe(`${base}/files/moved.py`);
    expect(new TextDecoder().decode(fetched.bytes)).toBe("source of moved.py");
  });

  test("a redirect to a host outside the allowlist is refused", async () => {
    const to = encodeURIComponent("http://example.com/a.py");
    expect(await refusal(() => fetchSource(`${base}/redirect?to=${to}`, policy))).toStartWith("host not allowed: example.com ");
  });

  test("a redirect without a Location is refused", async () => {
    expect(await refusal(() => fetchSource(`${base}/no-location`, policy))).toBe("upstream answered 302 without a valid Location");
  });

  test("five redirects are followed; a sixth is refused", async () => {
    chainHits.length = 0;
    expect(new TextDecoder().decode((await fetchSource(`${base}/chain/5`, policy)).bytes)).toBe("end of chain");
    chainHits.length = 0;
    expect(await refusal(() => fetchSource(`${base}/chain/6`, policy))).toBe("too many redirects (more than 5)");
    expect(chainHits).toEqual(["6", "5", "4", "3", "2", "1"]);
  });

  test("a body of exactly the cap is accepted; one byte more is refused by Content-Length", async () => {
    expect((await fetchSource(`${base}/bytes/${MiB}`, policy)).bytes.byteLength).toBe(MiB);
    expect(await refusal(() => fetchSource(`${base}/bytes/${MiB + 1}`, policy))).toBe("source larger than 1048576 bytes");
  });

  test("a declared Content-Length over the cap is refused without reading the body", async () => {
    const small = { ...policy, hosts: [`127.0.0.1:${lying.port}`], maxBytes: 1000 };
    expect(await refusal(() => fetchSource(`http://127.0.0.1:${lying.port}/a.py`, small))).toBe("source larger than 1000 bytes");
  });

  test("a streamed body without Content-Length is counted and cut off at the cap", async () => {
    const probe = await fetch(`${base}/stream/10`); // the premise: chunked, no Content-Length
    expect(probe.headers.get("content-length")).toBeNull();
    await probe.body?.cancel();
    const small = { ...policy, maxBytes: 1000 };
    expect((await fetchSource(`${base}/stream/1000`, small)).bytes.byteLength).toBe(1000);
    expect(await refusal(() => fetchSource(`${base}/stream/1001`, small))).toBe("source larger than 1000 bytes");
    expect(await refusal(() => fetchSource(`${base}/stream/endless`, policy))).toBe("source larger than 1048576 bytes");
  });

  test("the deadline covers waiting for the answer and reading the body", async () => {
    const quick = { ...policy, timeoutMs: 300 };
    // The refusal itself is the proof, not a stopwatch: without the deadline the slow headers would
    // come after 2 s with a source, and the trickling body would never end.
    for (const route of ["slow-headers", "slow-body"]) {
      expect(await refusal(() => fetchSource(`${base}/${route}`, quick))).toBe("fetch timed out after 300 ms");
    }
  });

  test("a connection failure is a SourceError too", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    const gone = { ...policy, hosts: [`127.0.0.1:${port}`] };
    expect(await refusal(() => fetchSource(`http://127.0.0.1:${port}/a.py`, gone))).toStartWith("could not fetch the source: ");
  });
});
