import {dirname} from 'node:path'
import {InvalidRecordError} from '../errors.js'
import type {ByteSpool} from '../io/byte-spool.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {trajectoryKey} from '../judge/trajectory-key.js'
import {opt, optionText} from '../option-text.js'
import {dialectForPromptVersion, knownPromptVersions} from '../prompts/policy-dialects.js'
import {JudgedTrajectorySchema} from '../schema/judged.js'
import {promptSettings, stepPrompt, type PromptMessage} from './step-prompts.js'

/** Why a step gives no sample; each is counted in the run record's `skipped`. */
export interface SkipCounts {
  /** The trajectory's weight (its reward, less the baseline) is 0. */
  zero_weight: number
  /** The rollout flagged the step's action as repeated on an unchanged screen. */
  repeated: number
  /** filter --drop-repeated-steps marked the step "train": false (its action changed nothing). */
  marked_by_filter: number
  /** No model response (policies without a model: oracle, random). */
  no_response: number
  /** The response gave no usable action. */
  no_action: number
  /** The step has no screenshot. */
  no_screenshot: number
  /** The policy had no prompt (run.prompt_version is null: replay, oracle, random). */
  no_prompt: number
  /** llamafactory: a text part contains "<image>", which LLaMA-Factory would take for an image. */
  image_tag_in_text: number
}

export function emptySkipCounts(): SkipCounts {
  return {
    zero_weight: 0,
    repeated: 0,
    marked_by_filter: 0,
    no_response: 0,
    no_action: 0,
    no_screenshot: 0,
    no_prompt: 0,
    image_tag_in_text: 0,
  }
}

/** A sample before its weight is known (a baseline needs every reward first) and its screenshots are placed. */
export interface PendingSample {
  id: string
  trajectory: number
  /** The task's id, for a per-task (group) baseline. */
  task: string
  messages: PromptMessage[]
  response: string
  reward: number
  pixels: number
  /** Where the screenshot paths resolve: --shots, else the input file's folder. */
  shots?: string
  input_dir: string
}

export interface CollectTally {
  trajectories: number
  rewardSum: number
  /** Judged trajectories and their reward sum per task id, for --baseline group. */
  byTask: Map<string, {n: number; rewardSum: number}>
  /** Trajectories whose judging failed (judgment.error): left out, and out of the --baseline mean. */
  unjudged: number
  /** Trajectories whose step indices are not 0, 1, 2...: steps were removed from them (by hand, or an old filter). */
  withGaps: number
  skipped: SkipCounts
}

export interface CollectOptions {
  inputs: readonly string[]
  invalid: InvalidRecords
  maxLineBytes: number
  shots?: string
  /** Weights are the rewards (no baseline): a 0-reward trajectory gives nothing and is counted at once. */
  dropZeroReward: boolean
  spool: ByteSpool
}

/**
 * Pass 1 over the judged trajectories: one pending sample per step the model should learn, with the prompt the
 * policy sent at that step rebuilt and the model's raw response as the target.
 */
export async function collectSamples(options: CollectOptions): Promise<CollectTally> {
  const tally: CollectTally = {
    trajectories: 0,
    unjudged: 0,
    rewardSum: 0,
    byTask: new Map(),
    withGaps: 0,
    skipped: emptySkipCounts(),
  }
  for await (const {record, location} of readRecords(options.inputs, {
    schema: JudgedTrajectorySchema,
    invalid: options.invalid,
    maxLineBytes: options.maxLineBytes,
  })) {
    const version = record.run.prompt_version
    const dialect = version === null ? null : dialectForPromptVersion(version)
    if (version !== null && !dialect) {
      options.invalid.handle(
        new InvalidRecordError(
          location,
          'run.prompt_version',
          `is ${JSON.stringify(version)}; this webgym rebuilds ${knownPromptVersions().join(', ')} prompts only`,
          optionText`train with the webgym version that collected these trajectories, or skip them with ${opt('onInvalid')} skip`,
        ),
      )
      continue
    }
    if (record.judgment.error !== null) {
      // Reward 0 from a judging error is the fail-safe, not a verdict: it neither teaches nor moves the baseline.
      tally.unjudged++
      continue
    }
    const ordinal = tally.trajectories++
    const reward = record.judgment.reward
    tally.rewardSum += reward
    const group = tally.byTask.get(record.task.id) ?? {n: 0, rewardSum: 0}
    group.n++
    group.rewardSum += reward
    tally.byTask.set(record.task.id, group)
    if (record.steps.some((step, i) => step.index !== i)) tally.withGaps++
    const settings = promptSettings(record.run)
    const key = trajectoryKey(record)
    const lines: string[] = []
    record.steps.forEach((step, position) => {
      const reason =
        version === null
          ? 'no_prompt'
          : step.repeated
            ? 'repeated'
            : step.train === false
              ? 'marked_by_filter'
              : step.response === null
                ? 'no_response'
                : step.action === null
                  ? 'no_action'
                  : step.screenshot === null
                    ? 'no_screenshot'
                    : null
      if (reason) return void tally.skipped[reason]++
      if (options.dropZeroReward && reward === 0) return void tally.skipped.zero_weight++
      const sample: PendingSample = {
        id: `${key}#${step.index}`,
        trajectory: ordinal,
        task: record.task.id,
        messages: stepPrompt(record, position, settings, dialect!),
        response: step.response!,
        reward,
        pixels: record.run.viewport.width * record.run.viewport.height,
        ...(options.shots ? {shots: options.shots} : {}),
        input_dir: location.file.startsWith('<') ? process.cwd() : dirname(location.file),
      }
      lines.push(JSON.stringify(sample))
    })
    if (lines.length > 0) await options.spool.writeLines(lines)
  }
  return tally
}
