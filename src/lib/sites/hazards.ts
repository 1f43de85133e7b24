import {hashString} from './random-pick.js'

/**
 * Page behaviours that make an observation taken too early show something that is no longer true, as the live web
 * does: the fixture web's sites take them on as traits (a share of sites, chosen by host name), except the redirecting
 * interstitial, which is drawn per page load.
 *
 * - `late-effect`: forms that POST are sent by fetch and the answer swaps the page in; the server holds that answer
 *   400-1500 ms, so a click's effect (a cart badge, a banner) arrives late.
 * - `script-redirect`: a page load is first answered with a "one moment" interstitial whose script moves on to the
 *   page after 400-1200 ms, a progress bar filling meanwhile (share of page loads).
 * - `pushstate`: same-site links load their page by fetch (150-700 ms) and swap the content in with
 *   history.pushState, as single-page apps do; back swaps the earlier page in again.
 * - `skeleton`: a page load gets a skeleton screen first; the content is fetched (300-1200 ms) and replaces it.
 * - `lazy-images`: images load lazily and each takes 200-900 ms.
 * - `animation`: an endlessly pulsing "Live" badge stays in the viewport (the wait for a settled page ends at its
 *   bound on every step).
 * - `polling`: a long-poll request is always in flight (the same).
 */
export const HAZARD_KINDS = [
  'late-effect',
  'script-redirect',
  'pushstate',
  'skeleton',
  'lazy-images',
  'animation',
  'polling',
] as const
export type HazardKind = (typeof HAZARD_KINDS)[number]

/** Each hazard in a few words, for help. */
export const HAZARD_SUMMARIES: Record<HazardKind, string> = {
  'late-effect': 'POST forms sent by fetch, their effect arriving 0.4-1.5 s later',
  'script-redirect': 'a share of page loads first get a "one moment" interstitial that moves on by script',
  pushstate: 'links swap the content in by fetch and history.pushState',
  skeleton: 'a skeleton screen first, the content 0.3-1.2 s later',
  'lazy-images': 'images that load lazily, 0.2-0.9 s each',
  animation: 'an endless "Live" badge',
  polling: 'a long poll always in flight',
}
export type HazardRates = Partial<Record<HazardKind, number>>

/** Where the sites of the fixture web stand by default: a few of each hazard, and no page that never settles. */
export const EVERYDAY_HAZARDS: HazardRates = {
  'late-effect': 0.2,
  'script-redirect': 0.02,
  pushstate: 0.15,
  skeleton: 0.15,
  'lazy-images': 0.25,
}

/** Turned up (`--faults hazards`): most sites meet one, and a few never settle. */
export const MANY_HAZARDS: HazardRates = {
  'late-effect': 0.6,
  'script-redirect': 0.15,
  pushstate: 0.4,
  skeleton: 0.4,
  'lazy-images': 0.5,
  animation: 0.04,
  polling: 0.04,
}

/** How long each hazard holds its part back, in ms: [min, max], drawn uniformly. */
export const HAZARD_DELAYS_MS: Record<
  'late-effect' | 'script-redirect' | 'pushstate' | 'skeleton' | 'lazy-images',
  readonly [number, number]
> = {
  'late-effect': [400, 1500],
  'script-redirect': [400, 1200],
  pushstate: [150, 700],
  skeleton: [300, 1200],
  'lazy-images': [200, 900],
}

/** How long a long-poll request is held before the page asks again. */
export const POLL_HOLD_MS = 20_000

/** The hazards that are a site's traits (all but script-redirect), for `host` under these rates. */
export function siteHazards(host: string, rates: HazardRates): Set<HazardKind> {
  const traits = new Set<HazardKind>()
  for (const kind of HAZARD_KINDS) {
    const share = rates[kind] ?? 0
    if (kind !== 'script-redirect' && share > 0 && hashString(`hazard/${kind}/${host}`) / 2 ** 32 < share)
      traits.add(kind)
  }
  return traits
}
