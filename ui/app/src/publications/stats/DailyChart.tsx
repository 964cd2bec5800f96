// DailyChart: page views per day as bars (uPlot on a canvas), days in
// UTC, with the same numbers in a table for keyboard and screen-reader
// users (the canvas itself is hidden from assistive technology).
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useI18n } from "../../lib/i18n-context";
import { fmtDay, isoDay, ymdDate } from "../../lib/time";
import type { Day } from "./model";

export function DailyChart(props: { days: Day[]; caption: string; id: string }) {
  const { t, lang } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const { days } = props;

  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    const xs = days.map((d) => ymdDate(d.date).getTime() / 1000);
    const ys = days.map((d) => d.pv);
    const max = Math.max(1, ...ys);
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true, range: (_u, min, mx) => [min - 43200, mx + 43200] }, y: { range: [0, max * 1.1] } },
        axes: [
          { incrs: [86400, 2 * 86400, 7 * 86400], values: (_u, splits) => splits.map((s) => fmtDay(new Date(s * 1000).toISOString().slice(0, 10), lang, "short")), stroke: "#3b3f46", grid: { show: false } },
          { stroke: "#3b3f46", grid: { stroke: "#e3e5e8" }, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? s.toLocaleString(lang) : "")) },
        ],
        series: [{}, { label: t("stats.views"), stroke: "#0b57d0", fill: "rgba(11,87,208,0.35)", paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }],
      },
      [xs, ys],
      el,
    );
    const ro = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [days, lang]);

  const total = days.reduce((a, d) => a + d.pv, 0);
  return (
    <figure class="chart" aria-labelledby={`${props.id}-cap`}>
      <figcaption id={`${props.id}-cap`}>{props.caption}</figcaption>
      <div class="chart-box" ref={box} aria-hidden="true" />
      <details class="chart-data">
        <summary>{t("stats.asTable")}</summary>
        <table class="data">
          <caption class="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t("stats.dayUTC")}</th>
              <th scope="col" class="num">
                {t("stats.views")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">
                  <time dateTime={isoDay(d.date)}>{fmtDay(d.date, lang)}</time>
                </th>
                <td class="num">{d.pv.toLocaleString(lang)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("stats.total")}</th>
              <td class="num">{total.toLocaleString(lang)}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </figure>
  );
}
