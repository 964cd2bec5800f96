// STGY Pub static copy (docs/STATIC.md): counts the page view of an
// article served from a static host at the origin server, once per page
// load, with a view token (docs/API.md "View tokens"): ask the origin for
// Post.viewToken, then send it back with recordPubViewToken once the page
// is visible (never on prerender or in a hidden tab). The origin decides
// who counts (no bots, no prefetch); the script carries no identifier.
// stgy-pub static adds it to each article page with data-api (the
// origin's base URL) and data-post-id.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me) return;
  var api = (me.getAttribute("data-api") || "").replace(/\/+$/, "");
  var postId = me.getAttribute("data-post-id") || "";
  if (!api || !postId || !window.fetch) return;
  var sent = false;
  function gql(query, variables) {
    return fetch(api + "/graphql", {
      method: "POST",
      mode: "cors",
      credentials: "omit",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ query: query, variables: variables }),
    }).then(function (r) {
      return r.json();
    });
  }
  function record() {
    if (sent || document.visibilityState !== "visible" || document.prerendering) return;
    sent = true;
    gql("query StaticViewToken($id: ID!) { publishedPost(id: $id) { viewToken } }", { id: postId })
      .then(function (d) {
        var t = d && d.data && d.data.publishedPost && d.data.publishedPost.viewToken;
        if (!t) return null;
        return gql("mutation StaticRecordView($t: String!) { recordPubViewToken(token: $t) { recorded pv } }", { t: t });
      })
      .catch(function () {
        // The origin is unreachable: the page works without it.
      });
  }
  document.addEventListener("visibilitychange", record);
  document.addEventListener("prerenderingchange", record);
  record();
})();
