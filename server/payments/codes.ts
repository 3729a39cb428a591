/**
 * Payment codes: what the payer keeps in the transfer's comment, e.g. `SK-7KQ4XW9M`. The alphabet has
 * no 0/O, 1/I/L, so a code read off a screen and retyped survives; 8 characters from 31 give
 * 31^8 ≈ 8.5·10^11 codes, drawn with the platform's cryptographic generator, so a code cannot be
 * guessed to claim somebody else's payment.
 */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;
const PREFIX = "SK-";

export function newPaymentCode(): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CODE_LENGTH * 2))) {
      if (byte < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return PREFIX + code;
}

/**
 * Every code a free-text comment may hold, normalised to the stored form: found case-insensitively
 * anywhere, with or without the dash (a payer may type "sk 7kq4xw9m" or "оплата SK7KQ4XW9M").
 */
export function codesIn(comment: string): string[] {
  const found = comment.toUpperCase().matchAll(new RegExp(`SK[-\\s_]?([${CODE_ALPHABET}]{${CODE_LENGTH}})(?![${CODE_ALPHABET}])`, "g"));
  return [...new Set([...found].map((m) => PREFIX + m[1]))];
}
