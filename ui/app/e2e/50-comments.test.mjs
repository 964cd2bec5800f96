// The readers' comment widget in a real Chromium, on a demo article of a
// site in moderated mode: a reader opens the form, solves the CAPTCHA (its
// answer read from Redis, as only a test can), posts, sees the comment
// pending; the owner approves it in place; the reader then sees it
// published. Also: the form is absent from the server's HTML, the live
// counter and the over-limit warning, vertical themes' full-width display.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { as, BASE, html, launch as launchBrowser } from "./lib.mjs";

const REDIS_PREFIX = process.env.STGY_E2E_REDIS_PREFIX ?? "";
const REDIS_HOST = process.env.STGY_E2E_REDIS_HOST ?? "127.0.0.1";
const REDIS_PORT = process.env.STGY_E2E_REDIS_PORT ?? "6379";

// axe-core from the UI's dev dependencies (npm ci in ui/app).
const AXE = fileURLToPath(new URL("../node_modules/axe-core/axe.min.js", import.meta.url));

// axeViolations runs axe-core (WCAG 2 A/AA) on the comment section.
async function axeViolations(page) {
  assert.ok(existsSync(AXE), `${AXE} is missing: run scripts/ui-check.sh (npm ci in ui/app) first`);
  await page.addScriptTag({ path: AXE });
  const r = await page.evaluate(() => window.axe.run("#stgy-comments", { runOnly: ["wcag2a", "wcag2aa", "wcag21aa"] }));
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

let owner;
let userId = "";
let browser;

// launch opens a fresh browser context (own cookies) on the file's Chromium.
async function launch(opts = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, timezoneId: "UTC", locale: "en-US", ...opts });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}
let postId = "";

// answer reads a challenge's digits from Redis.
function answer(challengeId) {
  const key = `${REDIS_PREFIX}stgy:captcha:challenge:{${challengeId}}`;
  return execFileSync("redis-cli", ["-h", REDIS_HOST, "-p", REDIS_PORT, "HGET", key, "answer"]).toString().trim();
}

// setMode sets the demo site's comment mode through the API.
async function setSettings(extensions, designTheme = "") {
  await owner.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", {
    u: userId,
    in: { extensions, designTheme, replaceExtensions: true },
  });
}

// challengeIdOf waits for the widget's createCaptchaChallenge response.
function challengeIdOf(page) {
  return page
    .waitForResponse((r) => r.url().endsWith("/graphql") && r.request().postDataJSON()?.operationName === "CreateCaptchaChallenge")
    .then((r) => r.json())
    .then((b) => b.data.createCaptchaChallenge.id);
}

before(async () => {
  browser = await launchBrowser();
  owner = await as("gopher");
  userId = (await owner.gql("{ me { id } }")).me.id;
  const d = await owner.gql("{ myPosts(limit: 100) { id publicationState allowReplies } }");
  postId = d.myPosts.find((p) => p.publicationState === "PUBLISHED" && p.allowReplies).id;
  await setSettings({ comments: { mode: "moderated" } });
});

after(async () => {
  await setSettings({ shareButtons: ["x", "facebook", "line", "hatena"], comments: { mode: "moderated" } });
  await browser?.close();
});

describe("readers' comment widget", () => {
  it("has no form in the server's HTML, only the section the widget fills", async () => {
    const r = await html(`/pub/${postId}`);
    assert.equal(r.status, 200);
    const section = r.body.slice(r.body.indexOf('<section class="comments"'), r.body.indexOf("</section>", r.body.indexOf('<section class="comments"')));
    assert.ok(section.includes('aria-labelledby="stgy-comments-heading"'), section);
    assert.ok(section.includes("data-stgy-comments"), section);
    assert.ok(!/<form|<textarea|Post comment/.test(section), `form markup in the initial HTML: ${section}`);
  });

  it("reader posts through the CAPTCHA, the comment waits; the owner approves; readers see it", async () => {
    const nick = `Reader ${Date.now() % 100000}`;
    const text = `Thanks <b>for</b> this & that ${Date.now()}`;
    const reader = await launch({ bypassCSP: true });
    try {
      const page = reader.page;
      await page.goto(BASE + `/pub/${postId}`);
      const write = page.getByRole("button", { name: "Write a comment" });
      await write.waitFor();
      assert.equal(await page.locator("form.cw-form").count(), 0, "no form before Write a comment");
      const challenge = challengeIdOf(page);
      await write.click();
      const form = page.locator("form.cw-form");
      await form.waitFor();
      // Keyboard: the form's heading has focus once the form is there.
      await page.waitForFunction(() => document.activeElement?.id === "stgy-cw-form-h");
      // The nickname limit is checked as the server counts it: 31
      // characters disable the button with a warning; 30 are fine.
      await page.getByLabel("Nickname").fill("n".repeat(31));
      await page.locator(".cw-warning", { hasText: "the limit is 30" }).waitFor();
      assert.ok(await page.getByRole("button", { name: "Post comment" }).isDisabled());
      await page.getByLabel("Nickname").fill("  " + "n".repeat(30) + "  ");
      assert.equal(await page.locator(".cw-warning").count(), 0);
      await page.getByLabel("Nickname").fill(nick);
      const body = page.getByLabel("Comment", { exact: true });
      // The live counter at the right of the button row, the warning and
      // the disabled button past the limit.
      await body.fill("x".repeat(1001));
      await page.locator(".cw-count", { hasText: "1001/1000" }).waitFor();
      assert.ok(await page.locator(".cw-warning", { hasText: "Exceeding the limit" }).isVisible());
      assert.ok(await page.getByRole("button", { name: "Post comment" }).isDisabled());
      await body.fill(text);
      await page.locator(".cw-count", { hasText: `${[...text].length}/1000` }).waitFor();
      assert.equal(await page.locator(".cw-warning").count(), 0);
      const id = await challenge;
      assert.ok(await page.locator(".cw-captcha img").isVisible(), "CAPTCHA image shown");
      assert.deepEqual(await axeViolations(page), [], "accessibility of the open form");
      // A wrong answer is told in the widget's words, not the server's.
      const right = answer(id);
      await page.getByLabel(/Type the 6 digits/).fill(right === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Post comment" }).click();
      await page.locator(".cw-error", { hasText: "Wrong answer; 4 attempts left." }).waitFor();
      await page.getByLabel(/Type the 6 digits/).fill(right);
      if (process.env.STGY_E2E_SCREENSHOTS) await page.locator("#stgy-comments").screenshot({ path: `${process.env.STGY_E2E_SCREENSHOTS}/comments-form.png` });
      await page.getByRole("button", { name: "Post comment" }).click();
      await page.locator(".cw-notice", { hasText: "once the author approves it" }).waitFor();
      // Back on page 1, Newest, at the Comments heading.
      assert.equal(await page.evaluate(() => document.activeElement?.id), "stgy-comments-heading");
      assert.equal(await page.getByRole("button", { name: "Newest" }).getAttribute("aria-pressed"), "true");
      assert.equal(await page.locator(".cw-comment", { hasText: text }).count(), 0, "a pending comment is hidden from readers");
      // The saved nickname comes back from the server's cookie.
      await page.getByRole("button", { name: "Write a comment" }).click();
      await page.locator("form.cw-form").waitFor();
      assert.equal(await page.getByLabel("Nickname").inputValue(), nick);
      assert.equal(await page.locator(".cw-captcha").count(), 0, "the pass spares a second CAPTCHA");
      const cookies = await reader.context.cookies();
      const pass = cookies.find((c) => c.name === "stgy_pub_comment_pass");
      assert.ok(pass && pass.httpOnly && pass.sameSite === "Lax", `pass cookie ${JSON.stringify(pass)}`);
    } finally {
      await reader.close();
    }

    // The owner sees it pending on the article page and approves it.
    const ob = await launch({ bypassCSP: true });
    try {
      const [name, value] = [owner.cookie.slice(0, owner.cookie.indexOf("=")), owner.cookie.slice(owner.cookie.indexOf("=") + 1)];
      await ob.context.addCookies([{ name, value, url: BASE }]);
      await ob.page.goto(BASE + `/pub/${postId}`);
      const mine = ob.page.locator(".cw-comment", { hasText: text });
      await mine.waitFor();
      assert.deepEqual(await axeViolations(ob.page), [], "accessibility of the owner's controls");
      assert.ok(await mine.locator(".cw-badge", { hasText: "Awaiting approval" }).isVisible());
      const heading = ob.page.locator("#stgy-comments-heading .comments-count");
      const published = Number((await heading.textContent()).replace(/\D/g, ""));
      await mine.getByRole("button", { name: "Approve" }).click();
      if (process.env.STGY_E2E_SCREENSHOTS) await ob.page.locator("#stgy-comments").screenshot({ path: `${process.env.STGY_E2E_SCREENSHOTS}/comments-owner.png` });
      await mine.locator(".cw-badge.pending").waitFor({ state: "detached" });
      // The heading counts published comments, now this one too.
      await ob.page.locator("#stgy-comments-heading .comments-count", { hasText: `(${published + 1})` }).waitFor();
    } finally {
      await ob.close();
    }

    // A reader sees it, as text (the <b> is not markup).
    const again = await launch();
    try {
      await again.page.goto(BASE + `/pub/${postId}`);
      const c = again.page.locator(".cw-comment", { hasText: text });
      await c.waitFor();
      assert.equal(await c.locator(".cw-nick").textContent(), nick);
      assert.equal(await c.locator(".cw-body b").count(), 0);
      assert.equal(await c.locator(".cw-badge.pending").count(), 0);
      assert.equal(await c.getByRole("button").count(), 0, "readers get no controls");
    } finally {
      await again.close();
    }
  });

  it("shows comment text full-width in vertical themes, and the edit form keeps the original", async () => {
    await setSettings({ comments: { mode: "moderated" } }, "vertical");
    const ob = await launch();
    try {
      const [name, value] = [owner.cookie.slice(0, owner.cookie.indexOf("=")), owner.cookie.slice(owner.cookie.indexOf("=") + 1)];
      await ob.context.addCookies([{ name, value, url: BASE }]);
      await ob.page.goto(BASE + `/pub/${postId}`);
      await ob.page.getByRole("button", { name: "Write a comment" }).click();
      await ob.page.getByLabel("Nickname").fill("Gopher");
      assert.ok(await ob.page.getByLabel("Post as the author").isChecked(), "as owner is on for the article's owner");
      await ob.page.getByLabel("Comment", { exact: true }).fill("Go 1.26 ok");
      await ob.page.getByRole("button", { name: "Post comment" }).click();
      const c = ob.page.locator(".cw-comment", { hasText: "Ｇｏ\u3000１．２６\u3000ｏｋ" });
      await c.waitFor();
      assert.ok(await c.locator(".cw-badge", { hasText: "Author" }).isVisible());
      if (process.env.STGY_E2E_SCREENSHOTS) await ob.page.locator("#stgy-comments").screenshot({ path: `${process.env.STGY_E2E_SCREENSHOTS}/comments-vertical.png` });
      const item = ob.page.locator("#" + (await c.getAttribute("id")));
      await item.getByRole("button", { name: "Edit" }).click();
      assert.equal(await item.locator("textarea").inputValue(), "Go 1.26 ok");
    } finally {
      await ob.close();
      await setSettings({ comments: { mode: "moderated" } }, "");
    }
  });
});
