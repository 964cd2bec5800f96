// The Stats posts table: title first (ID still shown; on a narrow screen
// the ID column goes first, then the trend, so Views stays in view at
// 375 px), publication date
// in the site's zone, views with a bar and the daily trend as a
// sparkline, both on one scale shared by every row of the table (every
// page: the server's maxPv and maxDayPv).
import { useI18n } from "../../lib/i18n-context";
import { fmtDate } from "../../lib/time";
import { useSite } from "../site";
import type { Row, SortKey } from "./model";
import { Bar, Sparkline } from "./Spark";

export function StatsTable(props: { rows: Row[]; maxViews: number; maxDay: number; busy: boolean; order: string; page: number; period: number; sort: SortKey; dir: "asc" | "desc"; sortHref: (k: SortKey) => string }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const { maxViews, maxDay } = props;
  const head = (k: SortKey, label: string, cls = "") => (
    <th scope="col" class={cls} aria-sort={props.sort === k ? (props.dir === "asc" ? "ascending" : "descending") : undefined}>
      <a href={props.sortHref(k)} class="sort">
        {label}
        <span aria-hidden="true">{props.sort === k ? (props.dir === "asc" ? " ▲" : " ▼") : ""}</span>
      </a>
    </th>
  );
  return (
    <div class="table-wrap">
      {/* While another page or order loads, the last rows stay (busy);
          data-order and data-page name what the rows are once loaded. */}
      <table class="stats-table" aria-labelledby="posts-h" aria-busy={props.busy} data-order={props.busy ? undefined : props.order} data-page={props.busy ? undefined : props.page}>
        <thead>
          <tr>
            {head("title", t("stats.colTitle"), "title-col")}
            {head("published", t("stats.colPublished", { zone: site.zone }))}
            {head("views", t("stats.colViews"), "num")}
            <th scope="col" class="trend-col">{t("stats.colTrend")}</th>
            {head("id", t("stats.colId"), "id-col")}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" class="title-col">
                <a href={site.link(`/stats/${r.id}`, { period: props.period === 7 ? undefined : props.period })}>{r.title || t("posts.untitled")}</a>
              </th>
              <td>{r.publishedAt ? <time dateTime={r.publishedAt}>{fmtDate(r.publishedAt, site.zone, lang)}</time> : <span class="muted">{t("posts.state.UNPUBLISHED")}</span>}</td>
              <td class="num views-cell">
                <span class="views-num">{r.views.toLocaleString(lang)}</span>
                <Bar value={r.views} max={maxViews} />
              </td>
              <td class="trend-col">
                <Sparkline days={r.daily} max={maxDay} />
              </td>
              <td class="id-col">
                <code>{r.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
