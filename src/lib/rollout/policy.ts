import type {EndpointSummary} from '../llm/endpoint-pool.js'
import type {Page} from 'playwright-core'
import type {PageElements} from '../observe/page-elements.js'
import type {RecordedAction} from '../schema/action.js'
import type {Step} from '../schema/trajectory.js'
import type {Task} from '../schema/task.js'
import type {SettleResult} from './settle.js'

/** What a policy sees at one step. */
export interface Observation {
  /** The JPEG screenshot of the viewport, as the page showed it (the record's screenshot). */
  image: Buffer
  /** The image the policy is shown: the screenshot, the Set-of-Marks one (som), or none (axtree alone). */
  shown: Buffer | null
  /** The text observation (element list, accessibility tree) of modes that give one. */
  text?: string
  /** The numbered elements of modes with element ids, for acting on an id; null in screenshot mode. */
  elements: PageElements | null
  url: string
  title: string
  /** When the screenshot was taken (ms since the epoch). */
  observedAt: number
}

/** A step already taken in this episode, with the image the policy saw then (kept for the prompt window; empty when none). */
export interface PastStep {
  step: Step
  image: Buffer
}

export interface PolicyInput {
  index: number
  observation: Observation
  /** How the page settled before this observation (null: settling is off), for a client that is shown it (env serve). */
  settle?: SettleResult | null
  history: readonly PastStep[]
  /** The memory carried from the last response that gave one. */
  memory: string | null
  /** The previous action repeated an earlier one on an unchanged screen. */
  lastActionNoEffect: boolean
  lastActionError: string | null
  viewport: {width: number; height: number}
  /** The live page, for policies that read the DOM (the oracle); a model policy sees only the observation. */
  page: Page
  signal: AbortSignal
}

export interface PolicyOutput {
  /** The model's raw response, or null for policies without a model. */
  response: string | null
  /** A thinking model's reasoning, when the server returns it apart from the content (reasoning_content). */
  reasoning?: string | null
  /** What the policy chose: a model's reply read by its dialect, or a recorded action as it was (replay). */
  action: RecordedAction | null
  memory: string | null
  /** Why no action could be taken from the response (malformed output), or null. */
  error: string | null
}

/** One episode of a policy: it may keep state from step to step. */
export interface EpisodePolicy {
  next(input: PolicyInput): Promise<PolicyOutput>
  /** A step cap of its own (replay: the recorded length), lower than the run's horizon. */
  readonly horizon?: number
}

export interface Policy {
  readonly name: string
  readonly model: string | null
  readonly promptVersion: string | null
  readonly version: string | null
  /** Whether `next` sends a model request (counted against --max-inflight). */
  readonly remote: boolean
  /** How a model policy builds its prompts (--window, --memory), recorded in the run block. */
  readonly promptSettings?: {window: number; memory: boolean}
  /** An episode on `task`: `seed` is the attempt's own (taskSeed), `attempt` which of the task's --samples it is. */
  begin(task: Task, seed: number, attempt: number): EpisodePolicy
  close?(): Promise<void>
  /** A model policy's servers: requests, errors and latency of each (several with replicas). */
  servers?(): EndpointSummary[]
}

/** A policy failed in a way the episode cannot go on from (the model server is unreachable after its retries). */
export class PolicyFailure extends Error {}
