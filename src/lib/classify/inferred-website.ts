import {parse} from 'tldts'
import {normaliseSite} from '../sources/website.js'

export interface InferredWebsite {
  /** Registrable domain, e.g. `bbc.co.uk`. */
  website: string
  /** The front page of the host the model named, e.g. `https://www.bbc.co.uk/`. */
  startUrl: string
}

/**
 * Reads a model's answer to "which website?" as a host name (a URL is read for its host): null for null, for text
 * that names no host ("not a site", "N/A"), and for hosts no task can live on (IP addresses, localhost, a bare public
 * suffix such as `co.uk`).
 */
export function inferredWebsite(answer: string | null | undefined): InferredWebsite | null {
  if (typeof answer !== 'string') return null
  const site = normaliseSite(answer)
  if (!site) return null
  const host = new URL(site.startUrl).hostname.replace(/\.$/, '')
  const parsed = parse(host, {allowPrivateDomains: true})
  if (parsed.isIp || !parsed.domain) return null
  return {website: site.website, startUrl: `https://${host}/`}
}
