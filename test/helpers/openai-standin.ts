// A local OpenAI-compatible server (the vLLM / OpenAI HTTP protocol) so model calls in tests go over real HTTP.
import {randomUUID} from 'node:crypto'
import {setMaxListeners} from 'node:events'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'
import {setTimeout as sleep} from 'node:timers/promises'

/** One request as the stand-in received it; chat requests also carry their message text and image count. */
export interface StandinRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  /** Parsed JSON body, or undefined when the body was empty or not JSON. */
  body: any
  /** Text of all message contents (string contents and text parts), joined by newlines. */
  text: string
  /** Number of image_url parts across all messages. */
  images: number
  /** 0-based arrival order, counted over every request since start or reset(). */
  index: number
}

export type StandinReply =
  | {
      content: string | null
      /** Function calls returned apart from the content, as vLLM does with a tool-call parser (arguments a JSON string). */
      tool_calls?: {name: string; arguments: string}[]
      /** A thinking model's reasoning, in vLLM's `reasoning_content` field. */
      reasoning_content?: string
      delayMs?: number
      usage?: {prompt_tokens: number; completion_tokens: number}
    }
  | {status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number}
  | {drop: true; delayMs?: number}
  | {raw: string; status?: number; delayMs?: number}

export type StandinHandler = (request: StandinRequest) => StandinReply | Promise<StandinReply>

export interface StandinRule {
  /** string: request text includes it; RegExp: tests the request text; function: decides; absent: any request. */
  match?: string | RegExp | ((request: StandinRequest) => boolean)
  reply: StandinReply | StandinHandler
  /** Use this rule at most this many times, then fall through to the next. */
  times?: number
}

export interface Standin {
  /** Base URL ending in /v1, for `new OpenAI({baseURL})`. */
  url: string
  requests: StandinRequest[]
  /** Replaces the fallback handler used when no scripted rule matches. */
  setHandler(handler: StandinHandler): void
  /** Replaces the scripted rules; they are tried in order before the fallback handler. */
  script(rules: StandinRule[]): void
  /** Clears recorded requests (the index restarts at 0) and scripted rules; the fallback handler stays. */
  reset(): void
  /** Stops listening and destroys open sockets and pending delays, so nothing hangs. */
  close(): Promise<void>
}

export interface StandinOptions {
  /** Model ids served by /v1/models (default ['standin-model']); when given, other model names get vLLM's 404. */
  models?: string[]
  /** Fallback handler when no scripted rule matches (default: a 400 error naming the request). */
  handler?: StandinHandler
  /** Added to every chat completion reply, errors included. */
  latencyMs?: number
  /** When set, every request without `Authorization: Bearer <key>` gets a 401. */
  requireApiKey?: string
}

const IMAGE_TOKENS = 256
const CHARS_PER_TOKEN = 4

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  409: 'conflict_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
}

/** OpenAI's error body shape. */
export function errorBody(status: number, message: string, code: string | null = null) {
  return {
    error: {
      message,
      type: ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
      param: null,
      code,
    },
  }
}

/** Message text and image count of a chat request body. */
function readMessages(body: any): {text: string; images: number} {
  const texts: string[] = []
  let images = 0
  const messages = Array.isArray(body?.messages) ? body.messages : []
  for (const message of messages) {
    const content = message?.content
    if (typeof content === 'string') texts.push(content)
    else if (Array.isArray(content)) {
      for (const part of content) {
        if (part?.type === 'text' && typeof part.text === 'string') texts.push(part.text)
        else if (part?.type === 'image_url') images++
      }
    }
  }
  return {text: texts.join('\n'), images}
}

const tokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN)

function matches(rule: StandinRule, request: StandinRequest): boolean {
  const {match} = rule
  if (match === undefined) return true
  if (typeof match === 'string') return request.text.includes(match)
  if (match instanceof RegExp) {
    match.lastIndex = 0
    return match.test(request.text)
  }
  return match(request)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function parseJSON(text: string): {ok: true; value: any} | {ok: false} {
  if (text.trim() === '') return {ok: true, value: undefined}
  try {
    return {ok: true, value: JSON.parse(text)}
  } catch {
    return {ok: false}
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.headersSent) return
  const isText = typeof body === 'string'
  const payload = isText ? body : JSON.stringify(body)
  res.writeHead(status, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(payload),
    'x-request-id': `req_${randomUUID().replaceAll('-', '')}`,
    ...headers,
  })
  res.end(payload)
}

/** Starts the stand-in on 127.0.0.1 at a free port. */
export async function startStandin(options: StandinOptions = {}): Promise<Standin> {
  const strictModels = options.models !== undefined
  const models = options.models ?? ['standin-model']
  const adapters = new Map<string, string>()
  const created = Math.floor(Date.now() / 1000)
  const requests: StandinRequest[] = []
  let rules: Array<StandinRule & {used: number}> = []
  let handler: StandinHandler | undefined = options.handler
  let arrivals = 0
  const closing = new AbortController()
  // Every pending delay listens on this signal; many concurrent delays are expected.
  setMaxListeners(0, closing.signal)
  const sockets = new Set<Socket>()

  const wait = async (ms: number | undefined) => {
    if (ms && ms > 0) await sleep(ms, undefined, {signal: closing.signal})
  }

  async function chooseReply(request: StandinRequest): Promise<StandinReply> {
    for (const rule of rules) {
      if (rule.times !== undefined && rule.used >= rule.times) continue
      if (!matches(rule, request)) continue
      rule.used++
      return typeof rule.reply === 'function' ? rule.reply(request) : rule.reply
    }
    if (handler) return handler(request)
    return {status: 400, body: errorBody(400, `no scripted reply for request ${request.index}`)}
  }

  async function deliver(res: ServerResponse, reply: StandinReply, request: StandinRequest) {
    await wait((options.latencyMs ?? 0) + (reply.delayMs ?? 0))
    if ('drop' in reply) {
      res.socket?.destroy()
      return
    }
    if ('raw' in reply) {
      send(res, reply.status ?? 200, reply.raw, {'content-type': 'application/json'})
      return
    }
    if ('status' in reply) {
      send(
        res,
        reply.status,
        reply.body ?? errorBody(reply.status, `stand-in scripted error ${reply.status}`),
        reply.headers,
      )
      return
    }
    const promptTokens = reply.usage?.prompt_tokens ?? tokens(request.text) + IMAGE_TOKENS * request.images
    const completionTokens =
      reply.usage?.completion_tokens ?? tokens(`${reply.content ?? ''}${JSON.stringify(reply.tool_calls ?? '')}`)
    const toolCalls = reply.tool_calls?.map((call) => ({
      id: `chatcmpl-tool-${randomUUID().replaceAll('-', '')}`,
      type: 'function',
      function: call,
    }))
    const message = {
      role: 'assistant',
      content: reply.content,
      refusal: null,
      ...(toolCalls ? {tool_calls: toolCalls} : {}),
      ...(reply.reasoning_content ? {reasoning_content: reply.reasoning_content} : {}),
    }
    send(res, 200, {
      id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.body.model,
      choices: [{index: 0, message, logprobs: null, finish_reason: toolCalls ? 'tool_calls' : 'stop'}],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    })
  }

  async function chatCompletion(res: ServerResponse, request: StandinRequest, parsed: boolean) {
    const {body} = request
    const invalid = !parsed
      ? 'request body is not valid JSON'
      : typeof body?.model !== 'string'
        ? 'model: expected a string'
        : !Array.isArray(body.messages) || body.messages.length === 0
          ? 'messages: expected a non-empty array'
          : body.stream === true
            ? 'stream: true is not supported by the stand-in'
            : undefined
    if (invalid) return deliver(res, {status: 400, body: errorBody(400, invalid)}, request)
    if (strictModels && !models.includes(body.model) && !adapters.has(body.model)) {
      return deliver(
        res,
        {status: 404, body: errorBody(404, `The model \`${body.model}\` does not exist.`, 'model_not_found')},
        request,
      )
    }
    return deliver(res, await chooseReply(request), request)
  }

  function listModels(res: ServerResponse) {
    const data = [
      ...models.map((id) => ({id, object: 'model', created, owned_by: 'vllm', root: id, parent: null})),
      ...[...adapters].map(([id, path]) => ({
        id,
        object: 'model',
        created,
        owned_by: 'vllm',
        root: path,
        parent: models[0],
      })),
    ]
    send(res, 200, {object: 'list', data})
  }

  function loadAdapter(res: ServerResponse, body: any) {
    const name = body?.lora_name
    const path = body?.lora_path
    if (typeof name !== 'string' || name === '' || typeof path !== 'string' || path === '') {
      return send(res, 400, errorBody(400, 'load_lora_adapter: expected {lora_name, lora_path} as non-empty strings'))
    }
    // vLLM: a name already in use is refused, unless load_inplace replaces the adapter of that name (never a base model).
    if (models.includes(name) || (adapters.has(name) && body?.load_inplace !== true)) {
      return send(res, 400, errorBody(400, `The lora adapter '${name}' has already been loaded.`))
    }
    adapters.set(name, path)
    send(res, 200, `Success: LoRA adapter '${name}' added successfully.`)
  }

  function unloadAdapter(res: ServerResponse, body: any) {
    const name = body?.lora_name
    if (typeof name !== 'string' || !adapters.has(name)) {
      return send(res, 400, errorBody(400, `The lora adapter '${String(name)}' cannot be found.`))
    }
    adapters.delete(name)
    send(res, 200, `Success: LoRA adapter '${name}' removed successfully.`)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req)
    const parsed = parseJSON(raw)
    const body = parsed.ok ? parsed.value : undefined
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const method = req.method ?? 'GET'
    const request: StandinRequest = {method, path, headers: req.headers, body, ...readMessages(body), index: arrivals++}
    requests.push(request)

    if (options.requireApiKey !== undefined && req.headers.authorization !== `Bearer ${options.requireApiKey}`) {
      return send(res, 401, errorBody(401, 'Incorrect API key provided.', 'invalid_api_key'))
    }
    const route = `${method} ${path.replace(/\/+$/, '')}`
    if (route === 'GET /v1/models') return listModels(res)
    if (route === 'POST /v1/chat/completions') return chatCompletion(res, request, parsed.ok)
    if (route === 'POST /v1/load_lora_adapter') return loadAdapter(res, body)
    if (route === 'POST /v1/unload_lora_adapter') return unloadAdapter(res, body)
    send(res, 404, errorBody(404, `no route for ${method} ${path}`))
  }

  const server = createServer({keepAlive: true}, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (closing.signal.aborted) return
      send(
        res,
        500,
        errorBody(500, `stand-in handler failed: ${error instanceof Error ? error.message : String(error)}`),
      )
    })
  })
  server.keepAliveTimeout = 30_000
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const {port} = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setHandler(next) {
      handler = next
    },
    script(next) {
      rules = next.map((rule) => ({...rule, used: 0}))
    },
    reset() {
      requests.length = 0
      arrivals = 0
      rules = []
    },
    async close() {
      closing.abort()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
  }
}
