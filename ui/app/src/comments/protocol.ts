// The two protocol headers of the comment API (docs/API.md "Comments and
// CAPTCHA"): X-STGY-MinuteHash, SHA-1 hex of the UTC minute YYYYMMDDhhmm,
// on createCaptchaChallenge and verifyCaptcha; X-STGY-QueryHash, SHA-1 hex
// of "YYYYMMDDhhmm:POSTID", on postPubComment. SHA-1 comes from
// @noble/hashes (audited, synchronous), so it works on plain-http pages
// too, where crypto.subtle is missing.
import type { OperationContext } from "@urql/core";
import { sha1 } from "@noble/hashes/legacy.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** utcMinute is the current UTC minute as YYYYMMDDhhmm. */
export function utcMinute(now: Date = new Date()): string {
  return now.toISOString().slice(0, 16).replace(/[-T:]/g, "");
}

const hex = (s: string) => bytesToHex(sha1(utf8ToBytes(s)));

/** minuteHash is the X-STGY-MinuteHash value now. */
export const minuteHash = (now?: Date) => hex(utcMinute(now));

/** queryHash is the X-STGY-QueryHash value of a comment on postId now. */
export const queryHash = (postId: string, now?: Date) => hex(utcMinute(now) + ":" + postId);

/** withHeaders is an urql operation context sending extra headers (with the client's usual options). */
export function withHeaders(headers: Record<string, string>): Partial<OperationContext> {
  return {
    fetchOptions: { credentials: "same-origin", headers: { Accept: "application/json", ...headers } },
    requestPolicy: "network-only",
  };
}
