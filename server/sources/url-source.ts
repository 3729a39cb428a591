/**
 * Fetches program source from a user-supplied URL (POST /render's `url` field) without letting
 * the server be used to reach arbitrary hosts: an allowlist of code hosts checked on every
 * redirect hop, https only, no credentials, no private addresses, a total deadline and a size cap.
 *
 * DNS-rebinding caveat: the host's addresses are checked, then fetch() resolves the name again
 * and may get a different answer. Pinning the checked address would need a custom connector; the
 * allowlist of well-known code hosts is the main defence and the address check guards against a
 * misconfigured allowlist or a hijacked record, so check-then-fetch is accepted here.
 */
import { lookup } from "node:dns/promises";
import { MAX_SOURCE_BYTES } from "../../engine/index.ts";
import { isIpLiteral, isPrivateAddress } from "./private-address.ts";

/** Every refusal or failure while fetching a source; the server answers it with 400 `bad_source`. */
export class SourceError extends Error {
  override name = "SourceError";
}

/** Hosts serving raw files. Entries are in URL.host form: lower case, with a port only if non-default. */
export const DEFAULT_SOURCE_HOSTS: readonly string[] = Object.freeze([
  "raw.githubusercontent.com",
  "gist.githubusercontent.com",
  "gitlab.com",
  "bitbucket.org",
  "codeberg.org",
]);

export interface SourcePolicy {
  /** Allowed hosts in URL.host form: `gitlab.com` admits the default port only, `127.0.0.1:8080` that port. */
  hosts: readonly string[];
  /** Admit http: as well as https: (tests against a local server only). */
  allowHttp: boolean;
  /** Skip the private-address check (tests against a local server only). */
  allowPrivate: boolean;
  /** Deadline for the whole fetch: DNS, every redirect hop and the body. */
  timeoutMs: number;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Resolves a host name to its addresses; defaults to the system resolver. Tests inject answers. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface FetchedSource {
  bytes: Uint8Array;
  /** The URL the body came from, after redirects. */
  url: string;
  /** fileNameFromUrl of the final URL. */
  fileName: string;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function defaultSourcePolicy(): SourcePolicy {
  return { hosts: DEFAULT_SOURCE_HOSTS, allowHttp: false, allowPrivate: false, timeoutMs: 10_000, maxBytes: MAX_SOURCE_BYTES };
}

/**
 * Reads the allowlist from an environment variable: comma-separated hosts (optionally `host:port`).
 * Unset or blank means the defaults. Entries are normalised to URL.host form; an entry that is not a
 * bare host (a scheme, a path, credentials) throws, so a misconfiguration fails at startup.
 */
export function parseSourceHosts(envValue: string | undefined): string[] {
  const entries = (envValue ?? "").split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (entries.length === 0) return [...DEFAULT_SOURCE_HOSTS];
  return entries.map((entry) => {
    const url = URL.canParse(`https://${entry}`) ? new URL(`https://${entry}`) : null;
    if (!url || /[/@?#\\]/.test(entry)) throw new Error(`source host list: "${entry}" is not a host or host:port`);
    return url.host;
  });
}

/**
 * Parses the user's URL. A GitHub file page, `https://github.com/<owner>/<repo>/blob/<ref>/<path>`,
 * becomes its raw file, `https://raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>`; its query
 * (`?raw=true`, `?plain=1`) and fragment (`#L10`) only matter to the web page and are dropped.
 * Other URLs keep their query (GitLab and Bitbucket use it); fragments are never sent, so dropped.
 */
export function normaliseSourceUrl(raw: string): URL {
  if (!URL.canParse(raw)) throw new SourceError("not a valid URL");
  const url = new URL(raw);
  url.hash = "";
  const blob = /^\/([^/]+\/[^/]+)\/blob\/([^/]+\/.+)$/.exec(url.pathname); // owner/repo, ref/path
  if (url.protocol === "https:" && url.host === "github.com" && blob) {
    return new URL(`https://raw.githubusercontent.com/${blob[1]}/${blob[2]}`);
  }
  return url;
}

/** The rules that need no network: scheme, credentials, host and port. Applied to every hop. */
function checkUrl(url: URL, policy: SourcePolicy): void {
  const httpOk = policy.allowHttp && url.protocol === "http:";
  if (url.protocol !== "https:" && !httpOk) {
    throw new SourceError(`only https URLs are allowed (got ${url.protocol.replace(/:$/, "")})`);
  }
  if (url.username || url.password) throw new SourceError("URLs with credentials (user:password@) are not allowed");
  if (policy.hosts.includes(url.host)) return;
  if (url.port && policy.hosts.includes(url.hostname)) {
    throw new SourceError(`port ${url.port} is not allowed for ${url.hostname} (default port only)`);
  }
  throw new SourceError(`host not allowed: ${url.host} (allowed: ${policy.hosts.join(", ")})`);
}

async function defaultResolve(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true });
  return answers.map((answer) => answer.address);
}

async function resolveHost(host: string, policy: SourcePolicy): Promise<string[]> {
  try {
    return await (policy.resolve ?? defaultResolve)(host);
  } catch (error) {
    throw new SourceError(`could not resolve host: ${host}`, { cause: error });
  }
}

/** Refuses hosts that are, or resolve to, a non-public address (see the caveat at the top). */
async function checkAddress(url: URL, policy: SourcePolicy, signal: AbortSignal): Promise<void> {
  if (policy.allowPrivate) return;
  const host = url.hostname;
  if (isIpLiteral(host)) {
    if (isPrivateAddress(host)) throw new SourceError(`host is a private address: ${host}`);
    return;
  }
  const addresses = await untilAborted(resolveHost(host, policy), signal);
  if (addresses.length === 0) throw new SourceError(`could not resolve host: ${host}`);
  if (addresses.some(isPrivateAddress)) throw new SourceError(`host resolves to a private address: ${host}`);
}

/** `promise`, or a rejection with the signal's reason once it aborts (DNS lookups take no signal). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function tooLarge(maxBytes: number): SourceError {
  return new SourceError(`source larger than ${maxBytes} bytes`);
}

/** Reads the body, refusing a declared length over the cap up front and stopping as soon as the count passes it. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = response.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new Uint8Array(Bun.concatArrayBuffers(chunks));
}

/**
 * A URL's file name: its last path segment, percent-decoded ("" when the path ends in "/"). Anything up
 * to a decoded slash or backslash is cut, so the name never carries a path; malformed escapes stay as written.
 */
export function fileNameFromUrl(url: URL): string {
  const segment = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Malformed percent-encoding: keep the segment as written.
  }
  return decoded.slice(Math.max(decoded.lastIndexOf("/"), decoded.lastIndexOf("\\")) + 1);
}

async function follow(start: URL, policy: SourcePolicy, signal: AbortSignal): Promise<FetchedSource> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    checkUrl(url, policy);
    await checkAddress(url, policy, signal);
    // Redirects are followed by hand so that every hop passes the checks above.
    const response = await fetch(url, { redirect: "manual", signal });
    if (REDIRECT_STATUSES.has(response.status)) {
      await response.body?.cancel();
      if (redirects === MAX_REDIRECTS) throw new SourceError(`too many redirects (more than ${MAX_REDIRECTS})`);
      const location = response.headers.get("location");
      if (location === null || !URL.canParse(location, url)) {
        throw new SourceError(`upstream answered ${response.status} without a valid Location`);
      }
      url = new URL(location, url);
      url.hash = "";
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SourceError(`upstream answered ${response.status}`);
    }
    const bytes = await readCapped(response, policy.maxBytes);
    return { bytes, url: url.href, fileName: fileNameFromUrl(url) };
  }
}

/** Fetches the source at `raw` under `policy`. Every failure is a SourceError. */
export async function fetchSource(raw: string, policy: SourcePolicy): Promise<FetchedSource> {
  const url = normaliseSourceUrl(raw);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  try {
    return await follow(url, policy, signal);
  } catch (error) {
    if (error instanceof SourceError) throw error;
    if (signal.aborted) throw new SourceError(`fetch timed out after ${policy.timeoutMs} ms`, { cause: error });
    const reason = error instanceof Error ? error.message : String(error);
    throw new SourceError(`could not fetch the source: ${reason}`, { cause: error });
  }
}
