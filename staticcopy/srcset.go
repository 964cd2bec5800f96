package staticcopy

import "strings"

// mapSrcset returns a srcset (or imagesrcset) value with each image
// candidate's URL replaced by f(url), descriptors ("2x", "640w") and
// their spacing kept; the candidates are parsed as the HTML standard
// does: a URL is a run of non-space bytes (trailing commas end it and
// the candidate), its descriptors run to the next comma outside
// parentheses.
func mapSrcset(v string, f func(string) string) string {
	var out strings.Builder
	i := 0
	for i < len(v) {
		start := i
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		out.WriteString(v[start:i])
		start = i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		u := v[start:i]
		trail := len(u) - len(strings.TrimRight(u, ","))
		if u = u[:len(u)-trail]; u != "" {
			out.WriteString(f(u))
		}
		out.WriteString(strings.Repeat(",", trail))
		if trail > 0 {
			continue
		}
		start, depth := i, 0
		for i < len(v) && (depth > 0 || v[i] != ',') {
			switch v[i] {
			case '(':
				depth++
			case ')':
				depth = max(0, depth-1)
			}
			i++
		}
		out.WriteString(v[start:i])
	}
	return out.String()
}

// srcsetURLs are the candidate URLs of a srcset value, in order.
func srcsetURLs(v string) []string {
	var urls []string
	mapSrcset(v, func(u string) string { urls = append(urls, u); return u })
	return urls
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' }
