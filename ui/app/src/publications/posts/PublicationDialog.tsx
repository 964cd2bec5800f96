// External publication (seed 001): publish now, schedule at a date and
// time in the site's labelled time zone, or unpublish. Unchecking
// "Publish this post" keeps the date on screen (and remembers it), so the
// previous or scheduled date is never lost from view. Errors show inside
// the dialog next to its buttons.
import { useEffect, useRef, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { errorText } from "../../lib/errors";
import { fmtDateTime, fromInputValue, toInputValue, zoneLabel } from "../../lib/time";
import { useSite } from "../site";
import { ActionError } from "../ui";
import { previousPublication, rememberPublication } from "../drafts";
import { SetPublicationMutation } from "./ops";
import type { Me } from "../me";

export interface PublicationTarget {
  id: string;
  title: string;
  state: string;
  publishedAt: string | null;
  /** OwnPost.version as loaded: the change is refused (CONFLICT) when the post changed since. */
  version?: string | null;
}

export function PublicationDialog(props: { me: Me; post: PublicationTarget; onClose: (changed: boolean) => void }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const client = useClient();
  const ref = useRef<HTMLDialogElement>(null);
  const { post } = props;
  const was = post.publishedAt ?? previousPublication(props.me.id, post.id);
  const [enabled, setEnabled] = useState(post.state !== "UNPUBLISHED");
  const [when, setWhen] = useState<"now" | "at">(post.state === "SCHEDULED" ? "at" : post.state === "PUBLISHED" ? "at" : "now");
  const [at, setAt] = useState(toInputValue(was ?? new Date().toISOString(), site.zone));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    const cancel = (e: Event) => {
      e.preventDefault();
      props.onClose(false);
    };
    d?.addEventListener("cancel", cancel);
    return () => d?.removeEventListener("cancel", cancel);
  }, []);

  const save = async (e: Event) => {
    e.preventDefault();
    setError("");
    let publishedAt: string | null = null;
    if (enabled) {
      if (when === "now") publishedAt = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
      else {
        publishedAt = fromInputValue(at, site.zone);
        if (!publishedAt) {
          setError(t("publication.badDate"));
          return;
        }
      }
    }
    setBusy(true);
    const r = await client.mutation(SetPublicationMutation, { id: post.id, publishedAt, ifVersion: post.version ?? null }).toPromise();
    setBusy(false);
    if (r.error) {
      setError(errorText(t, r.error));
      return;
    }
    rememberPublication(props.me.id, post.id, publishedAt ? null : was);
    props.onClose(true);
  };

  const future = enabled && when === "at" && (fromInputValue(at, site.zone) ?? "") > new Date().toISOString();
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="pub-h">
      <form class="form" onSubmit={save}>
        <h2 id="pub-h">{t("publication.heading")}</h2>
        <p class="muted">{post.title}</p>
        <p>
          {t(`publication.now.${post.state}`)}
          {was && <> {fmtDateTime(was, site.zone, lang)} ({site.zone})</>}
        </p>
        <div class="field check">
          <input id="pub-enabled" type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <label for="pub-enabled">{t("publication.enable")}</label>
        </div>
        <fieldset disabled={!enabled}>
          <legend>{t("publication.when")}</legend>
          <div class="field check">
            <input id="pub-now" type="radio" name="when" checked={when === "now"} onChange={() => setWhen("now")} />
            <label for="pub-now">{t("publication.publishNow")}</label>
          </div>
          <div class="field check">
            <input id="pub-at" type="radio" name="when" checked={when === "at"} onChange={() => setWhen("at")} />
            <label for="pub-at">{t("publication.publishAt")}</label>
          </div>
          <div class="field">
            <label for="pub-time">{t("publication.dateTime", { zone: zoneLabel(site.zone) })}</label>
            <input id="pub-time" type="datetime-local" step={60} value={at} disabled={!enabled || when !== "at"} aria-describedby="pub-zone" onInput={(e) => setAt(e.currentTarget.value)} />
            <p id="pub-zone" class="hint muted">
              {t("publication.zoneHint", { zone: zoneLabel(site.zone) })}
            </p>
          </div>
        </fieldset>
        <p class="muted" aria-live="polite">
          {!enabled ? t("publication.willUnpublish") : when === "now" ? t("publication.willPublish") : future ? t("publication.willSchedule") : t("publication.willBackdate")}
        </p>
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? t("publication.saving") : t("publication.save")}
          </button>
          <button type="button" class="secondary" onClick={() => props.onClose(false)}>
            {t("publication.cancel")}
          </button>
        </div>
        <ActionError text={error} />
      </form>
    </dialog>
  );
}
