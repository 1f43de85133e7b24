// Several OpenAI-compatible servers behind one client: vLLM replicas serving the same model. Each HTTP attempt goes
// to the server with the fewest requests in flight; a server that refuses connections, drops them or fails its
// health check is taken out for a while and checked again; the attempt it failed goes to another server at once
// (each server tried at most once per attempt), and the SDK's own retries (bounded by --max-retries) take it from
// there when every server failed it.

/** Counters of one server, for the summary. */
export interface EndpointSummary {
  base_url: string
  requests: number
  errors: number
  /** Attempts that failed on this server and went to another at once. */
  failovers: number
  /** Times it was taken out (connection refused or dropped, or a failed health check). */
  taken_out: number
  /** Whether it is out now (at the end of the run). */
  out: boolean
  latency_p50_ms: number | null
  latency_p95_ms: number | null
}

export interface EndpointPoolOptions {
  /** How often servers are checked with GET <base>/models (ms); a server that is out comes back when it answers. */
  healthIntervalMs?: number
  /** How long a health check may take (ms). */
  healthTimeoutMs?: number
  /** The first time out after a failure (ms); doubled on each failure in a row, up to `maxOutMs`. */
  outMs?: number
  maxOutMs?: number
  /** Told, in one line, when a server is taken out or comes back. */
  onChange?: (text: string) => void
  /** Headers every health check carries (the API key). */
  headers?: () => Record<string, string>
}

interface Server {
  base: string
  inflight: number
  requests: number
  errors: number
  failovers: number
  takenOut: number
  /** Taken out, and not yet seen answering again. */
  out: boolean
  /** Failures in a row while out: the time out doubles with each. */
  strikes: number
  /** While out: when it may be tried again (performance.now()). */
  outUntil: number
  latencies: number[]
}

const LATENCY_SAMPLES = 20_000

export class EndpointPool {
  private readonly servers: Server[]
  private readonly timer: NodeJS.Timeout | undefined
  private checking = false

  constructor(
    bases: readonly string[],
    private readonly fetcher: typeof fetch,
    private readonly options: EndpointPoolOptions = {},
  ) {
    if (bases.length === 0) throw new Error('an endpoint pool needs at least one server')
    this.servers = bases.map((base) => ({
      base: base.replace(/\/+$/, ''),
      inflight: 0,
      requests: 0,
      errors: 0,
      failovers: 0,
      takenOut: 0,
      out: false,
      strikes: 0,
      outUntil: 0,
      latencies: [],
    }))
    if (this.servers.length > 1) {
      this.timer = setInterval(() => void this.checkHealth(), options.healthIntervalMs ?? 10_000)
      this.timer.unref()
    }
  }

  /** The base URL the SDK is given: every request URL starts with it, and the pool swaps it for the chosen server's. */
  get primary(): string {
    return this.servers[0]!.base
  }

  get size(): number {
    return this.servers.length
  }

  /** A fetch that sends each attempt to the least loaded server that is in, failing over on a connection error. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url
    if (!url.startsWith(this.primary)) return this.fetcher(input, init)
    const path = url.slice(this.primary.length)
    const tried = new Set<Server>()
    for (;;) {
      const server = this.pick(tried)
      tried.add(server)
      server.inflight++
      server.requests++
      const started = performance.now()
      try {
        const response = await this.fetcher(server.base + path, init)
        this.noteLatency(server, performance.now() - started)
        if (response.status === 429 || response.status >= 500) server.errors++
        else this.bringBack(server)
        return response
      } catch (error) {
        // The caller gave up (its timeout or a stop): not the server's fault.
        if (init?.signal?.aborted) throw error
        server.errors++
        if (isConnectionError(error)) this.takeOut(server, describe(error))
        if (tried.size >= this.servers.length || !isConnectionError(error)) throw error
        server.failovers++
      } finally {
        server.inflight--
      }
    }
  }

  summary(): EndpointSummary[] {
    return this.servers.map((server) => {
      const sorted = [...server.latencies].sort((a, b) => a - b)
      const at = (q: number) =>
        sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!)
      return {
        base_url: server.base,
        requests: server.requests,
        errors: server.errors,
        failovers: server.failovers,
        taken_out: server.takenOut,
        out: server.out,
        latency_p50_ms: at(0.5),
        latency_p95_ms: at(0.95),
      }
    })
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
  }

  /** The server that is in with the fewest requests in flight (then the fewest sent), not yet tried for this attempt. */
  private pick(tried: ReadonlySet<Server>): Server {
    const now = performance.now()
    const untried = this.servers.filter((server) => !tried.has(server))
    const inNow = untried.filter((server) => !server.out || server.outUntil <= now)
    // Every server is out: the one due back first (the SDK's backoff spaces such attempts).
    if (inNow.length === 0) return untried.reduce((best, server) => (server.outUntil < best.outUntil ? server : best))
    return inNow.reduce((best, server) =>
      server.inflight < best.inflight || (server.inflight === best.inflight && server.requests < best.requests)
        ? server
        : best,
    )
  }

  private takeOut(server: Server, why: string): void {
    const now = performance.now()
    // Its requests in flight fail together when it goes: one strike for them all.
    if (server.out && server.outUntil > now) return
    server.strikes++
    server.outUntil =
      now + Math.min(this.options.maxOutMs ?? 60_000, (this.options.outMs ?? 5000) * 2 ** (server.strikes - 1))
    if (server.out) return
    server.out = true
    server.takenOut++
    if (this.servers.length > 1)
      this.options.onChange?.(
        `model server ${server.base} taken out (${why}); the others take its requests, checked again every ${Math.round((this.options.healthIntervalMs ?? 10_000) / 1000)} s`,
      )
  }

  /** A server that answered: in again, if it was out. */
  private bringBack(server: Server): void {
    server.strikes = 0
    if (!server.out) return
    server.out = false
    server.outUntil = 0
    if (this.servers.length > 1) this.options.onChange?.(`model server ${server.base} is back`)
  }

  private noteLatency(server: Server, ms: number): void {
    if (server.latencies.length < LATENCY_SAMPLES) server.latencies.push(ms)
    else server.latencies[Math.floor(Math.random() * LATENCY_SAMPLES)] = ms
  }

  /** GET <base>/models on each server: one that fails is taken out, one that is out and answers comes back. */
  private async checkHealth(): Promise<void> {
    if (this.checking) return
    this.checking = true
    try {
      await Promise.all(
        this.servers.map(async (server) => {
          if (await this.answers(server)) this.bringBack(server)
          else this.takeOut(server, 'its health check failed')
        }),
      )
    } finally {
      this.checking = false
    }
  }

  private async answers(server: Server): Promise<boolean> {
    try {
      const response = await this.fetcher(`${server.base}/models`, {
        method: 'GET',
        headers: this.options.headers?.() ?? {},
        signal: AbortSignal.timeout(this.options.healthTimeoutMs ?? 5000),
      })
      await response.arrayBuffer().catch(() => undefined)
      return response.ok
    } catch {
      return false
    }
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
])

function codeOf(error: unknown): string | undefined {
  const value = error as {code?: string; cause?: {code?: string}} | undefined
  return value?.code ?? value?.cause?.code
}

/** A refused, dropped or unreachable connection: the server, not the request, is at fault. */
function isConnectionError(error: unknown): boolean {
  const code = codeOf(error)
  return (code !== undefined && CONNECTION_CODES.has(code)) || /socket hang up/i.test((error as Error)?.message ?? '')
}

function describe(error: unknown): string {
  return codeOf(error) ?? (error as Error)?.message ?? String(error)
}

/** The servers in one line for stderr: each one's requests, errors, failovers and latency. */
export function describeServers(servers: readonly EndpointSummary[]): string {
  return servers
    .map(
      (s) =>
        `${s.base_url} ${s.requests} requests, ${s.errors} errors, ${s.failovers} failed over, taken out ${s.taken_out}x, p50 ${s.latency_p50_ms ?? '-'} ms, p95 ${s.latency_p95_ms ?? '-'} ms`,
    )
    .join('; ')
}
