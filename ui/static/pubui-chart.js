// STGY Pub Publications page: inline SVG charts for Stats (issue: "a
// per-day series for the site and for each listed post"). A bar chart for
// the site's daily PV and a sparkline per post; every bar and point has a
// <title> so screen readers and hovering show the exact value.
(function () {
  "use strict";
  var P = (window.STGYPub = window.STGYPub || {});

  // barChart draws daily = [{date: "YYYYMMDD", pv}] oldest first as bars
  // with date labels under them and the maximum on the axis.
  P.barChart = function (daily, label) {
    var n = daily.length || 1;
    var W = 600, H = 190, top = 24, bottom = 34, left = 8, right = 8;
    var plotH = H - top - bottom;
    var slot = (W - left - right) / n;
    var max = 0;
    daily.forEach(function (d) {
      if (d.pv > max) max = d.pv;
    });
    var total = daily.reduce(function (s, d) { return s + d.pv; }, 0);
    var root = P.svg("svg", {
      viewBox: "0 0 " + W + " " + H,
      class: "bar-chart",
      role: "img",
      "aria-labelledby": "bar-chart-title",
      preserveAspectRatio: "xMidYMid meet",
    });
    root.appendChild(P.svg("title", { id: "bar-chart-title", text: label + ": " + P.fmtInt(total) + " page views over " + daily.length + " days" }));
    root.appendChild(P.svg("line", { x1: left, x2: W - right, y1: top + plotH, y2: top + plotH, class: "axis" }));
    root.appendChild(P.svg("text", { x: W - right, y: 16, class: "max", "text-anchor": "end", text: "max " + P.fmtInt(max) }));
    daily.forEach(function (d, i) {
      var h = max > 0 ? Math.round((d.pv / max) * plotH) : 0;
      if (d.pv > 0 && h < 2) h = 2;
      var x = left + i * slot + slot * 0.15;
      var g = P.svg("g", { class: "bar" });
      g.appendChild(P.svg("title", { text: P.dayLabel(d.date, true) + ": " + P.fmtInt(d.pv) + " views" }));
      // A full-height transparent hit area keeps zero days hoverable.
      g.appendChild(P.svg("rect", { x: x, y: top, width: slot * 0.7, height: plotH, class: "hit" }));
      g.appendChild(P.svg("rect", { x: x, y: top + plotH - h, width: slot * 0.7, height: h, class: "fill" }));
      g.appendChild(P.svg("text", {
        x: x + slot * 0.35, y: H - bottom + 20, "text-anchor": "middle", class: (n - 1 - i) % 2 ? "label odd" : "label", text: P.dayLabel(d.date, false),
      }));
      root.appendChild(g);
    });
    return root;
  };

  // sparkline draws a post's daily series as a small polyline with a dot
  // on the last day.
  P.sparkline = function (daily, label) {
    var W = 120, H = 28, pad = 3;
    var max = 0;
    daily.forEach(function (d) {
      if (d.pv > max) max = d.pv;
    });
    var step = daily.length > 1 ? (W - 2 * pad) / (daily.length - 1) : 0;
    var pts = daily.map(function (d, i) {
      var y = max > 0 ? H - pad - (d.pv / max) * (H - 2 * pad) : H - pad;
      return [pad + i * step, Math.round(y * 10) / 10];
    });
    var summary = daily.map(function (d) {
      return P.dayLabel(d.date, false) + " " + d.pv;
    }).join(", ");
    var root = P.svg("svg", { viewBox: "0 0 " + W + " " + H, class: "sparkline", role: "img" });
    root.appendChild(P.svg("title", { text: label + " per day: " + summary }));
    root.appendChild(P.svg("polyline", {
      points: pts.map(function (p) { return p[0] + "," + p[1]; }).join(" "),
      class: "line",
    }));
    if (pts.length) {
      var last = pts[pts.length - 1];
      root.appendChild(P.svg("circle", { cx: last[0], cy: last[1], r: 2.2, class: "dot" }));
    }
    return root;
  };
})();
