// Conformance of every kind of public demo page (issue 9 "Done when"): the
// W3C HTML checker (vnu-jar, needs Java) reports no error, axe-core no
// serious or critical violation, and nothing a page references on this
// server answers 404. The pages: home, a 404, every site's list in every
// view (Rich, Plain, oldest first, page 2) and search (KWIC, Rich, Plain),
// every demo article in its site's theme, and two articles (English and
// Japanese) in every theme.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BASE, html, launch, newPage } from "./lib.mjs";

const THEMES = ["default", "newspaper", "whiteboard", "dark", "vertical", "vertical-newspaper", "vertical-dark"];
const VNU = new URL("../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url).pathname;
const AXE = fs.readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
// Not a person: the checker's visits are not page views.
const BOT_UA = "Mozilla/5.0 (X11; Linux x86_64) stgy-conformance-bot/1.0";

const links = (body, re) => [...body.matchAll(re)].map((m) => m[1]);

/** pages lists the URL paths of the demo's pages of every kind. */
async function pages() {
  const out = ["/", "/pub/0000000000000000", "/sites/0000000000000000"];
  let tagPages = 0;
  const home = await html("/");
  const sites = [...new Set(links(home.body, /href="(\/sites\/[0-9A-F]{16})"/g))];
  assert.ok(sites.length >= 3, `home lists ${sites.length} sites`);
  for (const site of sites) {
    out.push(site, site + "?view=plain", site + "?order=oldest", site + "?q=the", site + "?q=the&view=rich", site + "?q=the&view=plain");
    const list = await html(site + "?view=plain");
    const articles = links(list.body, /<a class="title" dir="auto" href="(\/pub\/[0-9A-F]{16})">/g);
    const titles = links(list.body, /<a class="title" dir="auto" href="\/pub\/[0-9A-F]{16}">([^<]*)</g);
    // Every demo article; of the extra posts scripts/e2e.sh imports, one.
    let extra = 0;
    articles.forEach((a, i) => {
      if (!/^E2E extra post/.test(titles[i]) || extra++ === 0) out.push(a);
    });
    if ((await html(site + "?page=2")).status === 200) out.push(site + "?page=2");
    if (articles.length) for (const t of THEMES) out.push(articles[0] + "?design=" + t);
    // Tag list pages (issue 21 #5): every tag the site's articles link, in
    // Rich and Plain view.
    for (const a of articles.slice(0, 15)) {
      for (const tag of links((await html(a)).body, /<a rel="tag" dir="auto" href="([^"]+)"/g)) {
        const u = tag.replaceAll("&amp;", "&");
        out.push(u, u + "&view=plain");
        tagPages++;
      }
    }
  }
  assert.ok(tagPages > 0, "no article links a tag page");
  return [...new Set(out)];
}

let all;
let fetched; // path -> HTML
let browser;
before(async () => {
  all = await pages();
  fetched = new Map();
  for (const p of all) {
    const res = await fetch(BASE + p, { headers: { "User-Agent": BOT_UA } });
    fetched.set(p, await res.text());
  }
  browser = await launch();
});
after(async () => browser?.close());

describe("public pages", () => {
  test("the W3C HTML checker (vnu) reports no error", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stgy-vnu-"));
    const files = [];
    for (const [p, body] of fetched) {
      const f = path.join(dir, encodeURIComponent(p) + ".html");
      fs.writeFileSync(f, body);
      files.push(f);
    }
    let out;
    try {
      // --exit-zero-always: the JSON report decides, not the exit status.
      out = execFileSync("java", ["-jar", VNU, "--errors-only", "--exit-zero-always", "--stdout", "--format", "json", ...files], {
        encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "pipe"],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const report = JSON.parse(out);
    assert.ok(Array.isArray(report.messages), `no vnu report: ${out.slice(0, 300)}`);
    const errors = report.messages.filter((m) => m.type === "error" || m.type === "non-document-error");
    const lines = errors.map((m) => `${decodeURIComponent(path.basename(m.url, ".html"))}:${m.lastLine}: ${m.message} [${(m.extract || "").trim().slice(0, 80)}]`);
    assert.equal(fetched.size, all.length);
    assert.deepEqual(lines, [], `${lines.length} HTML errors in ${fetched.size} pages`);
  });

  test("nothing a page references on this server is a 404", async () => {
    const refs = new Set();
    for (const [p, body] of fetched) {
      const page = new URL(BASE + p);
      const found = [
        ...links(body, /\s(?:href|src|action)="([^"]*)"/g),
        ...links(body, /\ssrcset="([^"]*)"/g).flatMap((s) => s.split(",").map((c) => c.trim().split(/\s+/)[0])),
      ];
      for (const raw of found) {
        const u = new URL(raw.replaceAll("&amp;", "&"), page);
        if (u.origin === page.origin && u.protocol.startsWith("http")) refs.add(u.pathname + u.search);
      }
    }
    const broken = [];
    for (const r of refs) {
      const res = await fetch(BASE + r, { headers: { "User-Agent": BOT_UA } });
      await res.arrayBuffer();
      // 404 pages that are pages themselves (the 404 test page) are expected.
      if ((res.status === 404 || res.status >= 500) && !all.includes(r)) broken.push(`${res.status} ${r}`);
    }
    assert.ok(refs.size > 50, `only ${refs.size} references found`);
    assert.deepEqual(broken, [], `${broken.length} of ${refs.size} references are broken`);
  });

  test("axe-core: no serious or critical violation", async (t) => {
    const found = [];
    const minor = new Map(); // rule -> pages, reported not failed
    const { context, page } = await newPage(browser, {});
    await context.setExtraHTTPHeaders({ "User-Agent": BOT_UA });
    try {
      for (const p of all) {
        await page.goto(BASE + p, { waitUntil: "load" });
        await page.evaluate(AXE + "\n;0");
        const v = await page.evaluate(async () => {
          // eslint-disable-next-line no-undef
          const r = await axe.run(document, { resultTypes: ["violations"] });
          return r.violations.map((x) => ({ id: x.id, impact: x.impact, nodes: x.nodes.slice(0, 2).map((n) => n.target.join(" ")) }));
        });
        for (const x of v) {
          if (x.impact === "serious" || x.impact === "critical") found.push({ page: p, ...x });
          else minor.set(`${x.id} (${x.impact})`, (minor.get(`${x.id} (${x.impact})`) || 0) + 1);
        }
      }
    } finally {
      await context.close();
    }
    for (const [rule, n] of minor) t.diagnostic(`axe ${rule}: ${n} of ${all.length} pages`);
    assert.deepEqual(found, [], `serious or critical axe violations:\n${JSON.stringify(found, null, 2)}`);
  });
});
