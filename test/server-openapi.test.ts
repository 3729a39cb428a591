/**
 * GET /v1/openapi.json (interface.md §4.7, §9) checked against the interface rather than against
 * the code that generates it: valid OpenAPI 3.1 by an independent validator, every endpoint and
 * error response of the interface present, both auth schemes applied globally, the §2 resources
 * with their fields, and the §7 open points decided in the description. Also the API reference
 * page (/v1/docs, with its Swagger UI assets served locally), /v1/health and the 404 answer.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { BatchRequest, GiftRequest, RenderRequest, ReportRequest, TopupRequest } from "../server/http/schemas.ts";
import { repoRoot } from "./support/cli.ts";
import { expectError, postJson, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

// The slice of OpenAPI 3.1 these tests read; everything else stays `unknown`.
interface SchemaObject {
  $ref?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
}
interface MediaType {
  schema?: SchemaObject;
}
interface ResponseObject {
  description?: string;
  headers?: Record<string, { schema?: SchemaObject }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaObject>; securitySchemes: Record<string, Record<string, unknown>> };
}

let server: TestServer;
let doc: OpenApiDoc;
let docResponse: Response;

beforeAll(async () => {
  server = await startServer();
  docResponse = await fetch(`${server.url}/openapi.json`);
  doc = (await docResponse.clone().json()) as OpenApiDoc;
});
afterAll(() => server.stop());

/** The endpoints of interface.md §4 that need a key, with their documented error statuses. */
const AUTHENTICATED: { path: string; method: string; errors: string[] }[] = [
  { path: "/render", method: "post", errors: ["400", "401", "402", "500"] },
  { path: "/render/batch", method: "post", errors: ["400", "401", "402", "500"] },
  { path: "/me", method: "get", errors: ["401", "429"] },
  { path: "/topup", method: "post", errors: ["400", "401", "429", "503", "500"] },
  { path: "/gift", method: "post", errors: ["400", "401", "429"] },
  { path: "/products", method: "get", errors: ["401", "429"] },
];

/** §7: every code a client may branch on. */
const SPEC_ERROR_CODES = [
  "unauthorized", "no_credits", "pro_required", "unknown_format", "unknown_lang", "bad_request", "bad_source",
  "render_failed", "bad_email", "bad_qty", "gift_failed", "rate_limited", "payment_unavailable", "server_error",
];

function op(path: string, method: string): Operation {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document (paths: ${Object.keys(doc.paths).join(", ")})`);
  return operation;
}

/** Follows `#/components/schemas/X` references, also the `allOf: [{$ref}, {description}]` form a described reference takes. */
function deref(schema: SchemaObject | undefined): SchemaObject {
  if (!schema) throw new Error("schema missing");
  if (!schema.$ref && schema.allOf) {
    const refs = schema.allOf.filter((s) => s.$ref);
    if (refs.length === 1) return deref(refs[0]);
  }
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`dangling $ref ${schema.$ref}`);
  return deref(target);
}

/** The component name a media type's schema refers to (directly). */
const refName = (media: MediaType | undefined) => media?.schema?.$ref?.replace("#/components/schemas/", "");

function propertyNames(component: string): string[] {
  const schema = doc.components.schemas[component];
  if (!schema) throw new Error(`components.schemas.${component} missing`);
  return Object.keys(deref(schema).properties ?? {}).sort();
}

/** Every component a schema refers to, directly or through anyOf/oneOf/allOf. */
function referencedComponents(schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return [schema.$ref.replace("#/components/schemas/", "")];
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(referencedComponents);
}

describe("GET /v1/openapi.json", () => {
  test("answers 200 JSON without a key, and ignores a bad one", async () => {
    expect(docResponse.status).toBe(200);
    expect(docResponse.headers.get("content-type")).toContain("application/json");
    const withBadKey = await fetch(`${server.url}/openapi.json`, { headers: { "x-api-key": "rk_nope" } });
    expect(withBadKey.status).toBe(200);
  });

  test("is a valid OpenAPI 3.1 document by an independent validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    if (!result.valid) throw new Error(`invalid OpenAPI: ${JSON.stringify(result.errors, null, 2)}`);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("openapi 3.1.0, version 1.0.0, served under /v1", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.info.title.length).toBeGreaterThan(0);
    // Without PUBLIC_BASE_URL the server is relative to the document (served at /v1/openapi.json).
    expect(doc.servers).toEqual([{ url: "/v1" }]);
  });

  test("servers come from PUBLIC_BASE_URL, never from the request's Host header", async () => {
    const configured = await startServer({ PUBLIC_BASE_URL: "https://api.skhema.example/" });
    try {
      const spoofs: Record<string, string>[] = [{}, { host: "attacker.example" }, { "x-forwarded-host": "attacker.example" }];
      for (const headers of spoofs) {
        const served = (await (await fetch(`${configured.url}/openapi.json`, { headers })).json()) as OpenApiDoc;
        expect(served.servers).toEqual([{ url: "https://api.skhema.example/v1" }]);
      }
    } finally {
      await configured.stop();
    }
    const plain = (await (await fetch(`${server.url}/openapi.json`, { headers: { host: "attacker.example" } })).json()) as OpenApiDoc;
    expect(JSON.stringify(plain)).not.toContain("attacker.example");
  });

  test("every operation has a unique operationId and tags declared at the top level", () => {
    const declared = new Set((doc.tags ?? []).map((t) => t.name));
    expect(declared.size).toBeGreaterThan(0);
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path} operationId`).toMatch(/^[a-z][A-Za-z]+$/);
        ids.push(operation.operationId!);
        expect(operation.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
        for (const tag of operation.tags!) expect(declared.has(tag), `${method} ${path} tag ${tag}`).toBe(true);
      }
    }
    expect(ids.length).toBeGreaterThanOrEqual(8);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("every $ref resolves", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith("#/components/schemas/")).toBe(true);
      expect(doc.components.schemas[ref.replace("#/components/schemas/", "")]).toBeDefined();
    }
  });

  test("every endpoint of interface.md §4 is there with its method, plus /health", () => {
    for (const { path, method } of AUTHENTICATED) op(path, method);
    op("/health", "get");
  });

  test("GET /openapi.json describes itself (interface.md §4.7 lists it as an endpoint)", () => {
    const self = doc.paths["/openapi.json"]?.get;
    expect(self, "GET /openapi.json is missing from paths (interface.md §4.7 lists it as an endpoint)").toBeDefined();
    expect(self!.security).toEqual([]);
    expect(self!.responses["200"]).toBeDefined();
  });

  test("both key headers are security schemes, applied to the whole API", () => {
    const schemes = Object.entries(doc.components.securitySchemes);
    const apiKey = schemes.find(([, s]) => s.type === "apiKey");
    const bearer = schemes.find(([, s]) => s.type === "http");
    expect(apiKey?.[1]).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(bearer?.[1]).toMatchObject({ type: "http", scheme: "bearer" });
    // Alternatives: either header alone satisfies the requirement (two entries, not one with both).
    expect(doc.security).toHaveLength(2);
    expect(doc.security).toContainEqual({ [apiKey![0]]: [] });
    expect(doc.security).toContainEqual({ [bearer![0]]: [] });
  });

  test("authenticated operations keep the global security; /health opts out", () => {
    for (const { path, method } of AUTHENTICATED) {
      const security = op(path, method).security;
      // Absent = the global requirement applies; present must not weaken it.
      if (security !== undefined) expect(security.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    expect(op("/health", "get").security).toEqual([]);
  });

  test("each operation documents the error statuses of §4, each with an Error body", () => {
    for (const { path, method, errors } of AUTHENTICATED) {
      const responses = op(path, method).responses;
      expect(responses["200"], `${method} ${path} 200`).toBeDefined();
      for (const status of errors) {
        const response = responses[status];
        expect(response, `${method} ${path} ${status}`).toBeDefined();
        const components = referencedComponents(response!.content?.["application/json"]?.schema);
        expect(components.includes("Error"), `${method} ${path} ${status} refers to Error`).toBe(true);
      }
    }
  });

  test("429 answers carry a Retry-After header", () => {
    for (const { path, method, errors } of AUTHENTICATED) {
      if (!errors.includes("429")) continue;
      const header = op(path, method).responses["429"]!.headers?.["Retry-After"];
      expect(header, `${method} ${path} 429 Retry-After`).toBeDefined();
      expect(header!.schema?.type).toBe("integer");
    }
  });

  test("/render takes JSON and multipart bodies and the json query flag", () => {
    const render = op("/render", "post");
    expect(render.requestBody?.required).toBe(true);
    expect(refName(render.requestBody?.content["application/json"])).toBe("RenderRequest");
    const multipart = render.requestBody?.content["multipart/form-data"];
    expect(multipart).toBeDefined();
    const form = deref(multipart!.schema);
    expect(form.properties?.file).toMatchObject({ type: "string", format: "binary" });
    for (const field of ["format", "lang", "fn", "scale"]) expect(form.properties?.[field], `multipart field ${field}`).toBeDefined();
    expect(render.parameters?.some((p) => p.name === "json" && p.in === "query")).toBe(true);
    expect(op("/render/batch", "post").parameters?.some((p) => p.name === "json" && p.in === "query")).toBe(true);
  });

  test("/render answers the documented file types and RenderJSONResponse", () => {
    const ok = op("/render", "post").responses["200"]!.content!;
    for (const type of ["image/svg+xml", "image/png", "application/pdf"]) expect(ok[type], type).toBeDefined();
    expect(referencedComponents(ok["application/json"]?.schema)).toContain("RenderJSONResponse");
    const batch = op("/render/batch", "post").responses["200"]!;
    expect(Object.keys(batch.content!)).toEqual(expect.arrayContaining(["application/pdf", "application/zip", "application/json"]));
    expect(refName(batch.content!["application/json"])).toBe("BatchResponse");
    expect(Object.keys(batch.headers ?? {})).toEqual(expect.arrayContaining(["X-Service-Rendered", "X-Service-Failed"]));
  });

  test("request and response bodies refer to the §2 resources", () => {
    expect(refName(op("/render/batch", "post").requestBody?.content["application/json"])).toBe("BatchRequest");
    expect(refName(op("/me", "get").responses["200"]!.content?.["application/json"])).toBe("Me");
    expect(refName(op("/topup", "post").requestBody?.content["application/json"])).toBe("TopupRequest");
    expect(refName(op("/topup", "post").responses["200"]!.content?.["application/json"])).toBe("TopupResponse");
    expect(refName(op("/gift", "post").requestBody?.content["application/json"])).toBe("GiftRequest");
    expect(refName(op("/gift", "post").responses["200"]!.content?.["application/json"])).toBe("GiftResponse");
    expect(refName(op("/products", "get").responses["200"]!.content?.["application/json"])).toBe("Products");
  });

  test("402 distinguishes pro_required (with proFeatures) from no_credits", () => {
    for (const path of ["/render", "/render/batch"]) {
      const components = referencedComponents(op(path, "post").responses["402"]!.content?.["application/json"]?.schema);
      expect(components).toEqual(expect.arrayContaining(["Error", "ProRequiredError"]));
    }
    const pro = deref(doc.components.schemas.ProRequiredError);
    expect(pro.required).toEqual(expect.arrayContaining(["error", "code", "proFeatures"]));
    expect(pro.properties?.code?.enum).toEqual(["pro_required"]);
    const features = pro.properties?.proFeatures;
    expect(features?.type).toBe("array");
    // The decided element shape: plain strings naming the feature.
    expect(features?.items?.type).toBe("string");
    expect(features?.items?.enum).toEqual(expect.arrayContaining(["native", "yes", "no", "capFormat", "forFormat"]));
  });

  test("the Error schema is {error, code} with every §7 code", () => {
    const error = deref(doc.components.schemas.Error);
    expect(Object.keys(error.properties ?? {}).sort()).toEqual(["code", "error"]);
    expect(error.required?.sort()).toEqual(["code", "error"]);
    expect(error.properties?.code?.enum).toEqual(expect.arrayContaining(SPEC_ERROR_CODES));
  });

  test("components hold the §2 resources with their fields", () => {
    const exact: Record<string, string[]> = {
      // `skipped` (functions not drawn, issue 13), the optional `recovered` (functions drawn around a
      // statement the parser could not read, issue 20), `omitted` (set-up left out, issue 20) and the optional `link`
      // (a temporary public link, issue 28) beside the fields of §2.
      RenderJSONResponse: ["content", "creditsLeft", "encoding", "filename", "format", "lang", "link", "omitted", "recovered", "skipped"],
      BatchResponse: ["bundle", "content", "count", "credits", "creditsLeft", "encoding", "filename", "format", "items", "rendered"],
      Me: ["credits", "email", "name", "pro", "proUntil"],
      TopupRequest: ["id", "kind", "qty"],
      TopupResponse: ["amountKop", "amountUah", "comment", "jarUrl", "label"],
      GiftRequest: ["email", "qty"],
      GiftResponse: ["credits", "ok"],
      Products: ["available", "credits", "pro", "unitUah"],
    };
    for (const [name, fields] of Object.entries(exact)) expect(propertyNames(name), name).toEqual(fields);
    // Requests may carry a little more than the tables of §2 (e.g. split and json on a batch).
    const atLeast: Record<string, string[]> = {
      RenderRequest: ["code", "url", "lang", "format", "split", "fn", "scale", "fragment", "font", "json", "options"],
      BatchRequest: ["items", "format", "bundle", "scale", "fragment", "font", "options"],
      Options: [
        "locale", "singleEnd", "mainOnlyTerminators", "callAsProcess", "stripTypes", "returnAsIO", "figStart", "forFormat", "yes", "no",
        "inWord", "outWord", "startText", "endText", "entryText", "exitText", "returnWord", "forEachWord", "capWord", "capFormat",
      ],
    };
    for (const [name, fields] of Object.entries(atLeast)) expect(propertyNames(name), name).toEqual(expect.arrayContaining(fields));
    expect(doc.components.schemas.Error).toBeDefined();

    const me = deref(doc.components.schemas.Me);
    expect(me.required?.sort()).toEqual(["credits", "email", "name", "pro", "proUntil"]);
    const batchItem = deref(deref(doc.components.schemas.BatchRequest).properties?.items).items;
    expect(Object.keys(deref(batchItem).properties ?? {})).toEqual(expect.arrayContaining(["code", "url", "lang", "fn", "name"]));
    const format = deref(deref(doc.components.schemas.RenderRequest).properties?.format);
    // interface.md's seven formats, and the two editable ones documented as an extension (issue 25).
    expect(format.enum?.slice().sort()).toEqual(["docx", "drawio", "excalidraw", "json", "pdf", "png", "svg", "typst", "vsdx"]);
    expect(format.description).toContain("extension");
    const lang = deref(deref(doc.components.schemas.RenderRequest).properties?.lang);
    // interface.md's languages and native, and issue 27's extension, documented as one.
    expect(lang.enum?.slice().sort()).toEqual(["c", "cpp", "csharp", "go", "java", "javascript", "native", "pascal", "php", "python", "typescript"]);
    expect(lang.description).toContain("extension");
    const items = deref(doc.components.schemas.BatchResponse).properties?.items?.items;
    expect(Object.keys(deref(items).properties ?? {}).sort()).toEqual(["error", "index", "name", "ok", "omitted", "recovered", "skipped"]);
  });

  test("the description writes down the §7 open points and the size limits", () => {
    const text = doc.info.description ?? "";
    expect(text).toMatch(/proFeatures[^\n]*array of strings/i);
    expect(text).toMatch(/native chart validation errors[^\n]*400[^\n]*bad_request/i);
    expect(text).toMatch(/request body size[^\n]*\/render[^\n]*MiB[^\n]*\/render\/batch[^\n]*MiB/i);
    expect(text).toMatch(/fetched url content[^\n]*MiB/i);
  });
});

describe("API reference page", () => {
  test("GET /v1/docs is HTML whose stylesheet and script are served", async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    const assets = [...html.matchAll(/<(?:link rel="stylesheet" href|script src)="([^"]+)"/g)].map((m) => new URL(m[1]!, page.url).href);
    expect(assets.map((a) => new URL(a).pathname).sort()).toEqual(["/v1/docs/init.js", "/v1/docs/swagger-ui-bundle.js", "/v1/docs/swagger-ui.css"]);
    // No inline script: the page's CSP admits scripts of this origin only.
    expect(html).not.toMatch(/<script>/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    // The page points Swagger UI at the document (relative to /v1/docs → /v1/openapi.json).
    const init = await (await fetch(`${server.url}/docs/init.js`)).text();
    const specUrl = /url:\s*"([^"]+)"/.exec(init)?.[1];
    expect(new URL(specUrl!, page.url).pathname).toBe("/v1/openapi.json");

    const js = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toContain("javascript");
    expect((await js.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${server.url}/docs/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(await css.text()).toContain(".swagger-ui");
  });

  test("the page fits a phone, leads back to the site and opens with words for users (issue 24)", async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const links = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => new URL(m[1]!, `${server.url}/docs`).href);
    // The site's origin from configuration (development: http://localhost:<PORT>), and the document.
    expect(links).toEqual([`http://localhost:${new URL(server.url).port}/`, `${server.url}/openapi.json`]);
    expect(doc.info.description).not.toContain("open points");
    expect(doc.info.description).toStartWith("Turns program source");
    expect(doc.info.description).toContain("**Start here.**");
  });

  test("every JSON request body has an example its schema accepts, with no Pro option; Try it out on /render answers 200 or 402", async () => {
    const schemas: Record<string, { safeParse(v: unknown): { success: boolean; error?: unknown } }> = { RenderRequest, BatchRequest, TopupRequest, GiftRequest, ReportRequest };
    const named: string[] = [];
    for (const methods of Object.values(doc.paths)) {
      for (const operation of Object.values(methods)) {
        const media = operation.requestBody?.content["application/json"];
        if (!media) continue;
        const name = refName(media)!;
        named.push(name);
        const example = (doc.components.schemas[name] as { example?: Record<string, unknown> }).example;
        expect(example, `${name} has no example`).toBeDefined();
        const parsed = schemas[name]!.safeParse(example);
        expect(parsed.success, `${name}'s example: ${String(parsed.error)}`).toBe(true);
        expect(JSON.stringify(example)).not.toContain('"options"');
      }
    }
    expect(named.sort()).toEqual(["BatchRequest", "GiftRequest", "RenderRequest", "ReportRequest", "TopupRequest"]);
    // What Execute sends: the example as it is.
    const example = (doc.components.schemas.RenderRequest as { example: unknown }).example;
    const rich = await server.user({ credits: 5 });
    const rendered = await postJson(`${server.url}/render`, rich.key, example);
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("content-type")).toContain("image/svg+xml");
    const poor = await server.user({ credits: 0 });
    await expectError(await postJson(`${server.url}/render`, poor.key, example), 402, "no_credits");
  });

  const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  test.skipIf(!chromium)(
    chromium ? "headless Chromium renders every operation" : "headless Chromium renders every operation (skipped: no chromium in /usr/bin; .ci/run installs it)",
    async () => {
      const child = Bun.spawn(
        [
          chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
          // No calls home: the network here reaches only loopback and package registries.
          "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
          `--user-data-dir=${join(server.dir, "chromium")}`, "--virtual-time-budget=15000", "--dump-dom", `${server.url}/docs`,
        ],
        { stdout: "pipe", stderr: "pipe" },
      );
      const timer = setTimeout(() => child.kill(), 45_000);
      const dom = await new Response(child.stdout).text();
      clearTimeout(timer);
      expect(await child.exited).toBe(0);
      const rendered = [...dom.matchAll(/class="opblock-summary-path" data-path="([^"]+)"/g)].map((m) => m[1]);
      expect(rendered).toEqual(expect.arrayContaining(["/render", "/render/batch", "/me", "/topup", "/gift", "/products"]));
      expect(dom).toContain("Skhema flowchart rendering API");
    },
    60_000,
  );
});

describe("outside the documented endpoints", () => {
  test("GET /v1/health answers without a key", async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    // Which version is which: the interface's (as in the OpenAPI document) and the software's release.
    expect(await response.json()).toEqual({ ok: true, version: "1.0.0", softwareVersion: JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).version });
  });

  test("GET /v1 is a small JSON index: name, both versions, links to the reference, the document, /health and the site", async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    const index = (await response.json()) as Record<string, string>;
    const origin = `http://localhost:${new URL(server.url).port}`;
    expect(index).toEqual({
      name: doc.info.title, version: doc.info.version, softwareVersion: expect.any(String),
      docs: `${origin}/v1/docs`, openapi: `${origin}/v1/openapi.json`, health: `${origin}/v1/health`, site: `${origin}/`,
    });
    // The links lead somewhere (through the loopback address this test server listens on).
    for (const path of ["/v1/docs", "/v1/openapi.json", "/v1/health"]) expect((await fetch(new URL(path, server.url))).status).toBe(200);
    expect(op("/", "get").security).toEqual([]);
  });

  test("an unknown path is 404 not_found with the error body", async () => {
    for (const path of [`${server.url}/nope`, `${server.url}/render/nope`, new URL("/elsewhere", server.url).href]) {
      const body = await expectError(await fetch(path), 404, "not_found");
      expect(Object.keys(body).sort()).toEqual(["code", "error"]);
    }
  });
});

describe("the document describes what the server answers", () => {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12: compile the document's components with Ajv and
  // validate real answers against them.
  const validatorFor = (name: string) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: "doc", components: doc.components } as object);
    return ajv.getSchema(`doc#/components/schemas/${name}`)!;
  };
  const valid = (name: string, body: unknown) => {
    const check = validatorFor(name);
    expect({ name, ok: check(body), errors: check.errors ?? null }).toEqual({ name, ok: true, errors: null });
  };

  test("RenderJSONResponse, BatchResponse, Me, Error and ProRequiredError match real answers", async () => {
    const { key } = await server.user({ credits: 20 });
    const headers = { "content-type": "application/json", "x-api-key": key };
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const code = "x = int(input())\nprint(x)\n";
    for (const format of ["svg", "png", "json"]) valid("RenderJSONResponse", await (await post("/render?json=1", { code, lang: "python", format })).json());
    for (const format of ["pdf", "svg"]) {
      const batch = await post("/render/batch?json=1", { format, items: [{ code, lang: "python" }, { code: "def f(:", lang: "python" }] });
      valid("BatchResponse", await batch.json());
    }
    // Nothing rendered, json=1: the error status with the whole BatchResponse.
    const failed = await post("/render/batch?json=1", { items: [{ code: "def f(:", lang: "python" }] });
    expect(failed.status).toBe(500);
    const failedBody = await failed.json();
    valid("BatchFailedResponse", failedBody);
    valid("Error", { error: (failedBody as { error: string }).error, code: (failedBody as { code: string }).code });
    valid("Me", await (await fetch(`${server.url}/me`, { headers })).json());
    valid("Error", await (await post("/render", { code, lang: "cobol" })).json());
    valid("Error", await (await fetch(`${server.url}/me`)).json());
    valid("ProRequiredError", await (await post("/render", { code, lang: "native" })).json());
    valid("GiftResponse", await (await post("/gift", { email: "openapi-check@example.com", qty: 1 })).json());
    valid("Error", await (await post("/gift", { email: "nope", qty: 1 })).json());
    valid("Error", await (await fetch(`${server.url}/render`, { headers })).json()); // 405
  }, 60_000); // a dozen real renders and batches: seconds on a busy 2-core machine

  test("the request schemas accept the interface's examples and refuse what the server refuses", () => {
    const request = validatorFor("RenderRequest");
    expect(request({ code: "print(1)", lang: "python", format: "pdf", options: { locale: "en", yes: "+" } })).toBe(true);
    expect(request({ code: "print(1)", lang: "python", colour: "red" })).toBe(false);
    expect(request({ code: "print(1)", lang: "python", scale: 11 })).toBe(false);
    const batch = validatorFor("BatchRequest");
    expect(batch({ items: [{ code: "print(1)", lang: "python", name: "one" }], format: "pdf" })).toBe(true);
    expect(batch({ items: [] })).toBe(false);
    expect(batch({ items: [{ code: "print(1)" }], format: "docx" })).toBe(false);
  });
});
