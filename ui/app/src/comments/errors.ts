// Errors of the comment widget in the reader's language. The server's
// messages are English; the widget shows its own sentence for each error
// code and, for refused input, for the field the server names
// (extensions.field), never the server's text.
import type { CombinedError } from "@urql/core";
import type { TFunction } from "i18next";
import { errorCode, errorField, errorText } from "../lib/errors";

/** commentErrorText is the widget's sentence for a failed comment request. */
export function commentErrorText(
  t: TFunction,
  err: CombinedError | null | undefined,
  limits: { nickname: number; body: number },
): string {
  if (!err) return "";
  switch (errorCode(err)) {
    case "CAPTCHA_REQUIRED":
      return t("captcha.again");
    case "CONFLICT":
      return t("form.full");
    case "FORBIDDEN":
      return t("form.closed");
    case "BAD_USER_INPUT":
      break;
    default:
      return errorText(t, err);
  }
  switch (errorField(err)) {
    case "nickname":
      return t("form.nicknameInvalid", { max: limits.nickname });
    case "body":
      return t("form.bodyInvalid", { max: limits.body });
    case "captchaAnswer": {
      const m = /(\d+) attempts? left/.exec(err.graphQLErrors[0]?.message ?? "");
      return m ? t("captcha.wrongLeft", { count: Number(m[1]) }) : t("captcha.wrong");
    }
  }
  // X-STGY-QueryHash is stale: the page was open over a minute boundary
  // too long ago, or the clock is far off.
  if (/X-STGY-/.test(err.graphQLErrors[0]?.message ?? "")) return t("form.outdated");
  return t("common:errors.badInput");
}
