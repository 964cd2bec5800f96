// The comment text field with the button row below it: the buttons on
// the left, the live count "N/1000" at the right end, and past the limit
// an "Exceeding the limit" warning; the buttons get over=true to disable
// submitting.
import { useState, useId } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { useI18n } from "../lib/i18n-context";
import { bodyLength } from "./text";

/** BodyLimit is the ordinary limit of a comment, in characters (code points). */
export const BodyLimit = 1000;

export function BodyField(props: {
  initial?: string;
  label: string;
  limit?: number;
  children: (over: boolean) => ComponentChildren;
}) {
  const { t } = useI18n();
  const id = "stgy-cw-" + useId(); // the page's own ids start with stgy-
  const limit = props.limit ?? BodyLimit;
  const [n, setN] = useState(() => bodyLength(props.initial ?? ""));
  const over = n > limit;
  return (
    <>
      <label class="cw-field" for={`${id}-body`}>
        {props.label}
      </label>
      <textarea dir="auto"
        id={`${id}-body`}
        name="body"
        rows={5}
        required
        defaultValue={props.initial ?? ""}
        aria-describedby={`${id}-count`}
        aria-invalid={over}
        onInput={(e) => setN(bodyLength((e.currentTarget as HTMLTextAreaElement).value))}
      />
      <div class="cw-row">
        <div class="cw-buttons">{props.children(over)}</div>
        <p class={over ? "cw-count over" : "cw-count"} id={`${id}-count`}>
          {over && (
            <span class="cw-warning" role="alert">
              {t("form.exceeding")}{" "}
            </span>
          )}
          <span>
            {n}/{limit}
          </span>
        </p>
      </div>
    </>
  );
}
