// The readers' comment widget for every reader, in a real Chromium: a
// comment completed with the keyboard alone through the audio CAPTCHA
// (its answer read from Redis, as only a test can), focus after a wrong
// answer, one status line at a time, right-to-left comments, and axe
// (no serious or critical violation) on articles with the comment form
// open in the default and vertical themes, at 1280 and 375 px, in
// English, Japanese and Arabic, with a task list in each article.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { as, BASE, DESKTOP, MOBILE, SHOTS, launch, newPage } from "./lib.mjs";

const REDIS_PREFIX = process.env.STGY_E2E_REDIS_PREFIX ?? "";
const REDIS_HOST = process.env.STGY_E2E_REDIS_HOST ?? "127.0.0.1";
const REDIS_PORT = process.env.STGY_E2E_REDIS_PORT ?? "6379";
const AXE = fs.readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

let browser;
let owner;
let userId = "";
const posts = {}; // language -> post ID

function answer(challengeId) {
  const key = `${REDIS_PREFIX}stgy:captcha:challenge:{${challengeId}}`;
  return execFileSync("redis-cli", ["-h", REDIS_HOST, "-p", REDIS_PORT, "HGET", key, "answer"]).toString().trim();
}

async function settings(designTheme) {
  await owner.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", {
    u: userId,
    in: { extensions: { comments: { mode: "open" } }, designTheme },
  });
}

// seriousAxe runs axe-core on the whole page and returns the serious and
// critical violations.
async function seriousAxe(page) {
  await page.evaluate(AXE + "\n;0");
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

// tabTo presses Tab until the focused element matches pred (at most 80
// presses), as a keyboard user would.
async function tabTo(page, what, pred) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate(pred)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${what}`);
}

const createdChallenge = (page) =>
  page
    .waitForResponse((r) => r.url().endsWith("/graphql") && r.request().postDataJSON()?.operationName === "CreateCaptchaChallenge")
    .then((r) => r.json())
    .then((b) => b.data.createCaptchaChallenge);

before(async () => {
  browser = await launch();
  owner = await as("gopher");
  userId = (await owner.gql("{ me { id } }")).me.id;
  const bodies = {
    en: "# Reading list\n\nA post with a task list.\n\n- [ ] read the internationalization guide\n- [x] write the summary\n",
    ja: "# 読書リスト\n\nタスクリストのある記事です。\n\n- [ ] 国際化の手引きを読む\n- [x] 要約を書く\n",
    ar: "# قائمة القراءة\n\nمقالة فيها قائمة مهام.\n\n- [ ] قراءة الدليل\n- [x] كتابة الملخص\n",
  };
  for (const [lang, content] of Object.entries(bodies)) {
    const d = await owner.gql("mutation($in: PostInput!) { createPost(input: $in) { id } }", { in: { content, locale: lang, allowReplies: true } });
    await owner.gql("mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { id } }", {
      id: d.createPost.id,
      t: new Date(Date.now() - 3600e3).toISOString(),
    });
    posts[lang] = d.createPost.id;
  }
  await settings("");
});

after(async () => {
  for (const id of Object.values(posts)) await owner.gql("mutation($id: ID!) { deletePost(id: $id) }", { id }).catch(() => {});
  await owner
    .gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", {
      u: userId,
      in: { extensions: { shareButtons: ["x", "facebook", "line", "hatena"], comments: { mode: "moderated" } }, designTheme: "" },
    })
    .catch(() => {});
  await browser?.close();
});

describe("comments for every reader", () => {
  it("a reader comments with the keyboard alone, through the audio CAPTCHA", async () => {
    const { page, problems, close } = await newPage(browser, { viewport: DESKTOP });
    try {
      await page.goto(`${BASE}/pub/${posts.ar}`);
      await page.getByRole("button", { name: "Write a comment" }).waitFor();
      const challenge = createdChallenge(page);
      await tabTo(page, "Write a comment", () => document.activeElement?.classList.contains("cw-write"));
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.id === "stgy-cw-form-h");
      const ch = await challenge;
      assert.match(ch.audio, /\/captcha\/audio\/[\w-]{22}\.wav\?lang=en$/);

      await tabTo(page, "the nickname", () => document.activeElement?.getAttribute("name") === "nickname");
      await page.keyboard.type("قارئ");
      // The Listen button: a real button with its name, reached by Tab.
      await tabTo(page, "Listen", () => document.activeElement?.textContent === "Listen to the digits");
      const wav = page.waitForResponse((r) => r.url().includes(`/captcha/audio/${ch.id}.wav`));
      await page.keyboard.press("Enter");
      const res = await wav;
      assert.equal(res.status(), 200);
      assert.equal(res.headers()["content-type"], "audio/wav");
      const bytes = (await res.body()).length;
      assert.ok(bytes > 44 + 4 * 11025, `the audio is ${bytes} bytes`);
      // Chromium decodes it: a few seconds of sound, with a label.
      const audio = page.locator("audio.cw-audio");
      await page.waitForFunction(() => (document.querySelector("audio.cw-audio")?.duration ?? 0) > 3);
      assert.equal(await audio.getAttribute("aria-label"), "The 6 digits, spoken");
      assert.equal(await audio.getAttribute("controls"), "");

      // A wrong answer first: the focus goes back to the answer field,
      // which the message (beside it) describes.
      const right = answer(ch.id);
      await tabTo(page, "the answer", () => document.activeElement?.getAttribute("name") === "captchaAnswer");
      await page.keyboard.type(right === "000000" ? "111111" : "000000");
      await tabTo(page, "the comment", () => document.activeElement?.tagName === "TEXTAREA");
      await page.keyboard.type("مرحبا، شكرا على المقال. Thanks!");
      await tabTo(page, "Post comment", () => document.activeElement?.textContent === "Post comment");
      await page.keyboard.press("Enter");
      await page.locator("#stgy-cw-captcha-error", { hasText: "Wrong answer; 4 attempts left." }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "captchaAnswer");
      assert.match(await page.locator("input[name=captchaAnswer]").getAttribute("aria-describedby"), /stgy-cw-captcha-error/);
      assert.ok(await page.locator("#stgy-cw-captcha-error").isVisible());
      // The typed answer is selected: typing replaces it; Enter posts.
      await page.keyboard.type(right);
      await page.keyboard.press("Enter");
      await page.locator(".cw-notice", { hasText: "Your comment was posted." }).waitFor();
      const mine = page.locator(".cw-comment", { hasText: "مرحبا" });
      await mine.waitFor();
      assert.equal(await mine.locator(".cw-body").getAttribute("dir"), "auto");
      assert.equal(await mine.locator(".cw-nick bdi").getAttribute("dir"), "auto");
      assert.equal(await mine.locator(".cw-body").evaluate((e) => getComputedStyle(e).direction), "rtl");
      // One status line at a time: opening the form again clears the notice.
      await tabTo(page, "Write a comment", () => document.activeElement?.classList.contains("cw-write"));
      await page.keyboard.press("Enter");
      await page.locator("form.cw-form").waitFor();
      assert.equal(await page.locator(".cw-notice").textContent(), "");
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  it("keeps Latin words whole in vertical themes (comments and English articles)", async () => {
    await settings("vertical");
    // The owner comments (no CAPTCHA) through the API.
    const minute = new Date().toISOString().slice(0, 16).replace(/[-T:]/g, "");
    const qh = crypto.createHash("sha1").update(`${minute}:${posts.en}`).digest("hex");
    const words = "Internationalization considerations documentation";
    const res = await fetch(`${BASE}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE, Cookie: owner.cookie, "X-STGY-QueryHash": qh },
      body: JSON.stringify({
        query: "mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id } }",
        variables: { in: { postId: posts.en, nickname: "Gopher", body: `${words} 日本語の文章も続きます。` } },
      }),
    });
    assert.equal((await res.json()).errors, undefined);
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, close } = await newPage(browser, { viewport });
      try {
        await page.goto(`${BASE}/pub/${posts.en}`);
        const c = page.locator(".cw-comment", { hasText: "日本語" });
        await c.waitFor();
        const spans = await c.locator(".cw-latin").evaluateAll((els) =>
          els.map((e) => ({ text: e.textContent, rects: e.getClientRects().length, wb: getComputedStyle(e).wordBreak })),
        );
        assert.equal(spans.length, 3, JSON.stringify(spans));
        for (const s of spans) assert.ok(s.rects === 1 && s.wb === "keep-all", `${viewport.width}px: ${JSON.stringify(s)} is broken`);
        // The English article's column keeps words whole; a Japanese one wraps as usual.
        assert.equal(await page.locator(".main-column").evaluate((e) => getComputedStyle(e).wordBreak), "keep-all");
        await page.goto(`${BASE}/pub/${posts.ja}`);
        assert.equal(await page.locator(".main-column").evaluate((e) => getComputedStyle(e).wordBreak), "normal");
      } finally {
        await close();
      }
    }
  });

  for (const theme of ["", "vertical"]) {
    for (const viewport of [DESKTOP, MOBILE]) {
      for (const lang of ["en", "ja", "ar"]) {
        const label = `${theme || "default"} ${viewport.width}px ${lang}`;
        it(`axe finds nothing serious with the form open: ${label}`, async () => {
          await settings(theme);
          const { page, problems, close } = await newPage(browser, { viewport, lang: lang === "ja" ? "ja" : "en" });
          try {
            await page.goto(`${BASE}/pub/${posts[lang]}`);
            const write = page.locator("button.cw-write");
            await write.waitFor();
            await write.click();
            await page.locator(".cw-captcha img").waitFor();
            // The task list's checkboxes: disabled, named by their item.
            const boxes = page.locator(".article-body input[type=checkbox]");
            assert.equal(await boxes.count(), 2);
            for (let i = 0; i < 2; i++) {
              assert.ok(await boxes.nth(i).isDisabled());
              assert.ok((await boxes.nth(i).getAttribute("aria-label")).length > 2);
            }
            // Once open, the form is wholly in view; the sort buttons and
            // the write button, scrolled to (vertical themes scroll
            // sideways), are wholly in view too: nothing is cut off.
            await page.waitForFunction(() => document.activeElement?.id === "stgy-cw-form-h");
            // (Default themes scroll down the page, so there only the width counts.)
            const inView = (r) =>
              r.width > 0 && r.left >= -1 && r.right <= viewport.width + 1 && (!theme || (r.top >= -1 && r.bottom <= viewport.height + 1));
            const form = await page.locator("form.cw-form").evaluate((e) => e.getBoundingClientRect().toJSON());
            assert.ok(inView(form), `${label}: the open form at ${JSON.stringify(form)}`);
            for (const sel of [".cw-order button", "form.cw-form button[type=submit]"]) {
              const rects = await page.locator(sel).evaluateAll((els) =>
                els.map((e) => {
                  e.scrollIntoView({ block: "nearest", inline: "nearest" });
                  return e.getBoundingClientRect().toJSON();
                }),
              );
              for (const r of rects) assert.ok(inView(r), `${label}: ${sel} at ${JSON.stringify(r)}`);
            }
            // A viewport screenshot (a full-page one resizes the viewport,
            // which lays the vertical column out again).
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.locator("form.cw-form").evaluate((e) => e.scrollIntoView({ block: "nearest", inline: "nearest" }));
            await page.screenshot({ path: `${SHOTS}/comments-a11y-${label.replace(/ /g, "-")}.png` });
            assert.deepEqual(await seriousAxe(page), [], label);
            assert.deepEqual(problems, [], label);
          } finally {
            await close();
          }
        });
      }
    }
  }
});
