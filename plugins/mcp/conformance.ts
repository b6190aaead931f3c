/**
 * Test only. The MCP conformance suite reads and subscribes to fixed resources of its own
 * reference server; with the `unsafeConformanceMode` option (off by default, never for real
 * use) weft serves these two beside its panes, and accepts requests without a token.
 *
 * @module
 */

/** The conformance suite's fixture resources, by URI. */
export const CONFORMANCE_FIXTURES: Readonly<Record<string, string>> = {
  "test://static-text": "This is the content of the static text resource.",
  "test://watched-resource": "This resource is watched for updates.",
};
