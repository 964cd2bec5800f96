// English text shared by every entry point (namespace "common").
export const common = {
  language: "Language",
  langName: { en: "English", ja: "日本語" },
  retry: "Retry",
  loading: "Loading…",
  wait: {
    seconds_one: "{{count}} second",
    seconds_other: "{{count}} seconds",
    minutes_one: "{{count}} minute",
    minutes_other: "{{count}} minutes",
    hours_one: "{{count}} hour",
    hours_other: "{{count}} hours",
  },
  errors: {
    network: "Cannot reach the server. Check your connection, then try again.",
    unauthenticated: "Your session has ended. Please log in again.",
    forbidden: "You are not allowed to do this with this account.",
    originMismatch: "This page's address ({{origin}}) does not match the server's configured base URL ({{baseUrl}}), so you cannot sign in here. Open {{open}} instead.",
    notFound: "This item no longer exists.",
    rateLimited: "Too many attempts. Wait a while, then try again.",
    rateLimitedWait: "Too many attempts. Try again in {{wait}}.",
    // "show": the server's English explanation of refused input reads well here.
    serverText: "show",
    conflict: "This changed elsewhere in the meantime. Reload, then try again.",
    badInput: "Some input was not accepted. Check the fields and try again.",
    badInputWith: "Not accepted: {{message}}",
    internal: "Something went wrong on the server. Try again later.",
  },
};
