import type {SiteReply} from './types.js'

export function htmlReply(body: string, status = 200): SiteReply {
  return {status, body}
}

/** A 303 after a POST, or a 302, to `location` (a path on the same site). */
export function redirect(location: string, status = 303): SiteReply {
  return {status, body: '', headers: {location}}
}

export function jsonReply(value: unknown, status = 200): SiteReply {
  return {status, body: `${JSON.stringify(value)}\n`, type: 'application/json; charset=utf-8'}
}

/** Matches `path` against a route pattern like `/product/:id`; returns the parameters or null. */
export function route(path: string, pattern: string): Record<string, string> | null {
  const names: string[] = []
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  const match = new RegExp(`^${source}/?$`).exec(path)
  if (!match) return null
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]))
}
