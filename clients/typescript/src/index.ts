// Cliffside's TypeScript client kit: the generated types (src/generated/graphql.ts), Apollo's cache
// settings (cache.ts) and a graphql-ws helper that follows a match across reconnects (follow.ts).
export * from "./generated/graphql.js";
export { cacheConfig, mergeView, possibleTypes, typePolicies } from "./cache.js";
export { followMatch } from "./follow.js";
export type { FollowedUpdate, FollowOptions, Following } from "./follow.js";
