package ui

// PersistedDocuments returns dist/persisted-documents.json: the GraphQL
// documents of every entry point ({"<SHA-256 hex>": "<document>"}),
// written by graphql-codegen and merged by the build (ui/app/codegen.ts,
// build.mjs). The server takes them as its allow-list of persisted
// documents (docs/API.md "Persisted queries"). It panics when the build
// is not embedded, as MustEntry does.
func PersistedDocuments() []byte {
	b, err := FS.ReadFile("dist/persisted-documents.json")
	if err != nil {
		panic("ui: dist/persisted-documents.json is not embedded: run make ui")
	}
	return b
}
