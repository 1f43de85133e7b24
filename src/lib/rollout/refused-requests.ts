import type {RefusedHost, Step} from '../schema/trajectory.js'

/** How many hosts a step lists by name; those beyond are counted in `refused_left_out`. */
export const MAX_REFUSED_HOSTS = 10
/** A refused URL is kept up to this many characters. */
const MAX_URL_CHARS = 200

/**
 * Requests the navigation guard or the egress proxy refused during one step, one entry per host: how many, the reason,
 * and the first URL. Those a page made on its own (its images, scripts, frames, fetches, sockets) are not the action's
 * doing, so they are a step's `refused`, never its `action_error`; a tab's refused navigations are (`lines()`).
 */
export class RefusedRequests {
  private readonly hosts = new Map<string, RefusedHost>()

  get size(): number {
    return this.hosts.size
  }

  add(url: string, reason: string, count = 1): void {
    const host = hostKey(url)
    const known = this.hosts.get(host)
    if (known) known.count += count
    else this.hosts.set(host, {host, count, reason, url: url.slice(0, MAX_URL_CHARS)})
  }

  /** Adds what `other` holds (refusals that came later in the same step). */
  addAll(other: RefusedRequests): void {
    for (const entry of other.hosts.values()) this.add(entry.url, entry.reason, entry.count)
  }

  /** One line per host, `reason (first URL)`, in the order they were first refused. */
  lines(): string[] {
    return [...this.hosts.values()].map((entry) => `${entry.reason} (${entry.url})`)
  }

  /** The step's fields: the hosts in the order they were first refused, the first MAX_REFUSED_HOSTS by name. */
  fields(): Pick<Step, 'refused' | 'refused_left_out'> {
    if (this.hosts.size === 0) return {}
    const all = [...this.hosts.values()].map((entry) => ({...entry}))
    const listed = all.slice(0, MAX_REFUSED_HOSTS)
    const left = all.slice(MAX_REFUSED_HOSTS)
    return {
      refused: listed,
      ...(left.length > 0
        ? {refused_left_out: {hosts: left.length, requests: left.reduce((sum, entry) => sum + entry.count, 0)}}
        : {}),
    }
  }
}

/** The host a refused URL was for (a URL without one, such as file:, is grouped under its scheme). */
function hostKey(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.hostname.toLowerCase() || parsed.protocol
  } catch {
    return url.slice(0, MAX_URL_CHARS)
  }
}
