package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// viewDocuments are the GraphQL documents static/view.js sends, as it
// writes them: the static copy's article asks for a view token and
// records the view with it (docs/STATIC.md "Views still count").
var viewDocuments = []string{
	"query StaticViewToken($id: ID!) { publishedPost(id: $id) { viewToken } }",
	"mutation StaticRecordView($t: String!) { recordPubViewToken(token: $t) { recorded pv } }",
}

// ViewDocuments returns the documents of static/view.js in the shape of
// PersistedDocuments ({"<SHA-256 hex>": "<document>"}), so the server
// adds them to its allow-list and a static copy counts views on a server
// that runs only persisted documents (docs/API.md "Persisted queries").
func ViewDocuments() []byte {
	m := make(map[string]string, len(viewDocuments))
	for _, d := range viewDocuments {
		sum := sha256.Sum256([]byte(d))
		m[hex.EncodeToString(sum[:])] = d
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic("ui: " + err.Error()) // a map of strings always marshals
	}
	return b
}
