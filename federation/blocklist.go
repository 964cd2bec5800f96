package federation

import (
	"net/http"

	"github.com/stgy/stgypub"
)

// refuseBlocked is the inbox's 403 for an activity whose actor or
// signing key is on the site's blocklist (extensions.federation.blocked,
// stgypub.Extensions.FederationBlocks); nil otherwise.
func refuseBlocked(ext stgypub.Extensions, actor, keyID string) error {
	if entry := ext.FederationBlocks(actor, keyID); entry != "" {
		return badInbox(http.StatusForbidden, "activities from %s are blocked by this site (%s)", actor, entry)
	}
	return nil
}
