// Package sitecard draws the default site image (docs/SPEC.md#site-image):
// a 1200×630 PNG card with the site's name, for link previews of a site
// that set no extensions.siteImage. Drawn in Go (golang.org/x/image with
// the Go fonts); the server caches the bytes.
package sitecard

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Card size: the 1.91:1 image link previews show large.
const (
	Width  = 1200
	Height = 630
	margin = 80
)

var (
	background = color.RGBA{0x1f, 0x3a, 0x5f, 0xff}
	foreground = color.RGBA{0xff, 0xff, 0xff, 0xff}
	muted      = color.RGBA{0xb8, 0xc7, 0xd9, 0xff}
)

var (
	facesOnce            sync.Once
	titleFace, smallFace font.Face
	facesErr             error
)

func faces() (font.Face, font.Face, error) {
	facesOnce.Do(func() {
		bold, err := opentype.Parse(gobold.TTF)
		if err != nil {
			facesErr = err
			return
		}
		regular, err := opentype.Parse(goregular.TTF)
		if err != nil {
			facesErr = err
			return
		}
		if titleFace, facesErr = opentype.NewFace(bold, &opentype.FaceOptions{Size: 72, DPI: 72, Hinting: font.HintingFull}); facesErr != nil {
			return
		}
		smallFace, facesErr = opentype.NewFace(regular, &opentype.FaceOptions{Size: 32, DPI: 72, Hinting: font.HintingFull})
	})
	return titleFace, smallFace, facesErr
}

// Render draws the card of a site named name with footer (the service's
// name) under it and returns the PNG. The name is wrapped at spaces onto
// at most three lines (a longer one ends with "…"). Characters the Go
// fonts do not have (Han, kana, Hangul, …) cannot be drawn: they are left
// out, and a name left empty by that shows only the footer's line.
func Render(name, footer string) ([]byte, error) {
	title, small, err := faces()
	if err != nil {
		return nil, fmt.Errorf("sitecard: font: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), &image.Uniform{background}, image.Point{}, draw.Src)
	// An accent bar on the left.
	draw.Draw(img, image.Rect(0, 0, 16, Height), &image.Uniform{muted}, image.Point{}, draw.Src)
	lines := wrap(drawable(title, name), title, Width-2*margin, 3)
	lineHeight := title.Metrics().Height.Ceil() + 8
	y := (Height-len(lines)*lineHeight)/2 + title.Metrics().Ascent.Ceil() - 20
	for _, l := range lines {
		d := &font.Drawer{Dst: img, Src: &image.Uniform{foreground}, Face: title, Dot: fixed.P(margin, y)}
		d.DrawString(l)
		y += lineHeight
	}
	d := &font.Drawer{Dst: img, Src: &image.Uniform{muted}, Face: small, Dot: fixed.P(margin, Height-margin+10)}
	d.DrawString(drawable(small, footer))
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("sitecard: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// Drawable reports whether Render can draw any character of s.
func Drawable(s string) bool {
	title, _, err := faces()
	return err == nil && drawable(title, s) != ""
}

// drawable keeps the characters face has a glyph for, white space
// collapsed.
func drawable(face font.Face, s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) {
			b.WriteRune(' ')
			continue
		}
		if _, ok := face.GlyphAdvance(r); ok && unicode.IsPrint(r) {
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// wrap breaks s at spaces into lines no wider than width, at most max of
// them; a word wider than a line is cut; text left over ends the last line
// with "…".
func wrap(s string, face font.Face, width, max int) []string {
	fits := func(t string) bool { return font.MeasureString(face, t).Ceil() <= width }
	var lines []string
	cur := ""
	words := strings.Fields(s)
	for i := 0; i < len(words); i++ {
		w := words[i]
		for !fits(w) && len([]rune(w)) > 1 { // one overlong word: cut it
			r := []rune(w)
			k := len(r) - 1
			for k > 1 && !fits(string(r[:k])) {
				k--
			}
			words = append(words[:i+1], append([]string{string(r[k:])}, words[i+1:]...)...)
			w = string(r[:k])
			words[i] = w
		}
		next := w
		if cur != "" {
			next = cur + " " + w
		}
		if fits(next) {
			cur = next
			continue
		}
		lines = append(lines, cur)
		cur = w
		if len(lines) == max {
			last := lines[max-1]
			for last != "" && !fits(last+"…") {
				r := []rune(last)
				last = string(r[:len(r)-1])
			}
			lines[max-1] = strings.TrimSpace(last) + "…"
			return lines
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
