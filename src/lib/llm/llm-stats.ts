import {describeServers, type EndpointPool} from './endpoint-pool.js'

/** What a model-backed command spent, for the summary on stderr. */
export class LlmStats {
  /** Logical requests: one per reply wanted (a repair is another). */
  requests = 0
  /** HTTP attempts, retries included. */
  httpAttempts = 0
  retries = 0
  cacheHits = 0
  repairs = 0
  failures = 0
  promptTokens = 0
  completionTokens = 0
  /** Why replies could not be written to the cache (the first reason), if they could not. */
  cacheWriteError: string | undefined
  /** The servers, when there are several (their counters go into the summary). */
  servers: () => EndpointPool | null = () => null

  summary(label: string): string {
    return (
      `${label}: ${this.requests} model requests (${this.httpAttempts} HTTP, ${this.retries} retries, ${this.repairs} repairs), ` +
      `${this.cacheHits} cache hits, ${this.failures} failures, ${this.promptTokens} prompt + ${this.completionTokens} completion tokens` +
      (this.cacheWriteError ? `; replies not cached: ${this.cacheWriteError}` : '') +
      (this.servers() ? `; servers: ${describeServers(this.servers()!.summary())}` : '')
    )
  }
}
