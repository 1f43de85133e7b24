import {readFile} from 'node:fs/promises'
import {BugError, InputError, UsageError} from '../../errors.js'
import type {InvalidRecords} from '../../io/invalid-records.js'
import {readRecords} from '../../io/read-records.js'
import {LlmClient} from '../../llm/client.js'
import {opt, optionText, type OptionNames} from '../../option-text.js'
import {modesThatShow, type ObserveMode} from '../../observe/observe-mode.js'
import {POLICY_DIALECTS, type DialectName, type PolicyDialect} from '../../prompts/policy-dialects.js'
import {TrajectorySchema, type Trajectory} from '../../schema/trajectory.js'
import {unreachable} from '../../unreachable.js'
import type {Policy} from '../policy.js'
import {trajectoryId} from '../trajectory-id.js'
import {OpenAIPolicy} from './openai.js'
import {OraclePolicy} from './oracle.js'
import {RandomPolicy, type RandomActionKind} from './random.js'
import {ReplayPolicy} from './replay.js'

export const POLICIES = ['openai', 'random', 'oracle', 'replay'] as const
export type PolicyName = (typeof POLICIES)[number]

export interface PolicyChoice {
  name: PolicyName
  /** openai: the client (endpoint, model, retries, temperature, seed). */
  client?: () => LlmClient
  /** openai: how the model is prompted and its reply read. */
  dialect: DialectName
  /** What the policy is shown: the oracle acts through element ids in modes that number elements. */
  observe: ObserveMode
  memory: boolean
  window: number
  maxTokens: number
  oracleNoise: number
  /** random: the action kinds drawn from (all when absent). */
  randomActions?: readonly RandomActionKind[]
  /** replay: trajectory files. */
  replay?: string
  invalid: InvalidRecords
  /** How text written into trajectories names options (the command layer: as flags); default: by their keys. */
  names?: OptionNames
}

/**
 * The policy `choice.name` names, with what it needs read before any browser starts. A model's dialect must fit what
 * the observation mode shows (a UsageError otherwise); the other values of the choice are checked by the caller.
 */
export async function createPolicy(choice: PolicyChoice): Promise<Policy> {
  switch (choice.name) {
    case 'openai': {
      const dialect = POLICY_DIALECTS[choice.dialect]
      checkDialectFitsObservation(choice.dialect, dialect, choice.observe)
      return new OpenAIPolicy(choice.client!(), {
        dialect,
        useMemory: choice.memory,
        window: choice.window,
        maxTokens: choice.maxTokens,
      })
    }
    case 'random':
      return new RandomPolicy(choice.randomActions)
    case 'oracle':
      return new OraclePolicy({noise: choice.oracleNoise, elementIds: choice.observe.targets.includes('elements')})
    case 'replay': {
      if (!choice.replay) throw new BugError('the replay policy was chosen without trajectories to replay')
      await readFile(choice.replay).catch(() => {
        throw new InputError(optionText`${choice.replay}: cannot read the ${opt('replay')} file`, 'check the path')
      })
      const recorded = new Map<string, Trajectory>()
      for await (const {record} of readRecords([choice.replay], {schema: TrajectorySchema, invalid: choice.invalid}))
        recorded.set(trajectoryId(record.task.id, record.attempt ?? 1), record)
      return new ReplayPolicy(recorded, choice.names)
    }
  }
}

/** A model dialect must act on what the mode shows: element ids need a mode that numbers elements, points an image. */
export function checkDialectFitsObservation(name: DialectName, dialect: PolicyDialect, observe: ObserveMode): void {
  if (observe.targets.includes(dialect.actsOn)) return
  switch (dialect.actsOn) {
    case 'elements':
      throw new UsageError(
        optionText`${opt('dialect')} ${name} names elements by id, but ${opt('observe')} ${observe.name} numbers none`,
        optionText`use ${opt('observe')} ${inWords(modesThatShow('elements'))}`,
      )
    case 'coordinates':
      throw new UsageError(
        optionText`${opt('dialect')} ${name} points at the screenshot, but ${opt('observe')} ${observe.name} shows no image`,
        optionText`use ${opt('observe')} screenshot+axtree (or som+axtree), or ${opt('dialect')} som`,
      )
  }
  unreachable(dialect.actsOn, 'action target')
}

/** `a, b or c`. */
function inWords(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}
