import {once} from 'node:events'
import {readFile} from 'node:fs/promises'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {setTimeout as sleep} from 'node:timers/promises'
import {join} from 'node:path'
import {WebSocketServer, type WebSocket} from 'ws'
import {z} from 'zod'
import type {PolicyDialect} from '../prompts/policy-dialects.js'
import type {PromptSettings} from '../rollout/policies/openai.js'
import {firstLine} from '../rollout/episode-outcome.js'
import {runBlock} from '../rollout/trajectory-record.js'
import {isFixtureUrl} from '../sites/catalog.js'
import {isPagesUrl} from '../sites/pages/page-corpus.js'
import type {Task} from '../schema/task.js'
import {WEBGYM_VERSION} from '../version.js'
import {EnvEpisode, turnData} from './env-episode.js'
import {EnvObservationSchema, EnvStateSchema, type ScreenshotDelivery} from './env-observation.js'
import {
  errorReply,
  EnvMessageError,
  ResetDataSchema,
  StepDataSchema,
  validationError,
  type FieldProblem,
  type ResetData,
} from './env-protocol.js'
import {EnvSession, type SessionHost} from './env-session.js'
import type {EnvWorld} from './env-world.js'
import type {EpisodeRewarder} from './episode-reward.js'
import type {ServedTasks} from './served-tasks.js'

/** The policy name and version env-driven trajectories record in their run block. */
export const ENV_POLICY = 'env'
export const ENV_POLICY_VERSION = 'env-v1'

/** The largest message a client may send (a whole task record at reset, a long reply). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024

export interface EnvServerOptions {
  host: string
  /** 0 picks a free port. */
  port: number
  maxSessions: number
  idleTimeoutMs: number
  screenshot: ScreenshotDelivery
  dialect: PolicyDialect
  prompt: PromptSettings
  /** The run's seed, recorded in every trajectory's run block. */
  seed: number
  /** A failure of the server's own (a trajectory that cannot be written): the caller decides whether to stop. */
  onFailure: (error: unknown) => void
}

/**
 * An OpenEnv environment server (the routes and WebSocket messages of OpenEnv's reference HTTPEnvServer) in front of
 * webgym's browser pool: each WebSocket session at /ws is one environment, up to `maxSessions` at once. Over HTTP it
 * answers /health, /metadata, /schema and /state, and /reset and /step as the reference's stateless routes do (a fresh
 * environment per request: a reset shows a first observation, a step has no episode to act in), since an episode
 * holds a browser context between steps. Screenshots delivered by URL are served from the store at /artefacts/.
 */
export class EnvServer implements SessionHost {
  draining = false
  private readonly sessions = new Set<EnvSession>()
  /** Episodes ended by a closed or dropped session, whose trajectories may still be being written. */
  private readonly endings = new Set<Promise<unknown>>()
  /** Episodes of HTTP /reset, each run to its first observation. */
  private readonly oneShots = new Set<EnvEpisode>()
  private readonly wss: WebSocketServer
  private readonly http: Server

  private constructor(
    private readonly options: EnvServerOptions,
    private readonly world: EnvWorld,
    private readonly tasks: ServedTasks,
    private readonly rewarder: EpisodeRewarder,
  ) {
    this.wss = new WebSocketServer({noServer: true, maxPayload: MAX_MESSAGE_BYTES})
    this.http = createServer((request, response) => void this.route(request, response))
    this.http.on('upgrade', (request: IncomingMessage, socket, head) => {
      if (pathOf(request) !== '/ws') {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
        return
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.connect(ws, request))
    })
  }

  static async start(
    options: EnvServerOptions,
    world: EnvWorld,
    tasks: ServedTasks,
    rewarder: EpisodeRewarder,
  ): Promise<EnvServer> {
    const server = new EnvServer(options, world, tasks, rewarder)
    server.http.listen(options.port, options.host)
    await once(server.http, 'listening')
    return server
  }

  get dialect(): PolicyDialect {
    return this.options.dialect
  }

  get prompt(): PromptSettings {
    return this.options.prompt
  }

  get idleTimeoutMs(): number {
    return this.options.idleTimeoutMs
  }

  /** `http://HOST:PORT` */
  get url(): string {
    const {port} = this.http.address() as AddressInfo
    return `http://${this.options.host.includes(':') ? `[${this.options.host}]` : this.options.host}:${port}`
  }

  /** Sessions with an episode running now. */
  get running(): number {
    return [...this.sessions].filter((session) => session.running).length + this.oneShots.size
  }

  /** Resolves when no session has an episode running. */
  async whenIdle(): Promise<void> {
    while (this.running > 0) await sleep(200)
  }

  /** Takes no new sessions or episodes; those running go on. */
  drain(): void {
    if (this.draining) return
    this.draining = true
    this.http.close()
  }

  /** Ends every running episode (as aborted, `reason` their error), waits for their trajectories, and closes. */
  async close(reason: string): Promise<void> {
    this.drain()
    for (const session of this.sessions) this.endings.add(session.end(reason))
    for (const episode of this.oneShots)
      this.endings.add(episode.stop(reason).catch((error: unknown) => this.report(error)))
    await Promise.all(this.endings)
    for (const session of this.sessions) session.close(1001, 'the server is shutting down')
    this.http.closeAllConnections()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }

  newEpisode(data: ResetData, artefactUrl: (name: string) => string): EnvEpisode {
    const task = this.taskFor(data)
    const {dialect, prompt, seed, screenshot} = this.options
    const run = runBlock(
      {
        name: ENV_POLICY,
        model: data.model ?? null,
        promptVersion: dialect.promptVersion,
        version: ENV_POLICY_VERSION,
        promptSettings: {window: prompt.window, memory: prompt.useMemory},
      },
      this.world.settings,
      seed,
    )
    return new EnvEpisode({
      world: this.world,
      rewarder: this.rewarder,
      task,
      attempt: this.tasks.nextAttempt(task.id),
      run,
      observation: {screenshot, artefactUrl, prompt: data.prompt ? {dialect, settings: prompt} : null},
    })
  }

  report(error: unknown): void {
    this.options.onFailure(error)
  }

  /** The task `reset` names: by id among the served ones, a whole record, the one `seed` draws, or the next one. */
  private taskFor(data: ResetData): Task {
    const invalid = (loc: string[], message: string) =>
      new EnvMessageError('VALIDATION_ERROR', `Invalid message: data.${loc.join('.')}: ${message}`, [
        {type: 'value_error', loc: ['data', ...loc], msg: message},
      ])
    if (data.task_id !== undefined) {
      const task = this.tasks.find(data.task_id)
      if (!task) throw invalid(['task_id'], `no task ${data.task_id} among the ${this.tasks.size} served tasks`)
      return task
    }
    if (data.task) {
      const task = data.task
      if (isFixtureUrl(task.start_url) && !this.world.fixture)
        throw invalid(
          ['task', 'start_url'],
          'the task is on the fixture web and this server runs none: serve a fixture task file, or start it with `webgym env serve --sites URL`',
        )
      const seed = (task.meta as {fixture_seed?: unknown}).fixture_seed ?? 0
      const served = this.world.fixtureSeed
      if (served !== null && isFixtureUrl(task.start_url) && !isPagesUrl(task.start_url) && seed !== served)
        throw invalid(
          ['task', 'meta', 'fixture_seed'],
          `the task is from fixture seed ${JSON.stringify(seed)}, and this server's fixture web has seed ${served}`,
        )
      return task
    }
    const task = data.seed === undefined ? this.tasks.next() : this.tasks.drawn(data.seed)
    if (!task)
      throw invalid(['task_id'], 'this server serves no task file: give a task record (task) to run one of your own')
    return task
  }

  /**
   * OpenEnv's stateless HTTP /reset: a fresh environment per request, closed after it answers. Here that is an
   * episode run to its first observation and ended there (recorded as aborted, with why); episodes that go on are
   * WebSocket sessions.
   */
  private async resetOnce(request: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const body = await jsonBody(request)
    if (!body.ok) return json(422, {detail: body.problems})
    const parsed = ResetDataSchema.safeParse(body.value)
    if (!parsed.success)
      return json(422, {detail: bodyProblems(validationError(parsed.error, body.value).errors ?? [])})
    if (this.draining) return json(503, {detail: 'the server is shutting down: it starts no new episode'})
    let episode: EnvEpisode
    try {
      episode = this.newEpisode(parsed.data, (name) => `${this.originOf(request)}/artefacts/${name}`)
    } catch (error) {
      if (error instanceof EnvMessageError) return json(422, {detail: bodyProblems(error.errors ?? [])})
      throw error
    }
    this.oneShots.add(episode)
    try {
      const turn = await episode.begin()
      await episode.stop(
        "an HTTP /reset episode ends at its first observation (OpenEnv's HTTP routes are stateless: drive episodes over /ws)",
      )
      json(200, turnData(turn, true))
    } catch (error) {
      this.report(error)
      json(500, {detail: firstLine(error)})
    } finally {
      this.oneShots.delete(episode)
    }
  }

  /**
   * OpenEnv's stateless HTTP /step acts in a fresh environment, which here has no episode to act in: the body is
   * checked as the reference server checks it (422 naming the field), then the answer says where episodes run.
   */
  private async stepOnce(request: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const body = await jsonBody(request)
    if (!body.ok) return json(422, {detail: body.problems})
    const parsed = HttpStepSchema.safeParse(body.value)
    if (!parsed.success)
      return json(422, {detail: bodyProblems(validationError(parsed.error, body.value).errors ?? [])})
    json(409, {
      detail: `HTTP /step acts in a fresh environment, which has no episode (OpenEnv's HTTP routes are stateless): reset and step in one WebSocket session at ${this.url.replace(/^http/, 'ws')}/ws, as OpenEnv's EnvClient does`,
    })
  }

  private originOf(request: IncomingMessage): string {
    return `http://${request.headers.host ?? new URL(this.url).host}`
  }

  private connect(socket: WebSocket, request: IncomingMessage): void {
    const refuse = (error: EnvMessageError, extra: Record<string, unknown> = {}) => {
      socket.send(JSON.stringify(errorReply(error, extra)), () => socket.close(1000))
    }
    if (this.draining) return refuse(new EnvMessageError('SESSION_ERROR', 'the server is shutting down'))
    const max = this.options.maxSessions
    if (this.sessions.size >= max)
      return refuse(
        new EnvMessageError(
          'CAPACITY_REACHED',
          `Server at capacity: ${this.sessions.size}/${max} sessions active (webgym env serve --max-sessions)`,
        ),
        {active_sessions: this.sessions.size, max_sessions: max},
      )
    const origin = this.originOf(request)
    const session = new EnvSession(socket, this, (name) => `${origin}/artefacts/${name}`)
    this.sessions.add(session)
    socket.on('close', () => {
      this.sessions.delete(session)
      const ending = session.end('the client went away (its connection closed) before the episode ended')
      this.endings.add(ending)
      void ending.finally(() => this.endings.delete(ending))
    })
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = pathOf(request)
    const json = (status: number, body: unknown) => {
      response.writeHead(status, {'content-type': 'application/json'})
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && path === '/health') return json(200, {status: 'healthy'})
    if (request.method === 'GET' && path === '/metadata')
      return json(200, {
        name: 'webgym',
        description:
          "webgym's web tasks in real Chromium: screenshots (and an observation mode's text) in, actions or raw model replies out, a reward at the end",
        readme_content: null,
        version: WEBGYM_VERSION,
        author: null,
        documentation_url: null,
      })
    if (request.method === 'GET' && path === '/schema')
      return json(200, {
        action: z.toJSONSchema(StepDataSchema, {io: 'input', unrepresentable: 'any'}),
        observation: z.toJSONSchema(EnvObservationSchema, {unrepresentable: 'any'}),
        state: z.toJSONSchema(EnvStateSchema, {unrepresentable: 'any'}),
      })
    if (request.method === 'GET' && path === '/state')
      return json(200, {
        episode_id: null,
        step_count: 0,
        active_sessions: this.sessions.size,
        max_sessions: this.options.maxSessions,
      })
    if (request.method === 'POST' && path === '/reset') return this.resetOnce(request, json)
    if (request.method === 'POST' && path === '/step') return this.stepOnce(request, json)
    const artefact = /^\/artefacts\/([0-9a-f]{64}\.(?:jpg|png))$/.exec(path)
    if (request.method === 'GET' && artefact) {
      try {
        const bytes = await readFile(join(this.world.services.shots.dir, artefact[1]!))
        response.writeHead(200, {
          'content-type': artefact[1]!.endsWith('.png') ? 'image/png' : 'image/jpeg',
          'cache-control': 'public, max-age=31536000, immutable',
        })
        response.end(bytes)
      } catch {
        json(404, {detail: `no artefact ${artefact[1]}`})
      }
      return
    }
    json(404, {detail: 'Not Found'})
  }
}

/** OpenEnv's HTTP /step body: the action (the data of a WebSocket step), with the request's own optional fields. */
const HttpStepSchema = z.looseObject({
  action: StepDataSchema,
  timeout_s: z.number().positive().optional(),
  request_id: z.string().max(255).optional(),
})

/** A request body as JSON (an empty one is `{}`), or FastAPI's 422 problem when it is not JSON. */
async function jsonBody(
  request: IncomingMessage,
): Promise<{ok: true; value: unknown} | {ok: false; problems: FieldProblem[]}> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_MESSAGE_BYTES)
      return {
        ok: false,
        problems: [{type: 'too_long', loc: ['body'], msg: `the body is over ${MAX_MESSAGE_BYTES} bytes`}],
      }
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return {ok: true, value: {}}
  try {
    return {ok: true, value: JSON.parse(text) as unknown}
  } catch (error) {
    return {
      ok: false,
      problems: [{type: 'json_invalid', loc: ['body'], msg: `JSON decode error: ${(error as Error).message}`}],
    }
  }
}

/** Problems located in the request body, as FastAPI reports a body that fails validation. */
function bodyProblems(problems: readonly FieldProblem[]): FieldProblem[] {
  // A WebSocket message's problems are under its `data`, which is the whole body over HTTP.
  return problems.map((problem) => ({
    ...problem,
    loc: ['body', ...(problem.loc[0] === 'data' ? problem.loc.slice(1) : problem.loc)],
  }))
}

function pathOf(request: IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://localhost').pathname
}
