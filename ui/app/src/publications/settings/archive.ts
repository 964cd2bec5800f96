// The site archive's HTTP answers as the Settings section reads them
// (server/archive_export.go, server/archive_restore.go).

/** RestoreResult is POST /publications/archive/restore's answer on success. */
export interface RestoreResult {
  changed: boolean;
  /** The server's one-line account of what was restored ("nothing changed (already imported)" on a second upload). */
  message: string;
  ownerId: string;
  loginName: string;
  siteUrl: string;
  warning?: string;
}

/** readRestoreAnswer reads the restore's JSON: the result, or the refusal's message (empty when the body was not the server's JSON). */
export async function readRestoreAnswer(res: Response): Promise<{ ok: true; result: RestoreResult } | { ok: false; message: string }> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    return { ok: false, message: "" };
  }
  const b = body as { error?: { message?: unknown } } & Partial<RestoreResult>;
  if (res.ok && typeof b.message === "string" && typeof b.loginName === "string") return { ok: true, result: b as RestoreResult };
  return { ok: false, message: typeof b.error?.message === "string" ? b.error.message : "" };
}

/** archiveFileName is the download's file name from Content-Disposition, else one from the user ID. */
export function archiveFileName(disposition: string | null, userId: string): string {
  const m = /filename="([^"\\/]+)"/.exec(disposition ?? "");
  return m ? m[1] : `stgy-pub-${userId}.tgz`;
}

/** fmtBytes is a byte count in the page's language, in bytes, KB or MB (1000s, as browsers show downloads). */
export function fmtBytes(n: number, lang: string): string {
  const units: [number, string][] = [
    [1e6, "megabyte"],
    [1e3, "kilobyte"],
  ];
  for (const [size, unit] of units) {
    if (n >= size) return new Intl.NumberFormat(lang, { style: "unit", unit, maximumFractionDigits: 1 }).format(n / size);
  }
  return new Intl.NumberFormat(lang, { style: "unit", unit: "byte", unitDisplay: "long" }).format(n);
}
