// Live updates: one GraphQL subscription over SSE (graphql-sse, distinct
// connections mode; docs/API.md "Subscriptions") with fetch, so the
// session cookie and the persisted-document hash go as with queries.
// The stream reconnects after an error or its end (1 s doubling to 30 s);
// onOpen runs on every (re)connection, so a view re-reads what it may
// have missed meanwhile (events are not replayed).

/** documentHash is the SHA-256 codegen embedded in a document. */
function documentHash(doc: unknown): string | undefined {
  return (doc as { __meta__?: { hash?: string } }).__meta__?.hash;
}

export interface LiveOptions<T> {
  basePath: string;
  document: unknown;
  variables?: Record<string, unknown>;
  onData: (data: T) => void;
  onOpen?: () => void;
}

/** subscribe starts the subscription and returns its stop function. */
export function subscribe<T>(o: LiveOptions<T>): () => void {
  let stopped = false;
  let ctrl: AbortController | null = null;
  let pause = 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hash = documentHash(o.document);
  const run = async () => {
    ctrl = new AbortController();
    try {
      const res = await fetch(`${o.basePath}/graphql`, {
        method: "POST",
        credentials: "same-origin",
        signal: ctrl.signal,
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ variables: o.variables ?? {}, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
      });
      if (!res.ok || !res.body) throw new Error(`live: HTTP ${res.status}`);
      o.onOpen?.();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pause = 1000; // a stream that delivers resets the backoff
        buf += value;
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          for (const line of frame.split("\n")) {
            if (!line.startsWith("data:")) continue;
            try {
              const msg = JSON.parse(line.slice(5).trim()) as { data?: T; errors?: unknown[] };
              if (msg.errors?.length) throw new Error("live: subscription refused");
              if (msg.data) o.onData(msg.data);
            } catch (e) {
              if ((e as Error).message === "live: subscription refused") {
                stopped = true; // a permission or input error does not heal by retrying
                ctrl.abort();
                return;
              }
            }
          }
        }
      }
    } catch {
      // fall through to the retry
    }
    if (stopped) return;
    timer = setTimeout(run, pause);
    pause = Math.min(2 * pause, 30000);
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    ctrl?.abort();
  };
}
