// The Settings form's labelled controls, shared by its sections.
import type { ComponentChildren } from "preact";

interface FieldAttrs {
  id: string;
  name: string;
  "aria-describedby": string;
  "aria-invalid": boolean | undefined;
}

/** Field is a labelled control with a hint (the limit) and its own error message. */
export function Field(props: { id: string; label: string; hint?: string; error?: string; children: (a: FieldAttrs) => ComponentChildren }) {
  const { id, hint, error } = props;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-err` : ""].filter(Boolean).join(" ");
  return (
    <div class={error ? "field invalid" : "field"}>
      <label for={id}>{props.label}</label>
      {props.children({ id, name: id.slice(2), "aria-describedby": described, "aria-invalid": error ? true : undefined })}
      {hint && (
        <p id={`${id}-hint`} class="hint muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} class="error field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Check is a labelled checkbox with an optional hint. */
export function Check(props: { id: string; label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div class="field check">
      <input id={props.id} type="checkbox" checked={props.checked} aria-describedby={props.hint ? `${props.id}-hint` : undefined} onChange={(e) => props.onChange(e.currentTarget.checked)} />
      <label for={props.id}>{props.label}</label>
      {props.hint && (
        <p id={`${props.id}-hint`} class="hint muted">
          {props.hint}
        </p>
      )}
    </div>
  );
}
