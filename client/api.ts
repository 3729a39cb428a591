/**
 * The typed client of the /v1 HTTP API (interface.md §4), on `fetch` alone, for the CLI, the MCP
 * server and the site's scripts.
 *
 * Every request and answer type is inferred from the zod schemas the server validates with
 * (server/http/schemas.ts), so the client cannot drift from the server. The imports are type-only:
 * they vanish at run time, and a CLI start pays for neither zod nor the engine.
 *
 * Every answer that is not 2xx becomes an `ApiError` (its `code` of interface.md §7, the HTTP status,
 * the message and `Retry-After`); a service that cannot be reached becomes a `NetworkError`.
 */
import type { z } from "zod";
import type {
  BatchRequest as BatchRequestSchema,
  BatchResponse as BatchResponseSchema,
  ErrorCode,
  GiftRequest as GiftRequestSchema,
  GiftResponse as GiftResponseSchema,
  Me as MeSchema,
  ProFeature,
  Products as ProductsSchema,
  RenderJSONResponse as RenderJSONResponseSchema,
  RenderRequest as RenderRequestSchema,
  ReportRequest as ReportRequestSchema,
  ReportResponse as ReportResponseSchema,
  TopupRequest as TopupRequestSchema,
  TopupResponse as TopupResponseSchema,
} from "../server/http/schemas.ts";

export type { ErrorCode, ProFeature };
/** What a caller sends: the schemas' input side (defaults such as `format: "svg"` may be left out). */
export type RenderRequest = z.input<typeof RenderRequestSchema>;
export type BatchRequest = z.input<typeof BatchRequestSchema>;
export type ReportRequest = z.input<typeof ReportRequestSchema>;
export type TopupRequest = z.input<typeof TopupRequestSchema>;
export type GiftRequest = z.input<typeof GiftRequestSchema>;
/** What the server answers: the schemas' output side. */
export type RenderJSONResponse = z.output<typeof RenderJSONResponseSchema>;
export type BatchResponse = z.output<typeof BatchResponseSchema>;
export type ReportResponse = z.output<typeof ReportResponseSchema>;
export type Me = z.output<typeof MeSchema>;
export type TopupResponse = z.output<typeof TopupResponseSchema>;
export type GiftResponse = z.output<typeof GiftResponseSchema>;
export type Products = z.output<typeof ProductsSchema>;
export type Options = NonNullable<RenderRequest["options"]>;

/**
 * A source file sent as multipart/form-data (interface.md §2.1, multipart variant): the server
 * takes the language from its name and names the answer after it. The other fields are those of
 * RenderRequest.
 */
export type RenderUpload = Omit<RenderRequest, "code" | "url" | "json"> & { file: { name: string; data: Uint8Array | string } };

/** An answer of the API with an error `code` (interface.md §7). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    /** Seconds to wait, from the `Retry-After` header (rate_limited). */
    readonly retryAfter?: number,
    /** pro_required: the Pro-only features the request used. */
    readonly proFeatures?: readonly ProFeature[],
  ) {
    super(message);
  }
}

/** The service could not be reached, or the connection broke before a whole answer arrived. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
}

/** A file answer: the bytes, the name from Content-Disposition and the counters from the headers. */
export interface FileAnswer {
  data: Uint8Array;
  filename: string;
  contentType: string;
  creditsLeft?: number;
  /** X-Omitted-Setup: statements left out as runtime set-up (POST /render; `renderJson` lists them). */
  omitted?: number;
  /** Batch only: X-Service-Rendered / X-Service-Failed. */
  rendered?: number;
  failed?: number;
  /** X-Link / X-Link-Expires: the temporary public link a `link: true` render asked for (issue 28). */
  link?: { url: string; expiresAt: string };
  /**
   * X-Skipped-Functions: functions not in the chart (a syntax error, over the limits). The header
   * holds only the first names that fit ≈ 2 KB; X-Skipped-Count says how many there are in all.
   */
  skipped?: { names: string[]; count: number };
  /** X-Recovered-Functions: functions drawn around statements the parser could not read. */
  recovered?: string[];
}

/**
 * Progress of one request: the items of a batch as their bytes go out, then the bytes of the answer
 * as they arrive.
 */
export type Progress =
  /** Batch items whose last byte has been handed to the connection. */
  | { phase: "sending"; itemsSent: number }
  /** Bytes of the answer so far, and its Content-Length when the server gave one. */
  | { phase: "receiving"; received: number; total?: number };

export interface ClientOptions {
  /** Base URL including the version, e.g. `http://localhost:8787/v1`. */
  baseUrl: string;
  /** An `rk_…` key; GET /openapi.json works without. */
  key?: string;
  /**
   * How many times a `rate_limited` answer is retried after its Retry-After (0: never). Waits are
   * capped by `maxRetryWaitSeconds`; a longer Retry-After is not waited for.
   */
  rateLimitRetries?: number;
  maxRetryWaitSeconds?: number;
  /** Told before each wait, e.g. to say so on stderr. */
  onRetry?: (seconds: number, attempt: number) => void;
  fetch?: typeof fetch;
}

interface CallOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

export const DEFAULT_API_URL = "http://localhost:8787/v1";

export class SkhemaClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetch = options.fetch ?? fetch;
  }

  /** POST /render: the file itself. */
  async render(request: RenderRequest | RenderUpload, call: CallOptions = {}): Promise<FileAnswer> {
    return fileAnswer(await this.send("POST", "/render", renderBody(request, false), call), call);
  }

  /** POST /render?json=1: the file inside a RenderJSONResponse. */
  async renderJson(request: RenderRequest | RenderUpload, call: CallOptions = {}): Promise<RenderJSONResponse> {
    return jsonAnswer<RenderJSONResponse>(await this.send("POST", "/render?json=1", renderBody(request, true), call), call);
  }

  /** POST /render/batch: the bundle (pdf or zip). */
  async batch(request: BatchRequest, call: CallOptions = {}): Promise<FileAnswer> {
    return fileAnswer(await this.send("POST", "/render/batch", batchBody(request), call), call);
  }

  async batchJson(request: BatchRequest, call: CallOptions = {}): Promise<BatchResponse> {
    return jsonAnswer<BatchResponse>(await this.send("POST", "/render/batch?json=1", batchBody(request), call), call);
  }

  /** POST /render/report?json=1 (issue 26): the assignment's report document inside a ReportResponse. */
  async reportJson(request: ReportRequest, call: CallOptions = {}): Promise<ReportResponse> {
    return jsonAnswer<ReportResponse>(await this.send("POST", "/render/report?json=1", jsonBody(request), call), call);
  }

  async me(): Promise<Me> {
    return (await this.send("GET", "/me")).json() as Promise<Me>;
  }

  async products(): Promise<Products> {
    return (await this.send("GET", "/products")).json() as Promise<Products>;
  }

  async topup(request: TopupRequest): Promise<TopupResponse> {
    return (await this.send("POST", "/topup", jsonBody(request))).json() as Promise<TopupResponse>;
  }

  async gift(request: GiftRequest): Promise<GiftResponse> {
    return (await this.send("POST", "/gift", jsonBody(request))).json() as Promise<GiftResponse>;
  }

  /** GET /openapi.json (no key needed). */
  async openapi(): Promise<Record<string, unknown>> {
    return (await this.send("GET", "/openapi.json")).json() as Promise<Record<string, unknown>>;
  }

  /** One request, retried on rate_limited as configured; resolves only with a 2xx answer. */
  private async send(method: "GET" | "POST", path: string, body?: BodyInit | JsonBody, call: CallOptions = {}): Promise<Response> {
    const retries = this.options.rateLimitRetries ?? 0;
    const maxWait = this.options.maxRetryWaitSeconds ?? 60;
    for (let attempt = 0; ; attempt++) {
      const response = await this.once(method, path, body, call);
      if (response.ok) {
        call.onProgress?.({ phase: "receiving", received: 0, ...lengthOf(response) });
        return response;
      }
      const error = await apiError(response);
      const wait = error.retryAfter ?? 1;
      if (error.code !== "rate_limited" || attempt >= retries || wait > maxWait) throw error;
      this.options.onRetry?.(wait, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }

  private async once(method: string, path: string, body: BodyInit | JsonBody | undefined, call: CallOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json, */*" };
    if (this.options.key) headers["x-api-key"] = this.options.key;
    let payload: BodyInit | undefined;
    if (body instanceof JsonBody) {
      headers["content-type"] = "application/json";
      payload = body.itemEnds.length > 0 && call.onProgress ? body.stream((itemsSent) => call.onProgress!({ phase: "sending", itemsSent })) : (body.bytes as Uint8Array<ArrayBuffer>);
    } else {
      payload = body; // FormData sets its own multipart content type
    }
    try {
      return await this.fetch(`${this.baseUrl}${path}`, { method, headers, body: payload, signal: call.signal });
    } catch (e) {
      throw new NetworkError(`cannot reach ${this.baseUrl}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/** A JSON body, told apart from FormData when it is sent; a batch's also knows where each item ends. */
class JsonBody {
  constructor(
    readonly bytes: Uint8Array,
    /** Byte offset just past each batch item. */
    readonly itemEnds: readonly number[] = [],
  ) {}

  /** The body as a stream that reports how many items have been handed over so far. */
  stream(report: (itemsSent: number) => void): ReadableStream<Uint8Array> {
    let at = 0;
    let items = 0;
    return new ReadableStream({
      pull: (controller) => {
        if (at >= this.bytes.length) return controller.close();
        const end = Math.min(at + STREAM_CHUNK, this.bytes.length);
        controller.enqueue(this.bytes.subarray(at, end));
        at = end;
        const sent = this.itemEnds.filter((e) => e <= at).length;
        if (sent !== items) report((items = sent));
      },
    });
  }
}

/** Small enough for a smooth progress bar, large enough not to matter for speed. */
const STREAM_CHUNK = 64 * 1024;
const encoder = new TextEncoder();
const jsonBody = (value: unknown) => new JsonBody(encoder.encode(JSON.stringify(value)));

/** The batch request serialised item by item, so the stream knows each item's last byte. */
function batchBody(request: BatchRequest): JsonBody {
  const { items, ...rest } = request;
  const parts = [encoder.encode('{"items":[')];
  const ends: number[] = [];
  let length = parts[0]!.length;
  items.forEach((item, i) => {
    const part = encoder.encode(`${i > 0 ? "," : ""}${JSON.stringify(item)}`);
    parts.push(part);
    ends.push((length += part.length));
  });
  const tail = JSON.stringify(rest);
  parts.push(encoder.encode(tail === "{}" ? "]}" : `],${tail.slice(1)}`));
  return new JsonBody(concat(parts), ends);
}

function renderBody(request: RenderRequest | RenderUpload, json: boolean): JsonBody | FormData {
  if (!("file" in request)) return jsonBody(json ? { ...request, json: true } : request);
  const { file, options, ...fields } = request;
  const form = new FormData();
  form.set("file", new Blob([file.data as BlobPart]), file.name);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  if (options !== undefined) form.set("options", JSON.stringify(options));
  if (json) form.set("json", "true");
  return form;
}

function lengthOf(response: Response): { total?: number } {
  const length = Number(response.headers.get("content-length") ?? NaN);
  return Number.isFinite(length) ? { total: length } : {};
}

const intHeader = (response: Response, name: string): number | undefined => {
  const value = response.headers.get(name);
  return value === null || value === "" || !Number.isFinite(Number(value)) ? undefined : Number(value);
};

/** The body read chunk by chunk, so a caller can show how much has arrived. */
async function readBody(response: Response, call: CallOptions): Promise<Uint8Array> {
  const { total } = lengthOf(response);
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        chunks.push(chunk);
        received += chunk.byteLength;
        call.onProgress?.({ phase: "receiving", received, ...(total === undefined ? {} : { total }) });
      }
    }
  } catch (e) {
    throw new NetworkError(`the answer broke off after ${received} bytes: ${e instanceof Error ? e.message : String(e)}`);
  }
  return concat(chunks);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const data = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    at += chunk.byteLength;
  }
  return data;
}

async function jsonAnswer<T>(response: Response, call: CallOptions): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await readBody(response, call))) as T;
}

async function fileAnswer(response: Response, call: CallOptions): Promise<FileAnswer> {
  const answer: FileAnswer = {
    data: await readBody(response, call),
    filename: filenameOf(response.headers.get("content-disposition")) ?? "flowchart",
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
  };
  const counters = { creditsLeft: "x-credits-left", omitted: "x-omitted-setup", rendered: "x-service-rendered", failed: "x-service-failed" } as const;
  for (const [field, header] of Object.entries(counters) as [keyof typeof counters, string][]) {
    const value = intHeader(response, header);
    if (value !== undefined) answer[field] = value;
  }
  const link = response.headers.get("x-link");
  const expiresAt = response.headers.get("x-link-expires");
  if (link && expiresAt) answer.link = { url: link, expiresAt };
  const skipped = namesHeader(response, "x-skipped-functions");
  if (skipped.length > 0) answer.skipped = { names: skipped, count: Math.max(skipped.length, intHeader(response, "x-skipped-count") ?? 0) };
  const recovered = namesHeader(response, "x-recovered-functions");
  if (recovered.length > 0) answer.recovered = recovered;
  return answer;
}

/** A header of comma-joined, percent-encoded function names (server/rendering/skipped.ts), decoded. */
function namesHeader(response: Response, name: string): string[] {
  const value = response.headers.get(name);
  if (!value) return [];
  return value.split(",").map((n) => {
    try {
      return decodeURIComponent(n);
    } catch {
      return n; // a name cut at the header's cap
    }
  });
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` (UTF-8, may be Cyrillic)
 * before the ASCII `filename`. Only the last path segment is kept, so a name can never climb out
 * of the folder it is written to.
 */
export function filenameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== "." && base !== ".." ? base : undefined;
}

/** A non-2xx answer as an ApiError; a body that is not `{error, code}` still gets a code from its status. */
async function apiError(response: Response): Promise<ApiError> {
  const retryAfter = intHeader(response, "retry-after");
  let body: { error?: unknown; code?: unknown; proFeatures?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not JSON (a proxy's error page): the status decides below
  }
  const code = typeof body.code === "string" ? (body.code as ErrorCode) : codeOfStatus(response.status);
  const message = typeof body.error === "string" && body.error !== "" ? body.error : `HTTP ${response.status} ${response.statusText}`.trim();
  const proFeatures = Array.isArray(body.proFeatures) ? (body.proFeatures as ProFeature[]) : undefined;
  return new ApiError(code, response.status, message, retryAfter, proFeatures);
}

function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status === 503) return "payment_unavailable";
  return status >= 400 && status < 500 ? "bad_request" : "server_error";
}
