// useUnsavedGuard asks before unsaved edits are left behind: on reload,
// closing the tab (beforeunload) and on following an in-app link (a
// capture-phase click handler that runs before the router's). Local
// drafts still keep the editor's text if the person leaves anyway.
import { useEffect } from "preact/hooks";

export function useUnsavedGuard(dirty: boolean, message: string): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || a.target || a.origin !== location.origin || a.hasAttribute("data-no-guard")) return;
      if (a.pathname === location.pathname && a.search === location.search) return;
      if (!confirm(message)) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [dirty, message]);
}
