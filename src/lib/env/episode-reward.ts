import pLimit from 'p-limit'
import {judgeWithLlm, llmJudgeOptions, type LlmJudgeSettings} from '../judge/llm-judge.js'
import {judgeProgrammatically} from '../judge/programmatic-judge.js'
import {compareToReference} from '../judge/reference-match.js'
import type {JudgeKind} from '../judge/run-judge.js'
import type {LlmClient} from '../llm/client.js'
import {opt, optionKeys, optionText, renderText, type OptionNames} from '../option-text.js'
import type {Judgment} from '../schema/judged.js'
import type {Trajectory} from '../schema/trajectory.js'
import {WEBGYM_VERSION} from '../version.js'

// The reward of an episode at its end, from the services `webgym judge` uses: the fixture web's check recorded in the
// trajectory, the task's reference answer, or the rubric judge. Never a silent 1: what cannot be judged is 0 with why.

export const REFERENCE_MATCH_VERSION = 'reference-match-v1'

export interface RewardOptions extends LlmJudgeSettings {
  judge: JudgeKind
  /** llm: the judge model's client (its default model gives the verdict). */
  client?: LlmClient
  /** The screenshot store the trajectories' paths are relative to. */
  shots: string
  /** Judge requests in flight at once. */
  concurrency: number
  names?: OptionNames
}

/** An episode's reward and the judgment it comes from (null when the episode was not judged: aborted). */
export interface EpisodeReward {
  reward: 0 | 1
  judgment: Judgment | null
}

/**
 * Rewards finished episodes. programmatic: the fixture web's check when the trajectory has one, else the reference
 * answer by plain matching (what it cannot decide is 0, with the advice to use the llm judge), else 0 with why.
 * llm: the rubric judge of `webgym judge --judge llm` on the trajectory and its screenshots.
 */
export class EpisodeRewarder {
  private readonly limit: ReturnType<typeof pLimit>
  private readonly names: OptionNames

  constructor(private readonly options: RewardOptions) {
    this.limit = pLimit(options.concurrency)
    this.names = options.names ?? optionKeys
  }

  async rewardOf(trajectory: Trajectory): Promise<EpisodeReward> {
    if (trajectory.status === 'aborted') return {reward: 0, judgment: null}
    const judgment = await this.judge(trajectory)
    return {reward: judgment.reward, judgment}
  }

  async close(): Promise<void> {
    await this.options.client?.close()
  }

  private async judge(trajectory: Trajectory): Promise<Judgment> {
    const {options} = this
    if (options.judge === 'llm' && options.client) {
      return judgeWithLlm(
        trajectory,
        llmJudgeOptions(options.client, options, {
          limit: this.limit,
          where: {shots: options.shots, inputDir: process.cwd()},
          names: this.names,
        }),
      )
    }
    if (trajectory.check !== undefined && trajectory.check !== null)
      return judgeProgrammatically(trajectory, this.names)
    return this.referenceJudgment(trajectory)
  }

  /** The answer against the task's reference answer, by the judge's plain matching alone. */
  private referenceJudgment(trajectory: Trajectory): Judgment {
    const reference = trajectory.task.reference_answer
    const blocked = trajectory.status === 'blocked'
    const judgment = (reward: 0 | 1, match: boolean | null, error: string | null): Judgment => ({
      reward,
      facts: [],
      key_screenshots: [],
      answer_supported: null,
      reference_match: match,
      blocked,
      judge: 'reference',
      model: null,
      prompt_version: REFERENCE_MATCH_VERSION,
      webgym_version: WEBGYM_VERSION,
      error,
    })
    const useLlm = renderText(optionText`use ${opt('judge')} llm`, this.names)
    if (!reference)
      return judgment(0, null, `the task has no check and no reference answer to reward the episode by (${useLlm})`)
    if (blocked || trajectory.answer === null || trajectory.answer.trim() === '') return judgment(0, false, null)
    const outcome = compareToReference(trajectory.answer, reference)
    if (outcome === 'inconclusive')
      return judgment(0, null, `plain matching cannot tell whether the answer matches the reference (${useLlm})`)
    return judgment(outcome === 'match' ? 1 : 0, outcome === 'match', null)
  }
}
