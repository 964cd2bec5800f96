// Stats (seed 001 "Publications Stats"): the period's total with the
// previous period, the daily chart with its data table, and the posts
// table (title first, sortable, 50 a page, CSV export). The server sorts
// and pages the rows (Stats.postsPage), so a screen costs 50 rows however
// many posts the site has; the CSV is streamed by the server
// (/publications/stats.csv). Period, sort and page (with its cursor) live
// in the URL: every change is a history entry, so Back works.
import { useEffect, useState } from "preact/hooks";
import { subscribe } from "../../lib/live";
import { ViewsTodaySubscription } from "../ops-live";
import { useLocation } from "preact-iso";
import { useI18n } from "../../lib/i18n-context";
import { dayKey } from "../../lib/i18n";
import { ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { useBase } from "../paths";
import { compare, csvPath, defaultDir, lastDays, PAGE_SIZE, period, rows, SORT_KEYS, sortEnum, type SortKey } from "./model";
import { useStatsPage } from "./useStats";
import { KeyFigure, PeriodPicker, StatsIntro } from "./StatsIntro";
import { DailyChart } from "./DailyChart";
import { StatsTable } from "./StatsTable";
import { CrawlersSection } from "./CrawlersSection";

export function StatsView() {
  const { t } = useI18n();
  const loc = useLocation();
  const site = useSite();
  const base = useBase();
  // Today's views, live (pubViewsToday: at most one update a second).
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
  const q = loc.query;
  const sort: SortKey = SORT_KEYS.includes(q.sort as SortKey) ? (q.sort as SortKey) : "views";
  const dir = q.dir === "asc" || q.dir === "desc" ? q.dir : defaultDir(sort);
  // The page number is shown; the cursor finds the page. Without a
  // cursor the URL means page 1.
  const cursor = q.after ? { after: q.after } : q.before ? { before: q.before } : {};
  const asked = period(q.period, 15);
  // The largest period is the whole window: no days argument, so a
  // shorter retention window still answers.
  const [res, reexecute] = useStatsPage({ days: asked === 15 ? undefined : asked, sort: sortEnum(sort, dir), ...cursor });
  const stats = res.data?.pubStats;
  const n = period(q.period, stats?.days ?? 15);
  const conn = stats?.postsPage;
  const all = conn?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(all / PAGE_SIZE));
  const page = q.after || q.before ? Math.min(pages, Math.max(1, Math.floor(Number(q.page) || 1))) : 1;
  const href = (p: { period?: number; sort?: SortKey; dir?: string; page?: number; after?: string | null; before?: string | null }) =>
    site.link("/stats", {
      period: (p.period ?? n) === 7 ? undefined : (p.period ?? n),
      sort: (p.sort ?? sort) === "views" ? undefined : (p.sort ?? sort),
      dir: (p.dir ?? dir) === defaultDir(p.sort ?? sort) ? undefined : (p.dir ?? dir),
      page: (p.page ?? 1) > 1 ? p.page : undefined,
      after: (p.page ?? 1) > 1 ? (p.after ?? undefined) : undefined,
      before: (p.page ?? 1) > 1 ? (p.before ?? undefined) : undefined,
    });
  const shown = conn && stats ? rows(conn, n, stats.daily) : [];

  return (
    <section class="view stats">
      <Heading>{t("stats.heading")}</Heading>
      {res.fetching && !stats && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={() => reexecute({ requestPolicy: "network-only" })} />}
      {stats && conn && (
        <>
          <StatsIntro updatedAt={stats.updatedAt} period={n} />
          {today !== null && <p class="live-today">{t("stats.liveToday", { count: today })}</p>}
          <PeriodPicker current={n} days={stats.days} href={(p) => href({ period: p, page: 1 })} />
          <div class="figures">
            <KeyFigure label={t(dayKey("stats.totalViews", n), { count: n})} period={n} {...compare(stats.daily, n)} />
          </div>
          <DailyChart id="site-chart" days={lastDays(stats.daily, n)} caption={t(dayKey("stats.chartCaption", n), { count: n})} />
          <h2 id="posts-h">{t("stats.postsHeading")}</h2>
          {all === 0 ? (
            <p class="muted">{t("stats.noPosts")}</p>
          ) : (
            <>
              <div class="table-tools">
                <button type="button" class="secondary" onClick={() => download(csvPath(base, site.userId, n, sort, dir))}>
                  {t("stats.exportCSV")}
                </button>
                <span class="muted">{t("stats.rows", { count: all })}</span>
              </div>
              <StatsTable rows={shown} busy={res.fetching} order={sortEnum(sort, dir)} page={page} maxViews={conn.maxPv} maxDay={conn.maxDayPv} period={n} sort={sort} dir={dir} sortHref={(k) => href({ sort: k, dir: k === sort ? (dir === "asc" ? "desc" : "asc") : defaultDir(k) })} />
              {pages > 1 && (
                <nav class="pager" aria-label={t("stats.pages")}>
                  {conn.pageInfo.hasPreviousPage && page > 1 ? <a href={href({ page: page - 1, before: conn.pageInfo.startCursor })} rel="prev">{t("stats.prev")}</a> : <span />}
                  <span>{t("stats.pageOf", { page, pages })}</span>
                  {conn.pageInfo.hasNextPage ? <a href={href({ page: page + 1, after: conn.pageInfo.endCursor })} rel="next">{t("stats.next")}</a> : <span />}
                </nav>
              )}
            </>
          )}
          <CrawlersSection days={n} />
        </>
      )}
    </section>
  );
}

/** download saves the server's CSV of every row, streamed to disk by the browser (the response's file name wins). */
function download(href: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = "stats.csv"; // non-empty: the router leaves download links alone
  document.body.append(a);
  a.click();
  a.remove();
}
