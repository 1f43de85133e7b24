import type {Browser, CDPSession} from 'playwright-core'
import {LOOPBACK_NAMES, METADATA_NAMES, type NavigationGuard} from './navigation-guard.js'

/**
 * URL wildcards (CDP Fetch patterns: `*` any run, `?` one character) that together match every URL the navigation
 * guard can refuse and that a page can load: a host that starts with a digit (every IPv4 literal, which Chromium
 * writes as four decimal parts) or is an IPv6 literal, a URL with userinfo, the loopback and cloud metadata names,
 * and local files. They match more than that (9gag.com, an `@` in a query); the guard decides each paused request.
 * Chromium itself refuses pages' loads of chrome:, data: (top level) and javascript: URLs; a typed URL is checked
 * before it is loaded.
 */
export const GUARDED_URL_PATTERNS: readonly string[] = [
  ...'0123456789'.split('').map((digit) => `*://${digit}*`),
  '*://[*',
  '*@*',
  // The guard's own lists of local names (a trailing dot or a port still matches), and any *.localhost.
  ...[...LOOPBACK_NAMES, ...METADATA_NAMES].map((name) => `*://${name}*`),
  '*.localhost*',
  'file:*',
]

/** GUARDED_URL_PATTERNS as regular expressions, matched as CDP matches them (the whole URL, case-sensitive). */
const GUARDED_URL_EXPRESSIONS = GUARDED_URL_PATTERNS.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('')
        .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
        .join('')}$`,
      's',
    ),
)

/**
 * The reason the guard in the browser (guardBrowserRequests) will fail or answer this request, or null when it lets
 * it through: known as the request starts, before the browser reports its failure.
 */
export function browserRefusalOf(url: string, guard: NavigationGuard): string | null {
  if (!GUARDED_URL_EXPRESSIONS.some((expression) => expression.test(url))) return null
  return guard.check(url)
}

/**
 * Applies the navigation guard to every request of a browser, in Chromium itself: the browser-wide Fetch domain
 * pauses only URLs that match GUARDED_URL_PATTERNS, so that ordinary requests never leave the browser's network stack
 * (no round trip to Node, and the HTTP cache stays on). It covers every context, new tab, frame, worker and redirect
 * hop from the first request. A refused navigation gets an empty 204 (the page stays where it was) and any other
 * request fails as blocked by the client; pages see the refusal as a failed request.
 */
export async function guardBrowserRequests(browser: Browser, guard: NavigationGuard): Promise<void> {
  const session = await browser.newBrowserCDPSession()
  session.on('Fetch.requestPaused', (event) => void decide(session, guard, event))
  await session.send('Fetch.enable', {
    patterns: GUARDED_URL_PATTERNS.map((urlPattern) => ({urlPattern, requestStage: 'Request' as const})),
  })
}

interface PausedRequest {
  requestId: string
  request: {url: string}
  resourceType: string
}

async function decide(session: CDPSession, guard: NavigationGuard, event: PausedRequest): Promise<void> {
  const {requestId} = event
  const reason = guard.check(event.request.url)
  const answer =
    reason === null
      ? session.send('Fetch.continueRequest', {requestId})
      : event.resourceType === 'Document'
        ? session.send('Fetch.fulfillRequest', {requestId, responseCode: 204, responseHeaders: [], body: ''})
        : session.send('Fetch.failRequest', {requestId, errorReason: 'BlockedByClient'})
  // The request is gone (its page closed) or the browser is: nothing is left to decide.
  await answer.catch(() => {})
}
