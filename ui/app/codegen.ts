// graphql-codegen: typed documents for the graphql() calls under src/,
// generated from the server's schema (../../schema.graphqls). Each area
// gets its own output, so an entry's bundle carries only its own
// documents (the client preset's graphql() looks documents up in one map
// of every document it was generated with): the owners' app and the
// shared lib in src/gql/, the readers' comment widget in
// src/comments/gql/. `npm run codegen` (make ui) rewrites them; `make
// test` fails when the committed files differ from what this produces.
//
// Every area also writes persisted-documents.json (hash -> document, the
// hash being the SHA-256 hex of the document's text, as Apollo's
// automatic persisted queries compute it) and embeds each document's hash
// in it: build.mjs merges the manifests into ../dist, the server's
// allow-list of persisted documents (docs/API.md "Persisted queries"),
// and the shared client sends operations by hash (src/lib/client.ts).
import type { CodegenConfig } from "@graphql-codegen/cli";
import { createHash } from "node:crypto";

/** area is one codegen output over the given documents. */
function area(documents: string[]) {
  return {
    documents,
    preset: "client" as const,
    presetConfig: {
      fragmentMasking: false,
      persistedDocuments: { hashAlgorithm: (doc: string) => createHash("sha256").update(doc).digest("hex") },
    },
    config: {
      useTypeImports: true,
      enumsAsTypes: true,
      onlyOperationTypes: true,
      strictScalars: true,
      scalars: { ID: "string", Time: "string", JSON: "Record<string, unknown>" },
    },
  };
}

const config: CodegenConfig = {
  schema: "../../schema.graphqls",
  ignoreNoDocuments: true,
  generates: {
    "src/gql/": area(["src/publications/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}"]),
    "src/comments/gql/": area(["src/comments/**/*.{ts,tsx}", "!src/comments/gql/**"]),
  },
};
export default config;
