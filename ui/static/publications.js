// STGY Pub Publications page: boot, login/logout, tabs and error display.
// The session cookie is HttpOnly, so the page asks `me` who is logged in.
// An admin may add ?user=ID to see another user's Stats and Settings.
(function () {
  "use strict";
  var P = (window.STGYPub = window.STGYPub || {});
  var ME = "me { id loginName nickname isAdmin }";
  var TABS = ["stats", "posts", "settings"];
  var me = null;
  var target = "";
  var loaded = {};

  function $(id) {
    return document.getElementById(id);
  }

  // describe is the text shown for an error: its code, message and the
  // request ID of an internal error.
  P.describe = function (err) {
    var s = (err.code || "ERROR") + ": " + err.message;
    if (err.requestId && err.code === "INTERNAL") s += " (request " + err.requestId + ")";
    return s;
  };

  // report shows err in the message area; UNAUTHENTICATED returns to the
  // login form.
  function report(err) {
    if (!(err instanceof P.GQLError)) err = new P.GQLError("INTERNAL", String(err && err.message ? err.message : err));
    if (err.code === "UNAUTHENTICATED") {
      showLogin();
    }
    var m = $("message");
    m.textContent = P.describe(err);
    m.className = "message error code-" + err.code.toLowerCase();
    m.hidden = false;
  }
  P.report = report;

  function clearMessage() {
    $("message").hidden = true;
    $("message").textContent = "";
  }

  function showLogin() {
    me = null;
    loaded = {};
    $("loading").hidden = true;
    $("who").hidden = true;
    $("tabs").hidden = true;
    TABS.forEach(function (t) { $("tab-" + t).hidden = true; });
    $("login").hidden = false;
  }

  function showApp(user) {
    me = user;
    $("loading").hidden = true;
    $("login").hidden = true;
    $("who").hidden = false;
    $("who-name").textContent = user.nickname + " (" + user.loginName + (user.isAdmin ? ", admin" : "") + ")";
    var other = target && target !== user.id;
    $("who-target").hidden = !other;
    $("who-target").textContent = other ? "viewing user " + target : "";
    // myPosts is always the viewer's own list, so Posts is hidden while
    // looking at someone else's site.
    document.querySelector("#tabs [data-tab=posts]").hidden = !!other;
    document.querySelectorAll("#tabs [data-tab]").forEach(function (a) {
      var t = a.getAttribute("data-tab");
      a.setAttribute("href", P.urlWith({ tab: t === "stats" ? null : t, page: null, sort: null, dir: null }));
    });
    $("tabs").hidden = false;
    var tab = P.param("tab");
    if (TABS.indexOf(tab) < 0 || (other && tab === "posts")) tab = "stats";
    show(tab);
  }

  function show(tab) {
    TABS.forEach(function (t) {
      $("tab-" + t).hidden = t !== tab;
      var a = document.querySelector("#tabs [data-tab=" + t + "]");
      if (t === tab) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    });
    if (loaded[tab]) return;
    loaded[tab] = true;
    var uid = target || me.id;
    var p = tab === "stats" ? P.loadStats(uid) : tab === "posts" ? P.loadPosts(report) : P.loadSettings(uid);
    p.catch(function (err) {
      loaded[tab] = false;
      report(err);
    });
  }

  function boot() {
    target = P.param("user") || "";
    if (target && !/^[0-9A-Fa-f]{16}$/.test(target)) {
      $("loading").hidden = true;
      report(new P.GQLError("BAD_USER_INPUT", "?user= must be a 16-digit hexadecimal user ID"));
      return;
    }
    target = target.toUpperCase();
    P.gql("query Me { " + ME + " }").then(function (data) {
      if (data.me) showApp(data.me);
      else showLogin();
    }, function (err) {
      $("loading").hidden = true;
      report(err);
    });
  }

  function login(ev) {
    ev.preventDefault();
    var f = ev.target;
    P.showFormError(f, "");
    P.gql("mutation Login($l: String!, $p: String!) { login(loginName: $l, password: $p) { " + ME + " } }",
      { l: f.elements.loginName.value, p: f.elements.password.value }
    ).then(function (data) {
      f.reset();
      clearMessage();
      showApp(data.login.me);
    }, function (err) {
      if (err.code === "UNAUTHENTICATED" || err.code === "BAD_USER_INPUT" || err.code === "RATE_LIMITED") {
        P.showFormError(f, P.describe(err));
      } else {
        report(err);
      }
    });
  }

  function logout() {
    P.gql("mutation Logout { logout }").then(function () {
      clearMessage();
      showLogin();
    }, report);
  }

  document.addEventListener("DOMContentLoaded", function () {
    $("login-form").addEventListener("submit", login);
    $("logout").addEventListener("click", logout);
    document.querySelectorAll("#tabs [data-tab]").forEach(function (a) {
      a.addEventListener("click", function (ev) {
        ev.preventDefault();
        var tab = a.getAttribute("data-tab");
        clearMessage();
        P.replaceURL({ tab: tab === "stats" ? null : tab, page: null, sort: null, dir: null });
        show(tab);
      });
    });
    P.bindSettings(report);
    boot();
  });
})();
