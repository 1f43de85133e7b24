import type {BrowserContext} from 'playwright-core'
import type {CheckVerdict} from './check.js'
import type {ObservationAudit} from './session-log.js'

export interface CheckRequest {
  /** The fixture web's base URL, e.g. `http://127.0.0.1:PORT`. */
  serverUrl: string
  token: string
  task: string
  answer: string | null
  /** The session's Cookie header for the task's site (see `cookieHeaderFor`). */
  cookie?: string
  /** When the episode's observations were taken (ms since the epoch): the answer says which of them were stale. */
  observedAt?: readonly (number | null)[]
  timeoutMs?: number
}

export type CheckResult = CheckVerdict & {session: string | null; observations?: ObservationAudit}

/** Asks the fixture web's check endpoint for a verdict per rubric fact on a browser session's state. */
export async function requestCheck(request: CheckRequest): Promise<CheckResult> {
  const response = await fetch(`${request.serverUrl}/__webgym/check`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webgym-token': request.token,
      ...(request.cookie ? {cookie: request.cookie} : {}),
    },
    body: JSON.stringify({
      task: request.task,
      answer: request.answer,
      ...(request.observedAt ? {observed_at: request.observedAt} : {}),
    }),
    signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
  })
  const body = (await response.json()) as CheckResult & {error?: string}
  if (!response.ok)
    throw new Error(`check of ${request.task} failed: HTTP ${response.status}: ${body.error ?? 'no reason given'}`)
  return body
}

/** The Cookie header a browser context would send to `url`. */
export async function cookieHeaderFor(context: BrowserContext, url: string): Promise<string> {
  const cookies = await context.cookies(url)
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}
