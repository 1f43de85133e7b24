import {pairKey} from './taxonomy-coverage.js'
import {websiteKey} from './website-key.js'

// Counts what one side of the split actually received, from the lines written, for the report and the checks.
export class SideTally {
  tasks = 0
  readonly websites = new Map<string, number>()
  readonly domains = new Map<string | null, number>()
  readonly subdomains = new Map<string | null, number>()
  readonly levels = new Map<string | null, number>()
  /** Tasks per (domain, subdomain) pair, keyed by `pairKey`, for the taxonomy coverage. */
  readonly pairs = new Map<string, number>()

  add(record: Record<string, unknown>): void {
    this.tasks++
    const website = websiteKey(record.website)
    if (website !== null) bump(this.websites, website)
    const domain = stringOrNull(record.domain)
    const subdomain = stringOrNull(record.subdomain)
    bump(this.domains, domain)
    bump(this.subdomains, subdomain)
    bump(this.pairs, pairKey(domain, subdomain))
    bump(this.levels, stringOrNull(record.level))
  }
}

function bump<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}
