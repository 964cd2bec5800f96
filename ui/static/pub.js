// STGY Pub article page: load share-widget scripts only when the server
// rendered the matching horizontal buttons, once each, after
// DOMContentLoaded. Everything works without this file (plain links).
(function () {
  "use strict";
  var loaded = {};
  function load(src, id) {
    if (loaded[src] || (id && document.getElementById(id))) return;
    loaded[src] = true;
    var s = document.createElement("script");
    s.src = src;
    s.async = true;
    s.charset = "utf-8";
    if (id) s.id = id;
    document.body.appendChild(s);
  }
  function startHatenaStar() {
    // Hatena Star v2 reads its token from the global and scans
    // .hatena-star containers once the script has loaded.
    load("https://s.hatena.ne.jp/js/widget/star.js", "stgy-hatena-star");
  }
  function init() {
    var share = document.querySelector(".share[data-widgets='1']");
    if (!share) return;
    if (share.querySelector("a.twitter-share-button")) {
      load("https://platform.twitter.com/widgets.js", "stgy-x-widgets");
    }
    if (share.querySelector("a.hatena-bookmark-button")) {
      load("https://b.st-hatena.com/js/bookmark_button.js", "stgy-hatena-bookmark");
      startHatenaStar();
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init, { once: true });
  } else {
    init();
  }
})();
