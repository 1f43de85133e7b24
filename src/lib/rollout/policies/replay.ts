import type {Task} from '../../schema/task.js'
import type {Trajectory} from '../../schema/trajectory.js'
import {PolicyFailure, type EpisodePolicy, type Policy} from '../policy.js'
import {trajectoryId} from '../trajectory-id.js'
import {opt, optionKeys, optionText, renderText, type OptionNames} from '../../option-text.js'

/**
 * Re-executes the recorded actions of earlier trajectories, step by step, with the recorded responses and memory:
 * for reproducibility checks (does the same action sequence reach the same state?) and for debugging an episode.
 */
export class ReplayPolicy implements Policy {
  readonly name = 'replay'
  readonly promptVersion = null
  readonly version = 'replay-v1'
  readonly remote = false
  readonly model: string | null

  /** `recorded`: trajectories by trajectory id (`<task id>#<attempt>`); `names`: how failures name options. */
  constructor(
    private readonly recorded: ReadonlyMap<string, Trajectory>,
    private readonly names: OptionNames = optionKeys,
  ) {
    this.model = null
  }

  /** The recorded trajectory of the same attempt (records written before --samples are attempt 1). */
  begin(task: Task, _seed: number, attempt: number): EpisodePolicy {
    const id = trajectoryId(task.id, attempt)
    const trajectory = this.recorded.get(id)
    if (!trajectory)
      throw new PolicyFailure(
        renderText(
          optionText`no recorded trajectory for ${attempt === 1 ? task.id : id} in the ${opt('replay')} file`,
          this.names,
        ),
      )
    const steps = trajectory.steps
    let index = 0
    return {
      horizon: Math.max(1, steps.length),
      next: async () => {
        const step = steps[index++]
        if (!step)
          return {response: null, action: {name: 'answer', text: trajectory.answer ?? ''}, memory: null, error: null}
        return {
          response: step.response,
          action: step.action,
          memory: step.memory,
          error: step.action ? null : (step.action_error ?? 'no action recorded'),
        }
      },
    }
  }
}
