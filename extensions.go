package stgypub

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"unicode/utf8"
)

// ExtensionsMaxChars is the limit on the serialized extensions object, in
// Unicode code points (docs/SPEC.md#pub-config).
const ExtensionsMaxChars = 4096

// MeasurementIDMaxChars limits analytics.googleAnalytics.measurementId.
const MeasurementIDMaxChars = 128

// Comment modes of extensions.comments.mode (docs/SPEC.md#comments).
const (
	CommentsNone      = "none"
	CommentsModerated = "moderated"
	CommentsOpen      = "open"
)

var identifierRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Extensions is the validated user_pub_configs.extensions JSON object
// (docs/SPEC.md#pub-config). Unknown top-level keys and unknown analytics
// providers are kept as given. The zero value is the empty object {}.
type Extensions struct {
	obj map[string]any // decoded with json.Number; nil means {}
	raw string         // compact serialization, "" means "{}"
}

// EmptyExtensions returns the empty object {}.
func EmptyExtensions() Extensions { return Extensions{} }

// ParseExtensions decodes and validates a stored or submitted JSON string.
// It fails with BAD_USER_INPUT when s is not valid UTF-8, is not a single
// JSON object, contains NUL, is over ExtensionsMaxChars once serialized, or
// breaks a field rule: showViewCount is a boolean; shareButtons is an array of unique identifiers of
// 1-64 [A-Za-z0-9_-]; comments is an object whose mode is none, moderated or
// open; analytics is an object of provider objects keyed by identifiers;
// analytics.googleAnalytics.measurementId is a string of at most 128
// characters.
func ParseExtensions(s string) (Extensions, error) {
	if !utf8.ValidString(s) {
		return Extensions{}, FieldErrorf("extensions", "extensions is not valid UTF-8")
	}
	if len(s) > 4*ExtensionsMaxChars+64 {
		return Extensions{}, FieldErrorf("extensions", "extensions exceeds %d characters", ExtensionsMaxChars)
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return Extensions{}, FieldErrorf("extensions", "extensions is not valid JSON")
	}
	if dec.More() {
		return Extensions{}, FieldErrorf("extensions", "extensions must be one JSON object")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return Extensions{}, FieldErrorf("extensions", "extensions must be a JSON object")
	}
	return NewExtensions(obj)
}

// NewExtensions validates an already decoded object (for example a GraphQL
// JSON scalar) with ParseExtensions' rules. Numbers may be float64, int or
// json.Number. A leading byte-order mark of any string value is dropped
// first (StripBOM; obj is changed in place), so a pasted
// " G-XXXXXXXXXX" or time zone with one is the value it looks like.
func NewExtensions(obj map[string]any) (Extensions, error) {
	if obj == nil {
		return Extensions{}, nil
	}
	if err := checkStrings(obj, 0); err != nil {
		return Extensions{}, err
	}
	stripValueBOMs(obj)
	if err := validateExtensions(obj); err != nil {
		return Extensions{}, err
	}
	raw, err := compactJSON(obj)
	if err != nil {
		return Extensions{}, FieldErrorf("extensions", "extensions cannot be serialized: %v", err)
	}
	if n := utf8.RuneCountInString(raw); n > ExtensionsMaxChars {
		return Extensions{}, FieldErrorf("extensions", "extensions is %d characters; the limit is %d", n, ExtensionsMaxChars)
	}
	if raw == "{}" {
		return Extensions{}, nil
	}
	return Extensions{obj: obj, raw: raw}, nil
}

func validateExtensions(obj map[string]any) error {
	if err := validateInsightExtensions(obj); err != nil {
		return err
	}
	if err := validateFederationExtensions(obj); err != nil {
		return err
	}
	if v, ok := obj["shareButtons"]; ok {
		arr, ok := v.([]any)
		if !ok {
			return FieldErrorf("extensions.shareButtons", "extensions.shareButtons must be an array of identifiers")
		}
		seen := make(map[string]bool, len(arr))
		for i, e := range arr {
			s, ok := e.(string)
			if !ok || !identifierRE.MatchString(s) {
				return FieldErrorf("extensions.shareButtons", "extensions.shareButtons[%d] must be 1-64 letters, digits, _ or -", i)
			}
			if seen[s] {
				return FieldErrorf("extensions.shareButtons", "extensions.shareButtons has %q twice", s)
			}
			seen[s] = true
		}
	}
	if v, ok := obj[SiteImageKey]; ok {
		s, ok := v.(string)
		if !ok || len(s) > SiteImageMaxLen || FeaturedImageURL(s) == "" {
			return FieldErrorf("extensions."+SiteImageKey, "extensions.%s must be an absolute http(s) URL of a raster image (PNG, JPEG, WebP, GIF; not SVG), at most %d bytes", SiteImageKey, SiteImageMaxLen)
		}
	}
	if v, ok := obj[ShowViewCountKey]; ok {
		if _, ok := v.(bool); !ok {
			return FieldErrorf("extensions."+ShowViewCountKey, "extensions.%s must be true or false", ShowViewCountKey)
		}
	}
	if v, ok := obj["comments"]; ok {
		c, ok := v.(map[string]any)
		if !ok {
			return FieldErrorf("extensions.comments", "extensions.comments must be an object")
		}
		if m, ok := c["mode"]; ok {
			s, _ := m.(string)
			if s != CommentsNone && s != CommentsModerated && s != CommentsOpen {
				return FieldErrorf("extensions.comments.mode", "extensions.comments.mode must be none, moderated or open")
			}
		}
	}
	if v, ok := obj["analytics"]; ok {
		a, ok := v.(map[string]any)
		if !ok {
			return FieldErrorf("extensions.analytics", "extensions.analytics must be an object")
		}
		for name, p := range a {
			if !identifierRE.MatchString(name) {
				return FieldErrorf("extensions.analytics", "extensions.analytics provider %q must be 1-64 letters, digits, _ or -", name)
			}
			if _, ok := p.(map[string]any); !ok {
				return FieldErrorf("extensions.analytics."+name, "extensions.analytics.%s must be an object", name)
			}
		}
		if ga, ok := a["googleAnalytics"].(map[string]any); ok {
			if m, ok := ga["measurementId"]; ok {
				s, ok := m.(string)
				if !ok {
					return FieldErrorf("extensions.analytics.googleAnalytics.measurementId", "extensions.analytics.googleAnalytics.measurementId must be a string")
				}
				if n := utf8.RuneCountInString(s); n > MeasurementIDMaxChars {
					return FieldErrorf("extensions.analytics.googleAnalytics.measurementId", "extensions.analytics.googleAnalytics.measurementId is %d characters; the limit is %d", n, MeasurementIDMaxChars)
				}
			}
		}
	}
	return nil
}

// checkStrings rejects NUL and invalid UTF-8 in every key and string and
// bounds nesting depth, so the stored VARCHAR stays printable.
func checkStrings(v any, depth int) error {
	if depth > 32 {
		return FieldErrorf("extensions", "extensions is nested too deeply")
	}
	check := func(s string) error {
		if !utf8.ValidString(s) {
			return FieldErrorf("extensions", "extensions contains invalid UTF-8")
		}
		if bytes.IndexByte([]byte(s), 0) >= 0 {
			return FieldErrorf("extensions", "extensions must not contain NUL")
		}
		return nil
	}
	switch x := v.(type) {
	case string:
		return check(x)
	case map[string]any:
		for k, e := range x {
			if err := check(k); err != nil {
				return err
			}
			if err := checkStrings(e, depth+1); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range x {
			if err := checkStrings(e, depth+1); err != nil {
				return err
			}
		}
	case nil, bool, json.Number, float64, float32, int, int32, int64:
	default:
		return FieldErrorf("extensions", "extensions holds an unsupported value of type %T", v)
	}
	return nil
}

// stripValueBOMs drops the leading byte-order marks of every string value
// in v (keys are kept as written), in place; checkStrings bounded its
// depth.
func stripValueBOMs(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok {
				x[k] = StripBOM(s)
			} else {
				stripValueBOMs(e)
			}
		}
	case []any:
		for i, e := range x {
			if s, ok := e.(string); ok {
				x[i] = StripBOM(s)
			} else {
				stripValueBOMs(e)
			}
		}
	}
}

func compactJSON(v any) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return string(bytes.TrimRight(buf.Bytes(), "\n")), nil
}

// String is the compact JSON serialization stored in the database ("{}"
// when empty). Keys are sorted.
func (e Extensions) String() string {
	if e.raw == "" {
		return "{}"
	}
	return e.raw
}

// Object returns a fresh decoded copy of the object (never nil), for the
// GraphQL JSON scalar.
func (e Extensions) Object() map[string]any {
	out := map[string]any{}
	if e.raw != "" {
		dec := json.NewDecoder(bytes.NewReader([]byte(e.raw)))
		dec.UseNumber()
		_ = dec.Decode(&out)
	}
	return out
}

// MarshalJSON writes the object itself, so exports carry an object.
func (e Extensions) MarshalJSON() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalJSON validates with ParseExtensions.
func (e *Extensions) UnmarshalJSON(b []byte) error {
	v, err := ParseExtensions(string(b))
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// ShareButtons returns the shareButtons identifiers in stored order (nil
// when absent). Rendering picks the recognized ones in its fixed order.
func (e Extensions) ShareButtons() []string {
	arr, _ := e.obj["shareButtons"].([]any)
	out := make([]string, 0, len(arr))
	for _, v := range arr {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// ShowViewCountKey is the extensions key of the switch that hides the
// public "N views in the last D days" line of article pages: false hides
// it, true or absent shows it (docs/API.md "Settings keys").
const ShowViewCountKey = "showViewCount"

// ShowViewCount reports whether article pages show their view count line
// (extensions.showViewCount; true when absent).
func (e Extensions) ShowViewCount() bool {
	v, ok := e.obj[ShowViewCountKey].(bool)
	return !ok || v
}

// CommentsMode returns extensions.comments.mode, CommentsNone when absent.
func (e Extensions) CommentsMode() string {
	c, _ := e.obj["comments"].(map[string]any)
	if m, ok := c["mode"].(string); ok && m != "" {
		return m
	}
	return CommentsNone
}

// GAMeasurementID returns analytics.googleAnalytics.measurementId, "" when
// absent.
func (e Extensions) GAMeasurementID() string {
	a, _ := e.obj["analytics"].(map[string]any)
	ga, _ := a["googleAnalytics"].(map[string]any)
	s, _ := ga["measurementId"].(string)
	return s
}

// GoString helps test failure messages.
func (e Extensions) GoString() string { return fmt.Sprintf("Extensions(%s)", e.String()) }

// SiteImageKey is the extensions key of the site's image
// (docs/SPEC.md#site-image): the og:image of its list pages, the JSON-LD
// publisher logo and the fallback image of its articles.
const SiteImageKey = "siteImage"

// SiteImageMaxLen bounds extensions.siteImage, in bytes.
const SiteImageMaxLen = 2048

// SiteImage is extensions.siteImage in the absolute form FeaturedImageURL
// gives it, "" when unset (the server then generates a card).
func (e Extensions) SiteImage() string {
	s, _ := e.obj[SiteImageKey].(string)
	return FeaturedImageURL(s)
}
