// STGY Pub Publications page, Settings tab (seed 001 "Public Site
// Settings"): edits user_pub_configs. extensions is edited in place on a
// copy of the object read from the server, so unknown top-level keys,
// unknown share identifiers, other comment options and other analytics
// providers survive a save.
(function () {
  "use strict";
  var P = (window.STGYPub = window.STGYPub || {});
  var FIELDS = "userId siteName subtitle author introduction designTheme showServiceHeader showSiteName " +
    "showPagenation showSideProfile showSideRecent showSidePopular extensions";
  var READ = "query Config($u: ID!) { pubConfig(userId: $u) { " + FIELDS + " } }";
  var WRITE = "mutation Save($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { " + FIELDS + " } }";
  var SHARE = ["x", "facebook", "line", "hatena"];
  var TEXT = ["siteName", "subtitle", "author", "introduction", "designTheme"];
  var BOOL = ["showServiceHeader", "showSiteName", "showPagenation", "showSideProfile"];
  var INT = ["showSideRecent", "showSidePopular"];
  var current = null;
  var userId = "";

  function obj(v) {
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  }

  // mergeExtensions returns a deep copy of orig with the form's share
  // buttons, comment mode and measurement ID applied. Known share
  // identifiers follow the checkboxes in the fixed order; unknown ones are
  // kept after them. A key absent before stays absent when its control is
  // at the default (no buttons, mode none, empty ID).
  P.mergeExtensions = function (orig, form) {
    var ext = JSON.parse(JSON.stringify(obj(orig) || {}));
    var had = Array.isArray(ext.shareButtons) ? ext.shareButtons : [];
    var unknown = had.filter(function (s) { return SHARE.indexOf(s) < 0; });
    var buttons = SHARE.filter(function (s) { return form.share.indexOf(s) >= 0; }).concat(unknown);
    if (buttons.length || "shareButtons" in ext) ext.shareButtons = buttons;

    var comments = obj(ext.comments);
    if (comments || form.commentsMode !== "none") {
      comments = comments || {};
      comments.mode = form.commentsMode;
      ext.comments = comments;
    }

    var id = form.measurementId.trim();
    var analytics = obj(ext.analytics);
    var ga = analytics && obj(analytics.googleAnalytics);
    if (id || ga) {
      analytics = analytics || {};
      ga = ga || {};
      if (id) ga.measurementId = id;
      else delete ga.measurementId;
      analytics.googleAnalytics = ga;
      ext.analytics = analytics;
    }
    return ext;
  };

  // loadSettings reads pubConfig(uid) into the form.
  P.loadSettings = function (uid) {
    userId = uid;
    return P.gql(READ, { u: uid }).then(function (data) {
      fill(data.pubConfig);
    });
  };

  function fill(c) {
    current = c;
    var f = document.getElementById("settings-form");
    var theme = f.elements.designTheme;
    if (c.designTheme && !Array.prototype.some.call(theme.options, function (o) { return o.value === c.designTheme; })) {
      // A theme this page does not list is kept, not reset to the default.
      theme.appendChild(P.el("option", { value: c.designTheme, text: c.designTheme }));
    }
    TEXT.forEach(function (k) { f.elements[k].value = c[k]; });
    BOOL.forEach(function (k) { f.elements[k].checked = !!c[k]; });
    INT.forEach(function (k) { f.elements[k].value = String(c[k]); });
    var ext = obj(c.extensions) || {};
    var share = Array.isArray(ext.shareButtons) ? ext.shareButtons : [];
    f.querySelectorAll("input[name=share]").forEach(function (cb) {
      cb.checked = share.indexOf(cb.value) >= 0;
    });
    var mode = (obj(ext.comments) || {}).mode;
    f.elements.commentsMode.value = mode === "moderated" || mode === "open" ? mode : "none";
    var ga = obj((obj(ext.analytics) || {}).googleAnalytics) || {};
    f.elements.measurementId.value = typeof ga.measurementId === "string" ? ga.measurementId : "";
  }

  function save(ev, report) {
    ev.preventDefault();
    var f = ev.target;
    P.showFormError(f, "");
    var status = document.getElementById("settings-status");
    status.textContent = "Saving…";
    var input = {};
    TEXT.forEach(function (k) { input[k] = f.elements[k].value; });
    BOOL.forEach(function (k) { input[k] = f.elements[k].checked; });
    for (var i = 0; i < INT.length; i++) {
      var n = Number(f.elements[INT[i]].value);
      if (!Number.isInteger(n)) {
        status.textContent = "";
        P.showFormError(f, "Recent posts and Popular entries must be whole numbers.");
        return;
      }
      input[INT[i]] = n;
    }
    var share = [];
    f.querySelectorAll("input[name=share]:checked").forEach(function (cb) { share.push(cb.value); });
    input.extensions = P.mergeExtensions(current && current.extensions, {
      share: share,
      commentsMode: f.elements.commentsMode.value,
      measurementId: f.elements.measurementId.value,
    });
    P.gql(WRITE, { u: userId, in: input }).then(function (data) {
      fill(data.updatePubConfig);
      status.textContent = "Saved.";
    }, function (err) {
      status.textContent = "";
      if (err.code === "BAD_USER_INPUT") P.showFormError(f, P.describe(err));
      else report(err);
    });
  }

  // bindSettings wires the form; report shows errors other than
  // BAD_USER_INPUT.
  P.bindSettings = function (report) {
    document.getElementById("settings-form").addEventListener("submit", function (ev) { save(ev, report); });
  };
})();
