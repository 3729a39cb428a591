/**
 * The remote MCP endpoint (issue 28) driven by the MCP SDK's own client over Streamable HTTP against
 * a real server on loopback: with an API key as a bearer token, and through the whole OAuth flow the
 * SDK runs by itself (discovery, dynamic registration, authorization with PKCE on the consent page of
 * a signed-in user, code exchange, token use, refresh, revocation). Balances change exactly as the
 * API charges; temporary links serve the file without a key until they expire.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { refreshAuthorization as refresh, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openSessionStatements } from "../site/server/auth/sessions.ts";
import { cliHome, runCli } from "./support/cli.ts";
import { ledgerConsistent, spawnServer, startServer, type TestServer } from "./support/server.ts";

const PY = "def double(x):\n    return x * 2\n\nn = int(input())\nprint(double(n))\n";

let server: TestServer;
/** The development origin the service names in its metadata (http://localhost:<port>). */
let origin: string;
beforeAll(async () => {
  server = await startServer();
  origin = server.origin.replace("127.0.0.1", "localhost");
});
afterAll(() => server.stop());

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const texts = (r: CallToolResult) => r.content.flatMap((c) => (c.type === "text" ? [c.text] : []));
const credits = async (userId: number) => (await server.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [userId] })).rows[0]!.credits as number;

async function connectWithKey(key: string, base = origin): Promise<Client> {
  const client = new Client({ name: "remote-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", base), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

describe("remote MCP with an API key", () => {
  test("lists the same five tools as skhema mcp and charges a render exactly as the API does", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const client = await connectWithKey(key);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["balance", "gift_credits", "products", "render_flowchart", "render_report", "topup_link"]);
      const balance = JSON.parse(texts(await call(client, "balance"))[0]!);
      expect(balance.credits).toBe(10);

      const svg = await call(client, "render_flowchart", { code: PY, lang: "python" });
      expect(svg.isError).toBeFalsy();
      expect(texts(svg)[0]).toContain("2 chart(s); 8 credits left.");
      expect(texts(svg)[1]).toStartWith("<?xml");
      expect(svg.content.some((c) => c.type === "image" && c.mimeType === "image/png")).toBe(true);
      expect(await credits(user.id)).toBe(8);
      expect(await ledgerConsistent(server.database, user.id)).toMatchObject({ balance: 8, sum: 8 });
    } finally {
      await client.close();
    }
  }, 60_000);

  test("a file format is kept at a temporary link that serves it without a key; a path is refused", async () => {
    const { user, key } = await server.user({ credits: 5 });
    const client = await connectWithKey(key);
    try {
      const pdf = await call(client, "render_flowchart", { code: PY, lang: "python", format: "pdf", fn: "double" });
      expect(pdf.isError).toBeFalsy();
      const resource = pdf.content.find((c) => c.type === "resource");
      expect(resource?.type).toBe("resource");
      const uri = resource!.type === "resource" ? resource!.resource.uri : "";
      expect(uri).toStartWith(`${origin}/v1/links/`);
      const fetched = await fetch(uri.replace("localhost", "127.0.0.1"));
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get("content-type")).toBe("application/pdf");
      expect(new TextDecoder().decode((await fetched.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
      expect(await credits(user.id)).toBe(4);

      const local = await call(client, "render_flowchart", { path: "/etc/passwd" });
      expect(local.isError).toBe(true);
      expect(texts(local)[0]).toStartWith("bad_request: ");
      expect(await credits(user.id)).toBe(4);
    } finally {
      await client.close();
    }
  }, 60_000);

  test("render_report takes the files as text and returns the document in the result; paths are refused", async () => {
    const { user, key } = await server.user({ credits: 5 });
    const client = await connectWithKey(key);
    try {
      const report = await call(client, "render_report", { files: [{ name: "lab.py", code: PY }], format: "pdf" });
      expect(report.isError).toBeFalsy();
      expect(texts(report)[0]).toStartWith("2 chart(s); 3 credits left.");
      const resource = report.content.find((c) => c.type === "resource");
      const blob = resource?.type === "resource" && "blob" in resource.resource ? String(resource.resource.blob) : "";
      expect(atob(blob).slice(0, 5)).toBe("%PDF-");
      const local = await call(client, "render_report", { paths: ["/etc/hosts"] });
      expect(local.isError).toBe(true);
      expect(await credits(user.id)).toBe(3);
    } finally {
      await client.close();
    }
  }, 60_000);

  test("no credential or a wrong one answers 401 naming the protected-resource metadata", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const none = await fetch(`${server.origin}/mcp`, { method: "POST", headers, body });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
    const wrong = await fetch(`${server.origin}/mcp`, { method: "POST", headers: { ...headers, authorization: "Bearer ska_nothing" }, body });
    expect(wrong.status).toBe(401);
    const meta = await (await fetch(`${server.origin}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(meta).toMatchObject({ resource: `${origin}/mcp`, authorization_servers: [origin] });
  });
});

/**
 * The SDK's OAuth client state, with the browser's part played by the test: the authorization URL
 * is opened with the signed-in user's session cookie and «Allow» is pressed on the consent page.
 */
class TestOAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  readonly redirectUrl = "http://127.0.0.1:9/callback";
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "Test Assistant", redirect_uris: [this.redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The signed-in browser: opens the authorization URL, checks the consent page, presses Allow; returns the code. */
async function consent(url: URL, cookie: string, decision: "allow" | "deny" = "allow"): Promise<URL> {
  const page = await fetch(url, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Test Assistant");
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll("&amp;", "&")]));
  const answer = await fetch(new URL("/oauth/authorize", url), {
    method: "POST",
    headers: { cookie, origin: url.origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, decision }),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location")!);
}

describe("remote MCP with OAuth sign-in", () => {
  test("registration, consent, PKCE code exchange, calls on the user's balance, refresh, revocation, expiry", async () => {
    const { user } = await server.user({ credits: 7, email: "oauth.user@example.com" });
    const { token, statements } = openSessionStatements(server.database.db, user.id);
    await server.database.client.batch(statements, "write");
    const cookie = `skhema_session=${token}`;
    const provider = new TestOAuthProvider();
    const mcpUrl = new URL("/mcp", origin);

    // First contact: 401 → the SDK discovers, registers and sends the user to authorize.
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(first.connect(transport)).rejects.toThrow();
    expect(provider.info?.client_id).toStartWith("skc-");
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

    const back = await consent(authorizationUrl, cookie);
    expect(back.origin + back.pathname).toBe(provider.redirectUrl);
    const code = back.searchParams.get("code")!;
    expect(code).toStartWith("skc_");
    await transport.finishAuth(code);
    expect(provider.saved?.access_token).toStartWith("ska_");
    // A code is spent once.
    const again = await fetch(`${server.origin}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, client_id: provider.info!.client_id, redirect_uri: provider.redirectUrl, code_verifier: provider.verifier }),
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("invalid_grant");

    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const rendered = await call(client, "render_flowchart", { code: PY, lang: "python", fn: "double" });
    expect(rendered.isError).toBeFalsy();
    expect(await credits(user.id)).toBe(6);
    expect(await ledgerConsistent(server.database, user.id)).toMatchObject({ balance: 6, sum: 6 });
    await client.close();

    // The account page lists the app.
    const account = await (await fetch(`${server.origin}/account`, { headers: { cookie, accept: "text/html" } })).text();
    expect(account).toContain("Test Assistant");

    // Refresh: a new pair; the old refresh token is spent.
    const metadata = await (await fetch(`${server.origin}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({ issuer: origin, code_challenge_methods_supported: ["S256"], token_endpoint: `${origin}/oauth/token` });
    const refreshAuthorization = (url: string, options: Omit<Parameters<typeof refresh>[1], "metadata">) => refresh(url, { ...options, metadata });
    const oldRefresh = provider.saved!.refresh_token!;
    const refreshed = await refreshAuthorization(origin, { clientInformation: provider.info!, refreshToken: oldRefresh });
    expect(refreshed.access_token).not.toBe(provider.saved!.access_token);
    await expect(refreshAuthorization(origin, { clientInformation: provider.info!, refreshToken: oldRefresh })).rejects.toThrow();
    provider.saveTokens(refreshed);

    const mcpPost = (bearer: string) =>
      fetch(`${server.origin}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    expect((await mcpPost(refreshed.access_token)).status).toBe(200);

    // An expired access token is refused.
    await server.database.client.execute({ sql: "UPDATE oauth_secrets SET expires_at = 0 WHERE kind = 'access' AND grant_id IN (SELECT id FROM oauth_grants WHERE user_id = ?)", args: [user.id] });
    expect((await mcpPost(refreshed.access_token)).status).toBe(401);
    const fresh = await refreshAuthorization(origin, { clientInformation: provider.info!, refreshToken: refreshed.refresh_token! });
    expect((await mcpPost(fresh.access_token)).status).toBe(200);

    // Disconnecting the app on the account page ends its access at once (and its refresh token).
    const grantId = (await server.database.client.execute({ sql: "SELECT id FROM oauth_grants WHERE user_id = ?", args: [user.id] })).rows[0]!.id;
    const disconnect = await fetch(`${server.origin}/account/apps/${grantId}/disconnect`, { method: "POST", headers: { cookie, origin: origin, "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    expect(disconnect.status).toBe(303);
    expect((await mcpPost(fresh.access_token)).status).toBe(401);
    await expect(refreshAuthorization(origin, { clientInformation: provider.info!, refreshToken: fresh.refresh_token! })).rejects.toThrow();
    expect(await credits(user.id)).toBe(6);
  }, 90_000);

  test("deny sends access_denied back; an unknown redirect URI is never redirected to", async () => {
    const { user } = await server.user({ credits: 1 });
    const { token, statements } = openSessionStatements(server.database.db, user.id);
    await server.database.client.batch(statements, "write");
    const cookie = `skhema_session=${token}`;
    const registered = await (
      await fetch(`${server.origin}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "Test Assistant", redirect_uris: ["http://127.0.0.1:9/cb"] }) })
    ).json();
    const url = new URL("/oauth/authorize", origin);
    url.search = new URLSearchParams({ response_type: "code", client_id: registered.client_id, redirect_uri: "http://127.0.0.1:9/cb", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", state: "xyz" }).toString();
    const back = await consent(url, cookie, "deny");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("xyz");

    const evil = new URL(url);
    evil.searchParams.set("redirect_uri", "https://evil.example/cb");
    const refused = await fetch(evil, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
    expect(refused.status).toBe(400);
    const noPkce = new URL(url);
    noPkce.searchParams.delete("code_challenge");
    const sentBack = await fetch(noPkce, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
    expect(sentBack.status).toBe(302);
    expect(new URL(sentBack.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
  });
});

describe("temporary links", () => {
  test("POST /render with link: the file at its URL without a key, until it expires; then 404", async () => {
    const short = await startServer({ LINK_TTL_S: "1" });
    try {
      const { user, key } = await short.user({ credits: 3 });
      const answer = await fetch(`${short.url}/render?json=1`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ code: PY, lang: "python", fn: "double", link: true }) });
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body.link.url).toMatch(/\/v1\/links\/[A-Za-z0-9_-]{43}$/);
      const url = body.link.url.replace("localhost", "127.0.0.1");
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(body.content);
      // Fetching is free: the balance moved once, for the render.
      const balance = (await short.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [user.id] })).rows[0]!.credits;
      expect(balance).toBe(2);
      // The link's time passes (one second here); the same URL then answers 404 not_found.
      const expiresAt = Date.parse(body.link.expiresAt);
      await Bun.sleep(Math.max(0, expiresAt - Date.now()) + 50);
      const gone = await fetch(url);
      expect(gone.status).toBe(404);
      expect((await gone.json()).code).toBe("not_found");
    } finally {
      await short.stop();
    }
  }, 60_000);

  test("an account keeps a bounded number of live links: beyond it, 429 before anything is drawn or charged", async () => {
    const limited = await startServer({ LINK_MAX_PER_ACCOUNT: "2" });
    try {
      const { user, key } = await limited.user({ credits: 5 });
      const render = () => fetch(`${limited.url}/render`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ code: PY, lang: "python", fn: "double", link: true }) });
      expect((await render()).headers.get("x-link")).toContain("/v1/links/");
      expect((await render()).status).toBe(200);
      const third = await render();
      expect(third.status).toBe(429);
      const balance = (await limited.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [user.id] })).rows[0]!.credits;
      expect(balance).toBe(3);
    } finally {
      await limited.stop();
    }
  }, 60_000);
});

describe("skhema render --link", () => {
  test("prints the link of the rendered file, which serves it without a key; --local refuses it", async () => {
    const { key } = await server.user({ credits: 2 });
    const home = cliHome();
    writeFileSync(join(home.cwd, "lab.py"), PY);
    const env = { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: key };
    const run = await runCli(["render", "lab.py", "-f", "pdf", "--fn", "double", "--link", "-o", "out.pdf"], { cwd: home.cwd, env });
    expect(run.code).toBe(0);
    const url = /link \(until [^)]+\): (\S+)/.exec(run.stderr)?.[1];
    expect(url).toContain("/v1/links/");
    const file = await fetch(url!.replace("localhost", "127.0.0.1"));
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(readFileSync(join(home.cwd, "out.pdf"))));
    const local = await runCli(["render", "lab.py", "--local", "--link"], { cwd: home.cwd, env });
    expect(local.code).toBe(2);
    expect(local.stderr).toContain("--link");
  }, 60_000);
});

describe("two server processes on one database", () => {
  test("a token issued by one instance works on the other, and both charge the same balance", async () => {
    const other = await spawnServer(server.databaseUrl);
    try {
      const { user, key } = await server.user({ credits: 4 });
      const otherOrigin = other.url.replace(/\/v1$/, "");
      const a = await connectWithKey(key, otherOrigin);
      const b = await connectWithKey(key);
      await call(a, "render_flowchart", { code: PY, lang: "python", fn: "double" });
      await call(b, "render_flowchart", { code: PY, lang: "python", fn: "double" });
      await a.close();
      await b.close();
      expect(await credits(user.id)).toBe(2);
      expect(await ledgerConsistent(server.database, user.id)).toMatchObject({ balance: 2, sum: 2 });
    } finally {
      await other.stop();
    }
  }, 90_000);
});
