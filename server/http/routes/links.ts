/**
 * Temporary public links (issue 28, an extension): `link: true` on POST /render keeps the answer's
 * file at GET /v1/links/{token} for a while; fetching it needs no key and costs nothing.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { LinkPolicy } from "../../links/policy.ts";
import { createLink, openLink, type StoredFile } from "../../links/store.ts";
import type { AuthEnv } from "../auth.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { ERRORS, sendFile } from "./responses.ts";

export const LINK_HEADER = "X-Link";
export const LINK_EXPIRES_HEADER = "X-Link-Expires";

export function linksFull(policy: LinkPolicy): ApiError {
  return new ApiError(
    "rate_limited",
    `this account already keeps ${policy.maxLive} live links (or ${Math.round(policy.maxLiveBytes / 1048576)} MiB behind them); one frees up when it expires`,
    undefined,
    60,
  );
}

export const fileBytes = (data: string | Uint8Array): Uint8Array => (typeof data === "string" ? new TextEncoder().encode(data) : data);

/**
 * The file behind a new link, as `{url, expiresAt}`. Room was checked before the render; if links
 * made at the same moment took it meanwhile, the render is answered anyway (it is paid for) and the
 * link is refused afterwards as rate_limited would have been — never a lost render.
 */
export async function keepBehindLink(deps: AppDeps, userId: number, file: StoredFile): Promise<{ url: string; expiresAt: string } | undefined> {
  const created = await createLink(deps.db, userId, file, deps.config.links);
  if (!created) return undefined;
  return { url: new URL(`/v1/links/${created.token}`, deps.config.origin).href, expiresAt: new Date(created.expiresAt).toISOString() };
}

const linkRoute = createRoute({
  method: "get",
  path: "/links/{token}",
  operationId: "getLinkedFile",
  tags: ["Rendering"],
  summary: "A file kept behind a temporary link (no key)",
  description: "Extension: answers the file a `link: true` render kept, until the link expires (then 404 not_found, and the file is deleted).",
  security: [],
  request: { params: z.object({ token: z.string().openapi({ param: { name: "token", in: "path" } }) }) },
  responses: {
    200: { description: "The file, as the render answered it.", content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
    404: { description: "not_found: no such link, or it has expired.", content: ERRORS[400].content },
  },
});

export function linkRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openAPIRegistry.registerPath(linkRoute);
  return app.get("/links/:token", async (c) => {
    const file = await openLink(deps.db, c.req.param("token"));
    if (!file) throw new ApiError("not_found", "no such link, or it has expired");
    const seconds = Math.max(0, Math.floor((file.expiresAt - Date.now()) / 1000));
    return sendFile(c, file.data, file.contentType, file.filename, { "Cache-Control": `private, max-age=${seconds}`, "X-Link-Expires": new Date(file.expiresAt).toISOString() });
  });
}
