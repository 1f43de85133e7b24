import type {Stratum} from './stratum.js'
import {pairKey} from './taxonomy-coverage.js'
import {websiteKey} from './website-key.js'

// Counts what one side of the split actually received, for the report and the checks.
export class SideTally {
  tasks = 0
  readonly websites = new Map<string, number>()
  readonly domains = new Map<string | null, number>()
  readonly subdomains = new Map<string | null, number>()
  readonly levels = new Map<string | null, number>()
  /** Tasks per (domain, subdomain) pair, keyed by `pairKey`, for the taxonomy coverage. */
  readonly pairs = new Map<string, number>()

  /** Counts `count` tasks of one stratum. */
  addStratum(stratum: Stratum, count: number): void {
    this.tasks += count
    bump(this.domains, stratum.domain, count)
    bump(this.subdomains, stratum.subdomain, count)
    bump(this.pairs, pairKey(stratum.domain, stratum.subdomain), count)
    bump(this.levels, stratum.level, count)
  }

  /** Counts `count` tasks of one website, case folded (their strata are counted by addStratum). */
  addWebsite(website: string, count: number): void {
    const key = websiteKey(website)
    if (key !== null) bump(this.websites, key, count)
  }
}

function bump<K>(counts: Map<K, number>, key: K, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count)
}
