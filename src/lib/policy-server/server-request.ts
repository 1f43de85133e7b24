import {ExternalError} from '../errors.js'
import {createHttpFetch} from '../llm/http-fetch.js'
import {redactSecret} from '../llm/redact.js'
import {opt, optionText} from '../option-text.js'

/** Where the policy server is: the OpenAI-compatible base URL rollouts use (ending in /v1 for vLLM). */
export interface PolicyServer {
  baseUrl: string
  /** Sent as a bearer token; never printed, and redacted from anything the server echoes. */
  apiKey?: string
  timeoutMs: number
}

export interface ServerReply {
  status: number
  text: string
  /** The body parsed as JSON, or undefined when it is not JSON (vLLM answers a successful load in plain text). */
  json: unknown
}

/** One request to a route under the base URL; no reply at all (refused, dropped, timed out) is an ExternalError. */
export async function requestServer(
  server: PolicyServer,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<ServerReply> {
  const url = `${server.baseUrl}${route}`
  const headers: Record<string, string> = {accept: 'application/json'}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (server.apiKey) headers.authorization = `Bearer ${server.apiKey}`
  const signal = AbortSignal.timeout(server.timeoutMs)
  try {
    const response = await createHttpFetch()(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
    const text = await response.text()
    return {status: response.status, text, json: parseJson(text)}
  } catch (error) {
    const reason = signal.aborted
      ? `no reply within ${Math.round(server.timeoutMs / 1000)} s`
      : describeConnectionError(error)
    throw new ExternalError(
      redactSecret(`cannot reach the policy server: ${method} ${url}: ${reason}`, server.apiKey),
      signal.aborted
        ? optionText`raise ${opt('timeout')}, or check that the server is not stuck`
        : optionText`is vLLM running there? check ${opt('baseUrl')} (or OPENAI_BASE_URL)`,
      {cause: error},
    )
  }
}

/** The server's own words for a failed request: vLLM's {error: {message}} or older {message}, FastAPI's {detail}, or the text. */
export function serverMessage(reply: ServerReply, apiKey?: string): string {
  const body = reply.json as {error?: {message?: unknown}; message?: unknown; detail?: unknown} | undefined
  const candidates = [body?.error?.message, body?.message, body?.detail, reply.text]
  const message = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '') ?? ''
  const line = message.replace(/\s+/g, ' ').trim()
  return redactSecret(line.length > 300 ? `${line.slice(0, 300)}…` : line || '(empty reply)', apiKey)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function describeConnectionError(error: unknown): string {
  const failure = error as {code?: string; message?: string; cause?: {code?: string}}
  const code = failure?.code ?? failure?.cause?.code
  return code
    ? `${code}${failure.message && !failure.message.includes(code) ? ` (${failure.message})` : ''}`
    : (failure?.message ?? String(error))
}
