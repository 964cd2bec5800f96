// Settings (seed 001 "Public Site Settings"). The form appears only once
// the settings loaded (else an error with Retry: a blank form must never
// be savable); Save sends only the fields the owner changed; messages
// appear next to the field or the Save button and a success clears any
// earlier error.
import { useEffect, useMemo, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../../lib/i18n-context";
import { errorCode, errorField, errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import type { PubConfigInput } from "../../gql/graphql";
import { ActionError, ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { useBase } from "../paths";
import { useUnsavedGuard } from "../guard";
import { SaveSettingsMutation, SettingsQuery } from "./ops";
import { changed, check, fieldOf, fromConfig, labelKey, patch, type Config, type Form, type Problem } from "./model";
import { SettingsFields } from "./SettingsFields";
import { WebhooksSection } from "./WebhooksSection";
import { ArchiveSection } from "./ArchiveSection";

type Load = { state: "loading" } | { state: "error"; error: CombinedError } | { state: "ready"; config: Config };

export function SettingsView() {
  const { t } = useI18n();
  const site = useSite();
  const client = useClient();
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const fetchSettings = () => {
    setLoad({ state: "loading" });
    void client
      .query(SettingsQuery, { userId: site.userId }, { requestPolicy: "network-only" })
      .toPromise()
      .then((r) => setLoad(r.error || !r.data ? { state: "error", error: r.error! } : { state: "ready", config: r.data.pubConfig }));
  };
  useEffect(fetchSettings, [site.userId]);

  return (
    <section class="view settings">
      <Heading>{t("settings.heading")}</Heading>
      {load.state === "loading" && <Loading />}
      {load.state === "error" && (
        <>
          <p class="muted">{t("settings.notLoaded")}</p>
          <ErrorNote error={load.error} onRetry={fetchSettings} />
        </>
      )}
      {load.state === "ready" && <SettingsForm key={load.config.userId} config={load.config} />}
      {load.state === "ready" && <WebhooksSection />}
      <ArchiveSection />
    </section>
  );
}

type Status = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; text: string } | { kind: "invalid" } | { kind: "nothing" };
/** Conflict: the save was refused because the settings changed elsewhere; mine is the patch that was not saved. */
type Conflict = { theirs: Config; mine: PubConfigInput };

function SettingsForm(props: { config: Config }) {
  const { t } = useI18n();
  const site = useSite();
  const base = useBase();
  const client = useClient();
  const [config, setConfig] = useState(props.config);
  const initial = useMemo(() => fromConfig(config), [config]);
  const [form, setForm] = useState<Form>(initial);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const dirty = changed(initial, form).length > 0;
  useUnsavedGuard(dirty, t("unsaved.leave"));

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setProblems((ps) => ps.filter((p) => p.field !== k));
    if (status.kind === "saved" || status.kind === "nothing") setStatus({ kind: "idle" });
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (!dirty) {
      setStatus({ kind: "nothing" });
      return;
    }
    const ps = check(initial, form);
    setProblems(ps);
    if (ps.length) {
      setStatus({ kind: "invalid" });
      document.getElementById(`f-${ps[0].field}`)?.focus();
      return;
    }
    await send(patch(config, initial, form), config.version);
  };

  // send saves input under version (the one it was computed from); a
  // CONFLICT loads the settings as stored now and shows what changed
  // there, keeping the form as the owner left it.
  const send = async (input: PubConfigInput, version: string) => {
    setStatus({ kind: "saving" });
    const r = await client.mutation(SaveSettingsMutation, { userId: site.userId, input, ifVersion: version }).toPromise();
    if (errorCode(r.error) === "CONFLICT") {
      const now = await client.query(SettingsQuery, { userId: site.userId }, { requestPolicy: "network-only" }).toPromise();
      if (now.data) {
        setConflict({ theirs: now.data.pubConfig, mine: input });
        setStatus({ kind: "idle" });
        return;
      }
    }
    if (r.error || !r.data) {
      const f = fieldOf(errorField(r.error));
      if (f) setProblems([{ field: f, key: "settings.server", values: { message: r.error?.graphQLErrors[0]?.message ?? "" } }]);
      setStatus({ kind: "error", text: errorText(t, r.error) });
      return;
    }
    const saved = r.data.updatePubConfig;
    if (saved.timeZone !== site.zone) site.reloadZone();
    setConflict(null);
    setConfig(saved);
    setForm(fromConfig(saved));
    setProblems([]);
    setStatus({ kind: "saved" });
  };
  const keepMine = () => conflict && void send(conflict.mine, conflict.theirs.version);
  const loadTheirs = () => {
    if (!conflict) return;
    setConfig(conflict.theirs);
    setForm(fromConfig(conflict.theirs));
    setProblems([]);
    setConflict(null);
    setStatus({ kind: "idle" });
  };

  const discard = () => {
    if (!confirm(t("unsaved.discard"))) return;
    setForm(initial);
    setProblems([]);
    setStatus({ kind: "idle" });
  };

  return (
    <form class="form settings-form" onSubmit={save} noValidate>
      {conflict && <SettingsConflict loaded={initial} mine={form} theirs={conflict.theirs} onKeepMine={keepMine} onLoadTheirs={loadTheirs} busy={status.kind === "saving"} />}
      <SettingsFields
        form={form}
        set={set}
        problems={problems}
        siteUrl={`${base}/sites/${site.userId}`}
        effectiveZone={config.timeZone}
        zoneSet={initial.timeZone !== ""}
        federationOn={initial.federationEnabled}
      />
      <div class="actions sticky-actions">
        <button type="submit" disabled={status.kind === "saving"}>
          {status.kind === "saving" ? t("settings.saving") : t("settings.save")}
        </button>
        <button type="button" class="secondary" onClick={discard} disabled={!dirty || status.kind === "saving"}>
          {t("settings.discard")}
        </button>
        <p class="status" role="status" aria-live="polite">
          {status.kind === "saved" && <span class="ok">{t("settings.saved")}</span>}
          {status.kind === "nothing" && <span class="muted">{t("settings.nothing")}</span>}
          {dirty && status.kind === "idle" && <span class="muted">{t("settings.unsaved")}</span>}
        </p>
        {status.kind === "error" && <ActionError text={status.text} />}
        {status.kind === "invalid" && <ActionError text={t("settings.invalid", { count: problems.length })} />}
      </div>
    </form>
  );
}

/**
 * SettingsConflict tells the owner that the settings changed elsewhere
 * since they were loaded: which settings changed there (their value now,
 * and the one in this form), and offers to save this form's changes over
 * them or to load them instead.
 */
function SettingsConflict(props: { loaded: Form; mine: Form; theirs: Config; onKeepMine: () => void; onLoadTheirs: () => void; busy: boolean }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const now = fromConfig(props.theirs);
  const keys = changed(props.loaded, now);
  const show = (k: keyof Form, v: Form[keyof Form]): string => {
    if (typeof v === "boolean") return v ? t("settings.on") : t("settings.off");
    if (Array.isArray(v)) return v.length ? v.map((s) => t(`settings.share.${s}`, { defaultValue: s })).join(", ") : t("settings.empty");
    if (k === "commentsMode") return t(`settings.mode.${v}`, { defaultValue: String(v) });
    return v === "" ? t("settings.empty") : String(v);
  };
  return (
    <div class="notice conflict" role="alert">
      <p>
        <strong>{t("settings.conflictTitle")}</strong>
        {props.theirs.updatedAt && <> {t("settings.conflictAt", { time: fmtDateTime(props.theirs.updatedAt, site.zone, lang) })}</>}
      </p>
      {keys.length > 0 && (
        <ul class="conflict-fields">
          {keys.map((k) => (
            <li key={k}>
              {t("settings.conflictField", { field: t(labelKey(k)), theirs: show(k, now[k]), mine: show(k, props.mine[k]) })}
            </li>
          ))}
        </ul>
      )}
      <p class="hint muted">{t("settings.conflictHint")}</p>
      <div class="actions">
        <button type="button" onClick={props.onKeepMine} disabled={props.busy}>
          {t("settings.keepMine")}
        </button>
        <button type="button" class="secondary" onClick={props.onLoadTheirs} disabled={props.busy}>
          {t("settings.loadTheirs")}
        </button>
      </div>
    </div>
  );
}
