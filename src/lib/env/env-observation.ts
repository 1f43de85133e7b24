import {createHash} from 'node:crypto'
import {z} from 'zod'
import type {PolicyDialect} from '../prompts/policy-dialects.js'
import {policyMessages, type PromptSettings} from '../rollout/policies/openai.js'
import type {PolicyInput} from '../rollout/policy.js'
import {EPISODE_END_KINDS, EPISODE_STAGES, TRAJECTORY_STATUSES, type Trajectory} from '../schema/trajectory.js'
import type {Task} from '../schema/task.js'
import type {EpisodeReward} from './episode-reward.js'

// What a client of `webgym env serve` is shown: an observation at each step, the outcome at the end, and the state.
// One zod schema each (served at /schema); the builders below are the only places they are filled in.

/** How the screenshot travels: base64 JPEG in the message, a URL on the server's artefact route, or not at all. */
export const SCREENSHOT_DELIVERIES = ['inline', 'url', 'none'] as const
export type ScreenshotDelivery = (typeof SCREENSHOT_DELIVERIES)[number]

export const EnvObservationSchema = z
  .object({
    task_id: z.string(),
    goal: z.string().describe("The task's intent, as the model is given it"),
    url: z.string(),
    title: z.string(),
    step: z.number().int().nonnegative().describe('Actions taken so far in the episode'),
    horizon: z.number().int().positive().describe('The step cap of the episode'),
    screenshot: z
      .string()
      .nullable()
      .describe(
        'The image the policy is shown (som: with the marks), as base64 JPEG or a URL on /artefacts/, as the server was started to send it (`webgym env serve --screenshot`); null in axtree mode, when the server sends none, and at the end',
      ),
    text: z.string().nullable().describe("The observation mode's text (element list, accessibility tree), or null"),
    last_action_error: z
      .string()
      .nullable()
      .describe('Why the last action failed or did nothing, as the model is told'),
    last_action_no_effect: z.boolean().describe('The last action repeated an earlier one on an unchanged screen'),
    memory: z.string().nullable().describe('The memory carried from the last reply that gave one'),
    settled: z
      .boolean()
      .nullable()
      .describe('The page settled before this observation (false: the bound ended the wait; null: off or at the end)'),
    settle_ms: z.number().nonnegative().nullable(),
    settle_busy: z.string().nullable().describe('What was still going on when the bound ended the wait'),
    prompt: z
      .array(z.unknown())
      .optional()
      .describe("With reset's prompt: true: the chat messages webgym's dialect would send the model now"),
  })
  .describe('What the agent sees at one step of a webgym episode')
export type EnvObservation = z.infer<typeof EnvObservationSchema>

/** How the episode ended, in the `metadata` of its last reply: the trajectory's outcome and the judgment. */
export const EnvOutcomeSchema = z.object({
  trajectory_id: z.string(),
  status: z.enum(TRAJECTORY_STATUSES),
  cause: z.object({kind: z.enum(EPISODE_END_KINDS), stage: z.enum(EPISODE_STAGES).optional()}).nullable(),
  error: z.string().nullable(),
  answer: z.string().nullable(),
  steps: z.number().int().nonnegative(),
  judgment: z.record(z.string(), z.unknown()).nullable().describe('What the reward comes from (null: not judged)'),
})
export type EnvOutcome = z.infer<typeof EnvOutcomeSchema>

export const EnvStateSchema = z
  .object({
    episode_id: z.string().nullable().describe('The trajectory id, or the episode_id given at reset'),
    step_count: z.number().int().nonnegative(),
    trajectory_id: z.string().nullable(),
    task_id: z.string().nullable(),
    goal: z.string().nullable(),
    url: z.string().nullable(),
    title: z.string().nullable(),
    max_steps: z.number().int().positive().nullable(),
    done: z.boolean(),
    status: z.enum(TRAJECTORY_STATUSES).nullable().describe('The trajectory status once the episode has ended'),
    cum_reward: z.number(),
  })
  .describe('The state of a webgym session')
export type EnvState = z.infer<typeof EnvStateSchema>

/** What an observation is built with: how the screenshot travels, and the dialect's prompt when asked for. */
export interface ObservationSettings {
  screenshot: ScreenshotDelivery
  /** The URL of a stored artefact on this server, for `url` delivery. */
  artefactUrl: (name: string) => string
  /** The dialect and prompt settings, when the client asked for the prompt at reset. */
  prompt: {dialect: PolicyDialect; settings: PromptSettings} | null
}

/** The observation the episode asks an action for. */
export function stepObservation(
  task: Task,
  input: PolicyInput,
  horizon: number,
  settings: ObservationSettings,
): EnvObservation {
  const {observation, settle} = input
  return {
    task_id: task.id,
    goal: task.intent,
    url: observation.url,
    title: observation.title,
    step: input.index,
    horizon,
    screenshot: screenshotOf(observation.shown, settings),
    text: observation.text ?? null,
    last_action_error: input.lastActionError,
    last_action_no_effect: input.lastActionNoEffect,
    memory: input.memory,
    settled: settle ? settle.settled : null,
    settle_ms: settle ? Math.round(settle.ms * 10) / 10 : null,
    settle_busy: settle?.busy ?? null,
    ...(settings.prompt
      ? {prompt: policyMessages(settings.prompt.dialect, task, input, settings.prompt.settings) as unknown[]}
      : {}),
  }
}

/**
 * The observation at the end: the episode ends on its last action without observing the page again (as a rollout's
 * do), so it names the page last observed and carries no screenshot.
 */
export function finalObservation(trajectory: Trajectory, horizon: number): EnvObservation {
  const last = trajectory.steps.at(-1)
  return {
    task_id: trajectory.task.id,
    goal: trajectory.task.intent,
    url: last?.url ?? trajectory.task.start_url ?? '',
    title: last?.title ?? '',
    step: trajectory.steps.length,
    horizon,
    screenshot: null,
    text: null,
    last_action_error: last?.action_error ?? null,
    last_action_no_effect: last?.repeated ?? false,
    memory: [...trajectory.steps].reverse().find((step) => step.memory !== null)?.memory ?? null,
    settled: null,
    settle_ms: null,
    settle_busy: null,
  }
}

/** The outcome of an ended episode, as its last reply's metadata carries it. */
export function episodeOutcome(trajectory: Trajectory, reward: EpisodeReward): EnvOutcome {
  return {
    trajectory_id: trajectory.id ?? trajectory.task.id,
    status: trajectory.status,
    cause: trajectory.cause ?? null,
    error: trajectory.error,
    answer: trajectory.answer,
    steps: trajectory.steps.length,
    judgment: reward.judgment,
  }
}

function screenshotOf(image: Buffer | null, settings: ObservationSettings): string | null {
  if (!image || settings.screenshot === 'none') return null
  if (settings.screenshot === 'inline') return image.toString('base64')
  // The episode stored this very image under its hash before asking for an action.
  return settings.artefactUrl(`${createHash('sha256').update(image).digest('hex')}.jpg`)
}
