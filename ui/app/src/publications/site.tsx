// The site the app shows: the signed-in owner's, or for an admin the one
// named by ?user=ID. Its time zone labels every date and time input.
import { createContext } from "preact";
import { useContext } from "preact/hooks";

export interface SiteInfo {
  /** The site owner's user ID (the target of Stats and Settings). */
  userId: string;
  /** True when an admin looks at another user's site (?user=). */
  other: boolean;
  /** True when the signed-in user is an administrator (Settings offers Restore). */
  admin: boolean;
  /** The site's IANA time zone (pubConfig.timeZone): every date and time shown or typed is in it. */
  zone: string;
  /** Asks the server for the site's time zone again (after Settings saved a change). */
  reloadZone: () => void;
  /** Appends ?user= (admins) to an app path so links stay on the same site. */
  link: (path: string, params?: Record<string, string | number | undefined>) => string;
  /** Counts the owner's live comment notifications since the app started (0: none yet); views re-read on a change. */
  liveNotes: number;
}

export const SiteContext = createContext<SiteInfo | null>(null);

/** useSite returns the site being managed. */
export function useSite(): SiteInfo {
  const s = useContext(SiteContext);
  if (!s) throw new Error("useSite outside SiteContext");
  return s;
}
