// Stats arithmetic: periods (the last N UTC days including today) and the
// period before them, per-post sums, sorting, and the CSV export.
import type { StatsQuery } from "../../gql/graphql";
import { isoDay } from "../../lib/time";

export type Stats = StatsQuery["pubStats"];
export type PostRow = Stats["posts"][number];
export type Day = { date: string; pv: number };

/** Periods offered, in days; the retention window is 15 days. */
export const PERIODS = [1, 7, 15] as const;
export const PAGE_SIZE = 50;
export type SortKey = "views" | "title" | "published" | "id";
export const SORT_KEYS: SortKey[] = ["views", "title", "published", "id"];

/** period clamps a requested period to one offered within the window. */
export function period(raw: string | undefined, days: number): number {
  const n = Number(raw);
  return (PERIODS as readonly number[]).includes(n) && n <= days ? n : Math.min(7, days);
}

/** lastDays returns the last n entries of a daily series (oldest first). */
export function lastDays(daily: Day[], n: number): Day[] {
  return daily.slice(Math.max(0, daily.length - n));
}

/** sum adds page views. */
export const sum = (daily: Day[]) => daily.reduce((a, d) => a + d.pv, 0);

/** compare gives the period's total, the previous period's total, or null when the window does not reach back that far. */
export function compare(daily: Day[], n: number): { current: number; previous: number | null } {
  const current = sum(lastDays(daily, n));
  if (daily.length < 2 * n) return { current, previous: null };
  return { current, previous: sum(daily.slice(daily.length - 2 * n, daily.length - n)) };
}

/** change is the relative change in percent, null when the previous period had no views. */
export function change(current: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export interface Row {
  id: string;
  title: string;
  publishedAt: string | null;
  views: number;
  daily: Day[];
}

/** rows turns Stats posts into rows for period n. */
export function rows(stats: Stats, n: number): Row[] {
  return stats.posts.map((p) => {
    const d = lastDays(p.daily, n);
    return { id: p.id, title: p.title || p.digest, publishedAt: p.publishedAt ?? null, views: sum(d), daily: d };
  });
}

/** sortRows sorts a copy by key and direction; ties by ID so the order is stable. */
export function sortRows(rs: Row[], key: SortKey, dir: "asc" | "desc", lang: string): Row[] {
  const coll = new Intl.Collator(lang);
  const cmp = (a: Row, b: Row): number => {
    switch (key) {
      case "views":
        return a.views - b.views;
      case "title":
        return coll.compare(a.title, b.title);
      case "published":
        return (a.publishedAt ?? "").localeCompare(b.publishedAt ?? "");
      case "id":
        return a.id.localeCompare(b.id);
    }
  };
  const sign = dir === "asc" ? 1 : -1;
  return [...rs].sort((a, b) => sign * cmp(a, b) || a.id.localeCompare(b.id));
}

/** defaultDir is the direction a column sorts in first. */
export const defaultDir = (k: SortKey): "asc" | "desc" => (k === "title" || k === "id" ? "asc" : "desc");

/** csvCell quotes a value and neutralizes spreadsheet formulas (=, +, -, @ at the start). */
export function csvCell(v: string | number): string {
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** toCSV is the table as CSV (RFC 4180, CRLF): one row per post with the period's total and each day. */
export function toCSV(rs: Row[]): string {
  const days = rs[0]?.daily.map((d) => d.date) ?? [];
  const head = ["id", "title", "published_at", "views", ...days.map(isoDay)];
  const lines = [head.map(csvCell).join(",")];
  for (const r of rs) lines.push([r.id, r.title, r.publishedAt ?? "", r.views, ...r.daily.map((d) => d.pv)].map(csvCell).join(","));
  return lines.join("\r\n") + "\r\n";
}
