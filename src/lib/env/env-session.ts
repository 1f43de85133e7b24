import type {RawData, WebSocket} from 'ws'
import type {PolicyDialect} from '../prompts/policy-dialects.js'
import {firstLine} from '../rollout/episode-outcome.js'
import {readReply, type PromptSettings} from '../rollout/policies/openai.js'
import type {PolicyInput, PolicyOutput} from '../rollout/policy.js'
import {turnData, type EnvEpisode, type EnvTurn} from './env-episode.js'
import type {EnvObservation, EnvState} from './env-observation.js'
import {errorReply, EnvMessageError, readEnvMessage, type ResetData, type StepData} from './env-protocol.js'

/** What a session needs of its server. */
export interface SessionHost {
  /** The dialect replies are read in, and whether memory is carried. */
  readonly dialect: PolicyDialect
  readonly prompt: PromptSettings
  readonly idleTimeoutMs: number
  /** The server takes no new episodes (it is shutting down). */
  readonly draining: boolean
  /** A new episode on the task `reset` names (a VALIDATION_ERROR when it names none that can run). */
  newEpisode(data: ResetData, artefactUrl: (name: string) => string): EnvEpisode
  /** A failure of the server's own (not the client's), for its operator. */
  report(error: unknown): void
}

/**
 * One OpenEnv session over a WebSocket: one environment, whose episodes run one at a time. Messages are handled in
 * the order they come; every one gets a reply (an error with OpenEnv's code when it cannot be acted on), and no
 * message can end the server. `close`, a dropped connection and the idle timeout end the running episode as aborted
 * and free its browser context; its trajectory is written all the same.
 */
export class EnvSession {
  private episode: EnvEpisode | null = null
  private episodeId: string | null = null
  private last: EnvObservation | null = null
  private reward = 0
  private queue: Promise<void> = Promise.resolve()
  private pending = 0
  private idle: NodeJS.Timeout | undefined
  private closed = false
  /** The running episode's end once the session has been ended, for the server to wait on. */
  private ending: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
    private readonly artefactUrl: (name: string) => string,
  ) {
    socket.on('message', (data, binary) => this.receive(data, binary))
    socket.on('close', () => {
      this.closed = true
      clearTimeout(this.idle)
      this.end('the client went away (its connection closed) before the episode ended')
    })
    socket.on('error', () => {})
    this.armIdle()
  }

  /** Whether an episode of this session is running (started and not ended). */
  get running(): boolean {
    return this.episode !== null && this.episode.end === null
  }

  /** Ends the running episode (as aborted, with `reason`); resolves when its trajectory is written. */
  end(reason: string): Promise<unknown> {
    if (this.running) this.ending = this.episode!.stop(reason).catch((error: unknown) => this.host.report(error))
    return this.ending
  }

  /** Closes the connection (the episode, if any, ends as the close handler says). */
  close(code: number, reason: string): void {
    if (!this.closed) this.socket.close(code, reason)
  }

  private receive(data: RawData, binary: boolean): void {
    clearTimeout(this.idle)
    const text = binary ? Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data as ArrayBuffer)]) : data
    this.pending++
    this.queue = this.queue
      .then(() => this.handle(String(text)))
      .finally(() => {
        this.pending--
        this.armIdle()
      })
  }

  private async handle(raw: string): Promise<void> {
    if (this.closed) return
    let reply: Record<string, unknown>
    try {
      const request = readEnvMessage(raw)
      switch (request.type) {
        case 'reset':
          reply = await this.reset(request.data)
          break
        case 'step':
          reply = await this.step(request.data)
          break
        case 'state':
          reply = {type: 'state', data: this.state()}
          break
        case 'close':
          await this.end('the client closed the session before the episode ended')
          this.close(1000, 'closed')
          return
      }
    } catch (error) {
      if (!(error instanceof EnvMessageError)) this.host.report(error)
      reply = errorReply(
        error instanceof EnvMessageError ? error : new EnvMessageError('EXECUTION_ERROR', firstLine(error)),
      )
    }
    this.send(reply)
  }

  private async reset(data: ResetData): Promise<Record<string, unknown>> {
    if (this.host.draining)
      throw new EnvMessageError('EXECUTION_ERROR', 'the server is shutting down: it starts no new episode')
    if (this.running) await this.end('the client reset the session before the episode ended')
    if (this.closed) throw new EnvMessageError('SESSION_ERROR', 'the session is closed')
    if (this.host.draining)
      throw new EnvMessageError('EXECUTION_ERROR', 'the server is shutting down: it starts no new episode')
    const episode = this.host.newEpisode(data, this.artefactUrl)
    this.episode = episode
    this.episodeId = data.episode_id ?? episode.trajectoryId
    this.reward = 0
    this.last = null
    return this.reply(await episode.begin(), true)
  }

  private async step(data: StepData): Promise<Record<string, unknown>> {
    const episode = this.episode
    if (!episode) throw new EnvMessageError('EXECUTION_ERROR', 'this session has no episode: send reset first')
    if (episode.end)
      throw new EnvMessageError('EXECUTION_ERROR', 'the episode has ended (done): send reset to start another')
    const current = episode.current
    if (!current || !episode.waiting)
      throw new EnvMessageError('EXECUTION_ERROR', 'the episode is not waiting for an action')
    const turn = await episode.step(this.output(data, current))
    if (turn === false) throw new EnvMessageError('EXECUTION_ERROR', 'the episode is not waiting for an action')
    return this.reply(turn, false)
  }

  /** The step's action as the episode takes it: a structured action as given, or a reply read by the dialect. */
  private output(data: StepData, current: PolicyInput): PolicyOutput {
    if (data.action)
      return {
        response: null,
        action: data.action,
        memory: this.host.prompt.useMemory ? (data.memory ?? null) : null,
        error: null,
      }
    return readReply(this.host.dialect, data.reply ?? data.action_str ?? null, current, this.host.prompt)
  }

  /** OpenEnv's observation reply: the observation, the reward (null at reset, 0 until the end) and done. */
  private reply(turn: EnvTurn, reset: boolean): Record<string, unknown> {
    this.last = turn.observation
    if (turn.done) this.reward = turn.reward
    return {type: 'observation', data: turnData(turn, reset)}
  }

  private state(): EnvState {
    const episode = this.episode
    return {
      episode_id: this.episodeId,
      step_count: episode?.actions ?? 0,
      trajectory_id: episode?.trajectoryId ?? null,
      task_id: episode?.task.id ?? null,
      goal: episode?.task.intent ?? null,
      url: this.last?.url ?? null,
      title: this.last?.title ?? null,
      max_steps: episode?.horizon ?? null,
      done: episode?.end !== null && episode?.end !== undefined,
      status: episode?.end?.trajectory.status ?? null,
      cum_reward: this.reward,
    }
  }

  private send(reply: Record<string, unknown>): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return
    this.socket.send(JSON.stringify(reply))
  }

  /** While the session waits for its client, the idle timeout runs; it ends the episode and the session. */
  private armIdle(): void {
    clearTimeout(this.idle)
    if (this.closed || this.pending > 0) return
    this.idle = setTimeout(() => {
      const seconds = Math.round(this.host.idleTimeoutMs / 1000)
      void this.end(`the client sent no message for ${seconds} s: the session's idle timeout ended the episode`)
      this.close(1001, 'idle timeout')
    }, this.host.idleTimeoutMs)
    this.idle.unref()
  }
}
