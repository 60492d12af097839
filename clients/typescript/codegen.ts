// graphql-codegen: types for every operation the docs and the pages use (operations/*.graphql), from the
// committed schema (introspection is off in production). `make types` runs it; CODEGEN_OUT (default
// src/generated) lets the staleness test write elsewhere and compare.
import type { CodegenConfig } from "@graphql-codegen/cli";

const out = process.env.CODEGEN_OUT ?? "src/generated";

const config: CodegenConfig = {
  schema: "../../schema.graphql",
  documents: ["operations/*.graphql"],
  overwrite: true,
  silent: true,
  generates: {
    [`${out}/graphql.ts`]: {
      plugins: ["typescript", "typescript-operations"],
      config: {
        // Every custom scalar has a type; none may fall back to `any`.
        strictScalars: true,
        scalars: {
          DateTime: "string", // ISO 8601, with its offset
          JSON: "unknown", // any JSON value: event data, options, JSON Schemas
          // LegalMove.input: a MoveInput value, to be sent back unchanged as `$move` (no cast).
          MoveInputValue: "MoveInput",
        },
        enumsAsTypes: true,
        useTypeImports: true,
        nonOptionalTypename: false,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      },
    },
    [`${out}/possibleTypes.ts`]: {
      plugins: ["fragment-matcher"],
      config: { apolloClientVersion: 3, useExplicitTyping: true },
    },
  },
};

export default config;
