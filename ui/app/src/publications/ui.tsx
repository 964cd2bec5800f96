// Small shared pieces of the views: loading and error states that keep
// their place (no layout jump), and the view heading that receives focus.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";

/** Heading is a view's <h1>; OwnerApp focuses it after navigation. */
export function Heading(props: { children: ComponentChildren }) {
  return (
    <h1 tabIndex={-1} class="view-heading">
      {props.children}
    </h1>
  );
}

/** Loading marks a region that is loading (announced politely). */
export function Loading(props: { label?: string }) {
  const { t } = useI18n();
  return (
    <p class="loading muted" role="status">
      {props.label ?? t("common:loading")}
    </p>
  );
}

/** ErrorNote shows an API error in plain words, with Retry when given. */
export function ErrorNote(props: { error: CombinedError | null | undefined; onRetry?: () => void; text?: string }) {
  const { t } = useI18n();
  if (!props.error && !props.text) return null;
  return (
    <div class="error-note" role="alert">
      <p class="error">{props.text ?? errorText(t, props.error)}</p>
      {props.onRetry && (
        <button type="button" class="secondary" onClick={props.onRetry}>
          {t("common:retry")}
        </button>
      )}
    </div>
  );
}

/** count is the number of Unicode code points, as the server counts limits. */
export function count(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * ActionError is the message of a failed action, placed next to the
 * action's button; it is announced (role=alert) and scrolled into view if
 * needed, so reading it never needs scrolling.
 */
export function ActionError(props: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.scrollIntoView({ block: "nearest" }), [props.text]);
  if (!props.text) return null;
  return (
    <p ref={ref} class="error action-error" role="alert">
      {props.text}
    </p>
  );
}
