// usePreview renders Markdown through the server (previewMarkdown) 400 ms
// after typing stops; an older answer never replaces a newer one.
import { useEffect, useRef, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import type { PreviewMarkdownQuery } from "../../gql/graphql";
import { PreviewQuery } from "./ops";

export function usePreview(content: string) {
  const client = useClient();
  const [state, setState] = useState<{ data?: PreviewMarkdownQuery["previewMarkdown"]; error?: CombinedError; fetching: boolean }>({ fetching: true });
  const seq = useRef(0);
  useEffect(() => {
    const n = ++seq.current;
    setState((s) => ({ ...s, fetching: true }));
    const timer = setTimeout(() => {
      void client
        .query(PreviewQuery, { content }, { requestPolicy: "network-only" })
        .toPromise()
        .then((r) => {
          if (n !== seq.current) return;
          setState(r.error ? { data: undefined, error: r.error, fetching: false } : { data: r.data?.previewMarkdown, fetching: false });
        });
    }, 400);
    return () => clearTimeout(timer);
  }, [content]);
  return state;
}
