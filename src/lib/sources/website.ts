import {createRequire} from 'node:module'
import type * as Tldts from 'tldts'

// The public suffix list loads on first use: `tasks build` converts large files on worker threads, and its main
// thread starts faster without it.
let tldts: typeof Tldts | undefined
const publicSuffixList = (): typeof Tldts => (tldts ??= createRequire(import.meta.url)('tldts') as typeof Tldts)

// Site host names of the offline fixture web: each `<site>.webgym.test` is its own website.
const FIXTURE_SUFFIX = 'webgym.test'

export interface NormalisedSite {
  /** Registrable domain (public suffix list), e.g. `allrecipes.com`; the host itself for IPs and single labels. */
  website: string
  /** The URL an episode starts from, with a scheme. */
  startUrl: string
}

/**
 * Normalises a source's start URL or bare domain: adds `https://` where the scheme is missing, and reduces the
 * host to its registrable domain. Returns null for text that is not a URL or host name.
 */
export function normaliseSite(raw: string): NormalisedSite | null {
  const cached = siteCache.get(raw)
  if (cached !== undefined) return cached
  const site = parseSite(raw)
  if (siteCache.size >= SITE_CACHE_LIMIT) siteCache.clear()
  siteCache.set(raw, site)
  return site
}

// Task sets repeat their websites (300k tasks over 128k sites): parsing each distinct value once saves half the work.
const SITE_CACHE_LIMIT = 200_000
const siteCache = new Map<string, NormalisedSite | null>()

function parseSite(raw: string): NormalisedSite | null {
  const text = raw.trim()
  if (text === '') return null
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const hostname = url.hostname.toLowerCase()
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname
  // A host must be a dotted name (or localhost) that the text really names: "N/A", "www" or "42" are not websites.
  if (!host || /\s/.test(host) || (!host.includes('.') && host !== 'localhost')) return null
  const named = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (!host.includes('xn--') && !text.toLowerCase().includes(named)) return null
  return {website: registrableDomain(host), startUrl: url.href}
}

/** The registrable domain of a host name, by the public suffix list (ICANN and private sections). */
export function registrableDomain(host: string): string {
  if (host === FIXTURE_SUFFIX || host.endsWith(`.${FIXTURE_SUFFIX}`)) {
    const labels = host.split('.')
    return labels.length > 2 ? labels.slice(-3).join('.') : host
  }
  const parsed = publicSuffixList().parse(host, {allowPrivateDomains: true})
  if (parsed.isIp || !parsed.domain) return host
  return parsed.domain
}
