// Errors in plain words. A CombinedError from urql carries either a
// network error (the server could not be reached or answered non-JSON)
// or GraphQL errors with extensions.code; the UI never shows raw codes.
import type { CombinedError } from "@urql/core";
import type { TFunction } from "i18next";

/** errorCode returns the API's extensions.code, "NETWORK" when the server was not reached, or "" for no error. */
export function errorCode(err: CombinedError | undefined | null): string {
  if (!err) return "";
  if (err.networkError) return "NETWORK";
  const code = err.graphQLErrors[0]?.extensions?.code;
  return typeof code === "string" ? code : "INTERNAL";
}

/**
 * retryAfterSeconds is the Retry-After of the response that failed
 * (seconds), or 0 when there is none. urql keeps the fetch Response on
 * the error; the header is the server's real wait (an hour for the
 * hourly comment limit, a minute for the per-minute ones).
 */
export function retryAfterSeconds(err: CombinedError | undefined | null): number {
  const res = (err as { response?: { headers?: { get?: (k: string) => string | null } } } | null | undefined)?.response;
  const v = res?.headers?.get?.("Retry-After");
  const n = v ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : 0;
}

/** waitText is a wait of n seconds in words, rounded up: seconds below a minute, minutes below an hour, else hours. */
export function waitText(t: TFunction, n: number): string {
  if (n < 60) return t("common:wait.seconds", { count: n });
  if (n < 3600) return t("common:wait.minutes", { count: Math.ceil(n / 60) });
  return t("common:wait.hours", { count: Math.ceil(n / 3600) });
}

/**
 * errorText turns an API error into one sentence for the person using the
 * page. Input errors (BAD_USER_INPUT) keep the server's explanation, which
 * names the field and its limit, where the catalogue says the server's
 * language is the page's (English); elsewhere they get the catalogue's
 * own sentence. A rate limit names the real wait (Retry-After). Every
 * other kind gets a fixed sentence from the common.errors catalogue.
 */
export function errorText(t: TFunction, err: CombinedError | undefined | null): string {
  if (!err) return "";
  const code = errorCode(err);
  switch (code) {
    case "NETWORK":
      return t("common:errors.network");
    case "UNAUTHENTICATED":
      return t("common:errors.unauthenticated");
    case "FORBIDDEN": {
      // Signed in from another origin than the server's base URL
      // (localhost vs 127.0.0.1): say so, and which address to open.
      const ext = err.graphQLErrors[0]?.extensions;
      if (ext?.reason === "ORIGIN_MISMATCH" && typeof ext.baseUrl === "string") {
        const origin = globalThis.location?.origin ?? "";
        const path = globalThis.location?.pathname ?? "/";
        return t("common:errors.originMismatch", { origin, baseUrl: ext.baseUrl, open: ext.baseUrl + path });
      }
      return t("common:errors.forbidden");
    }
    case "NOT_FOUND":
      return t("common:errors.notFound");
    case "RATE_LIMITED": {
      const n = retryAfterSeconds(err);
      return n > 0 ? t("common:errors.rateLimitedWait", { wait: waitText(t, n) }) : t("common:errors.rateLimited");
    }
    case "CONFLICT":
      return t("common:errors.conflict");
    case "BAD_USER_INPUT": {
      const msg = err.graphQLErrors[0]?.message ?? "";
      return msg && t("common:errors.serverText") === "show"
        ? t("common:errors.badInputWith", { message: msg })
        : t("common:errors.badInput");
    }
    default:
      return t("common:errors.internal");
  }
}

/** errorField returns the input field a BAD_USER_INPUT error names (extensions.field), or "". */
export function errorField(err: CombinedError | undefined | null): string {
  const f = err?.graphQLErrors[0]?.extensions?.field;
  return typeof f === "string" ? f : "";
}
