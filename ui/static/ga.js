// STGY Pub: Google Analytics 4 manual page_view for pages whose owner set
// a measurement ID. The server renders this script with the ID and the
// event's parameters in data attributes (no inline script, so the pages'
// Content-Security-Policy needs no 'unsafe-inline'); gtag.js itself is
// loaded by the tag just before it.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me) return;
  var id = me.getAttribute("data-measurement-id");
  var event = {};
  try {
    event = JSON.parse(me.getAttribute("data-event") || "{}");
  } catch (e) {
    return;
  }
  window.dataLayer = window.dataLayer || [];
  function gtag() {
    window.dataLayer.push(arguments);
  }
  gtag("js", new Date());
  gtag("config", id, { send_page_view: false });
  gtag("event", "page_view", event);
})();
