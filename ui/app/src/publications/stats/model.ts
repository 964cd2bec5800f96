// Stats arithmetic: periods (the last N UTC days including today) and the
// period before them, the server's sort orders, and the CSV export's URL.
import type { PostStatsSort, StatsPageQuery } from "../../gql/graphql";

export type Stats = StatsPageQuery["pubStats"];
export type StatsPage = Stats["postsPage"];
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

/** series zips a row's dailyPv with the window's dates (dates[i] is the day of pvs[i]). */
export function series(dates: Day[], pvs: number[]): Day[] {
  return pvs.map((pv, i) => ({ date: dates[i]?.date ?? "", pv }));
}

/** rows turns a page's edges into table rows for period n (the server sums the period: periodPv); dates is the totals' daily. */
export function rows(page: StatsPage, n: number, dates: Day[]): Row[] {
  return page.edges.map(({ periodPv, node: p }) => ({ id: p.id, title: p.title || p.digest, publishedAt: p.publishedAt ?? null, views: periodPv, daily: lastDays(series(dates, p.dailyPv), n) }));
}

/** sortEnum is the server's order for a column and direction (ties by ID, as every order). */
export function sortEnum(key: SortKey, dir: "asc" | "desc"): PostStatsSort {
  const col = { views: "PV", title: "TITLE", published: "PUBLISHED", id: "ID" }[key];
  return `${col}_${dir.toUpperCase()}` as PostStatsSort;
}

/** defaultDir is the direction a column sorts in first. */
export const defaultDir = (k: SortKey): "asc" | "desc" => (k === "title" || k === "id" ? "asc" : "desc");

/** csvPath is the CSV export of every row (server-streamed, in the table's order) under {base}. */
export function csvPath(base: string, userId: string, n: number, key: SortKey, dir: "asc" | "desc"): string {
  return `${base}/publications/stats.csv?${new URLSearchParams({ userId, days: String(n), sort: key, dir })}`;
}
