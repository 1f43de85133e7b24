import type {ParquetColumn} from './parquet-columns.js'

// The columns of judged trajectories as parquet (filter --format parquet). One type per column; a missing text is ""
// and a missing number -1, as in the tasks' hf rows, so a column means one thing in every row; the parts whose shape
// varies (the task, the run block, the judgment, an action's arguments, fields of later versions) are JSON text, so
// that every field of a record is in some column.

/** One row per trajectory (its steps a list in the row), or one row per step (the trajectory's columns repeated). */
export const ROW_LAYOUTS = ['trajectory', 'step'] as const
/** Screenshots as their path in the store, or as the image files' bytes (the Hub's Image feature). */
export const IMAGE_MODES = ['path', 'bytes'] as const

export type RowLayout = (typeof ROW_LAYOUTS)[number]
export type ImageMode = (typeof IMAGE_MODES)[number]

export interface TrajectoryLayout {
  rows: RowLayout
  images: ImageMode
}

const json = (what: string) => `${what}; JSON text (json.loads it)`

/** The columns every row has: the trajectory, its task and its judgment. */
export const EPISODE_COLUMNS: readonly ParquetColumn[] = [
  {
    name: 'trajectory_id',
    type: 'string',
    description:
      'The trajectory as judge, filter and eval name it: `task id@run.started_at` (the task id alone without a start time)',
  },
  {name: 'task_id', type: 'string', description: 'Task id, `source:native-id`'},
  {name: 'intent', type: 'string', description: 'The instruction the agent was given'},
  {name: 'website', type: 'string', description: 'Registrable domain of the task; "" when unknown'},
  {name: 'level', type: 'string', description: 'easy (1-3 facts), medium (4-6) or hard (7+); "" when unknown'},
  {name: 'difficulty', type: 'int64', description: 'Number of facts in the rubric; -1 when unknown'},
  {
    name: 'status',
    type: 'string',
    description: 'How the episode ended: answered, horizon, stuck, blocked, error or aborted',
  },
  {name: 'answer', type: 'string', description: 'The final answer; "" when none was given'},
  {name: 'error', type: 'string', description: 'Why the episode failed; "" when it did not'},
  {name: 'reward', type: 'int64', description: "The judge's reward: 1 success, 0 failure"},
  {name: 'model', type: 'string', description: 'The policy model; "" for a policy without one (oracle, random)'},
  {name: 'task', type: 'string', description: json('The whole Task record (rubric, reference answer, meta, ...)')},
  {
    name: 'run',
    type: 'string',
    description: json('The run block (policy, prompt version, viewport, horizon, seed, window, times)'),
  },
  {
    name: 'judgment',
    type: 'string',
    description: json('The judgment (per-fact verdicts with reasons, key screenshots, judge and model)'),
  },
  {
    name: 'extra',
    type: 'string',
    description: json("The record's other top-level fields (id, attempt, cause, check, ...) as one object"),
  },
]

/** The columns of one step: top-level columns with `--rows step`, the fields of each `steps` element otherwise. */
export function stepColumns(images: ImageMode): ParquetColumn[] {
  const screenshot: ParquetColumn =
    images === 'bytes'
      ? {
          name: 'screenshot',
          type: 'image',
          description:
            'The screenshot the policy saw: the image file (`bytes`) and its name in the store (`path`); null when the step has none',
        }
      : {
          name: 'screenshot',
          type: 'string',
          description:
            'The screenshot the policy saw: its path in the screenshot store (rollout --shots); "" when the step has none',
        }
  return [
    {name: 'step_index', type: 'int64', description: 'Position of the step in its episode, from 0'},
    {name: 'url', type: 'string', description: 'The page the step observed'},
    {name: 'title', type: 'string', description: 'The page title; "" when not recorded'},
    screenshot,
    {name: 'response', type: 'string', description: 'The model\'s raw reply (the training target); "" when none'},
    {
      name: 'action_name',
      type: 'string',
      description:
        'The parsed action: left_click, type, press, scroll, wait, go_back, navigate or answer; "" when the reply gave none',
    },
    {
      name: 'action',
      type: 'string',
      description: json('The parsed action with its arguments, or null when the reply gave none'),
    },
    {
      name: 'coordinate',
      type: {list: 'float64'},
      description: "The action's [x, y] in Qwen3-VL's 0-1000 units; [] when it has none",
    },
    {name: 'memory', type: 'string', description: 'The memory the policy carried on from this step; "" when none'},
    {name: 'action_error', type: 'string', description: 'Why the action failed in the browser; "" when it did not'},
    {name: 'repeated', type: 'bool', description: 'The rollout flagged the action as repeated on an unchanged screen'},
    {
      name: 'train',
      type: 'bool',
      description:
        'false where filter --drop-repeated-steps took the step out of training (its action changed nothing); true otherwise',
    },
    {name: 'observe_ms', type: 'float64', description: 'Milliseconds spent settling and capturing the observation'},
    {name: 'policy_ms', type: 'float64', description: 'Milliseconds spent waiting for the policy'},
    {name: 'act_ms', type: 'float64', description: 'Milliseconds spent acting'},
    {
      name: 'step_extra',
      type: 'string',
      description: json(
        "The step's other fields (settle_ms, settled, observed_at, reasoning, observation, ...) as one object",
      ),
    },
  ]
}

/** Every column of the file, in order, for a layout. */
export function trajectoryColumns(layout: TrajectoryLayout): ParquetColumn[] {
  if (layout.rows === 'step') return [...EPISODE_COLUMNS, ...stepColumns(layout.images)]
  return [
    ...EPISODE_COLUMNS,
    {
      name: 'steps',
      type: {list: {struct: stepColumns(layout.images)}},
      description: 'The steps in order, each a struct of the step fields below',
    },
  ]
}
