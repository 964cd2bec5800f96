// Builds every entry point under src/entries/ into ../dist/{name}.js (and
// {name}.css when the entry imports CSS), minified, one self-contained
// file per entry (no shared chunks, so a page loads exactly its entry),
// and writes ../dist/manifest.json: {"name": {"js": "name.js", "css":
// ["name.css"]}}. The Go package ui embeds ../dist and serves each file
// under a content-hashed URL (/ui/{sha256-prefix}/{file}). The output is
// deterministic: `make test` rebuilds and fails if it differs from the
// committed files. It also merges the codegen areas'
// persisted-documents.json files into ../dist/persisted-documents.json,
// the server's allow-list of the UI's own operations. See docs/UI.md.
import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const srcDir = path.join(here, "src/entries");
const outDir = path.resolve(here, "../dist");

const entries = fs
  .readdirSync(srcDir)
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
  .sort();
if (entries.length === 0) throw new Error("build: no entry points in src/entries");

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: entries.map((f) => ({ in: path.join("src/entries", f), out: f.replace(/\.tsx?$/, "") })),
  outdir: outDir,
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  jsx: "automatic",
  jsxImportSource: "preact",
  charset: "utf8",
  legalComments: "eof",
  metafile: true,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".svg": "dataurl" },
});

const manifest = {};
for (const [out, meta] of Object.entries(result.metafile.outputs)) {
  if (!meta.entryPoint || !out.endsWith(".js")) continue;
  const name = path.basename(out, ".js");
  manifest[name] = { js: path.basename(out), css: meta.cssBundle ? [path.basename(meta.cssBundle)] : [] };
}
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(sorted, null, 2) + "\n");
// The allow-list: every area's documents, sorted by hash.
const docs = {};
for (const dir of ["src/gql", "src/comments/gql"]) {
  Object.assign(docs, JSON.parse(fs.readFileSync(path.join(here, dir, "persisted-documents.json"), "utf8")));
}
const sortedDocs = Object.fromEntries(Object.entries(docs).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(outDir, "persisted-documents.json"), JSON.stringify(sortedDocs, null, 2) + "\n");
console.log(`build: persisted-documents.json: ${Object.keys(sortedDocs).length} documents`);
for (const [name, m] of Object.entries(sorted)) {
  const size = (f) => fs.statSync(path.join(outDir, f)).size;
  console.log(`build: ${name}: ${[m.js, ...m.css].map((f) => `${f} ${size(f)} B`).join(", ")}`);
}
