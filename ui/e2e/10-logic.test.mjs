// The Publications page's pure functions without a browser: extensions
// merging (unknown keys survive a save) and Stats ordering. The files are
// evaluated in a vm with a minimal window/document, as the browser would.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import vm from "node:vm";

function load(...files) {
  const window = {};
  const document = { getElementById: () => null, addEventListener: () => {} };
  const ctx = vm.createContext({ window, document, URLSearchParams, location: { search: "" } });
  for (const f of files) {
    vm.runInContext(fs.readFileSync(new URL(`../static/${f}`, import.meta.url), "utf8"), ctx, { filename: f });
  }
  return window.STGYPub;
}

const P = load("pubui-api.js", "pubui-settings.js", "pubui-stats.js");
// Objects from the vm have another realm's prototypes; compare as JSON.
const plain = (v) => JSON.parse(JSON.stringify(v));

describe("mergeExtensions", () => {
  const none = { share: [], commentsMode: "none", measurementId: "" };
  const cases = [
    { name: "empty stays empty", orig: {}, form: none, want: {} },
    { name: "null orig", orig: null, form: none, want: {} },
    {
      name: "known buttons in fixed order, unknown kept after",
      orig: { shareButtons: ["mastodon", "hatena", "x"] },
      form: { ...none, share: ["line", "x"] },
      want: { shareButtons: ["x", "line", "mastodon"] },
    },
    {
      name: "unchecking every button keeps an empty list",
      orig: { shareButtons: ["x"] },
      form: none,
      want: { shareButtons: [] },
    },
    {
      name: "comment options other than mode survive",
      orig: { comments: { mode: "open", maxDepth: 2 } },
      form: { ...none, commentsMode: "moderated" },
      want: { comments: { mode: "moderated", maxDepth: 2 } },
    },
    {
      name: "mode none added only when set",
      orig: {},
      form: { ...none, commentsMode: "open" },
      want: { comments: { mode: "open" } },
    },
    {
      name: "other analytics providers and top-level keys survive",
      orig: { analytics: { plausible: { domain: "a.example" } }, futureKey: { a: [1, 2] } },
      form: { ...none, measurementId: " G-ABC123 " },
      want: { analytics: { plausible: { domain: "a.example" }, googleAnalytics: { measurementId: "G-ABC123" } }, futureKey: { a: [1, 2] } },
    },
    {
      name: "clearing the measurement ID removes only it",
      orig: { analytics: { googleAnalytics: { measurementId: "G-OLD", debug: true } } },
      form: none,
      want: { analytics: { googleAnalytics: { debug: true } } },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const before = JSON.stringify(c.orig);
      assert.deepEqual(plain(P.mergeExtensions(c.orig, c.form)), c.want);
      assert.equal(JSON.stringify(c.orig), before, "the object read is not modified");
    });
  }
});

describe("sortStats", () => {
  const posts = [
    { id: "00000000000000A1", publishedAt: "2026-01-02T00:00:00Z", pv: 5 },
    { id: "00000000000000B2", publishedAt: null, pv: 5 },
    { id: "00000000000000C3", publishedAt: "2025-12-31T00:00:00Z", pv: 9 },
  ];
  const cases = [
    { sort: "pv", dir: "desc", want: ["00000000000000C3", "00000000000000B2", "00000000000000A1"] },
    { sort: "pv", dir: "asc", want: ["00000000000000A1", "00000000000000B2", "00000000000000C3"] },
    { sort: "id", dir: "desc", want: ["00000000000000C3", "00000000000000B2", "00000000000000A1"] },
    { sort: "publishedAt", dir: "desc", want: ["00000000000000A1", "00000000000000C3", "00000000000000B2"] },
    { sort: "publishedAt", dir: "asc", want: ["00000000000000B2", "00000000000000C3", "00000000000000A1"] },
  ];
  for (const c of cases) {
    it(`${c.sort} ${c.dir}`, () => {
      assert.deepEqual(plain(P.sortStats(posts, c.sort, c.dir).map((p) => p.id)), c.want);
    });
  }
});
