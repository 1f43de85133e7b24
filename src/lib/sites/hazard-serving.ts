import {randomBytes} from 'node:crypto'
import type {ServerResponse} from 'node:http'
import {liveBadge, lazyImages} from './hazard-pages.js'
import {POLL_HOLD_MS, type HazardKind} from './hazards.js'
import type {SiteReply} from './types.js'

// The server's side of the hazards (hazards.ts): what it holds between requests, and the long poll.

const HELD_MS = 60_000

/** Skeleton pages' content, held until the page's runtime fetches it with the token its shell carried. */
export class HeldFragments {
  private readonly held = new Map<string, {reply: SiteReply; version: number; until: number}>()

  /** Holds a page's content; returns the token the shell gives its runtime. */
  hold(reply: SiteReply, version: number): string {
    const now = Date.now()
    for (const [token, entry] of this.held) if (entry.until < now) this.held.delete(token)
    const token = randomBytes(9).toString('hex')
    this.held.set(token, {reply, version, until: now + HELD_MS})
    return token
  }

  /** The content for a token, once; undefined when unknown or expired. */
  take(token: string): {reply: SiteReply; version: number} | undefined {
    const entry = this.held.get(token)
    this.held.delete(token)
    return entry && entry.until >= Date.now() ? entry : undefined
  }
}

/** Page loads that have shown their redirecting interstitial: the load it moves on to is served as it is, once. */
export class RedirectPasses {
  private readonly passes = new Map<string, number>()

  add(session: string, host: string, url: URL): void {
    const now = Date.now()
    for (const [key, until] of this.passes) if (until < now) this.passes.delete(key)
    this.passes.set(key(session, host, url), now + HELD_MS)
  }

  take(session: string, host: string, url: URL): boolean {
    const id = key(session, host, url)
    const until = this.passes.get(id)
    this.passes.delete(id)
    return until !== undefined && until >= Date.now()
  }
}

function key(session: string, host: string, url: URL): string {
  return `${session}\0${host}\0${url.pathname}${url.search}`
}

/** A site's page with its traits that change the markup: lazy images, the endless "Live" badge. */
export function hazardPage(html: string, traits: ReadonlySet<HazardKind>): string {
  let page = traits.has('lazy-images') ? lazyImages(html) : html
  if (traits.has('animation')) page = liveBadge(page)
  return page
}

/** A long-poll request: held open, then answered with nothing new; the page asks again. */
export function holdPoll(response: ServerResponse, headers: Record<string, string>): void {
  const timer = setTimeout(() => {
    response.writeHead(204, {'cache-control': 'no-store', ...headers})
    response.end()
  }, POLL_HOLD_MS)
  response.once('close', () => clearTimeout(timer))
}
