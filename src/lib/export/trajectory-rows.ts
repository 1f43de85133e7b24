import type {z} from 'zod'
import {trajectoryKey} from '../judge/trajectory-key.js'
import type {JudgedTrajectorySchema} from '../schema/judged.js'
import {actionCoordinate} from '../schema/action.js'
import type {StepSchema} from '../schema/trajectory.js'
import type {ImageValue} from './parquet-columns.js'
import type {TrajectoryLayout} from './trajectory-columns.js'

/** A judged trajectory as its NDJSON line holds it (fields with defaults may be missing). */
export type TrajectoryRecord = z.input<typeof JudgedTrajectorySchema>
type StepRecord = z.input<typeof StepSchema>

/** The image of a step's screenshot, for `--images bytes`; `step` is its position in the record. */
export type ScreenshotImage = (path: string, step: number) => Promise<ImageValue>

/** The rows of one trajectory, with the columns of `trajectoryColumns(layout)`. */
export async function trajectoryRows(
  record: TrajectoryRecord,
  layout: TrajectoryLayout,
  image: ScreenshotImage | null,
): Promise<Record<string, unknown>[]> {
  const episode = episodeRow(record)
  const steps: Record<string, unknown>[] = []
  for (const [position, step] of record.steps.entries()) steps.push(await stepRow(step, position, image))
  if (layout.rows === 'step') return steps.map((step) => ({...episode, ...step}))
  return [{...episode, steps}]
}

function episodeRow(record: TrajectoryRecord): Record<string, unknown> {
  const {task, run, status, answer, error, steps: _steps, judgment, ...extra} = record
  return {
    trajectory_id: trajectoryKey(record),
    task_id: task.id,
    intent: task.intent,
    website: task.website ?? '',
    level: task.level ?? '',
    difficulty: task.difficulty ?? -1,
    status,
    answer: answer ?? '',
    error: error ?? '',
    reward: judgment.reward,
    model: run.model ?? '',
    task: JSON.stringify(task),
    run: JSON.stringify(run),
    judgment: JSON.stringify(judgment),
    extra: JSON.stringify(extra),
  }
}

async function stepRow(
  step: StepRecord,
  position: number,
  image: ScreenshotImage | null,
): Promise<Record<string, unknown>> {
  const {
    index,
    url,
    title,
    screenshot,
    response,
    action,
    memory,
    action_error,
    repeated,
    train,
    observe_ms,
    policy_ms,
    act_ms,
    ...extra
  } = step
  return {
    step_index: index,
    url,
    title: title ?? '',
    screenshot: image ? (screenshot ? await image(screenshot, position) : null) : (screenshot ?? ''),
    response: response ?? '',
    action_name: action?.name ?? '',
    action: JSON.stringify(action ?? null),
    coordinate: (action && actionCoordinate(action)) ?? [],
    memory: memory ?? '',
    action_error: action_error ?? '',
    repeated: repeated ?? false,
    train: train !== false,
    observe_ms,
    policy_ms,
    act_ms,
    step_extra: JSON.stringify(extra),
  }
}
