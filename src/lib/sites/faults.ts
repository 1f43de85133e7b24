import {logNormal} from '../random/log-normal.js'
import {SeededRandom} from '../random/seeded-random.js'
import {
  EVERYDAY_HAZARDS,
  HAZARD_DELAYS_MS,
  HAZARD_KINDS,
  MANY_HAZARDS,
  siteHazards,
  type HazardKind,
  type HazardRates,
} from './hazards.js'
import {hashString} from './random-pick.js'

/**
 * What can go wrong on a site, as rates per page request. Off by default; `realistic` is a mix close to what the
 * live web shows agents (slow pages, the odd 5xx or hang, anti-bot walls, redirects away, very heavy pages).
 */
export interface FaultConfig {
  /** Response latency, log-normal with this median and 95th percentile (ms). */
  latency?: {median: number; p95: number}
  /** A share of page requests that take about `ms` longer (90-100% of it): the loads that near a timeout. */
  tail?: {rate: number; ms: number}
  /** Share of page requests answered with a 5xx error page. */
  error?: number
  /** Share of page requests that never get an answer (until the client gives up). */
  hang?: number
  /** Share of page requests answered with a blocked page. */
  block?: number
  blockKind?: BlockKind
  /** Share of page requests redirected to another website. */
  offsite?: number
  /** Share of pages made very heavy (megabytes of extra markup). */
  heavy?: number
  /** Share of sites (chosen by host name) that always show the blocked page, as some sites always block bots. */
  blockedSites?: number
  /** Page behaviours that punish an observation taken too early (hazards.ts): share of sites with each. */
  hazards?: HazardRates
}

export type BlockKind = 'captcha' | '403'

export const REALISTIC_FAULTS: FaultConfig = {
  latency: {median: 180, p95: 1200},
  error: 0.01,
  hang: 0.002,
  block: 0.005,
  blockKind: 'captcha',
  offsite: 0.003,
  heavy: 0.02,
  blockedSites: 0.03,
  hazards: EVERYDAY_HAZARDS,
}

/** What a fixture web started without a spec of its own shows (`sites serve`, a rollout's own): everyday hazards. */
export const DEFAULT_FAULT_SPEC = 'everyday'

/** The presets a fault spec may name, each in a few words (help lists them from here). */
export const FAULT_PRESETS = {
  none: 'no faults and no hazards',
  everyday: 'a few sites with each everyday hazard',
  hazards: 'every hazard, turned up',
  realistic: 'a mix of faults close to what the live web shows agents, with the everyday hazards',
} as const

/** The parts a fault spec may set, each `PART=VALUE`, with an example value (help and errors list them from here). */
export const FAULT_PART_EXAMPLES = {
  latency: '200/1500',
  tail: '0.03/9000',
  error: '0.02',
  hang: '0.005',
  block: '0.01',
  'block-kind': 'captcha',
  offsite: '0.01',
  heavy: '0.02',
  'blocked-sites': '0.03',
} as const

/** A spec that sets every part, for help. */
export const FAULT_SPEC_EXAMPLE = Object.entries(FAULT_PART_EXAMPLES)
  .map(([part, value]) => `${part}=${value}`)
  .join(',')

const KNOWN = [...Object.keys(FAULT_PRESETS), ...Object.keys(FAULT_PART_EXAMPLES), ...HAZARD_KINDS].join(', ')

const ERROR_STATUSES = [500, 502, 503, 504]

export class FaultSpecError extends Error {}

/**
 * Parses a fault spec: `none`, `everyday` (the everyday hazards alone), `hazards` (many hazards), `realistic`
 * (faults and the everyday hazards), or a comma list of `latency=MEDIAN/P95` (ms), `tail=RATE/MS`, `error=RATE`, `hang=RATE`,
 * `block=RATE`, `block-kind=captcha|403`, `offsite=RATE`, `heavy=RATE`, `blocked-sites=SHARE`, one hazard kind
 * `=SHARE` each (`late-effect`, `script-redirect` (a share of page loads), `pushstate`, `skeleton`, `lazy-images`,
 * `animation`, `polling`) or `hazards=SHARE` for all of them, optionally after a preset to change parts of it.
 */
export function parseFaultSpec(spec: string): FaultConfig {
  const config: FaultConfig = {}
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (part === 'none') continue
    if (part === 'realistic') {
      Object.assign(config, structuredClone(REALISTIC_FAULTS))
      continue
    }
    if (part === 'everyday' || part === 'hazards') {
      config.hazards = {...config.hazards, ...(part === 'everyday' ? EVERYDAY_HAZARDS : MANY_HAZARDS)}
      continue
    }
    const [key, value] = part.split('=', 2) as [string, string | undefined]
    if (value === undefined)
      throw new FaultSpecError(`fault "${part}" needs a value, e.g. error=0.05 (known: ${KNOWN})`)
    if (key === 'hazards' || (HAZARD_KINDS as readonly string[]).includes(key)) {
      const rate = Number(value)
      if (!Number.isFinite(rate) || rate < 0 || rate > 1)
        throw new FaultSpecError(`${key} must be a share between 0 and 1, got "${value}"`)
      const kinds = key === 'hazards' ? HAZARD_KINDS : [key as HazardKind]
      config.hazards = {...config.hazards, ...Object.fromEntries(kinds.map((kind) => [kind, rate]))}
      continue
    }
    switch (key) {
      case 'latency': {
        const match = /^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/.exec(value)
        if (!match) throw new FaultSpecError(`latency must be MEDIAN/P95 in ms, e.g. latency=200/1500, got "${value}"`)
        const median = Number(match[1])
        const p95 = match[2] === undefined ? median : Number(match[2])
        if (p95 < median) throw new FaultSpecError(`latency p95 (${p95}) must be at least the median (${median})`)
        config.latency = {median, p95}
        break
      }
      case 'tail': {
        const match = /^(\d*\.?\d+)\/(\d+(?:\.\d+)?)$/.exec(value)
        const rate = Number(match?.[1])
        if (!match || rate < 0 || rate > 1)
          throw new FaultSpecError(
            `tail must be RATE/MS, a share of page requests and the ms they take longer, e.g. tail=0.03/9000, got "${value}"`,
          )
        config.tail = {rate, ms: Number(match[2])}
        break
      }
      case 'block-kind':
        if (value !== 'captcha' && value !== '403')
          throw new FaultSpecError(`block-kind must be captcha or 403, got "${value}"`)
        config.blockKind = value
        break
      case 'error':
      case 'hang':
      case 'block':
      case 'offsite':
      case 'heavy':
      case 'blocked-sites': {
        const rate = Number(value)
        if (!Number.isFinite(rate) || rate < 0 || rate > 1)
          throw new FaultSpecError(`${key} must be a rate between 0 and 1, got "${value}"`)
        config[key === 'blocked-sites' ? 'blockedSites' : key] = rate
        break
      }
      default:
        throw new FaultSpecError(`unknown fault "${key}" (known: ${KNOWN})`)
    }
  }
  return config
}

/** What to do with one page request. */
export interface FaultDecision {
  delayMs: number
  outcome: 'serve' | 'error' | 'hang' | 'block' | 'offsite' | 'heavy'
  /** The 5xx status of an `error` outcome. */
  status?: number
}

/** Draws fault outcomes from a seeded generator: the same seed gives the same sequence of decisions. */
export class FaultPlan {
  private readonly global: FaultConfig
  private readonly perSite = new Map<string, FaultConfig>()
  private readonly rng: SeededRandom

  constructor(seed: number, global: FaultConfig = {}) {
    this.rng = new SeededRandom(hashString(`${seed}/faults`))
    this.global = {...global}
  }

  /** Replaces the faults of one site (by host name), or the global ones when `host` is absent. */
  set(config: FaultConfig, host?: string): void {
    if (host === undefined) {
      for (const key of Object.keys(this.global)) delete (this.global as Record<string, unknown>)[key]
      Object.assign(this.global, config)
    } else this.perSite.set(host.toLowerCase(), {...config})
  }

  configFor(host: string): FaultConfig {
    return this.perSite.get(host) ?? this.global
  }

  /** True when `host` is one of the sites that always block (the `blockedSites` share). */
  alwaysBlocks(host: string): boolean {
    const share = this.configFor(host).blockedSites ?? 0
    return share > 0 && hashString(`blocked/${host}`) / 2 ** 32 < share
  }

  /** The decision for one request; `page` is false for images and other assets, which only get latency. */
  decide(host: string, page: boolean): FaultDecision {
    const config = this.configFor(host)
    let delayMs = config.latency ? this.logNormal(config.latency.median, config.latency.p95) : 0
    if (!page) return {delayMs, outcome: 'serve'}
    if (config.tail && config.tail.rate > 0 && this.rng.nextFloat() < config.tail.rate)
      delayMs += config.tail.ms * (0.9 + 0.1 * this.rng.nextFloat())
    if (this.alwaysBlocks(host)) return {delayMs, outcome: 'block'}
    const draw = (rate: number | undefined) => rate !== undefined && rate > 0 && this.rng.nextFloat() < rate
    if (draw(config.hang)) return {delayMs, outcome: 'hang'}
    if (draw(config.error))
      return {delayMs, outcome: 'error', status: ERROR_STATUSES[this.rng.below(ERROR_STATUSES.length)]!}
    if (draw(config.block)) return {delayMs, outcome: 'block'}
    if (draw(config.offsite)) return {delayMs, outcome: 'offsite'}
    if (draw(config.heavy)) return {delayMs, outcome: 'heavy'}
    return {delayMs, outcome: 'serve'}
  }

  /** The hazards `host` has as traits (all but the per-load script-redirect). */
  hazardsOf(host: string): Set<HazardKind> {
    return siteHazards(host, this.configFor(host).hazards ?? {})
  }

  /** Whether this page load of `host` gets the redirecting interstitial, and for how long (ms); null when not. */
  drawRedirect(host: string): number | null {
    const share = this.configFor(host).hazards?.['script-redirect'] ?? 0
    return share > 0 && this.rng.nextFloat() < share ? this.hazardDelay('script-redirect') : null
  }

  /** How long a hazard holds its part back this time (ms), uniform in its range. */
  hazardDelay(kind: keyof typeof HAZARD_DELAYS_MS): number {
    const [min, max] = HAZARD_DELAYS_MS[kind]
    return min + this.rng.nextFloat() * (max - min)
  }

  /** A log-normal draw with the given median and 95th percentile. */
  private logNormal(median: number, p95: number): number {
    // 1 - nextFloat() is in (0, 1]: log(0) would be an endless delay.
    return logNormal(median, p95, 1 - this.rng.nextFloat(), this.rng.nextFloat())
  }
}
