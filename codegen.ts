// Typed GraphQL documents for the client, generated from the committed schema.graphql.
import { createHash } from "node:crypto";
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["client/src/**/*.{ts,tsx}", "!client/src/gql/**/*"],
  ignoreNoDocuments: true,
  generates: {
    "client/src/gql/": {
      preset: "client",
      presetConfig: {
        fragmentMasking: { unmaskFunctionName: "getFragmentData" },
        // Each operation carries its id (document.__meta__.hash) and persisted-documents.json maps
        // ids to documents: the server's trusted-document store, so queries can go by GET. The id
        // is the sha256 of the document cut to 80 bits: collisions among a few hundred documents are
        // out of reach (birthday bound ~2^40), and it is shorter in every page's JavaScript and URL.
        persistedDocuments: {
          mode: "embedHashInDocument",
          hashAlgorithm: (document: string) => createHash("sha256").update(document).digest("hex").slice(0, 20),
        },
      },
      config: {
        scalars: { Money: "string", DateTime: "string" },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
