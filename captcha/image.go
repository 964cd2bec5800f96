package captcha

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
)

// Image geometry (docs/SPEC.md "CAPTCHA and pass tokens").
const (
	Width  = 200
	Height = 48
	// Digits is the number of digits of a challenge.
	Digits = 6
	// slot is the horizontal distance between digit centres: 25-pixel
	// glyphs with 5-pixel gaps, centred in the image.
	slot = glyphCols*scale + 5
)

// drawOptions are the distortions of an image: the specified values in
// production (docs/SPEC.md "CAPTCHA and pass tokens"), none in the font tests.
type drawOptions struct {
	maxAngle float64 // radians; each digit is rotated by up to ±maxAngle
	jitter   int     // pixels; each digit is moved by up to ±jitter in X and Y
	dither   float64 // share of background pixels turned black
}

// seedDistortion is the specified distortion: ±10°, ±1 px, about 10 %.
var seedDistortion = drawOptions{maxAngle: 10 * math.Pi / 180, jitter: 1, dither: 0.10}

var palette = color.Palette{color.White, color.Black}

// Render draws digits (ASCII '0'-'9', Digits of them) as a 200×48
// two-colour PNG: each digit from the 5×7 font scaled ×5, rotated by up
// to ±10° about its centre and moved by up to ±1 pixel in X and Y, and
// about 10 % of the background pixels black. rnd drives the distortions
// (the digits themselves come from the caller).
func Render(digits string, rnd *rand.Rand) ([]byte, error) {
	img, err := draw(digits, rnd, seedDistortion)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("captcha: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}

func draw(digits string, rnd *rand.Rand, opt drawOptions) (*image.Paletted, error) {
	if len(digits) != Digits {
		return nil, fmt.Errorf("captcha: want %d digits, got %q", Digits, digits)
	}
	img := image.NewPaletted(image.Rect(0, 0, Width, Height), palette)
	inked := make([]bool, Width*Height)
	left := float64(Width-(Digits-1)*slot) / 2
	for i := 0; i < Digits; i++ {
		d := digits[i] - '0'
		if d > 9 {
			return nil, fmt.Errorf("captcha: %q is not a digit", digits[i])
		}
		angle := (rnd.Float64()*2 - 1) * opt.maxAngle
		dx := rnd.IntN(2*opt.jitter+1) - opt.jitter
		dy := rnd.IntN(2*opt.jitter+1) - opt.jitter
		cx := left + float64(i*slot+dx)
		cy := float64(Height)/2 + float64(dy)
		drawDigit(inked, d, cx, cy, angle)
	}
	for p, on := range inked {
		if on || (opt.dither > 0 && rnd.Float64() < opt.dither) {
			img.Pix[p] = 1
		}
	}
	return img, nil
}

// drawDigit inks the pixels whose centres fall in digit d's glyph, the
// glyph centred on (cx, cy) and rotated by angle: each pixel centre is
// rotated back by -angle into glyph space and looked up in the font.
func drawDigit(inked []bool, d byte, cx, cy, angle float64) {
	sin, cos := math.Sincos(-angle)
	const half = 24 // covers the rotated 25×35 glyph
	for y := int(cy) - half; y <= int(cy)+half; y++ {
		if y < 0 || y >= Height {
			continue
		}
		for x := int(cx) - half; x <= int(cx)+half; x++ {
			if x < 0 || x >= Width {
				continue
			}
			px, py := float64(x)+0.5-cx, float64(y)+0.5-cy
			u := px*cos - py*sin + glyphCols*scale/2.0
			v := px*sin + py*cos + glyphRows*scale/2.0
			if u < 0 || v < 0 {
				continue
			}
			if ink(d, int(u)/scale, int(v)/scale) {
				inked[y*Width+x] = true
			}
		}
	}
}
