// The static copy (docs/STATIC.md, issue 24 #2): `stgy-pub static` writes
// every demo site (gopher's with one fresh article) into folders, `python3 -m
// http.server` serves each on its own origin, and Chromium reads them there:
// the article's view is recorded at the origin server (one view token,
// one recordPubViewToken over CORS per page load; a reload by the same
// reader is not a second view), the comment widget loads from the
// origin, nothing the pages reference on the static origin is missing,
// the W3C checker finds no error and axe-core no violation.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { as, axe, BASE, launch, withPage } from "./lib.mjs";

const VNU = new URL("../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url).pathname;
// A reader's browser: Chromium's own HeadlessChrome is a bot to the counter.
const READER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

let browser;
let dir = "";
let server;
let STATIC = "";
let postId = "";
let siteId = "";

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * copySite writes login's static copy into a fresh folder and serves it
 * with python3 -m http.server on a free port (its origin is the copy's
 * -base-url): { login, id, dir, origin, server }.
 */
async function copySite(login) {
  const id = (await (await as(login)).gql("{ me { id } }")).me.id;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const folder = fs.mkdtempSync(path.join(process.env.STGY_E2E_WORK || os.tmpdir(), `static-${login}-`));
  const bin = process.env.STGY_E2E_BINARY;
  if (!bin) throw new Error("STGY_E2E_BINARY is not set: run scripts/e2e.sh");
  // The environment of scripts/e2e.sh names the database and Redis.
  const out = execFileSync(bin, ["static", "-user", login, "-o", folder, "-base-url", origin, "-api", BASE], { encoding: "utf8" });
  assert.match(out, /static copy in .*: \d+ files/);
  const srv = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder], { stdio: "ignore" });
  const copy = { login, id, dir: folder, origin, server: srv };
  copies.push(copy);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/sites/${id}/`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 200 || srv.exitCode !== null) throw new Error("python3 -m http.server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return copy;
}

// Every demo site's copy; gopher's (first) also holds a fresh article.
const copies = [];

before(async () => {
  const gopher = await as("gopher");
  // A fresh article: no reader has viewed it yet, so the first view counts.
  postId = await gopher.createPost(`# Static copy ${Date.now()}\n\nAn article read from a static host.\n`, new Date(Date.now() - 60_000).toISOString());
  const first = await copySite("gopher");
  siteId = first.id;
  dir = first.dir;
  STATIC = first.origin;
  server = first.server;
  for (const login of ["hanako", "mix"]) await copySite(login);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  for (const c of copies) {
    if (c.server.exitCode === null) c.server.kill("SIGTERM");
    fs.rmSync(c.dir, { recursive: true, force: true });
  }
});

/** until waits for cond (checked every 50 ms, for at most 30 s). */
async function until(cond, label) {
  for (let i = 0; i < 600; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out: " + label);
}

/** htmlFiles lists the pages of the copy in folder (absolute paths). */
function htmlFiles(folder) {
  return fs.readFileSync(path.join(folder, ".stgy-static"), "utf8").split("\n").filter((f) => f.endsWith(".html")).map((f) => path.join(folder, f));
}

describe("static copy", () => {
  test("the article records one view at the origin per page load", async () => {
    await withPage(browser, { base: STATIC, userAgent: READER_UA }, "static-article", async (page) => {
      const missing = [];
      const calls = []; // request bodies of POST /graphql at the origin
      const widget = []; // statuses of the origin's answers to anything else (the comment widget)
      page.on("response", (r) => {
        if (r.url().startsWith(STATIC) && r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
        const body = r.request().postData() || "";
        if (r.url() === BASE + "/graphql" && r.request().method() === "POST" && !/Static(ViewToken|RecordView)/.test(body)) widget.push(r.status());
      });
      page.on("request", (r) => {
        if (r.url() === BASE + "/graphql" && r.method() === "POST") calls.push(r.postData() || "");
      });
      const viewed = () =>
        page.waitForResponse((r) => r.url() === BASE + "/graphql" && r.request().method() === "POST" && (r.request().postData() || "").includes("recordPubViewToken"));
      let answer = viewed();
      await page.goto(`${STATIC}/pub/${postId}/`);
      const first = (await (await answer).json()).data.recordPubViewToken;
      assert.equal(first.recorded, true, "the first view from a static page counts at the origin");
      assert.ok(first.pv >= 1, `pv ${first.pv}`);
      const count = (s) => calls.filter((c) => c.includes(s)).length;
      assert.equal(count("StaticRecordView"), 1, "one recordPubViewToken per page load");
      assert.equal(count("StaticViewToken"), 1, "one view token per page load");
      if (fs.readFileSync(path.join(dir, "pub", postId, "index.html"), "utf8").includes("data-stgy-comments")) {
        // The comment widget reads the comments from the origin.
        await until(() => widget.length > 0, "the comment widget asked the origin");
        assert.deepEqual([...new Set(widget)], [200]);
      }

      answer = viewed();
      await page.reload();
      const again = (await (await answer).json()).data.recordPubViewToken;
      assert.deepEqual(again, { recorded: false, pv: first.pv }, "the same reader again is not a second view");
      assert.equal(count("StaticRecordView"), 2, "one more per reload");
      assert.deepEqual(missing, [], "everything the article uses is in the copy");
    });
  });

  test("the listing pages and their links are served from the copy", async () => {
    await withPage(browser, { base: STATIC, userAgent: READER_UA }, "static-site", async (page) => {
      const missing = [];
      page.on("response", (r) => {
        if (r.url().startsWith(STATIC) && r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${STATIC}/sites/${siteId}/`);
      await axe(page, "static site");
      const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.href));
      const local = [...new Set(hrefs.filter((h) => h.startsWith(STATIC)).map((h) => h.split("#")[0]))];
      assert.ok(local.some((h) => h.includes(`/pub/${postId}/`)), "the fresh article is listed");
      for (const h of local) {
        const res = await fetch(h);
        await res.arrayBuffer();
        if (res.status !== 200) missing.push(`${res.status} ${h}`);
      }
      await page.goto(`${STATIC}/pub/${postId}/`);
      await axe(page, "static article");
      assert.deepEqual(missing, []);
    });
  });

  test("every demo site's copy: its pages and links are served, axe finds no violation", async () => {
    for (const c of copies.slice(1)) {
      await withPage(browser, { base: c.origin, userAgent: READER_UA }, `static-${c.login}`, async (page) => {
        const missing = [];
        page.on("response", (r) => {
          if (r.url().startsWith(c.origin) && r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
        });
        await page.goto(`${c.origin}/sites/${c.id}/`);
        await axe(page, `static ${c.login} site`);
        const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.href));
        const local = [...new Set(hrefs.filter((h) => h.startsWith(c.origin)).map((h) => h.split("#")[0]))];
        const article = local.find((h) => h.includes("/pub/"));
        assert.ok(article, `${c.login}: the home lists an article`);
        for (const h of local) {
          const res = await fetch(h);
          await res.arrayBuffer();
          if (res.status !== 200) missing.push(`${res.status} ${h}`);
        }
        await page.goto(article);
        await axe(page, `static ${c.login} article`);
        assert.deepEqual(missing, [], `${c.login}: everything its pages use is in the copy`);
      });
    }
  });

  test("the W3C HTML checker (vnu) reports no error in any demo site's copy", () => {
    const files = copies.flatMap((c) => htmlFiles(c.dir));
    for (const c of copies) assert.ok(htmlFiles(c.dir).length > 3, `${c.login}: ${htmlFiles(c.dir).length} pages`);
    const out = execFileSync("java", ["-jar", VNU, "--errors-only", "--exit-zero-always", "--stdout", "--format", "json", ...files], {
      encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "pipe"],
    });
    const errors = JSON.parse(out).messages.filter((m) => m.type === "error" || m.type === "non-document-error");
    assert.deepEqual(errors.map((m) => `${m.url}:${m.lastLine}: ${m.message}`), []);
  });
});
