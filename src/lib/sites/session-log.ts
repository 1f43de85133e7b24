// The fixture web's record of what each browser session was shown: every page, fragment and API request with the
// times it began and was answered, the session's state version each answer reflected, and when the state changed.
// From it, an observation taken at time t can be judged: did the page then show the session's state?

/** One tracked request of a session: a document, a fragment or an API call (never an image or a poll). */
export interface LoggedRequest {
  host: string
  path: string
  /** When the request arrived and when its answer was sent (ms since the epoch); `endedAt` null while pending. */
  startedAt: number
  endedAt: number | null
  /** The session's state version the answer reflected; null while pending. */
  version: number | null
  /** The answer is not what the page will show: a redirect, a skeleton shell or a redirecting interstitial. */
  interim: boolean
  /** The hazard this answer played a part in (hazards.ts), when one did. */
  hazard?: HazardPart
}

/** What a logged answer was in a hazard: a skeleton shell or its content, an interstitial, a swap, a late effect. */
export type HazardPart = 'skeleton-shell' | 'skeleton-content' | 'script-redirect' | 'pushstate' | 'late-effect'

/** Which observations of an episode showed the page before it reflected the session's state, and why. */
export interface ObservationAudit {
  /** Observations judged (taken while the page was on this session's site). */
  checked: number
  stale: {step: number; reason: string}[]
}

const MAX_SESSIONS = 2048
const MAX_REQUESTS = 1024

interface SessionRecord {
  /** State changes: the version reached and when. Version 0 is the fresh state. */
  changes: {at: number; version: number}[]
  requests: LoggedRequest[]
}

export class SessionLog {
  private readonly sessions = new Map<string, SessionRecord>()

  /** A request of a session arrives; returns its record, to be passed to `answered`. */
  begin(session: string, host: string, path: string, at = now()): LoggedRequest {
    const record = this.record(session)
    const request: LoggedRequest = {host, path, startedAt: at, endedAt: null, version: null, interim: false}
    record.requests.push(request)
    if (record.requests.length > MAX_REQUESTS) record.requests.shift()
    return request
  }

  /** The session's state changed while a request was handled. */
  changed(session: string, at = now()): void {
    const record = this.record(session)
    record.changes.push({at, version: this.version(session) + 1})
  }

  version(session: string): number {
    return this.sessions.get(session)?.changes.at(-1)?.version ?? 0
  }

  /** The answer to a request went out (or the connection closed without one), reflecting `version`. */
  answered(
    request: LoggedRequest,
    version: number,
    options: {interim?: boolean; hazard?: HazardPart; at?: number} = {},
  ): void {
    if (request.endedAt !== null) return
    request.endedAt = options.at ?? now()
    request.version = version
    request.interim = options.interim ?? false
    if (options.hazard) request.hazard = options.hazard
  }

  requests(session: string): readonly LoggedRequest[] {
    return this.sessions.get(session)?.requests ?? []
  }

  /**
   * Judges observations taken at the given times (null: not known) on `host`. One is stale when, at that moment, a
   * request of the session on the host was still waiting for its answer (the page was about to change), the last
   * answer was interim (a redirect, skeleton or interstitial still to be replaced), or the session's state had
   * changed since the last answer was made (the page showed an older state). Times before the session's first
   * request on the host (the page was elsewhere) are not judged.
   */
  audit(session: string, host: string, times: readonly (number | null)[]): ObservationAudit {
    const record = this.sessions.get(session)
    const requests = (record?.requests ?? []).filter((request) => request.host === host)
    const stale: ObservationAudit['stale'] = []
    let checked = 0
    times.forEach((at, step) => {
      if (at === null || requests.length === 0 || at < requests[0]!.startedAt) return
      checked++
      const reason = staleReason(requests, record!.changes, at)
      if (reason) stale.push({step, reason})
    })
    return {checked, stale}
  }

  private record(session: string): SessionRecord {
    let record = this.sessions.get(session)
    if (!record) {
      if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!)
      record = {changes: [], requests: []}
      this.sessions.set(session, record)
    }
    return record
  }
}

function staleReason(
  requests: readonly LoggedRequest[],
  changes: readonly {at: number; version: number}[],
  at: number,
): string | null {
  const pending = requests.find(
    (request) => request.startedAt <= at && (request.endedAt === null || request.endedAt > at),
  )
  if (pending) return `${pending.path} was still loading`
  let last: LoggedRequest | undefined
  for (const request of requests)
    if (request.endedAt !== null && request.endedAt <= at && (!last || request.endedAt >= last.endedAt!)) last = request
  if (!last) return null
  if (last.interim) return `${last.path} was an interim answer still to be replaced`
  const version = changes.filter((change) => change.at <= at).at(-1)?.version ?? 0
  return version > last.version! ? `the page showed state ${last.version}, the session was at ${version}` : null
}

// Wall-clock ms: observations are timed by another process (the rollout) on the same machine.
function now(): number {
  return Date.now()
}
