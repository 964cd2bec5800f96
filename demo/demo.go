// Package demo holds STGY Pub's demo content, unmodified articles from the
// Go blog (CC BY 4.0) and Japanese MDN Web Docs (CC BY-SA 2.5), see
// LICENSES.md, and Load, which makes three demo sites of them.
package demo

import (
	"embed"
	"io/fs"
)

//go:embed en/*.md ja/*.md mixed/*.md
var files embed.FS

// English is the folder of Go blog articles (site "gopher").
func English() fs.FS { return sub("en") }

// Japanese is the folder of Japanese MDN pages (site "hanako").
func Japanese() fs.FS { return sub("ja") }

// Mixed is the folder of articles of both languages (site "mix").
func Mixed() fs.FS { return sub("mixed") }

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic(err) // unreachable: dir is one of the embedded folders
	}
	return f
}
