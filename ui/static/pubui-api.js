// STGY Pub Publications page: GraphQL client and DOM helpers shared by the
// tabs. Everything user-supplied reaches the page through textContent or
// attributes set with setAttribute, never through innerHTML.
(function () {
  "use strict";
  var P = (window.STGYPub = window.STGYPub || {});
  var app = document.getElementById("app");
  P.base = (app && app.getAttribute("data-base")) || "";

  // GQLError carries the GraphQL extensions.code (BAD_USER_INPUT,
  // UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, RATE_LIMITED, INTERNAL, ...)
  // or NETWORK when no GraphQL answer arrived.
  function GQLError(code, message, requestId) {
    this.name = "GQLError";
    this.code = code || "INTERNAL";
    this.message = message || "request failed";
    this.requestId = requestId || "";
  }
  GQLError.prototype = Object.create(Error.prototype);
  P.GQLError = GQLError;

  // gql posts one operation to /graphql with the session cookie and
  // resolves to data, or rejects with the first error as a GQLError.
  P.gql = function (query, variables) {
    return fetch(P.base + "/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ query: query, variables: variables || {} }),
    }).then(
      function (res) {
        var rid = res.headers.get("X-Request-ID") || "";
        return res.json().then(
          function (body) {
            if (body && body.errors && body.errors.length) {
              var e = body.errors[0];
              var code = (e.extensions && e.extensions.code) || "INTERNAL";
              throw new GQLError(code, e.message, (e.extensions && e.extensions.requestId) || rid);
            }
            if (!res.ok || !body || !body.data) {
              throw new GQLError("INTERNAL", "HTTP " + res.status, rid);
            }
            return body.data;
          },
          function () {
            throw new GQLError(res.status >= 500 ? "INTERNAL" : "BAD_RESPONSE", "HTTP " + res.status + ": not a GraphQL answer", rid);
          }
        );
      },
      function (err) {
        throw new GQLError("NETWORK", "cannot reach the server (" + err.message + ")");
      }
    );
  };

  // el builds an element: attrs are set with setAttribute (except
  // "text", which sets textContent), children are nodes or strings.
  P.el = function (tag, attrs) {
    var n = document.createElement(tag);
    setAll(n, attrs);
    for (var i = 2; i < arguments.length; i++) append(n, arguments[i]);
    return n;
  };

  var SVGNS = "http://www.w3.org/2000/svg";
  // svg builds an SVG element the same way.
  P.svg = function (tag, attrs) {
    var n = document.createElementNS(SVGNS, tag);
    setAll(n, attrs);
    for (var i = 2; i < arguments.length; i++) append(n, arguments[i]);
    return n;
  };

  function setAll(n, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === undefined || v === null || v === false) return;
      if (k === "text") n.textContent = String(v);
      else n.setAttribute(k, v === true ? "" : String(v));
    });
  }

  function append(n, c) {
    if (c === undefined || c === null || c === false) return;
    n.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }

  // clear removes every child of n.
  P.clear = function (n) {
    while (n.firstChild) n.removeChild(n.firstChild);
  };

  // showFormError shows msg in form's .form-error ("" hides it).
  P.showFormError = function (form, msg) {
    var p = form.querySelector(".form-error");
    p.textContent = msg || "";
    p.hidden = !msg;
  };

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  // formatTime shows an RFC 3339 time as local "YYYY-MM-DD HH:MM", or
  // "—" for null.
  P.formatTime = function (s) {
    if (!s) return "—";
    var d = new Date(s);
    if (isNaN(d.getTime())) return "—";
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " + pad(d.getHours()) + ":" + pad(d.getMinutes());
  };

  // toLocalInput formats a Date for <input type="datetime-local">.
  P.toLocalInput = function (d) {
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + "T" + pad(d.getHours()) + ":" + pad(d.getMinutes());
  };

  // dayLabel turns a UTC "YYYYMMDD" into "MM/DD" (short) or "YYYY-MM-DD".
  P.dayLabel = function (ymd, long) {
    if (!/^\d{8}$/.test(ymd)) return ymd;
    return long ? ymd.slice(0, 4) + "-" + ymd.slice(4, 6) + "-" + ymd.slice(6) : ymd.slice(4, 6) + "/" + ymd.slice(6);
  };

  // param reads a query parameter of the current URL.
  P.param = function (name) {
    return new URLSearchParams(location.search).get(name);
  };

  // urlWith returns the current URL's search with changes applied (null
  // deletes a parameter), e.g. "?tab=stats&page=2".
  P.urlWith = function (changes) {
    var q = new URLSearchParams(location.search);
    Object.keys(changes).forEach(function (k) {
      if (changes[k] === null || changes[k] === undefined) q.delete(k);
      else q.set(k, String(changes[k]));
    });
    var s = q.toString();
    return s ? "?" + s : location.pathname;
  };

  // replaceURL updates the address bar without a reload.
  P.replaceURL = function (changes) {
    history.replaceState(null, "", P.urlWith(changes));
  };

  P.fmtInt = function (n) {
    return Number(n || 0).toLocaleString("en-US");
  };
})();
