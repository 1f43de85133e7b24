/** What a browsing session asks of the egress proxy its browser goes through (egress-proxy.ts). */
export interface EgressCheck {
  /** Whether the proxy lets this URL's destination through, deciding it now if need be: null, or why not. */
  check(url: string): Promise<string | null>
  /** Why the proxy refused this URL's destination, when it has. */
  refusalFor(url: string): string | null
}
