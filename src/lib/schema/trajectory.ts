import {z} from 'zod'
import {OBSERVE_MODES} from '../observe/observe-mode.js'
import {RecordedActionSchema} from './action.js'
import {TaskSchema} from './task.js'
import {capNote, TEXT_CAPS} from './text-caps.js'

export const StepObservationSchema = z.object({
  marked_screenshot: z
    .string()
    .optional()
    .describe('The Set-of-Marks screenshot the policy saw (som modes), in the shots store'),
  text: z
    .string()
    .optional()
    .describe(
      `The text observation the policy was sent: the element list and/or the accessibility tree (${capNote('observationText')}; each element's name at most ${TEXT_CAPS.elementName} characters)`,
    ),
  elements: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('How many elements the policy was shown with an id: the marks (som modes), else the ids of the tree'),
})

export const PAGE_STATES = ['ok', 'blank', 'browser_error', 'blocked'] as const

export const RefusedHostSchema = z
  .object({
    host: z.string(),
    count: z.number().int().positive().describe("How many of the host's requests were refused in the step"),
    reason: z.string().describe(`The guard's or the egress proxy's reason (${capNote('error')})`),
    url: z.string().describe('The first refused URL (up to 200 characters)'),
  })
  .describe("A host whose requests the page made on its own were refused: not the action's doing")

export const StepSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  url: z.string().describe(`The page's URL when it was observed (${capNote('url')})`),
  title: z
    .string()
    .optional()
    .describe(`The page's title (${capNote('title')})`),
  screenshot: z.string().nullable().describe('Path of the image file, relative to the shots store'),
  response: z
    .string()
    .nullable()
    .describe(`The model's raw response (${capNote('response')})`),
  action: RecordedActionSchema.nullable(),
  memory: z
    .string()
    .nullable()
    .default(null)
    .describe(`The memory the model carried on (${capNote('memory')})`),
  action_error: z
    .string()
    .nullable()
    .default(null)
    .describe(`Why the action failed, or what it could not do (${capNote('error')})`),
  repeated: z.boolean().default(false),
  train: z.boolean().optional().describe('false: filter left this repeated step out of training'),
  observe_ms: z.number().nonnegative().describe('Settling and capturing the observation'),
  policy_ms: z.number().nonnegative(),
  act_ms: z.number().nonnegative(),
  settle_ms: z
    .number()
    .nonnegative()
    .optional()
    .describe('How long the page was waited for before the observation (part of observe_ms)'),
  settled: z
    .boolean()
    .nullable()
    .optional()
    .describe(
      'true: the page settled before the observation; false: the settle timeout ended the wait; null: settling was off',
    ),
  settle_busy: z.string().optional().describe('What was still going on when the bound ended the wait (settled false)'),
  observed_at: z.string().optional().describe('When the screenshot was taken (ISO 8601, ms)'),
  reasoning: z
    .string()
    .nullable()
    .optional()
    .describe(
      `A thinking model's reasoning (the server's reasoning_content), apart from the response (${capNote('reasoning')})`,
    ),
  observation: StepObservationSchema.optional().describe(
    'What the policy was shown besides the screenshot (rollout --observe other than screenshot)',
  ),
  page: z
    .enum(PAGE_STATES)
    .optional()
    .describe(
      'What the observation shows: a page (ok), about:blank (blank), a browser error page (browser_error), or ' +
        'where a navigation the guard or the egress proxy refused left the tab (blocked); absent in older records',
    ),
  page_cause: z
    .string()
    .optional()
    .describe(`Why the observation is blank or an error page (page other than ok; ${capNote('error')})`),
  refused: z
    .array(RefusedHostSchema)
    .optional()
    .describe(
      'Requests the page made on its own that were refused from the action to the next observation (for the first ' +
        'step, from the start page on), one entry per host; absent when none',
    ),
  refused_left_out: z
    .object({hosts: z.number().int().positive(), requests: z.number().int().positive()})
    .optional()
    .describe('Refused hosts beyond the first 10 of `refused`, and their requests'),
})

export const RunSchema = z.looseObject({
  policy: z.string(),
  model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  policy_version: z.string().nullable().default(null),
  window: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Rounds sent with screenshots (model policies; absent in older records: 4)'),
  memory: z
    .boolean()
    .optional()
    .describe('Whether the memory was carried (model policies; absent in older records: true)'),
  viewport: z.object({width: z.number().int().positive(), height: z.number().int().positive()}),
  horizon: z.number().int().positive(),
  seed: z.number().int().nullable(),
  webgym_version: z.string(),
  observe: z
    .enum(OBSERVE_MODES)
    .optional()
    .describe('What the policy was shown (rollout --observe); absent: screenshot'),
  settle: z
    .object({quiet_ms: z.number().nonnegative(), timeout_ms: z.number().nonnegative()})
    .optional()
    .describe('When a page counted as settled before each observation (timeout_ms 0: settling off)'),
  started_at: z.string().optional(),
  ended_at: z.string().optional(),
})

export const TRAJECTORY_STATUSES = ['answered', 'horizon', 'stuck', 'blocked', 'error', 'aborted'] as const

/** Why an episode ended, as a kind (and for a timeout or a browser error, the stage it happened in). */
export const EPISODE_END_KINDS = [
  'answered', // the policy answered (status answered)
  'horizon', // the step cap (horizon)
  'no-effect', // the same action changed nothing --max-repeats times in a row (stuck)
  'unusable-replies', // --max-action-errors replies in a row gave no action (error)
  'blocked-page', // the start page was a block page: captcha, 403 (blocked)
  'blocklisted', // the website is on the blocklist (blocked)
  'guard-refused', // the navigation guard refused the start URL (error)
  'start-failed', // the start page did not load: a network or HTTP failure (error)
  'no-start-url', // the task has none (error)
  'timeout', // a stage took longer than its limit, or the episode did (error)
  'browser-error', // the browser failed a call in a stage (error)
  'browser-lost', // the browser crashed or hung and the retries ran out (error)
  'policy-failed', // the policy failed for good: the model server after its retries (error)
  'stopped', // the run was stopped by a signal (aborted)
  'not-started', // the run stopped or gave up before this episode started (aborted; --resume runs it)
] as const
export const EPISODE_STAGES = ['open', 'start', 'observe', 'decide', 'act', 'episode'] as const

export const EpisodeCauseSchema = z
  .object({
    kind: z.enum(EPISODE_END_KINDS),
    stage: z.enum(EPISODE_STAGES).optional().describe('Where a timeout or a browser error happened'),
  })
  .describe('Why the episode ended, typed: read this, not the error text')

export const TrajectorySchema = z
  .looseObject({
    id: z.string().optional().describe('<task id>#<attempt>'),
    attempt: z.number().int().positive().optional().describe("Which of the task's sampled attempts this is, from 1"),
    task: TaskSchema,
    run: RunSchema,
    status: z.enum(TRAJECTORY_STATUSES),
    cause: EpisodeCauseSchema.optional(),
    answer: z
      .string()
      .nullable()
      .describe(`The answer action's text (${capNote('actionText')})`),
    error: z
      .string()
      .nullable()
      .describe(`Why the episode ended in error (${capNote('error')})`),
    steps: z.array(StepSchema),
    check: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .describe("The task's validation verdict at the end of the episode (the fixture web's programmatic check)"),
    trace: z
      .string()
      .optional()
      .describe(
        "Path of the Playwright trace of the episode (rollout's trace option): npx playwright-core show-trace PATH",
      ),
  })
  .describe('One episode of a policy on a task')

export type Step = z.infer<typeof StepSchema>
export type StepObservation = z.infer<typeof StepObservationSchema>
export type RefusedHost = z.infer<typeof RefusedHostSchema>
export type PageState = (typeof PAGE_STATES)[number]
export type Run = z.infer<typeof RunSchema>
export type Trajectory = z.infer<typeof TrajectorySchema>
export type EpisodeCause = z.infer<typeof EpisodeCauseSchema>
export type EpisodeEndKind = (typeof EPISODE_END_KINDS)[number]
export type EpisodeStage = (typeof EPISODE_STAGES)[number]
