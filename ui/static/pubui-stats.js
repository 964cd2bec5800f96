// STGY Pub Publications page, Stats tab (seed 001 "Publications Stats"):
// total PV of the retention window, a per-day bar chart, and the top 1000
// posts sorted in the browser by ID, publication date or PV (no
// re-aggregation), 50 rows a page with ?page= (and ?sort=, ?dir=) kept in
// the URL by history.replaceState.
(function () {
  "use strict";
  var P = (window.STGYPub = window.STGYPub || {});
  var PAGE = 50;
  var QUERY =
    "query Stats($u: ID!) { pubStats(userId: $u) { days totalPv daily { date pv } " +
    "posts { id publishedAt digest pv daily { date pv } } } }";
  var KEYS = { id: true, publishedAt: true, pv: true };
  var stats = null;

  function view() {
    var sort = P.param("sort");
    if (!KEYS[sort]) sort = "pv";
    var dir = P.param("dir") === "asc" ? "asc" : "desc";
    var page = parseInt(P.param("page") || "1", 10);
    if (!(page >= 1)) page = 1;
    return { sort: sort, dir: dir, page: page };
  }

  function time(s) {
    return s ? new Date(s).getTime() : -Infinity;
  }

  // sorted returns a copy of posts in the view's order; ties fall back to
  // the ID so the order is total and pages never overlap.
  P.sortStats = function (posts, sort, dir) {
    var sign = dir === "asc" ? 1 : -1;
    return posts.slice().sort(function (a, b) {
      var c = 0;
      if (sort === "pv") c = a.pv - b.pv;
      else if (sort === "publishedAt") c = time(a.publishedAt) - time(b.publishedAt);
      if (c === 0) c = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      return sign * c;
    });
  };

  // load fetches pubStats(userId) once and renders it.
  P.loadStats = function (userId) {
    return P.gql(QUERY, { u: userId }).then(function (data) {
      stats = data.pubStats;
      render();
    });
  };

  function render() {
    var v = view();
    document.getElementById("stats-total").textContent = P.fmtInt(stats.totalPv);
    document.getElementById("stats-days").textContent = "in the last " + stats.days + " days";
    var chart = document.getElementById("stats-chart");
    P.clear(chart);
    chart.appendChild(P.barChart(stats.daily, "Site page views per day"));
    document.getElementById("stats-empty").hidden = stats.posts.length > 0;

    var pages = Math.max(1, Math.ceil(stats.posts.length / PAGE));
    if (v.page > pages) v.page = pages;
    P.replaceURL({ page: v.page > 1 ? v.page : null });
    var rows = P.sortStats(stats.posts, v.sort, v.dir).slice((v.page - 1) * PAGE, v.page * PAGE);
    var tbody = document.querySelector("#stats-table tbody");
    P.clear(tbody);
    rows.forEach(function (p) {
      tbody.appendChild(
        P.el("tr", { "data-id": p.id },
          P.el("td", { class: "id" }, P.el("a", { href: P.base + "/pub/" + encodeURIComponent(p.id), text: p.id })),
          P.el("td", { class: "date", text: P.formatTime(p.publishedAt) }),
          P.el("td", { class: "digest", text: p.digest }),
          P.el("td", { class: "num pv", text: P.fmtInt(p.pv) }),
          P.el("td", { class: "trend" }, P.sparkline(p.daily, "Post " + p.id))
        )
      );
    });
    document.querySelectorAll("#stats-table th[data-sort]").forEach(function (th) {
      var k = th.getAttribute("data-sort");
      th.setAttribute("aria-sort", k === v.sort ? (v.dir === "asc" ? "ascending" : "descending") : "none");
    });
    pager(v.page, pages);
  }

  function pager(page, pages) {
    document.getElementById("stats-pageinfo").textContent = "Page " + page + " of " + pages;
    link("stats-prev", page > 1 ? page - 1 : 0);
    link("stats-next", page < pages ? page + 1 : 0);
  }

  function link(id, target) {
    var a = document.getElementById(id);
    a.hidden = !target;
    if (target) a.setAttribute("href", P.urlWith({ page: target > 1 ? target : null }));
    a.setAttribute("data-page", String(target));
  }

  function go(changes) {
    P.replaceURL(changes);
    if (stats) render();
  }

  document.addEventListener("DOMContentLoaded", function () {
    ["stats-prev", "stats-next"].forEach(function (id) {
      document.getElementById(id).addEventListener("click", function (ev) {
        ev.preventDefault();
        var n = parseInt(this.getAttribute("data-page"), 10);
        if (n > 0) go({ page: n > 1 ? n : null });
      });
    });
    document.querySelectorAll("#stats-table th[data-sort] button").forEach(function (b) {
      b.addEventListener("click", function () {
        var k = b.parentNode.getAttribute("data-sort");
        var v = view();
        // A new column starts descending (largest PV, newest date, highest ID first).
        var dir = k === v.sort && v.dir === "desc" ? "asc" : "desc";
        go({ sort: k === "pv" && dir === "desc" ? null : k, dir: dir === "desc" ? null : dir, page: null });
      });
    });
  });
})();
