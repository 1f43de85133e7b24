import type {ChatMessage} from '../llm/client.js'
import type {PolicyDialect} from '../prompts/policy-dialects.js'
import {policyRound} from '../rollout/policies/openai.js'
import {observeModeOf} from '../observe/observe-mode.js'
import type {Trajectory} from '../schema/trajectory.js'

// The prompt a model policy saw at each step, rebuilt from the trajectory with the rollout's own prompt builder and
// the same state the episode loop kept: the steps before, their screenshots (as many as the rollout's image buffer
// held), the memory carried from the last reply that gave one, and the notes about the previous action.

/** Older trajectories have no window or memory in their run block: the rollout defaults then. */
export const DEFAULT_PROMPT_WINDOW = 4
export const DEFAULT_PROMPT_MEMORY = true

export type PromptPart = {type: 'text'; text: string} | {type: 'image'; shot: string}

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant'
  content: string | PromptPart[]
}

export interface PromptSettings {
  window: number
  memory: boolean
}

export function promptSettings(run: Trajectory['run']): PromptSettings {
  const window = typeof run.window === 'number' ? run.window : DEFAULT_PROMPT_WINDOW
  const memory = typeof run.memory === 'boolean' ? run.memory : DEFAULT_PROMPT_MEMORY
  return {window, memory}
}

const SHOT_PREFIX = 'webgym-shot:'

/**
 * The messages the policy was sent at step `position` (0-based, in `trajectory.steps`), built by the trajectory's
 * dialect; screenshots are image parts naming the step's screenshot path as the record has it. The current step must
 * have a screenshot.
 */
export function stepPrompt(
  trajectory: Trajectory,
  position: number,
  settings: PromptSettings,
  dialect: PolicyDialect,
): PromptMessage[] {
  const steps = trajectory.steps
  const step = steps[position]!
  if (step.screenshot === null) throw new Error(`step ${step.index} has no screenshot`)
  // The episode keeps the screenshots of the last `window` steps for the prompt; older ones are dropped.
  const oldestImage = position - settings.window
  const mode = observeModeOf(trajectory.run)
  const shown = (at: typeof step) => {
    const path = mode.shownImage(at)
    return path === null ? undefined : shotUrl(path)
  }
  const rounds = steps
    .slice(0, position)
    .map((past, i) => policyRound(past, i >= oldestImage ? shown(past) : undefined, settings.memory))
  let memory: string | null = null
  for (const past of steps.slice(0, position)) if (past.memory !== null) memory = past.memory
  const previous = position > 0 ? steps[position - 1]! : undefined
  const messages = dialect.buildMessages({
    task: {intent: trajectory.task.intent, start_url: trajectory.task.start_url, website: trajectory.task.website},
    viewport: trajectory.run.viewport,
    rounds,
    current: {
      url: step.url,
      title: step.title,
      image: shown(step),
      ...(step.observation?.text === undefined ? {} : {text: step.observation.text}),
    },
    memory: settings.memory ? memory : null,
    useMemory: settings.memory,
    lastActionNoEffect: previous?.repeated ?? false,
    lastActionError: previous?.action_error ?? null,
    window: settings.window,
  })
  return messages.map(toPromptMessage)
}

function shotUrl(path: string): string {
  return `${SHOT_PREFIX}${path}`
}

function toPromptMessage(message: ChatMessage): PromptMessage {
  const role = message.role
  if (role !== 'system' && role !== 'user' && role !== 'assistant')
    throw new Error(`unexpected ${role} message from the prompt builder`)
  const {content} = message as {content: unknown}
  if (typeof content === 'string') return {role, content}
  if (!Array.isArray(content)) throw new Error(`unexpected ${role} content from the prompt builder`)
  return {
    role,
    content: content.map((part: {type: string; text?: string; image_url?: {url: string}}): PromptPart => {
      if (part.type === 'text') return {type: 'text', text: part.text ?? ''}
      const url = part.image_url?.url ?? ''
      if (part.type !== 'image_url' || !url.startsWith(SHOT_PREFIX))
        throw new Error(`unexpected ${part.type} part from the prompt builder`)
      return {type: 'image', shot: url.slice(SHOT_PREFIX.length)}
    }),
  }
}
