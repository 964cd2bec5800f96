// CrawlersSection: the crawler report (docs/SPEC.md#crawler-report) of the
// Stats period: bot fetches per family summed over the posts as a uPlot
// chart (one line per family, UTC days) and a table of posts with their
// crawls per family. Fetched from the network every time: the report is
// live, never cached on the server.
import { useEffect, useRef } from "preact/hooks";
import { useQuery } from "@urql/preact";
import uPlot from "uplot";
import { useI18n } from "../../lib/i18n-context";
import { dayKey } from "../../lib/i18n";
import { fmtDay, isoDay, ymdDate } from "../../lib/time";
import { ErrorNote, Loading } from "../ui";
import { useSite } from "../site";
import { BotStatsQuery } from "./ops";

const FAMILIES = ["SEARCH", "SOCIAL", "AI", "OTHER"] as const;
const COLORS: Record<string, string> = { SEARCH: "#0b57d0", SOCIAL: "#b3261e", AI: "#146c2e", OTHER: "#6b6f76" };

type Family = (typeof FAMILIES)[number];
type Count = { family: string; count: number };

function countOf(cs: readonly Count[], f: Family): number {
  return cs.find((c) => c.family === f)?.count ?? 0;
}

export function CrawlersSection(props: { days: number }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const [res, reexecute] = useQuery({ query: BotStatsQuery, variables: { userId: site.userId, days: props.days }, requestPolicy: "network-only" });
  const rows = res.data?.pubBotStats;
  const box = useRef<HTMLDivElement>(null);
  const dates = rows?.[0]?.daily.map((d) => d.date) ?? [];
  const series = FAMILIES.map((f) => dates.map((_, i) => (rows ?? []).reduce((a, r) => a + countOf(r.daily[i]?.crawls ?? [], f), 0)));
  const caption = t(dayKey("stats.crawlersChartCaption", props.days), { count: props.days });

  useEffect(() => {
    const el = box.current;
    if (!el || !rows || rows.length === 0) return;
    const xs = dates.map((d) => ymdDate(d).getTime() / 1000);
    const max = Math.max(1, ...series.flat());
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 200,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true, range: (_u, min, mx) => [min - 43200, mx + 43200] }, y: { range: [0, max * 1.1] } },
        axes: [
          { incrs: [86400, 2 * 86400, 7 * 86400], values: (_u, splits) => splits.map((s) => fmtDay(new Date(s * 1000).toISOString().slice(0, 10), lang, "short")), stroke: "#3b3f46", grid: { show: false } },
          { stroke: "#3b3f46", grid: { stroke: "#e3e5e8" }, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? s.toLocaleString(lang) : "")) },
        ],
        series: [{}, ...FAMILIES.map((f) => ({ label: t(`stats.fam${f}`), stroke: COLORS[f], width: 2, points: { show: true, size: 5 } }))],
      },
      [xs, ...series],
      el,
    );
    const ro = new ResizeObserver(() => plot.setSize({ width: width(), height: 200 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [rows, lang]);

  return (
    <section class="crawlers" aria-labelledby="crawlers-h">
      <h2 id="crawlers-h">{t("stats.crawlersHeading")}</h2>
      <p class="muted">{t("stats.crawlersIntro")}</p>
      {res.fetching && !rows && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={() => reexecute({ requestPolicy: "network-only" })} />}
      {rows && rows.length === 0 && <p class="muted">{t("stats.noCrawls")}</p>}
      {rows && rows.length > 0 && (
        <>
          <figure class="chart" aria-labelledby="crawlers-chart-cap">
            <figcaption id="crawlers-chart-cap">{caption}</figcaption>
            <div class="chart-box" ref={box} aria-hidden="true" />
            <details class="chart-data">
              <summary>{t("stats.asTable")}</summary>
              <div class="table-wrap">
              <table class="data">
                <caption class="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("stats.dayUTC")}</th>
                    {FAMILIES.map((f) => (
                      <th scope="col" class="num" key={f}>
                        {t(`stats.fam${f}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {dates.map((d, i) => (
                    <tr key={d}>
                      <th scope="row">
                        <time dateTime={isoDay(d)}>{fmtDay(d, lang)}</time>
                      </th>
                      {FAMILIES.map((f, j) => (
                        <td class="num" key={f}>
                          {series[j][i].toLocaleString(lang)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
            </details>
          </figure>
          <div class="table-wrap">
          <table class="data crawlers-table">
            <caption class="visually-hidden">{t("stats.crawlersHeading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("stats.colTitle")}</th>
                {FAMILIES.map((f) => (
                  <th scope="col" class="num" key={f}>
                    {t(`stats.fam${f}`)}
                  </th>
                ))}
                <th scope="col" class="num">
                  {t("stats.colTotal")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.postId} data-post={r.postId}>
                  <th scope="row">
                    <a href={site.link(`/stats/${r.postId}`)}>{r.title || r.postId}</a>
                  </th>
                  {FAMILIES.map((f) => (
                    <td class="num" key={f} data-family={f}>
                      {countOf(r.crawls, f).toLocaleString(lang)}
                    </td>
                  ))}
                  <td class="num">{r.total.toLocaleString(lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("stats.total")}</th>
                {FAMILIES.map((f, i) => (
                  <td class="num" key={f}>
                    {series[i].reduce((a, b) => a + b, 0).toLocaleString(lang)}
                  </td>
                ))}
                <td class="num">{rows.reduce((a, r) => a + r.total, 0).toLocaleString(lang)}</td>
              </tr>
            </tfoot>
          </table>
          </div>
        </>
      )}
    </section>
  );
}
