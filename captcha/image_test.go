package captcha

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// read recovers the digits of an undistorted image by sampling the centre
// of every glyph cell and matching the font: the font is drawn where
// expected and every digit is distinct.
func read(t *testing.T, img *image.Paletted) string {
	t.Helper()
	left := float64(Width-(Digits-1)*slot) / 2
	out := make([]byte, Digits)
	for i := range Digits {
		x0 := left + float64(i*slot) - glyphCols*scale/2.0
		y0 := float64(Height)/2 - glyphRows*scale/2.0
		match := -1
		for d := byte(0); d < 10; d++ {
			ok := true
			for row := 0; row < glyphRows && ok; row++ {
				for col := 0; col < glyphCols; col++ {
					x, y := int(x0)+col*scale+scale/2, int(y0)+row*scale+scale/2
					if (img.ColorIndexAt(x, y) == 1) != ink(d, col, row) {
						ok = false
						break
					}
				}
			}
			if ok {
				if match >= 0 {
					t.Fatalf("slot %d matches %d and %d", i, match, d)
				}
				match = int(d)
			}
		}
		if match < 0 {
			t.Fatalf("slot %d matches no digit", i)
		}
		out[i] = '0' + byte(match)
	}
	return string(out)
}

func TestFontDrawsEveryDigit(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, digits := range []string{"012345", "678901", "987654", "000000", "999999"} {
		img, err := draw(digits, rnd, drawOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := read(t, img); got != digits {
			t.Errorf("drew %s, read %s", digits, got)
		}
	}
}

func TestRenderPNG(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		rnd := rand.New(rand.NewPCG(seed, seed))
		digits := []byte("000000")
		for i := range digits {
			digits[i] = '0' + byte(rnd.IntN(10))
		}
		b, err := Render(string(digits), rnd)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if img.Bounds() != image.Rect(0, 0, 200, 48) {
			t.Fatalf("bounds %v", img.Bounds())
		}
		// Same seed, same geometry: compare with an undithered copy to
		// count background pixels and dither.
		r2 := rand.New(rand.NewPCG(seed, seed))
		for range Digits {
			r2.IntN(10)
		}
		clean, _ := draw(string(digits), r2, drawOptions{maxAngle: seedDistortion.maxAngle, jitter: 1})
		var background, dithered, inkPx int
		perSlot := make([]int, Digits)
		for y := 0; y < Height; y++ {
			for x := 0; x < Width; x++ {
				if clean.ColorIndexAt(x, y) == 1 {
					inkPx++
					perSlot[min(Digits-1, max(0, (x-10)/slot))]++
					continue
				}
				background++
				if r, _, _, _ := img.At(x, y).RGBA(); r == 0 {
					dithered++
				}
			}
		}
		if share := float64(dithered) / float64(background); share < 0.08 || share > 0.12 {
			t.Errorf("seed %d: %.3f of the background dithered, want about 0.10", seed, share)
		}
		for i, n := range perSlot {
			if n < 150 {
				t.Errorf("seed %d: digit %d has only %d ink pixels", seed, i, n)
			}
		}
		if len(b) > 4096 {
			t.Errorf("seed %d: PNG is %d bytes", seed, len(b))
		}
	}
}

func TestRotationAndJitterMoveTheGlyphs(t *testing.T) {
	flat, _ := draw("888888", rand.New(rand.NewPCG(3, 3)), drawOptions{})
	distinct := map[string]bool{}
	for seed := uint64(0); seed < 8; seed++ {
		img, _ := draw("888888", rand.New(rand.NewPCG(seed, 9)), drawOptions{maxAngle: seedDistortion.maxAngle, jitter: 1})
		if bytes.Equal(img.Pix, flat.Pix) {
			t.Errorf("seed %d: distortion changed nothing", seed)
		}
		distinct[string(img.Pix)] = true
	}
	if len(distinct) < 8 {
		t.Errorf("only %d distinct images from 8 seeds", len(distinct))
	}
	if _, err := draw("12345", rand.New(rand.NewPCG(1, 1)), drawOptions{}); err == nil {
		t.Error("5 digits accepted")
	}
	if _, err := draw("12345a", rand.New(rand.NewPCG(1, 1)), drawOptions{}); err == nil {
		t.Error("a letter accepted")
	}
}
