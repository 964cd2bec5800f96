// graphql-codegen: typed documents for every graphql() call under src/,
// generated from the server's schema (../../schema.graphqls) into src/gql/.
// `npm run codegen` (make ui) rewrites src/gql; `make test` fails when the
// committed files differ from what this produces.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../../schema.graphqls",
  documents: ["src/**/*.{ts,tsx}", "!src/gql/**"],
  ignoreNoDocuments: true,
  generates: {
    "src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        onlyOperationTypes: true,
        strictScalars: true,
        scalars: { ID: "string", Time: "string", JSON: "Record<string, unknown>" },
      },
    },
  },
};
export default config;
