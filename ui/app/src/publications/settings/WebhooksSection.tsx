// Settings › Webhooks: the owner's endpoints with their recent deliveries,
// a form to add one (URL and events) and Delete. The server checks the URL
// (https, a public address) and the per-owner limit; its refusals are
// shown next to the form.
import { useEffect, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../../lib/i18n-context";
import { errorCode, errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import type { WebhookEvent, WebhooksQuery as Q } from "../../gql/graphql";
import { ActionError, ErrorNote, Loading } from "../ui";
import { useSite } from "../site";
import { CreateWebhookMutation, DeleteWebhookMutation, WebhooksQuery } from "./webhooks-ops";

const EVENTS: WebhookEvent[] = ["POST_PUBLISHED", "POST_UPDATED", "POST_UNPUBLISHED", "COMMENT_POSTED", "COMMENT_APPROVED"];

type Hook = Q["webhooks"][number];
type Load = { state: "loading" } | { state: "error"; error: CombinedError } | { state: "ready"; hooks: Hook[] };

export function WebhooksSection() {
  const { t } = useI18n();
  const client = useClient();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const fetchHooks = () => {
    void client
      .query(WebhooksQuery, {}, { requestPolicy: "network-only" })
      .toPromise()
      .then((r) => setLoad(r.error || !r.data ? { state: "error", error: r.error! } : { state: "ready", hooks: r.data.webhooks }));
  };
  useEffect(fetchHooks, []);
  return (
    <section class="webhooks" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{t("webhooks.heading")}</h2>
      <p class="hint muted">{t("webhooks.intro")}</p>
      {load.state === "loading" && <Loading />}
      {load.state === "error" && <ErrorNote error={load.error} onRetry={fetchHooks} />}
      {load.state === "ready" && (
        <>
          {load.hooks.length === 0 && <p class="muted">{t("webhooks.none")}</p>}
          {load.hooks.map((h) => (
            <HookItem key={h.id} hook={h} onDeleted={fetchHooks} />
          ))}
          <AddHook onAdded={fetchHooks} />
        </>
      )}
    </section>
  );
}

function AddHook(props: { onAdded: () => void }) {
  const { t } = useI18n();
  const client = useClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["POST_PUBLISHED"]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const toggle = (ev: WebhookEvent, on: boolean) => setEvents((es) => (on ? [...es, ev] : es.filter((e) => e !== ev)));
  const add = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const r = await client.mutation(CreateWebhookMutation, { input: { url: url.trim(), events } }).toPromise();
    setBusy(false);
    if (r.error || !r.data) {
      const code = errorCode(r.error);
      const msg = r.error?.graphQLErrors[0]?.message ?? "";
      setError(
        code === "WEBHOOK_URL_REFUSED"
          ? t("webhooks.refused", { message: msg })
          : code === "WEBHOOK_LIMIT_REACHED"
            ? t("webhooks.limit")
            : errorText(t, r.error),
      );
      return;
    }
    setError("");
    setUrl("");
    props.onAdded();
  };
  return (
    <form class="form webhook-form" onSubmit={add} noValidate>
      <fieldset>
        <legend>{t("webhooks.add")}</legend>
        <label for="wh-url">{t("webhooks.url")}</label>
        <input id="wh-url" type="url" required value={url} placeholder="https://example.com/hooks/stgy" aria-describedby="wh-url-hint" onInput={(e) => setUrl(e.currentTarget.value)} />
        <p id="wh-url-hint" class="hint muted">
          {t("webhooks.urlHint")}
        </p>
        <fieldset class="checks">
          <legend>{t("webhooks.events")}</legend>
          {EVENTS.map((ev) => (
            <label key={ev} class="check">
              <input type="checkbox" checked={events.includes(ev)} onChange={(e) => toggle(ev, e.currentTarget.checked)} /> {t(`webhooks.event.${ev}`)}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <div class="actions">
        <button type="submit" disabled={busy || url.trim() === "" || events.length === 0}>
          {busy ? t("webhooks.adding") : t("webhooks.addButton")}
        </button>
        {error && <ActionError text={error} />}
      </div>
    </form>
  );
}

function HookItem(props: { hook: Hook; onDeleted: () => void }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const client = useClient();
  const [error, setError] = useState("");
  const h = props.hook;
  const remove = async () => {
    if (!confirm(t("webhooks.confirmDelete", { url: h.url }))) return;
    const r = await client.mutation(DeleteWebhookMutation, { id: h.id }).toPromise();
    if (r.error) {
      setError(errorText(t, r.error));
      return;
    }
    props.onDeleted();
  };
  return (
    <article class="webhook">
      <h3 class="webhook-url">{h.url}</h3>
      <p class="muted">
        {h.events.map((ev) => t(`webhooks.event.${ev}`)).join(", ")} · {t("webhooks.created", { time: fmtDateTime(h.createdAt, site.zone, lang) })}
      </p>
      <details>
        <summary>{t("webhooks.secret")}</summary>
        <p class="hint muted">{t("webhooks.secretHint")}</p>
        <code class="secret">{h.secret}</code>
      </details>
      <h4>{t("webhooks.recent")}</h4>
      {h.deliveries.length === 0 ? (
        <p class="muted">{t("webhooks.noDeliveries")}</p>
      ) : (
        <div class="table-wrap">
          <table class="deliveries">
            <thead>
              <tr>
                <th scope="col">{t("webhooks.col.time")}</th>
                <th scope="col">{t("webhooks.col.event")}</th>
                <th scope="col">{t("webhooks.col.state")}</th>
                <th scope="col">{t("webhooks.col.attempts")}</th>
                <th scope="col">{t("webhooks.col.last")}</th>
              </tr>
            </thead>
            <tbody>
              {h.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{fmtDateTime(d.occurredAt, site.zone, lang)}</td>
                  <td>{t(`webhooks.event.${d.event}`)}</td>
                  <td>{t(`webhooks.state.${d.state}`)}</td>
                  <td>{d.attempts}</td>
                  <td>{d.lastError ?? (d.lastStatus != null ? String(d.lastStatus) : "")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="actions">
        <button type="button" class="secondary" onClick={remove}>
          {t("webhooks.delete")}
        </button>
        {error && <ActionError text={error} />}
      </div>
    </article>
  );
}
