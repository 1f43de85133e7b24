import {isTaxonomyPair, TAXONOMY} from '../schema/taxonomy.js'

// A (domain, subdomain) pair and how many tasks of a side carry it.
export interface PairCount {
  domain: string | null
  subdomain: string | null
  tasks: number
}

// How one side of a split covers WebGym's taxonomy: every domain and subdomain, zeros included.
export interface TaxonomyCoverage {
  /** Every taxonomy domain, in taxonomy order, with the tasks of all its subdomains. */
  domains: {domain: string; tasks: number}[]
  /** Every taxonomy subdomain, in taxonomy order. */
  subdomains: PairCount[]
  /** Taxonomy domains with no task on this side. */
  missing_domains: string[]
  /** Taxonomy subdomains with no task on this side. */
  missing_subdomains: string[]
  /** Tasks whose pair is not the taxonomy's (an unknown name, a subdomain under another domain, one of the two missing). */
  outside_taxonomy: PairCount[]
  /** Tasks with neither a domain nor a subdomain (run `webgym tasks classify`). */
  unclassified: number
}

/** The key a side tally counts pairs under. */
export function pairKey(domain: string | null, subdomain: string | null): string {
  return JSON.stringify([domain, subdomain])
}

/** Coverage of the taxonomy by a side's tasks, counted per `pairKey`. */
export function taxonomyCoverage(pairs: ReadonlyMap<string, number>): TaxonomyCoverage {
  const coverage: TaxonomyCoverage = {
    domains: [],
    subdomains: [],
    missing_domains: [],
    missing_subdomains: [],
    outside_taxonomy: [],
    unclassified: 0,
  }
  for (const [domain, subdomains] of Object.entries(TAXONOMY)) {
    let domainTasks = 0
    for (const subdomain of subdomains) {
      const tasks = pairs.get(pairKey(domain, subdomain)) ?? 0
      coverage.subdomains.push({domain, subdomain, tasks})
      if (tasks === 0) coverage.missing_subdomains.push(subdomain)
      domainTasks += tasks
    }
    coverage.domains.push({domain, tasks: domainTasks})
    if (domainTasks === 0) coverage.missing_domains.push(domain)
  }
  for (const [key, tasks] of pairs) {
    const [domain, subdomain] = JSON.parse(key) as [string | null, string | null]
    if (domain === null && subdomain === null) coverage.unclassified += tasks
    else if (!isTaxonomyPair(domain, subdomain)) coverage.outside_taxonomy.push({domain, subdomain, tasks})
  }
  coverage.outside_taxonomy.sort(byTasksThenPair)
  return coverage
}

/** Most tasks first, then by domain and subdomain with null last, so the report is the same on every run. */
export function byTasksThenPair(a: PairCount, b: PairCount): number {
  if (a.tasks !== b.tasks) return b.tasks - a.tasks
  return compareNullLast(a.domain, b.domain) || compareNullLast(a.subdomain, b.subdomain)
}

function compareNullLast(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? -1 : 1
}
