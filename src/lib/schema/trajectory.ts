import {z} from 'zod'
import {TaskSchema} from './task.js'

export const ActionSchema = z
  .looseObject({
    name: z.string().describe('left_click, type, scroll, wait, go_back, navigate, answer'),
    coordinate: z.tuple([z.number(), z.number()]).optional().describe('[x, y] in 0-1000 relative units'),
    text: z.string().optional(),
    direction: z.enum(['up', 'down', 'left', 'right']).optional(),
    url: z.string().optional(),
    seconds: z.number().optional(),
  })
  .describe('A parsed policy action')

export const StepSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  url: z.string(),
  title: z.string().optional(),
  screenshot: z.string().nullable().describe('Path of the image file, relative to the shots store'),
  response: z.string().nullable().describe("The model's raw response"),
  action: ActionSchema.nullable(),
  memory: z.string().nullable().default(null),
  action_error: z.string().nullable().default(null),
  repeated: z.boolean().default(false),
  train: z.boolean().optional().describe('false: filter --drop-repeated-steps left the step out of training'),
  observe_ms: z.number().nonnegative(),
  policy_ms: z.number().nonnegative(),
  act_ms: z.number().nonnegative(),
})

export const RunSchema = z.looseObject({
  policy: z.string(),
  model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  policy_version: z.string().nullable().default(null),
  window: z.number().int().positive().optional().describe('Rounds sent with screenshots (model policies; absent in older records: 4)'),
  memory: z.boolean().optional().describe('Whether the memory was carried (model policies; absent in older records: true)'),
  viewport: z.object({width: z.number().int().positive(), height: z.number().int().positive()}),
  horizon: z.number().int().positive(),
  seed: z.number().int().nullable(),
  webgym_version: z.string(),
  started_at: z.string().optional(),
  ended_at: z.string().optional(),
})

export const TRAJECTORY_STATUSES = ['answered', 'horizon', 'stuck', 'blocked', 'error', 'aborted'] as const

export const TrajectorySchema = z
  .looseObject({
    task: TaskSchema,
    run: RunSchema,
    status: z.enum(TRAJECTORY_STATUSES),
    answer: z.string().nullable(),
    error: z.string().nullable(),
    steps: z.array(StepSchema),
    check: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .describe("The fixture web's programmatic check verdict, when the task came from it"),
  })
  .describe('One episode of a policy on a task')

export type Action = z.infer<typeof ActionSchema>
export type Step = z.infer<typeof StepSchema>
export type Run = z.infer<typeof RunSchema>
export type Trajectory = z.infer<typeof TrajectorySchema>
