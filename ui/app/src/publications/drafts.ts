// Local drafts: unsaved editor content kept in localStorage under
// "stgy.draft.{userId}.{postId|new}", so a reload or a crash loses
// nothing, and the last publication time of posts the owner unpublished
// ("stgy.draft.{userId}.was.{postId}"). Keys carry the owner's ID, and
// logging out removes all of that owner's keys, so the next person at the
// same browser sees none of it.
const PREFIX = "stgy.draft.";

/** Draft is what the editor keeps between reloads. */
export interface Draft {
  content: string;
  locale: string;
  /** Absent in drafts saved before tags existed. */
  tags?: string;
  allowLikes: boolean;
  allowReplies: boolean;
  /** The post's updatedAt when editing began (to warn about newer server edits). */
  baseUpdatedAt: string | null;
  savedAt: string;
}

const key = (userId: string, postId: string | null) => `${PREFIX}${userId}.${postId ?? "new"}`;

/** loadDraft returns the stored draft or null. */
export function loadDraft(userId: string, postId: string | null): Draft | null {
  try {
    const raw = localStorage.getItem(key(userId, postId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Draft;
    return typeof d?.content === "string" ? d : null;
  } catch {
    return null;
  }
}

/** saveDraft stores a draft (silently does nothing when storage is unavailable or full). */
export function saveDraft(userId: string, postId: string | null, d: Draft): void {
  try {
    localStorage.setItem(key(userId, postId), JSON.stringify(d));
  } catch {
    // storage blocked or full: the editor still works, without reload safety
  }
}

/** dropDraft removes one draft. */
export function dropDraft(userId: string, postId: string | null): void {
  try {
    localStorage.removeItem(key(userId, postId));
  } catch {
    // nothing stored
  }
}

/** clearDrafts removes every draft of one owner. */
export function clearDrafts(userId: string): void {
  try {
    const mine = `${PREFIX}${userId}.`;
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(mine)) localStorage.removeItem(k);
    }
  } catch {
    // storage blocked
  }
}

/** rememberPublication keeps a post's last publication time after it is unpublished (shown in the list and the dialog). */
export function rememberPublication(userId: string, postId: string, at: string | null): void {
  try {
    const k = `${PREFIX}${userId}.was.${postId}`;
    if (at) localStorage.setItem(k, at);
    else localStorage.removeItem(k);
  } catch {
    // storage blocked
  }
}

/** previousPublication returns the remembered publication time of an unpublished post, or null. */
export function previousPublication(userId: string, postId: string): string | null {
  try {
    return localStorage.getItem(`${PREFIX}${userId}.was.${postId}`);
  } catch {
    return null;
  }
}

/** hasDrafts reports whether the owner has unsaved local drafts. */
export function hasDrafts(userId: string): boolean {
  try {
    const mine = `${PREFIX}${userId}.`;
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(mine) && !k.startsWith(mine + "was.")) return true;
    }
  } catch {
    // storage blocked
  }
  return false;
}
