// Dates and times in one labelled time zone: the site's (pubConfig
// timeZone: the owner's extensions.timeZone, else the default of the
// site's language). Every date shown or typed in the Publications app and
// the readers' comment widget goes through here, so the chart, the
// tables, the date pickers and the public pages agree. Stats days are
// UTC days (the counter's) and say so.

/** fmtDateTime formats an RFC 3339 time as date and time in zone. */
export function fmtDateTime(iso: string, zone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { timeZone: zone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** fmtDate formats an RFC 3339 time as a date in zone. */
export function fmtDate(iso: string, zone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { timeZone: zone, dateStyle: "medium" }).format(new Date(iso));
}

/** ymdDate turns a Stats day ("YYYYMMDD" or "YYYY-MM-DD", a UTC day) into a Date at 00:00 UTC. */
export function ymdDate(day: string): Date {
  const d = day.replace(/-/g, "");
  return new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))));
}

/** fmtDay formats a Stats day (a UTC calendar day) without shifting it to another zone. */
export function fmtDay(day: string, lang: string, style: "short" | "medium" = "medium"): string {
  const opts: Intl.DateTimeFormatOptions =
    style === "short" ? { timeZone: "UTC", month: "numeric", day: "numeric" } : { timeZone: "UTC", dateStyle: "medium" };
  return new Intl.DateTimeFormat(lang, opts).format(ymdDate(day));
}

/** isoDay returns a Stats day as YYYY-MM-DD. */
export function isoDay(day: string): string {
  const d = day.replace(/-/g, "");
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

/** offsetMinutes is zone's offset from UTC at instant t, in minutes (east positive). */
export function offsetMinutes(zone: string, t: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(t);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUTC = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((asUTC - (t.getTime() - t.getMilliseconds())) / 60000);
}

/** zoneLabel names a zone with its current offset, e.g. "Asia/Tokyo (UTC+09:00)" or "UTC". */
export function zoneLabel(zone: string, at = new Date()): string {
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  const m = offsetMinutes(zone, at);
  const sign = m < 0 ? "−" : "+";
  const a = Math.abs(m);
  return `${zone} (UTC${sign}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")})`;
}

/** toInputValue gives the wall time of an instant in zone as a datetime-local value "YYYY-MM-DDTHH:MM". */
export function toInputValue(iso: string, zone: string): string {
  const t = new Date(iso);
  const local = new Date(t.getTime() + offsetMinutes(zone, t) * 60000);
  return local.toISOString().slice(0, 16);
}

/**
 * fromInputValue reads a datetime-local value as a wall time in zone and
 * returns the instant as RFC 3339 UTC, or null when the value is not a
 * date and time. Around a DST change the offset is solved twice.
 */
export function fromInputValue(value: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  if (Number.isNaN(wall)) return null;
  let t = wall - offsetMinutes(zone, new Date(wall)) * 60000;
  t = wall - offsetMinutes(zone, new Date(t)) * 60000;
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, "Z");
}
