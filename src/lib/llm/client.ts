import OpenAI from 'openai'
import type {ChatCompletionMessageParam} from 'openai/resources/chat/completions'
import type {z} from 'zod'
import {opt, optionText, type Text} from '../option-text.js'
import {EndpointPool, type EndpointSummary} from './endpoint-pool.js'
import {createHttpFetch, INVALID_JSON_REPLY} from './http-fetch.js'
import {LlmStats} from './llm-stats.js'
import {redactSecret} from './redact.js'
import {cacheKey, ResponseCache, type CachedReply} from './response-cache.js'
import {checkReply, replyJsonSchema, replyJsonSchemaText, schemaInstruction} from './structured-reply.js'

export type ChatMessage = ChatCompletionMessageParam

export interface LlmOptions {
  /** The endpoint (the first of `baseURLs` when there are several). */
  baseURL: string
  /** Several servers of the same model (vLLM replicas): each request goes to the least loaded one that answers. */
  baseURLs?: readonly string[]
  apiKey?: string
  model: string
  timeoutMs: number
  maxRetries: number
  temperature: number
  seed?: number
  /** Constrain replies with `response_format: json_schema`; false puts the schema in the prompt instead. */
  jsonSchema: boolean
  /** Where replies are cached; null for no cache. */
  cacheDir: string | null
  /** The longest wait a server's Retry-After may impose before a retry (ms); a longer one is cut to this. */
  maxRetryWaitMs?: number
  /** Told, in one line, when a server asks to wait before a retry (at most one line per 10 s). */
  onWait?: (text: Text) => void
}

/** A Retry-After longer than this is said on stderr (ms). */
const SAY_WAIT_FROM_MS = 5000
const SAY_WAIT_EVERY_MS = 10_000

export interface StructuredRequest<T> {
  /** Names the reply schema for the server (`response_format.json_schema.name`). */
  schemaName: string
  schema: z.ZodType<T>
  messages: ChatMessage[]
  /** The prompt template's version: part of the cache key and of the record's provenance. */
  promptVersion: string
  /** A different model for this request (e.g. a cheaper one for screenshot selection). */
  model?: string
  /**
   * Which of several independent samples of the same request this is (a judge's votes): part of the cache key, and
   * added to the seed, so each sample is its own reply. 0 or absent: the one sample.
   */
  sample?: number
}

/** A chat reply: the content, the function calls returned apart from it, and a thinking model's reasoning. */
export interface ChatReply {
  content: string | null
  toolCalls: {name: string; arguments: string}[]
  reasoning: string | null
  model: string
}

export interface StructuredReply<T> {
  value: T
  model: string
  cached: boolean
}

/** A request that failed for good: the reason is safe to write to a record or a log (the key is redacted). */
export class LlmError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LlmError'
  }
}

/**
 * The one OpenAI-compatible client every model-backed command uses: the SDK's retries (exponential backoff with
 * jitter on 429, 5xx, timeouts and dropped connections, honouring Retry-After), structured replies validated against
 * a zod schema with one repair request, an on-disk reply cache, and counters for the summary.
 */
export class LlmClient {
  readonly stats = new LlmStats()
  private readonly openai: OpenAI
  private readonly cache: ResponseCache | undefined
  private readonly cacheWrites = new Set<Promise<void>>()
  private readonly endpoints: EndpointPool

  constructor(readonly options: LlmOptions) {
    this.cache = options.cacheDir ? new ResponseCache(options.cacheDir) : undefined
    this.endpoints = new EndpointPool(
      options.baseURLs?.length ? options.baseURLs : [options.baseURL],
      createHttpFetch(),
      {
        onChange: (text) => options.onWait?.(text),
        headers: (): Record<string, string> => (options.apiKey ? {authorization: `Bearer ${options.apiKey}`} : {}),
      },
    )
    this.stats.servers = () => (this.endpoints.size > 1 ? this.endpoints : null)
    this.openai = new OpenAI({
      baseURL: this.endpoints.primary,
      apiKey: options.apiKey || 'none',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      fetch: (url, init) => this.countedFetch(url, init),
    })
  }

  async complete<T>(request: StructuredRequest<T>): Promise<StructuredReply<T>> {
    const model = request.model ?? this.options.model
    const messages = this.options.jsonSchema
      ? request.messages
      : withSchemaInstruction(request.messages, request.schema)
    const key = cacheKey({
      model,
      messages,
      temperature: this.options.temperature,
      seed: this.options.seed ?? null,
      mode: this.options.jsonSchema ? 'json_schema' : 'prompt',
      schema: replyJsonSchemaText(request.schema),
      schemaName: request.schemaName,
      promptVersion: request.promptVersion,
      ...(request.sample ? {sample: request.sample} : {}),
    })
    const cached = await this.cache?.get(key)
    if (cached) {
      const check = checkReply(cached.content, request.schema)
      if (check.ok) {
        this.stats.cacheHits++
        return {value: check.value, model: cached.model, cached: true}
      }
    }
    try {
      const first = await this.send(model, messages, request)
      let check = checkReply(first.content, request.schema)
      let usage = first.usage
      if (!check.ok) {
        this.stats.repairs++
        const repair: ChatMessage[] = [
          ...messages,
          {role: 'assistant', content: first.content ?? ''},
          {
            role: 'user',
            content: `Your reply cannot be used: ${check.problem}. Reply again with only the corrected JSON object.`,
          },
        ]
        const second = await this.send(model, repair, request)
        usage = addUsage(usage, second.usage)
        check = checkReply(second.content, request.schema)
        if (!check.ok) throw new LlmError(`invalid reply after one repair request: ${check.problem}`)
      }
      this.remember(key, {content: check.json, model: first.model, usage})
      return {value: check.value, model: first.model, cached: false}
    } catch (error) {
      this.stats.failures++
      throw new LlmError(this.redact(describeFailure(error, this.options)))
    }
  }

  /**
   * A free-text chat reply (a policy's next action), not cached: each request carries a new screenshot. Retries and
   * counters as for structured replies; a failure for good is an LlmError with the key redacted. Besides the content,
   * the reply keeps what servers return apart from it: function calls (vLLM with a tool-call parser) and a thinking
   * model's reasoning (`reasoning_content`, or `reasoning` in newer servers).
   */
  async chat(
    messages: ChatMessage[],
    options: {maxTokens?: number; signal?: AbortSignal; sample?: number; tools?: readonly unknown[]} = {},
  ): Promise<ChatReply> {
    this.stats.requests++
    // The caller's signal is shared by every request of a run: the SDK listens on a signal of this request's own,
    // and the one listener on the shared signal goes when the request does.
    const request = new AbortController()
    const abort = () => request.abort(options.signal?.reason)
    if (options.signal?.aborted) abort()
    else options.signal?.addEventListener('abort', abort, {once: true})
    try {
      const completion = await this.openai.chat.completions.create(
        {
          model: this.options.model,
          messages,
          temperature: this.options.temperature,
          ...(this.options.seed === undefined ? {} : {seed: this.options.seed + (options.sample ?? 0)}),
          ...(options.maxTokens ? {max_tokens: options.maxTokens} : {}),
          ...(options.tools
            ? {tools: options.tools as OpenAI.Chat.Completions.ChatCompletionTool[], tool_choice: 'auto' as const}
            : {}),
        },
        {signal: request.signal},
      )
      this.stats.promptTokens += completion.usage?.prompt_tokens ?? 0
      this.stats.completionTokens += completion.usage?.completion_tokens ?? 0
      const message = completion.choices?.[0]?.message as (typeof completion.choices)[number]['message'] & {
        reasoning_content?: unknown
        reasoning?: unknown
      }
      const reasoning =
        [message?.reasoning_content, message?.reasoning].find(
          (text): text is string => typeof text === 'string' && text.trim() !== '',
        ) ?? null
      const toolCalls = (message?.tool_calls ?? []).flatMap((call) =>
        call.type === 'function' ? [{name: call.function.name, arguments: call.function.arguments}] : [],
      )
      return {content: message?.content ?? null, toolCalls, reasoning, model: completion.model || this.options.model}
    } catch (error) {
      this.stats.failures++
      throw new LlmError(this.redact(describeFailure(error, this.options)))
    } finally {
      options.signal?.removeEventListener('abort', abort)
    }
  }

  /** Waits for the replies still being written to the cache, and closes its files. */
  async close(): Promise<void> {
    this.endpoints.close()
    await Promise.all(this.cacheWrites)
    await this.cache?.close()
  }

  /** Each server's requests, errors and latency (one entry with a single server). */
  endpointSummary(): EndpointSummary[] {
    return this.endpoints.summary()
  }

  /** Removes the API key from a text (for messages built outside the client). */
  redact(text: string): string {
    return redactSecret(text, this.options.apiKey)
  }

  // A cache write does not hold the request's slot: waiting for the disk cost a few percent of throughput. A failed
  // write costs only a later request; the first reason goes to the summary.
  private remember(key: string, reply: CachedReply): void {
    if (!this.cache) return
    const write = this.cache.put(key, reply).catch((error: unknown) => {
      this.stats.cacheWriteError ??= this.redact((error as Error).message)
    })
    this.cacheWrites.add(write)
    void write.finally(() => this.cacheWrites.delete(write))
  }

  private async send<T>(model: string, messages: ChatMessage[], request: StructuredRequest<T>) {
    this.stats.requests++
    const completion = await this.openai.chat.completions.create({
      model,
      messages,
      temperature: this.options.temperature,
      ...(this.options.seed === undefined ? {} : {seed: this.options.seed + (request.sample ?? 0)}),
      ...(this.options.jsonSchema
        ? {
            response_format: {
              type: 'json_schema' as const,
              json_schema: {name: request.schemaName, schema: replyJsonSchema(request.schema), strict: true},
            },
          }
        : {}),
    })
    const usage = completion.usage
      ? {prompt_tokens: completion.usage.prompt_tokens, completion_tokens: completion.usage.completion_tokens}
      : null
    this.stats.promptTokens += usage?.prompt_tokens ?? 0
    this.stats.completionTokens += usage?.completion_tokens ?? 0
    const content = completion.choices?.[0]?.message?.content ?? null
    return {content, usage, model: completion.model || model}
  }

  private async countedFetch(url: string | URL | Request, init?: RequestInit): Promise<Response> {
    this.stats.httpAttempts++
    const headers = init?.headers instanceof Headers ? init.headers : new Headers(init?.headers)
    const retry = headers.get('x-stainless-retry-count')
    if (retry && retry !== '0') this.stats.retries++
    const response = await this.endpoints.fetch(url, init)
    if (response.status === 429 || response.status >= 500) this.capRetryWait(response)
    return response
  }

  private lastWaitSaidAt = 0

  /** Cuts a Retry-After (or retry-after-ms) longer than the cap to the cap, and says who asked to wait how long. */
  private capRetryWait(response: Response): void {
    const askedMs = retryAfterMs(response.headers)
    if (askedMs === null) return
    const capMs = this.options.maxRetryWaitMs ?? 60_000
    const waitMs = Math.min(askedMs, capMs)
    if (askedMs > capMs) {
      try {
        response.headers.delete('retry-after')
        response.headers.set('retry-after-ms', String(capMs))
      } catch {
        // An immutable Response (Node's own fetch): the SDK waits as asked.
      }
    }
    const now = Date.now()
    if (askedMs >= SAY_WAIT_FROM_MS && now - this.lastWaitSaidAt >= SAY_WAIT_EVERY_MS) {
      this.lastWaitSaidAt = now
      const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`
      this.options.onWait?.(
        optionText`the model server at ${this.options.baseURL} answered HTTP ${response.status} and asked to wait ${seconds(askedMs)} (Retry-After) before retrying; waiting ${seconds(waitMs)}${askedMs > capMs ? optionText` (${opt('maxRetryWait')})` : ''}`,
      )
    }
  }
}

function withSchemaInstruction(messages: ChatMessage[], schema: z.ZodType): ChatMessage[] {
  return [...messages, {role: 'user', content: schemaInstruction(schema)}]
}

function addUsage(
  a: {prompt_tokens: number; completion_tokens: number} | null,
  b: {prompt_tokens: number; completion_tokens: number} | null,
) {
  if (!a || !b) return a ?? b
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
  }
}

function describeFailure(error: unknown, options: LlmOptions): string {
  const retries = `${options.maxRetries} ${options.maxRetries === 1 ? 'retry' : 'retries'}`
  if (error instanceof LlmError) return error.message
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return `the model server did not answer within ${options.timeoutMs} ms (after ${retries})`
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause as {code?: string; cause?: {code?: string}} | undefined
    const code = cause?.code ?? cause?.cause?.code
    if (code === INVALID_JSON_REPLY) return `the model server's replies were not valid JSON (after ${retries})`
    const where =
      (options.baseURLs?.length ?? 0) > 1
        ? `any of the model servers (${options.baseURLs!.join(', ')})`
        : `the model server at ${options.baseURL}`
    return `cannot reach ${where}${code ? ` (${code})` : ''} (after ${retries})`
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 'error'
    const message = (error.error as {message?: string} | undefined)?.message ?? error.message
    return `the model server answered HTTP ${status}: ${message}${typeof status === 'number' && (status === 429 || status >= 500) ? ` (after ${retries})` : ''}`
  }
  if (error instanceof SyntaxError) return `the model server's response is not valid JSON (${error.message})`
  return `model request failed: ${(error as Error)?.message ?? String(error)}`
}

/** How long a reply's retry-after-ms or Retry-After (seconds or an HTTP date) asks to wait, or null. */
function retryAfterMs(headers: Headers): number | null {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '')
  if (Number.isFinite(ms) && ms >= 0) return ms
  const text = headers.get('retry-after')
  if (!text) return null
  const seconds = Number.parseFloat(text)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}
