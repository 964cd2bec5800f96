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
 * errorText turns an API error into one sentence for the person using the
 * page. Input errors (BAD_USER_INPUT) keep the server's explanation, which
 * names the field and its limit; every other kind gets a fixed sentence
 * from the common.errors catalogue.
 */
export function errorText(t: TFunction, err: CombinedError | undefined | null): string {
  if (!err) return "";
  const code = errorCode(err);
  switch (code) {
    case "NETWORK":
      return t("common:errors.network");
    case "UNAUTHENTICATED":
      return t("common:errors.unauthenticated");
    case "FORBIDDEN":
      return t("common:errors.forbidden");
    case "NOT_FOUND":
      return t("common:errors.notFound");
    case "RATE_LIMITED":
      return t("common:errors.rateLimited");
    case "CONFLICT":
      return t("common:errors.conflict");
    case "BAD_USER_INPUT": {
      const msg = err.graphQLErrors[0]?.message ?? "";
      return msg ? t("common:errors.badInputWith", { message: msg }) : t("common:errors.badInput");
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
