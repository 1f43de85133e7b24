import {Agent as HttpAgent, request as httpRequest, type IncomingMessage} from 'node:http'
import {Agent as HttpsAgent, request as httpsRequest} from 'node:https'
import {urlToHttpOptions} from 'node:url'
import {promisify} from 'node:util'
import {brotliDecompress, gunzip, inflate} from 'node:zlib'

const IDLE_TIMEOUT_MS = 4000

/** The code of the error a 2xx reply with a body that is not JSON fails with (retried as a connection error). */
export const INVALID_JSON_REPLY = 'EWEBGYM_INVALID_JSON'

function parsesAsJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'))
    return true
  } catch {
    return false
  }
}

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
}

/**
 * A `fetch` for the OpenAI SDK over node:http with keep-alive agents and no connection cap. Node's built-in fetch
 * (undici) spends about a millisecond of CPU per request in WHATWG streams and objects, which at hundreds of
 * requests a second is the whole budget. Replies are read whole (the client never streams); abort signals, dropped
 * connections (an error for the SDK to retry) and compressed bodies behave as with fetch. Anything else (a Request,
 * a streamed body, another scheme) goes to fetch.
 */
export function createHttpFetch(): typeof fetch {
  // Idle connections close after 4 s, before servers drop them (uvicorn and Node close idle ones after 5 s).
  const agentOptions = {keepAlive: true, timeout: IDLE_TIMEOUT_MS}
  const agents: Record<string, HttpAgent> = {
    'http:': new HttpAgent(agentOptions),
    'https:': new HttpsAgent(agentOptions),
  }
  // The SDK asks for the same few URLs again and again: each is parsed once.
  const targets = new Map<string, ReturnType<typeof urlToHttpOptions>>()
  const targetOf = (url: string | URL) => {
    const text = String(url)
    let target = targets.get(text)
    if (!target) {
      if (targets.size >= 64) targets.clear()
      target = urlToHttpOptions(new URL(text))
      targets.set(text, target)
    }
    return target
  }
  return async (input, init) => {
    const body = init?.body
    const target = typeof input === 'string' || input instanceof URL ? targetOf(input) : undefined
    if (
      !target?.protocol ||
      !agents[target.protocol] ||
      (body != null && typeof body !== 'string' && !(body instanceof Uint8Array))
    ) {
      return fetch(input, init)
    }
    const headers: Record<string, string> = {}
    ;(init?.headers instanceof Headers ? init.headers : new Headers(init?.headers)).forEach(
      (value, name) => (headers[name] = value),
    )
    const signal = init?.signal
    if (signal?.aborted) throw abortError(signal)
    return new Promise<Response>((resolve, reject) => {
      const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)({
        ...target,
        method: init?.method ?? 'GET',
        headers,
        agent: agents[target.protocol!],
      })
      const onAbort = () => request.destroy(abortError(signal!))
      signal?.addEventListener('abort', onAbort, {once: true})
      request.on('response', (response) => readResponse(response, String(input)).then(resolve, reject))
      request.on('error', reject)
      request.on('close', () => signal?.removeEventListener('abort', onAbort))
      request.end(body ?? undefined)
    })
  }
}

async function readResponse(response: IncomingMessage, url: string): Promise<Response> {
  let body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)))
    response.on('error', reject)
    // A connection dropped in the middle of the body: a connection error, which the SDK retries.
    response.on('close', () => {
      if (!response.complete)
        reject(Object.assign(new Error('the connection closed before the reply was complete'), {code: 'ECONNRESET'}))
    })
  })
  const encoding = response.headers['content-encoding']?.trim().toLowerCase()
  if (encoding && decoders[encoding] && body.length > 0) body = await decoders[encoding](body)
  // A 2xx JSON reply whose body does not parse (a proxy's error page, a server cut off while writing): transient like
  // a dropped connection, so the SDK retries it.
  const type = response.headers['content-type'] ?? ''
  const status = response.statusCode ?? 500
  if (status >= 200 && status <= 299 && type.includes('json') && !parsesAsJson(body)) {
    throw Object.assign(new Error(`the ${status} reply body is not valid JSON`), {code: INVALID_JSON_REPLY})
  }
  const headers = new Headers()
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i].toLowerCase()
    if (name !== 'content-encoding' && name !== 'content-length') headers.append(name, response.rawHeaders[i + 1])
  }
  return new BufferedResponse(
    response.statusCode ?? 500,
    response.statusMessage ?? '',
    headers,
    body,
    url,
  ) as unknown as Response
}

/**
 * A fetch Response whose body is already in memory. A WHATWG Response costs tens of microseconds per request in
 * streams; this one answers `json()`, `text()` and `arrayBuffer()` from the buffer, and builds a real stream only
 * for `body`, which the SDK reads only to discard a reply it retries.
 */
class BufferedResponse {
  readonly ok: boolean
  readonly redirected = false
  readonly type = 'basic'
  bodyUsed = false

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    private readonly buffer: Buffer,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status <= 299
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.status === 204 || this.status === 304 || this.buffer.length === 0) return null
    return new Response(new Uint8Array(this.take())).body
  }

  async text(): Promise<string> {
    return this.take().toString('utf8')
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.take()).buffer
  }

  async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(this.take())], {type: this.headers.get('content-type') ?? ''})
  }

  clone(): BufferedResponse {
    if (this.bodyUsed) throw new TypeError('Response.clone: the body has already been read')
    return new BufferedResponse(this.status, this.statusText, this.headers, this.buffer, this.url)
  }

  private take(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: the body has already been read')
    this.bodyUsed = true
    return this.buffer
  }
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason as unknown
  return reason instanceof Error && reason.name === 'AbortError'
    ? reason
    : new DOMException('This operation was aborted', 'AbortError')
}
