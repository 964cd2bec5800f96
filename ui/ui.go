// Package ui holds the browser assets, embedded in the binary and served
// under content-hashed URLs (/ui/{hash}/{file}) with immutable caching, in
// the manner of miniflux: the plain CSS and JavaScript of the public pages
// (static/) and the built entry points of the component app (dist/, made
// from ui/app by `make ui` and committed, so `go build` never needs Node).
// See docs/UI.md for the stack and for adding an entry point.
package ui

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// FS holds the embedded assets: static/ (hand-written public-page files)
// and dist/ (the build of ui/app, with dist/manifest.json).
//
//go:embed static dist
var FS embed.FS

// AppDir is the asset-name prefix of files built from ui/app: dist/x.js is
// served as URL("app/x.js").
const AppDir = "app/"

// asset is one embedded file with its content hash.
type asset struct {
	name  string
	hash  string // first 16 hex digits of SHA-256 of body
	body  []byte
	ctype string
}

// assets maps a file name (e.g. "base.css", "app/publications.js") to its
// asset, built once.
var assets = mustLoad()

func mustLoad() map[string]*asset {
	m := map[string]*asset{}
	load := func(dir, prefix string) {
		err := fs.WalkDir(FS, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || p == "dist/manifest.json" {
				return err
			}
			b, err := FS.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(b)
			name := prefix + strings.TrimPrefix(p, dir+"/")
			m[name] = &asset{name: name, hash: hex.EncodeToString(sum[:8]), body: b, ctype: contentType(name)}
			return nil
		})
		if err != nil {
			panic("ui: reading embedded assets: " + err.Error()) // embed guarantees readability
		}
	}
	load("static", "")
	load("dist", AppDir)
	return m
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".png":
		return "image/png"
	case ".ico":
		return "image/x-icon"
	}
	return "application/octet-stream"
}

// Prefix is the URL path under which Handler serves assets.
const Prefix = "/ui/"

// URL returns the content-hashed path of an embedded asset, for example
// URL("base.css") == "/ui/3f2a9c0d1e4b5a6c/base.css". It returns "" for
// a name that is not embedded, so a template typo shows up in tests
// (templates checks every asset it references at start-up).
func URL(name string) string {
	a, ok := assets[name]
	if !ok {
		return ""
	}
	return Prefix + a.hash + "/" + a.name
}

// Names lists the embedded asset names in sorted order.
func Names() []string {
	out := make([]string, 0, len(assets))
	for n := range assets {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
