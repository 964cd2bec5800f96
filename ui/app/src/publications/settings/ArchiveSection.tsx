// Settings › Site archive (docs/ARCHIVE.md): "Download archive" streams
// GET /publications/archive for the site, showing the bytes received as
// they arrive (the size is not known before the end: the server writes
// the archive as it reads the site), then saves it under the server's
// file name. Administrators also get "Restore": the chosen file is sent
// as it is to POST /publications/archive/restore (optionally under a new
// login), and the server's answer — what was restored, "nothing changed",
// or the refusal naming the file or item — is shown as it says it.
import { useRef, useState } from "preact/hooks";
import { useI18n } from "../../lib/i18n-context";
import { ActionError } from "../ui";
import { useSite } from "../site";
import { useBase } from "../paths";
import { archiveFileName, fmtBytes, readRestoreAnswer, type RestoreResult } from "./archive";

type Download = { kind: "idle" } | { kind: "running"; bytes: number } | { kind: "done"; bytes: number; name: string } | { kind: "error"; text: string };

export function ArchiveSection() {
  const { t } = useI18n();
  const site = useSite();
  return (
    <section class="archive" aria-labelledby="archive-heading">
      <h2 id="archive-heading">{t("archive.heading")}</h2>
      <p class="hint muted">{t("archive.intro")}</p>
      <DownloadArchive />
      {site.admin && <RestoreArchive />}
    </section>
  );
}

function DownloadArchive() {
  const { t, lang } = useI18n();
  const site = useSite();
  const base = useBase();
  const [state, setState] = useState<Download>({ kind: "idle" });

  const download = async () => {
    setState({ kind: "running", bytes: 0 });
    try {
      const res = await fetch(`${base}/publications/archive?userId=${encodeURIComponent(site.userId)}`, { credentials: "same-origin" });
      if (!res.ok || !res.body) {
        setState({ kind: "error", text: t("archive.downloadFailed", { status: res.status }) });
        return;
      }
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.length;
        setState({ kind: "running", bytes });
      }
      const name = archiveFileName(res.headers.get("Content-Disposition"), site.userId);
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: "application/gzip" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = name; // non-empty: the router leaves download links alone
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ kind: "done", bytes, name });
    } catch {
      setState({ kind: "error", text: t("common:errors.network") });
    }
  };

  const running = state.kind === "running";
  return (
    <div class="archive-download">
      <div class="actions">
        <button type="button" onClick={download} disabled={running} aria-describedby="archive-download-status">
          {running ? t("archive.downloading") : t("archive.download")}
        </button>
        {running && <progress aria-label={t("archive.progressLabel")} />}
        <p id="archive-download-status" class="status" role="status" aria-live="polite">
          {running && t("archive.received", { size: fmtBytes(state.bytes, lang) })}
          {state.kind === "done" && <span class="ok">{t("archive.downloaded", { name: state.name, size: fmtBytes(state.bytes, lang) })}</span>}
        </p>
      </div>
      {state.kind === "error" && <ActionError text={state.text} />}
    </div>
  );
}

type Restore = { kind: "idle" } | { kind: "sending" } | { kind: "done"; result: RestoreResult } | { kind: "error"; text: string };

function RestoreArchive() {
  const { t } = useI18n();
  const base = useBase();
  const file = useRef<HTMLInputElement>(null);
  const [as, setAs] = useState("");
  const [state, setState] = useState<Restore>({ kind: "idle" });

  const restore = async (e: Event) => {
    e.preventDefault();
    const f = file.current?.files?.[0];
    if (!f) {
      setState({ kind: "error", text: t("archive.chooseFile") });
      file.current?.focus();
      return;
    }
    setState({ kind: "sending" });
    const q = as.trim() ? `?as=${encodeURIComponent(as.trim())}` : "";
    try {
      const res = await fetch(`${base}/publications/archive/restore${q}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/gzip" },
        body: f,
      });
      const answer = await readRestoreAnswer(res);
      setState(answer.ok ? { kind: "done", result: answer.result } : { kind: "error", text: answer.message || t("archive.restoreFailed", { status: res.status }) });
    } catch {
      setState({ kind: "error", text: t("common:errors.network") });
    }
  };

  return (
    <form class="form archive-restore" onSubmit={restore} noValidate>
      <h3>{t("archive.restoreHeading")}</h3>
      <p class="hint muted">{t("archive.restoreIntro")}</p>
      <div class="field">
        <label for="archive-file">{t("archive.file")}</label>
        <input id="archive-file" ref={file} type="file" accept=".tgz,.tar.gz,application/gzip" onChange={() => setState({ kind: "idle" })} />
      </div>
      <div class="field">
        <label for="archive-as">{t("archive.as")}</label>
        <input id="archive-as" type="text" autocomplete="off" spellcheck={false} value={as} onInput={(e) => setAs(e.currentTarget.value)} aria-describedby="archive-as-hint" />
        <p id="archive-as-hint" class="hint muted">
          {t("archive.asHint")}
        </p>
      </div>
      <div class="actions">
        <button type="submit" disabled={state.kind === "sending"}>
          {state.kind === "sending" ? t("archive.restoring") : t("archive.restore")}
        </button>
        <p class="status" role="status" aria-live="polite">
          {state.kind === "done" && (
            <span class={state.result.changed ? "ok" : "muted"}>
              {state.result.changed ? t("archive.restored", { login: state.result.loginName }) : t("archive.unchanged", { login: state.result.loginName })}
            </span>
          )}
        </p>
        {state.kind === "error" && <ActionError text={state.text} />}
      </div>
      {state.kind === "done" && (
        <div class="restore-result">
          <p class="restore-message">{state.result.message}</p>
          {state.result.warning && <p class="muted">{state.result.warning}</p>}
          <p>
            <a href={state.result.siteUrl}>{t("archive.openSite")}</a>
          </p>
        </div>
      )}
    </form>
  );
}
