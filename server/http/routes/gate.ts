/** What every paid request checks before any work: Pro for Pro features, then enough credits. */
import { requestProFeatures } from "../../../engine/index.ts";
import { isPro, type User } from "../../accounts/users.ts";
import { ApiError } from "../errors.ts";
import type { ProFeature } from "../schemas.ts";

export function requirePro(user: User, requests: readonly { lang: string; options?: unknown }[]): void {
  const features = [...new Set(requests.flatMap((r) => requestProFeatures(r)))] as ProFeature[];
  if (features.length > 0 && !isPro(user)) {
    throw new ApiError("pro_required", `these features need active Pro: ${features.join(", ")}`, features);
  }
}

export function requireCredits(user: User, needed: number): void {
  if (user.credits < needed) {
    throw new ApiError(
      "no_credits",
      needed === 1 ? "out of credits: top up with POST /topup" : `this batch needs at least ${needed} credits; the balance is ${user.credits}: top up with POST /topup`,
    );
  }
}

/** The charge did not apply: the balance ran out while this request was rendering. */
export function ranOut(): ApiError {
  return new ApiError("no_credits", "out of credits: the balance ran out while rendering; nothing was charged");
}

/**
 * Checked right before charging: a client that closed the connection gets nothing, so it pays
 * nothing. (A client leaving after this point can still lose an answer it paid for: the charge and
 * the send cannot be one atomic step.)
 */
export function requireClient(signal: AbortSignal): void {
  signal.throwIfAborted(); // an AbortError: errors.ts answers it (to nobody) as bad_request
}
