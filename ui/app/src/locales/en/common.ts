// English text shared by every entry point (namespace "common").
export const common = {
  language: "Language",
  langName: { en: "English", ja: "日本語" },
  retry: "Retry",
  loading: "Loading…",
  errors: {
    network: "Cannot reach the server. Check your connection, then try again.",
    unauthenticated: "Your session has ended. Please log in again.",
    forbidden: "You are not allowed to do this with this account.",
    notFound: "This item no longer exists.",
    rateLimited: "Too many attempts. Wait a minute, then try again.",
    conflict: "This changed elsewhere in the meantime. Reload, then try again.",
    badInput: "Some input was not accepted. Check the fields and try again.",
    badInputWith: "Not accepted: {{message}}",
    internal: "Something went wrong on the server. Try again later.",
  },
};
