/**
 * The remote MCP endpoint (issue 28): `POST /mcp`, the Streamable HTTP transport of the MCP
 * specification in its stateless form — every request carries its credential and is served by a
 * fresh tool server, so any instance sharing the database can answer any request. The tools are
 * `skhema mcp`'s own (client/mcp-tools.ts); they call this service's API in process with the
 * caller's credential, so a render is charged exactly as the API charges it.
 *
 * The credential is an API key (`Authorization: Bearer rk_…`, for clients configured by hand) or an
 * access token this service issued through OAuth (server/oauth). Without one the answer is 401 with
 * `WWW-Authenticate` naming the protected-resource metadata, which starts a client's OAuth sign-in.
 */
import { Hono, type Context } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { SOFTWARE_VERSION } from "../http/versions.ts";
import { SkhemaClient } from "../../client/api.ts";
import { createToolServer, type RenderArgs, type ToolHost } from "../../client/mcp-tools.ts";
import type { User } from "../accounts/users.ts";
import { authenticateCredential } from "../http/auth.ts";
import type { AppDeps } from "../http/deps.ts";
import { MCP_PATH, resourceMetadataUrl } from "../oauth/routes.ts";

/** The host name in-process API calls are addressed to; they never reach the network. */
const IN_PROCESS = "http://in-process.invalid/v1";

function bearerOf(c: Context): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? c.req.header("x-api-key")?.trim();
}

function unauthorized(c: Context, origin: string, description: string) {
  c.header("WWW-Authenticate", `Bearer resource_metadata="${resourceMetadataUrl(origin)}", error="invalid_token", error_description="${description}"`);
  return c.json({ jsonrpc: "2.0", error: { code: -32001, message: `unauthorized: ${description}` }, id: null }, 401);
}

/** The tools' host on the service: the caller's credential in process, files handed out as links. */
function remoteHost(deps: AppDeps, api: (request: Request) => Promise<Response>, credential: string, user: User): ToolHost {
  const client = new SkhemaClient({ baseUrl: IN_PROCESS, key: credential, rateLimitRetries: 0, fetch: ((input, init) => api(new Request(input, init))) as typeof fetch });
  return {
    client: async () => client,
    linksFiles: true,
    async deliver(file) {
      // A render asked for a link; a report's document travels only inside the result.
      if (!file.link) return { uri: `urn:skhema:file:${encodeURIComponent(file.filename)}`, note: `The file ${file.filename} is in this result` };
      return { uri: file.link.url, note: `The file is at ${file.link.url} until ${file.link.expiresAt}` };
    },
    // The picture of the SVG answer is drawn in the render pool (never on the server's own thread),
    // from the SVG itself: no second parse and layout, no second fetch of a url, no second charge.
    async preview(svg, args: RenderArgs) {
      const limits = { budgetMs: deps.config.render.budgetMs, signal: AbortSignal.timeout(deps.config.render.budgetMs * 2), owner: `user:${user.id}` };
      return deps.renderer.run({ kind: "picture", svg, font: args.font }, limits);
    },
  };
}

/**
 * `api` answers an in-process API request (the service's own app). Mounted at the origin's root,
 * beside /v1 and the site.
 */
export function remoteMcpRoutes(deps: AppDeps, api: (request: Request) => Promise<Response>) {
  const app = new Hono();
  const origin = deps.config.origin;
  app.post(MCP_PATH, async (c) => {
    const credential = bearerOf(c);
    if (!credential) return unauthorized(c, origin, "sign in (OAuth) or send an API key as a bearer token");
    const auth = await authenticateCredential(deps.db, credential);
    if (!auth) return unauthorized(c, origin, "the key or access token is unknown, expired or revoked");
    // The body's size was bounded while it streamed in (app.ts: the same limit as POST /render).

    const server = createToolServer(remoteHost(deps, api, credential, auth.user), SOFTWARE_VERSION);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: deps.config.maxRenderBody });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // Stateless: nothing outlives the request (the JSON answer is complete when handleRequest returns).
      void server.close();
    }
  });
  // No server-to-client stream and no sessions in the stateless form (the specification allows 405).
  for (const method of ["GET", "DELETE"] as const) {
    app.on(method, MCP_PATH, (c) => {
      c.header("Allow", "POST");
      return c.json({ jsonrpc: "2.0", error: { code: -32000, message: "this endpoint is stateless: POST JSON-RPC messages; there is no event stream or session to open or end" }, id: null }, 405);
    });
  }
  return app;
}
