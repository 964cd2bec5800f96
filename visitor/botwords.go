package visitor

import "bytes"

// botKeywords are the substrings of docs/SPEC.md#bot-exclusion. They are matched
// in the lower-cased User-Agent (one case rule for every check, see
// IsBot) with two refinements that keep real browsers counted:
//
//   - "bot" must end a word: it is followed by a character that is not
//     an ASCII letter, or by the end ("Googlebot/2.1", "AhrefsBot",
//     "Mozilla/5.0 (compatible; bot)" and "robot" match; "Botim/4.1" and
//     "bottle" do not);
//   - the device model of a mobile browser's system comment is not
//     searched: in a parenthesized comment with a part that starts with
//     "Android", "KAIOS" or "Windows Phone" or is "Mobile" or "Tablet",
//     every part after it names hardware or a locale ("(Linux; Android
//     8.0.0; CUBOT_P20)", "(Linux; U; Android 4.2.2; en-us; CUBOT GT99
//     Build/JDQ39)", KaiOS's "(Mobile; CUBOT_J3; rv:48.0)"). Crawlers that imitate a
//     phone name themselves outside that comment ("... Mobile Safari/537.36
//     (compatible; Googlebot/2.1; ...)") and still match.
//
// The crawler-user-agents patterns still see the whole User-Agent.
var botKeywords = []string{"bot", "crawler", "spider", "slurp", "facebookexternalhit", "bingpreview"}

// hasBotKeyword reports whether the ASCII-lower-cased User-Agent lower
// contains a bot keyword under the rules of botKeywords. lower is
// modified (device models are blanked).
func hasBotKeyword(lower []byte) bool {
	maskDeviceModels(lower)
	for _, kw := range botKeywords {
		k := []byte(kw)
		for from := 0; ; {
			i := bytes.Index(lower[from:], k)
			if i < 0 {
				break
			}
			end := from + i + len(k)
			if kw != "bot" || end == len(lower) || !isASCIILetter(lower[end]) {
				return true
			}
			from = end
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// devicePlatforms start, and deviceForms are, the part of a system
// comment after which the parts name the device (and locale) rather than
// the client.
var (
	devicePlatforms = [][]byte{[]byte("android"), []byte("kaios"), []byte("windows phone")}
	deviceForms     = [][]byte{[]byte("mobile"), []byte("tablet")}
)

// maskDeviceModels overwrites with spaces, in every parenthesized comment
// of lower, the parts that follow a devicePlatforms part.
func maskDeviceModels(lower []byte) {
	for i := 0; i < len(lower); i++ {
		if lower[i] != '(' {
			continue
		}
		end := bytes.IndexByte(lower[i:], ')')
		if end < 0 {
			end = len(lower)
		} else {
			end += i
		}
		maskComment(lower[i+1 : end])
		i = end
	}
}

func maskComment(c []byte) {
	platform := false
	for len(c) > 0 {
		part := c
		next := len(c)
		if j := bytes.IndexByte(c, ';'); j >= 0 {
			part, next = c[:j], j+1
		}
		if platform {
			for k := range part {
				part[k] = ' '
			}
		} else {
			t := bytes.TrimSpace(part)
			for _, p := range devicePlatforms {
				platform = platform || bytes.HasPrefix(t, p)
			}
			for _, f := range deviceForms {
				platform = platform || bytes.Equal(t, f)
			}
		}
		c = c[next:]
	}
}
