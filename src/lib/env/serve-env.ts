import {once} from 'node:events'
import type {InvalidRecords} from '../io/invalid-records.js'
import {OutputWriteError} from '../io/record-writer.js'
import {readRecords} from '../io/read-records.js'
import type {PolicyDialect} from '../prompts/policy-dialects.js'
import type {Reporter} from '../report/reporter.js'
import {firstLine} from '../rollout/episode-outcome.js'
import type {PromptSettings} from '../rollout/policies/openai.js'
import type {RolloutStop} from '../rollout/run-rollout.js'
import {TaskSchema, type Task} from '../schema/task.js'
import type {ScreenshotDelivery} from './env-observation.js'
import {EnvServer} from './env-server.js'
import {EnvWorld, type EnvWorldOptions} from './env-world.js'
import {EpisodeRewarder, type RewardOptions} from './episode-reward.js'
import {ServedTasks} from './served-tasks.js'

export interface ServeEnvOptions {
  /** Task record files (NDJSON, optionally .gz); `-` or none is stdin. */
  tasks: {files: readonly string[]; invalid: InvalidRecords; maxLineBytes: number}
  world: Omit<EnvWorldOptions, 'tasks' | 'reporter' | 'names'>
  server: {
    host: string
    port: number
    maxSessions: number
    idleTimeoutMs: number
    screenshot: ScreenshotDelivery
    dialect: PolicyDialect
    prompt: PromptSettings
    seed: number
  }
  reward: Omit<RewardOptions, 'shots' | 'names'>
  reporter: Reporter
  names?: EnvWorldOptions['names']
  /** Told where the server listens, once it does. */
  onListening: (address: {url: string; ws: string; tasks: number; maxSessions: number}) => void
}

export interface ServeEnvResult {
  episodes: number
  steps: number
}

/**
 * `webgym env serve`: reads the tasks, starts what the episodes run in (as rollout does) and the OpenEnv server, and
 * serves until `stop.drain`: then it takes no new sessions or episodes, gives those running until `stop.signal`, ends
 * the rest as aborted, writes their trajectories and closes everything. A trajectory that cannot be written stops it
 * the same way, and it throws that failure at the end. It installs no signal handler and never exits the process.
 */
export async function serveEnv(options: ServeEnvOptions, stop: Required<RolloutStop>): Promise<ServeEnvResult> {
  const tasks = await readTasks(options)
  const world = await EnvWorld.start({...options.world, tasks, reporter: options.reporter, names: options.names})
  const rewarder = new EpisodeRewarder({...options.reward, shots: options.world.output.shots, names: options.names})
  let failure: unknown = null
  const failed = new AbortController()
  try {
    const server = await EnvServer.start(
      {
        ...options.server,
        onFailure: (error) => {
          if (error instanceof OutputWriteError) {
            failure ??= error
            failed.abort()
          } else options.reporter.warn(`env serve: ${firstLine(error)}`)
        },
      },
      world,
      new ServedTasks(tasks),
      rewarder,
    )
    options.onListening({
      url: server.url,
      ws: `${server.url.replace(/^http/, 'ws')}/ws`,
      tasks: tasks.length,
      maxSessions: options.server.maxSessions,
    })
    await Promise.race([aborted(stop.drain), aborted(failed.signal)])
    server.drain()
    // Those running may finish within the grace the caller gives, unless something failed.
    await Promise.race([server.whenIdle(), aborted(stop.signal), aborted(failed.signal)])
    await server.close(
      failure
        ? 'the server stopped: a trajectory could not be written'
        : 'the server was stopped before the episode ended',
    )
  } finally {
    await rewarder.close()
    await world.close()
  }
  const {metrics} = world
  const statuses = Object.entries(metrics.episodes)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ')
  options.reporter.info(
    `env serve: ${metrics.done} episodes (${statuses || 'none'}); ${metrics.steps} steps, ${metrics.stepsPerSecond().toFixed(1)} steps/s; ${world.pool?.restarts ?? 0} browser restarts`,
  )
  if (failure) throw failure
  return {episodes: metrics.done, steps: metrics.steps}
}

async function readTasks(options: ServeEnvOptions): Promise<Task[]> {
  const seen = new Set<string>()
  const tasks: Task[] = []
  const records = readRecords(options.tasks.files, {
    schema: TaskSchema,
    invalid: options.tasks.invalid,
    maxLineBytes: options.tasks.maxLineBytes,
  })
  let repeated = 0
  for await (const {record} of records) {
    if (seen.has(record.id)) {
      repeated++
      continue
    }
    seen.add(record.id)
    tasks.push(record)
  }
  if (repeated > 0) options.reporter.warn(`${repeated} tasks appear more than once in the input: each is served once`)
  return tasks
}

function aborted(signal: AbortSignal): Promise<void> {
  return signal.aborted ? Promise.resolve() : once(signal, 'abort').then(() => undefined)
}
