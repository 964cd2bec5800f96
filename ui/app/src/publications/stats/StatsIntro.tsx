// What the numbers mean: the definition of a view, the period, the cache
// delay and when the figures were computed.
import { useI18n } from "../../lib/i18n-context";
import { dayKey } from "../../lib/i18n";
import { fmtDateTime } from "../../lib/time";
import { useSite } from "../site";

export function StatsIntro(props: { updatedAt: string; period: number }) {
  const { t, lang } = useI18n();
  const site = useSite();
  return (
    <div class="stats-intro">
      <p>{t("stats.definition")}</p>
      <p class="muted">
        {t(dayKey("stats.periodNote", props.period), { count: props.period})}{" "}
        {t("stats.updated", { time: fmtDateTime(props.updatedAt, site.zone, lang), zone: site.zone })}
      </p>
    </div>
  );
}

/** PeriodPicker links to the same view with another period (history entries, so Back works). */
export function PeriodPicker(props: { current: number; days: number; href: (n: number) => string }) {
  const { t } = useI18n();
  return (
    <nav class="period" aria-label={t("stats.periodLabel")}>
      <ul>
        {[1, 7, 15]
          .filter((n) => n <= props.days)
          .map((n) => (
            <li key={n}>
              <a href={props.href(n)} aria-current={n === props.current ? "true" : undefined}>
                {t(dayKey("stats.periodName", n), { count: n})}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** KeyFigure shows a period total and its change from the previous period. */
export function KeyFigure(props: { label: string; current: number; previous: number | null; period: number }) {
  const { t, lang } = useI18n();
  const { current, previous } = props;
  let cmp: string;
  if (previous === null) cmp = t(dayKey("stats.noPrevious", props.period), { count: props.period});
  else if (previous === 0) cmp = t(dayKey("stats.previousZero", props.period), { count: props.period, previous: previous.toLocaleString(lang) });
  else {
    const pct = Math.round(((current - previous) / previous) * 100);
    cmp = t(dayKey(pct >= 0 ? "stats.up" : "stats.down", props.period), { pct: Math.abs(pct), count: props.period, previous: previous.toLocaleString(lang) });
  }
  return (
    <div class="key-figure">
      <p class="key-label">{props.label}</p>
      <p class="key-value">{current.toLocaleString(lang)}</p>
      <p class="key-compare muted">{cmp}</p>
    </div>
  );
}
