// URLs of the Publications app. Every view is a real URL under
// {base}/publications, so reload, bookmarks and Back work; lists keep
// their page, sort and period in the query string.
import { createContext } from "preact";
import { useContext } from "preact/hooks";

/** BaseContext holds the site's path prefix ("" or "/blog"). */
export const BaseContext = createContext("");

/** useBase returns the site's path prefix. */
export function useBase(): string {
  return useContext(BaseContext);
}

/** query builds "?a=1&b=2" from the defined, non-empty values ("" when none). */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  const s = q.toString();
  return s ? "?" + s : "";
}

/** appPath returns {base}/publications{rest}. */
export function appPath(base: string, rest = ""): string {
  return `${base}/publications${rest}`;
}
