import {randomUUID} from 'node:crypto'

export const SESSION_COOKIE = 'webgym_sid'
const MAX_SESSIONS = 50_000

/** Per-browser-session state of every site, keyed by the session cookie and the site's host name. */
export class SessionStore {
  private readonly sessions = new Map<string, Map<string, unknown>>()

  /** The session id in a Cookie header, or undefined. */
  static idFromCookie(cookieHeader: string | undefined): string | undefined {
    if (!cookieHeader) return undefined
    for (const part of cookieHeader.split(';')) {
      const [name, ...rest] = part.trim().split('=')
      if (name === SESSION_COOKIE) {
        const value = rest.join('=')
        if (/^[A-Za-z0-9-]{8,64}$/.test(value)) return value
      }
    }
    return undefined
  }

  newId(): string {
    return randomUUID()
  }

  /** The state of `host` in session `id`, created by `initial` on first use. */
  state<State>(id: string, host: string, initial: () => State): State {
    let sites = this.sessions.get(id)
    if (sites === undefined) {
      if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!)
      sites = new Map()
      this.sessions.set(id, sites)
    }
    let state = sites.get(host) as State | undefined
    if (state === undefined) {
      state = initial()
      sites.set(host, state)
    }
    return state
  }

  /** The state if the session has visited the site, else undefined. */
  peek(id: string | undefined, host: string): unknown {
    return id === undefined ? undefined : this.sessions.get(id)?.get(host)
  }

  get size(): number {
    return this.sessions.size
  }
}
