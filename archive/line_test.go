package archive

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestImportedLine: the line says plainly what a restore did to the
// account, also for a new account (whose profile is written with it).
func TestImportedLine(t *testing.T) {
	for _, tc := range []struct {
		sum  stgypub.RestoreSummary
		want string
	}{
		{stgypub.RestoreSummary{}, "nothing changed (already imported)"},
		{stgypub.RestoreSummary{OwnerCreated: true, SettingsChanged: true, PostsCreated: 3}, "account created with its profile, settings changed; posts 3 created, 0 updated"},
		{stgypub.RestoreSummary{ProfileChanged: true}, "profile changed, settings unchanged;"},
		{stgypub.RestoreSummary{PostsUpdated: 1}, "account and profile unchanged, settings unchanged; posts 0 created, 1 updated"},
	} {
		if got := (&Imported{Summary: tc.sum}).Line(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("Line() = %q, want it to start %q", got, tc.want)
		}
	}
}
