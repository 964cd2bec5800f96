package stgypub

// Settings of the crawler report and share links (docs/SPEC.md#robots,
// docs/SPEC.md#share-links, docs/API.md "Settings keys").
const (
	// RobotsKey is the extensions object of robots rules; its
	// disallowAI boolean asks AI crawlers to stay away from the site.
	RobotsKey = "robots"
	// ShareModeKey picks how article pages render share buttons:
	// ShareModeWidgets (the default: the services' own scripts and
	// iframes, the seed's behaviour) or ShareModeLinks (plain links
	// through /share/{postId}/{service}: no third-party script, clicks
	// counted).
	ShareModeKey     = "shareMode"
	ShareModeWidgets = "widgets"
	ShareModeLinks   = "links"
)

// validateInsightExtensions checks robots (an object whose disallowAI
// is a boolean) and shareMode (widgets or links).
func validateInsightExtensions(obj map[string]any) error {
	if v, ok := obj[RobotsKey]; ok {
		r, ok := v.(map[string]any)
		if !ok {
			return FieldErrorf("extensions.robots", "extensions.robots must be an object such as {\"disallowAI\": true}")
		}
		if d, ok := r["disallowAI"]; ok {
			if _, ok := d.(bool); !ok {
				return FieldErrorf("extensions.robots.disallowAI", "extensions.robots.disallowAI must be true or false")
			}
		}
	}
	if v, ok := obj[ShareModeKey]; ok {
		if s, _ := v.(string); s != ShareModeWidgets && s != ShareModeLinks {
			return FieldErrorf("extensions."+ShareModeKey, "extensions.shareMode must be \"widgets\" or \"links\"")
		}
	}
	return nil
}

// DisallowAI reports extensions.robots.disallowAI (false when absent):
// the site's pages carry robots "noai, noimageai" and robots.txt
// disallows them to the AI crawlers (docs/SPEC.md#robots).
func (e Extensions) DisallowAI() bool {
	r, _ := e.obj[RobotsKey].(map[string]any)
	v, _ := r["disallowAI"].(bool)
	return v
}

// ShareMode returns extensions.shareMode, ShareModeWidgets when absent.
func (e Extensions) ShareMode() string {
	if s, _ := e.obj[ShareModeKey].(string); s == ShareModeLinks {
		return ShareModeLinks
	}
	return ShareModeWidgets
}

// RobotsSite is a site whose robots.txt rules exclude the AI crawlers
// (extensions.robots.disallowAI): its owner and published posts.
type RobotsSite struct {
	OwnerID ID
	PostIDs []ID
}
