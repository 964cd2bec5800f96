package stgypub

import (
	"strings"
	"time"

	"golang.org/x/text/language"
)

// TimeZone returns extensions.timeZone as stored: an IANA name, "" when
// not set (or not a string).
func (e Extensions) TimeZone() string {
	s, _ := e.obj["timeZone"].(string)
	return s
}

// zoneOfRegion is the time zone of regions that have one (or one that
// nearly everyone there uses); zoneOfLanguage of languages spoken almost
// only in one zone. Anything else is UTC.
var (
	zoneOfRegion = map[string]string{
		"JP": "Asia/Tokyo", "KR": "Asia/Seoul", "KP": "Asia/Pyongyang", "CN": "Asia/Shanghai",
		"TW": "Asia/Taipei", "HK": "Asia/Hong_Kong", "MO": "Asia/Macau", "SG": "Asia/Singapore",
		"TH": "Asia/Bangkok", "VN": "Asia/Ho_Chi_Minh", "PH": "Asia/Manila", "MY": "Asia/Kuala_Lumpur",
		"IN": "Asia/Kolkata", "PK": "Asia/Karachi", "BD": "Asia/Dhaka", "NP": "Asia/Kathmandu",
		"LK": "Asia/Colombo", "IR": "Asia/Tehran", "IL": "Asia/Jerusalem", "TR": "Europe/Istanbul",
		"SA": "Asia/Riyadh", "AE": "Asia/Dubai", "EG": "Africa/Cairo", "GB": "Europe/London",
		"IE": "Europe/Dublin", "FR": "Europe/Paris", "DE": "Europe/Berlin", "IT": "Europe/Rome",
		"ES": "Europe/Madrid", "NL": "Europe/Amsterdam", "BE": "Europe/Brussels", "CH": "Europe/Zurich",
		"AT": "Europe/Vienna", "PL": "Europe/Warsaw", "CZ": "Europe/Prague", "SE": "Europe/Stockholm",
		"NO": "Europe/Oslo", "DK": "Europe/Copenhagen", "FI": "Europe/Helsinki", "GR": "Europe/Athens",
		"UA": "Europe/Kyiv", "PT": "Europe/Lisbon", "NZ": "Pacific/Auckland", "ZA": "Africa/Johannesburg",
		"NG": "Africa/Lagos", "KE": "Africa/Nairobi", "AR": "America/Argentina/Buenos_Aires",
		"CO": "America/Bogota", "PE": "America/Lima", "CL": "America/Santiago",
	}
	zoneOfLanguage = map[string]string{
		"ja": "Asia/Tokyo", "ko": "Asia/Seoul", "th": "Asia/Bangkok", "vi": "Asia/Ho_Chi_Minh",
		"he": "Asia/Jerusalem", "fa": "Asia/Tehran", "tr": "Europe/Istanbul", "pl": "Europe/Warsaw",
		"uk": "Europe/Kyiv", "el": "Europe/Athens", "cs": "Europe/Prague", "hu": "Europe/Budapest",
		"ro": "Europe/Bucharest", "fi": "Europe/Helsinki", "da": "Europe/Copenhagen",
		"nb": "Europe/Oslo", "sv": "Europe/Stockholm", "it": "Europe/Rome", "bn": "Asia/Dhaka",
	}
)

// DefaultTimeZone is the time zone a site shows dates in when its owner
// has not set one, from the language of the page: the region's zone when
// the tag names a region ("en-GB" → Europe/London, "zh-TW" → Asia/Taipei),
// else the language's when it is spoken in one zone ("ja" → Asia/Tokyo,
// "ko" → Asia/Seoul), else "UTC" ("en", "ar", "es": spoken across many
// zones).
func DefaultTimeZone(lang string) string {
	tag, err := language.Parse(strings.TrimSpace(lang))
	if err != nil {
		return "UTC"
	}
	if r, conf := tag.Region(); conf == language.Exact {
		if z, ok := zoneOfRegion[r.String()]; ok {
			return z
		}
	}
	base, _ := tag.Base()
	if z, ok := zoneOfLanguage[base.String()]; ok {
		return z
	}
	return "UTC"
}

// Location is the site's time zone, one per site: every date a reader or
// owner sees of it (article, lists, search, feeds, home page, comments,
// the owners' app) is in it, whatever the language of the page:
// extensions.timeZone when set (and loadable), else
// DefaultTimeZone(c.Language), the default of the site's language.
// Dates are shown as that zone's calendar date; datetime attributes,
// feeds and JSON-LD carry the full time with that zone's offset.
// (Page-view days stay UTC days: the counter's.) docs/SPEC.md#time-zones.
func (c *PubConfig) Location() *time.Location {
	if name := c.Extensions.TimeZone(); name != "" {
		if loc, err := loadZone(name); err == nil {
			return loc
		}
	}
	loc, err := loadZone(DefaultTimeZone(c.Language))
	if err != nil {
		return time.UTC
	}
	return loc
}
