// The public article page in a real Chromium: share links work with
// JavaScript disabled, and ui/static/pub.js loads a widget script only for
// a rendered button (X → widgets.js, Hatena → bookmark_button.js). Every
// external request is intercepted and aborted, and recorded.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Api, BASE, launch } from "./lib.mjs";

const api = new Api();
let userId = "";
let postId = "";

async function share(buttons) {
  await api.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", {
    u: userId,
    in: { extensions: { shareButtons: buttons } },
  });
}

// visit opens the article in a fresh browser and returns the external
// URLs it asked for once the network is idle.
async function visit(options = {}) {
  const b = await launch(options);
  try {
    await b.page.goto(BASE + `/pub/${postId}`);
    await b.page.waitForLoadState("networkidle");
    const h1 = await b.page.locator("article h1, h1").first().textContent();
    const links = await b.page.locator(".share a").evaluateAll((as) => as.map((a) => a.className + " " + a.href));
    return { external: [...b.external], h1, links };
  } finally {
    await b.close();
  }
}

before(async () => {
  userId = await api.login();
  const d = await api.gql("{ myPosts(limit: 100) { id publicationState } }");
  postId = d.myPosts.find((p) => p.publicationState === "PUBLISHED").id;
});

after(async () => {
  await share(["x", "facebook", "line", "hatena"]);
});

describe("article page", () => {
  it("works with JavaScript disabled: text and plain share links", async () => {
    await share(["x", "facebook", "line", "hatena"]);
    const r = await visit({ javaScriptEnabled: false });
    assert.ok(r.h1.trim().length > 0, "article heading rendered");
    const has = (re) => r.links.some((l) => re.test(l));
    assert.ok(has(/twitter-share-button .*(twitter\.com|x\.com)\//), `X link in ${r.links}`);
    assert.ok(has(/line .*line\.me\//), `LINE link in ${r.links}`);
    assert.ok(has(/hatena-bookmark-button .*b\.hatena\.ne\.jp\//), `Hatena link in ${r.links}`);
    assert.ok(!r.external.some((u) => u.includes("widgets.js")), "no script was run, so no widget loaded");
  });

  const cases = [
    { name: "X button loads widgets.js", buttons: ["x"], want: ["platform.twitter.com/widgets.js"], not: ["bookmark_button.js"] },
    { name: "no X button, no widgets.js", buttons: ["facebook", "line"], want: [], not: ["widgets.js", "bookmark_button.js"] },
    { name: "Hatena loads its bookmark script only", buttons: ["hatena"], want: ["b.st-hatena.com/js/bookmark_button.js"], not: ["platform.twitter.com"] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      await share(c.buttons);
      const r = await visit();
      for (const w of c.want) assert.ok(r.external.some((u) => u.includes(w)), `${w} requested; got ${r.external}`);
      for (const n of c.not) assert.ok(!r.external.some((u) => u.includes(n)), `${n} not requested; got ${r.external}`);
    });
  }
});
