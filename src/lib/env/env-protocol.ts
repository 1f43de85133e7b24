import {z} from 'zod'
import {describeIssue} from '../io/zod-issue.js'
import {ActionSchema, TaskSchema} from '../schema/index.js'

// The messages of an OpenEnv session over the WebSocket (openenv.core.env_server: types.py and http_server.py), as
// `webgym env serve` reads and writes them: `reset`, `step`, `state` and `close` in; `observation`, `state` and `error`
// out, each `{type, data}`. OpenEnv's own EnvClient sends and reads exactly these.

/** OpenEnv's error codes (WSErrorCode), which its clients read from an error's `data.code`. */
export const ENV_ERROR_CODES = [
  'INVALID_JSON',
  'UNKNOWN_TYPE',
  'VALIDATION_ERROR',
  'EXECUTION_ERROR',
  'CAPACITY_REACHED',
  'FACTORY_ERROR',
  'SESSION_ERROR',
] as const
export type EnvErrorCode = (typeof ENV_ERROR_CODES)[number]

/** One problem with a field, as OpenEnv's reference server lists a validation error's problems (pydantic's). */
export interface FieldProblem {
  type: string
  loc: Array<string | number>
  msg: string
}

/** A message the session cannot act on: the OpenEnv code, one line, and the fields at fault for a validation error. */
export class EnvMessageError extends Error {
  constructor(
    readonly code: EnvErrorCode,
    message: string,
    readonly errors?: readonly FieldProblem[],
  ) {
    super(message)
    this.name = 'EnvMessageError'
  }
}

/**
 * What `reset` takes: a task of the served files by id, or a whole task record, or neither (the next served task, or
 * one drawn with `seed`); `prompt` asks for the dialect's messages with every observation of the episode; `model`
 * names who writes the replies, for the trajectory's run block.
 */
export const ResetDataSchema = z
  .strictObject({
    task_id: z.string().min(1).optional().describe('A task of the served task files, by id'),
    task: TaskSchema.optional().describe('A whole task record to run (the served files need not hold it)'),
    seed: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Without task_id or task: draws the served task this seed picks (the same seed, the same task)'),
    episode_id: z.string().max(255).optional().describe("The client's own name for the episode, echoed by state"),
    prompt: z
      .boolean()
      .optional()
      .describe("true: every observation carries the chat messages webgym's dialect would send the model"),
    model: z.string().min(1).max(255).optional().describe("The policy model's name, for the trajectory's run.model"),
  })
  .refine((data) => data.task_id === undefined || data.task === undefined, {
    message: 'give task_id or task, not both',
    path: ['task_id'],
  })
export type ResetData = z.infer<typeof ResetDataSchema>

/**
 * What `step` takes: exactly one of a structured action in webgym's vocabulary, the model's raw reply in the server's
 * dialect, or `action_str` (the field OpenEnv's BrowserGym client sends; read as a reply). `metadata`, `timeout_s`
 * and `request_id` are OpenEnv's own fields: accepted, not used.
 */
export const StepDataSchema = z
  .strictObject({
    action: ActionSchema.optional().describe("A structured action in webgym's vocabulary (as trajectories record it)"),
    reply: z
      .string()
      .optional()
      .describe("The model's raw reply, read in the dialect the server was started with, as rollout reads it"),
    action_str: z.string().optional().describe('The same as reply (the field of OpenEnv BrowserGym actions)'),
    memory: z.string().optional().describe('With a structured action: the memory the step carries on'),
    metadata: z.record(z.string(), z.unknown()).optional(),
    timeout_s: z.number().positive().optional(),
    request_id: z.string().max(255).optional(),
  })
  .superRefine((data, context) => {
    const given = (['action', 'reply', 'action_str'] as const).filter((key) => data[key] !== undefined)
    if (given.length !== 1)
      context.addIssue({
        code: 'custom',
        path: given.length === 0 ? ['action'] : [given[1]!],
        message:
          given.length === 0
            ? 'a step needs an action, a reply or an action_str'
            : `give one of action, reply and action_str, not ${given.join(' and ')}`,
      })
    if (data.memory !== undefined && data.action === undefined)
      context.addIssue({
        code: 'custom',
        path: ['memory'],
        message: "memory goes with a structured action (a reply's memory is read from the reply)",
      })
  })
export type StepData = z.infer<typeof StepDataSchema>

const MESSAGES = {
  reset: z.strictObject({type: z.literal('reset'), data: ResetDataSchema.default({})}),
  step: z.strictObject({type: z.literal('step'), data: StepDataSchema}),
  state: z.strictObject({type: z.literal('state')}),
  close: z.strictObject({type: z.literal('close')}),
}

export type EnvRequest =
  {type: 'reset'; data: ResetData} | {type: 'step'; data: StepData} | {type: 'state'} | {type: 'close'}

/** Reads one message of a session; a message that is not JSON, of no known type or with a bad field throws. */
export function readEnvMessage(raw: string): EnvRequest {
  let message: unknown
  try {
    message = JSON.parse(raw)
  } catch (error) {
    throw new EnvMessageError('INVALID_JSON', `Invalid JSON: ${(error as Error).message}`)
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message))
    throw new EnvMessageError('VALIDATION_ERROR', 'a message is a JSON object {"type": ..., "data": ...}', [
      {type: 'model_type', loc: [], msg: 'expected an object'},
    ])
  const type = (message as {type?: unknown}).type
  if (typeof type !== 'string' || !Object.hasOwn(MESSAGES, type))
    throw new EnvMessageError(
      'UNKNOWN_TYPE',
      `Unknown message type: ${typeof type === 'string' ? type : JSON.stringify(type ?? '')} (known: reset, step, state, close)`,
    )
  const parsed = MESSAGES[type as keyof typeof MESSAGES].safeParse(message)
  if (!parsed.success) throw validationError(parsed.error, message)
  return parsed.data as EnvRequest
}

/** A zod error as OpenEnv's VALIDATION_ERROR: the first problem in the message line, every problem in `errors`. */
export function validationError(error: z.ZodError, value: unknown): EnvMessageError {
  const problems = error.issues.flatMap(fieldProblems)
  const first = error.issues[0]
  const line =
    first && first.code !== 'custom' && first.code !== 'unrecognized_keys'
      ? describeIssue(error, value)
      : {field: problems[0]?.loc.join('.') || undefined, problem: problems[0]?.msg ?? 'invalid message'}
  return new EnvMessageError(
    'VALIDATION_ERROR',
    `Invalid message: ${line.field ?? 'the message'}: ${line.problem}`,
    problems,
  )
}

/** One zod issue as pydantic's problems: an unknown field is named in its own `loc`, as pydantic's extra_forbidden. */
function fieldProblems(issue: z.core.$ZodIssue): FieldProblem[] {
  const loc = issue.path.map(pathPart)
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({type: 'extra_forbidden', loc: [...loc, key], msg: 'unknown field'}))
  return [{type: issue.code, loc, msg: issue.message}]
}

/** The reply to a message that failed: OpenEnv's `{type: "error", data: {message, code, ...}}`. */
export function errorReply(error: EnvMessageError, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'error',
    data: {message: error.message, code: error.code, ...(error.errors ? {errors: error.errors} : {}), ...extra},
  }
}

/** A zod path part as a JSON location: a symbol key (never in parsed JSON) by its description. */
function pathPart(part: PropertyKey): string | number {
  return typeof part === 'symbol' ? (part.description ?? 'symbol') : part
}
