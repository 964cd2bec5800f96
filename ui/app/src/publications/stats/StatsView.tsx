// Stats (seed 001 "Publications Stats"): the period's total with the
// previous period, the daily chart with its data table, and the posts
// table (title first, sortable, 50 a page, CSV export). Period, sort and
// page live in the URL: every change is a history entry, so Back works.
import { useEffect, useMemo, useState } from "preact/hooks";
import { subscribe } from "../../lib/live";
import { ViewsTodaySubscription } from "../ops-live";
import { useBase } from "../paths";
import { useLocation } from "preact-iso";
import { useI18n } from "../../lib/i18n-context";
import { dayKey } from "../../lib/i18n";
import { ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { compare, defaultDir, lastDays, PAGE_SIZE, period, rows, SORT_KEYS, sortRows, toCSV, type Row, type SortKey } from "./model";
import { useStats } from "./useStats";
import { KeyFigure, PeriodPicker, StatsIntro } from "./StatsIntro";
import { DailyChart } from "./DailyChart";
import { StatsTable } from "./StatsTable";

export function StatsView() {
  const { t, lang } = useI18n();
  const loc = useLocation();
  const site = useSite();
  const [res, reexecute] = useStats();
  // Today's views, live (pubViewsToday: at most one update a second).
  const base = useBase();
  const [today, setToday] = useState<number | null>(null);
  useEffect(() => {
    setToday(null);
    return subscribe<{ pubViewsToday: { total: number } }>({
      basePath: base,
      document: ViewsTodaySubscription,
      variables: { userId: site.userId },
      onData: (d) => setToday(d.pubViewsToday.total),
    });
  }, [base, site.userId]);
  const stats = res.data?.pubStats;
  const q = loc.query;
  const n = period(q.period, stats?.days ?? 15);
  const sort: SortKey = SORT_KEYS.includes(q.sort as SortKey) ? (q.sort as SortKey) : "views";
  const dir = q.dir === "asc" || q.dir === "desc" ? q.dir : defaultDir(sort);
  const all = useMemo(() => (stats ? sortRows(rows(stats, n), sort, dir, lang) : []), [stats, n, sort, dir, lang]);
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Math.floor(Number(q.page) || 1)));
  const href = (p: { period?: number; sort?: SortKey; dir?: string; page?: number }) =>
    site.link("/stats", {
      period: (p.period ?? n) === 7 ? undefined : (p.period ?? n),
      sort: (p.sort ?? sort) === "views" ? undefined : (p.sort ?? sort),
      dir: (p.dir ?? dir) === defaultDir(p.sort ?? sort) ? undefined : (p.dir ?? dir),
      page: (p.page ?? 1) > 1 ? p.page : undefined,
    });

  return (
    <section class="view stats">
      <Heading>{t("stats.heading")}</Heading>
      {res.fetching && !stats && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={() => reexecute({ requestPolicy: "network-only" })} />}
      {stats && (
        <>
          <StatsIntro updatedAt={stats.updatedAt} period={n} />
          {today !== null && <p class="live-today">{t("stats.liveToday", { count: today })}</p>}
          <PeriodPicker current={n} days={stats.days} href={(p) => href({ period: p, page: 1 })} />
          <div class="figures">
            <KeyFigure label={t(dayKey("stats.totalViews", n), { count: n})} period={n} {...compare(stats.daily, n)} />
          </div>
          <DailyChart id="site-chart" days={lastDays(stats.daily, n)} caption={t(dayKey("stats.chartCaption", n), { count: n})} />
          <h2 id="posts-h">{t("stats.postsHeading")}</h2>
          {all.length === 0 ? (
            <p class="muted">{t("stats.noPosts")}</p>
          ) : (
            <>
              <div class="table-tools">
                <button type="button" class="secondary" onClick={() => download(all, n)}>
                  {t("stats.exportCSV")}
                </button>
                <span class="muted">{t("stats.rows", { count: all.length })}</span>
              </div>
              <StatsTable rows={all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)} allRows={all} period={n} sort={sort} dir={dir} sortHref={(k) => href({ sort: k, dir: k === sort ? (dir === "asc" ? "desc" : "asc") : defaultDir(k) })} />
              {pages > 1 && (
                <nav class="pager" aria-label={t("stats.pages")}>
                  {page > 1 ? <a href={href({ page: page - 1 })} rel="prev">{t("stats.prev")}</a> : <span />}
                  <span>{t("stats.pageOf", { page, pages })}</span>
                  {page < pages ? <a href={href({ page: page + 1 })} rel="next">{t("stats.next")}</a> : <span />}
                </nav>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** download saves the whole sorted table (every page) as CSV. */
function download(rs: Row[], n: number) {
  const blob = new Blob(["\ufeff" + toCSV(rs)], { type: "text/csv;charset=utf-8" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `stats-${n}d-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
