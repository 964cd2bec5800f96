// Content-Security-Policy in a real Chromium (issue 10): with every share
// widget and Google Analytics turned on for a demo site, its article
// (horizontal and vertical themes), site page, home page, a 404 page and
// the owners' page load without a single securitypolicyviolation event,
// while the widget and gtag scripts the owner enabled are still requested
// (then aborted by the no-network rule of lib.mjs, not by the policy).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { as, BASE, launch } from "./lib.mjs";

let browser;
let api;
let userId = "";
let postId = "";
let saved = null;

const updateExt = (extensions) =>
  api.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", { u: userId, in: { extensions } });

before(async () => {
  browser = await launch();
  api = await as("gopher");
  userId = (await api.gql("{ me { id } }")).me.id;
  saved = (await api.gql("query($u: ID!) { pubConfig(userId: $u) { extensions } }", { u: userId })).pubConfig.extensions;
  await updateExt({ ...saved, shareButtons: ["x", "facebook", "line", "hatena"], analytics: { googleAnalytics: { measurementId: "G-E2ECSP1" } } });
  const d = await api.gql("{ myPosts(limit: 100) { id publicationState } }");
  postId = d.myPosts.find((p) => p.publicationState === "PUBLISHED").id;
});

after(async () => {
  if (saved) await updateExt(saved);
  await browser?.close();
});

// visit opens path in a fresh context and returns the CSP violations
// seen, the external URLs requested and the response's policy.
async function visit(path) {
  const context = await browser.newContext();
  const external = [];
  await context.route(
    (url) => !url.href.startsWith(BASE) && !url.href.startsWith("data:"),
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const res = await page.goto(BASE + path);
    await page.waitForLoadState("load");
    // Not "networkidle": the comment widget's live subscription (a
    // long-lived SSE fetch, docs/API.md "Subscriptions") stays open. Wait
    // instead until no request has started for 500 ms.
    for (let seen = -1, i = 0; i < 60; i++) {
      const n = await page.evaluate(() => performance.getEntriesByType("resource").length);
      if (n === seen) break;
      seen = n;
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(300); // late widget insertions
    const violations = await page.evaluate(() => window.__csp);
    return { violations, external, policy: (await res.allHeaders())["content-security-policy"] || "" };
  } finally {
    await context.close();
  }
}

describe("pages are CSP-clean", () => {
  test("article with every share widget and Analytics", async () => {
    const v = await visit(`/pub/${postId}`);
    assert.deepEqual(v.violations, []);
    assert.match(v.policy, /script-src 'self' https:\/\/\*\.googletagmanager\.com/);
    assert.match(v.policy, /frame-src [^;]*https:\/\/www\.facebook\.com/);
    assert.ok(!/unsafe-inline/.test(v.policy), v.policy);
    for (const host of ["googletagmanager.com/gtag/js", "platform.twitter.com/widgets.js", "b.st-hatena.com", "www.facebook.com/plugins"]) {
      assert.ok(v.external.some((u) => u.includes(host)), `${host} not requested: ${v.external.join(" ")}`);
    }
  });
  test("vertical article", async () => {
    const v = await visit(`/pub/${postId}?design=vertical`);
    assert.deepEqual(v.violations, []);
    assert.ok(!/frame-src/.test(v.policy), "vertical themes load no widget frames: " + v.policy);
  });
  test("site page, home page, 404, owners' page", async () => {
    for (const path of [`/sites/${userId}`, "/", "/pub/0000000000000000", "/publications"]) {
      const v = await visit(path);
      assert.deepEqual(v.violations, [], path);
      assert.match(v.policy, /frame-ancestors 'none'/, path);
      assert.ok(!/unsafe-inline|unsafe-eval/.test(v.policy), `${path}: ${v.policy}`);
    }
  });
});
