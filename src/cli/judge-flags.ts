// judge's flags, in a module of their own so that env serve takes the model judge's as they are.
import {Flags} from '@oclif/core'
import {batchFlags} from './batch-flags.js'
import {ioFlags} from './flags.js'
import {llmClientFromFlags, llmFlags, type LlmFlagValues} from './llm-flags.js'
import {UsageError} from '../lib/errors.js'
import type {LlmClient} from '../lib/llm/client.js'
import type {Reporter} from '../lib/report/reporter.js'
import {JUDGES} from '../lib/judge/run-judge.js'

export const judgeFlags = {
  judge: Flags.option({
    options: JUDGES,
    default: 'llm' as const,
    description: 'llm: a vision model with the rubric; programmatic: the fixture web check recorded in the trajectory.',
  })(),
  ...llmFlags,
  model: Flags.string({
    env: 'WEBGYM_JUDGE_MODEL',
    helpValue: 'NAME',
    description: 'Judge model as the endpoint knows it [default: WEBGYM_MODEL].',
  }),
  'select-model': Flags.string({
    env: 'WEBGYM_SELECT_MODEL',
    helpValue: 'NAME',
    description: 'Model that scores screenshots for relevance (can be cheaper) [default: the judge model].',
  }),
  'max-images': Flags.integer({
    default: 16,
    min: 1,
    max: 256,
    helpValue: 'N',
    description: 'Most screenshots sent with a verdict request (the final screen always among them).',
  }),
  'select-threshold': Flags.integer({
    default: 3,
    min: 1,
    max: 5,
    helpValue: 'SCORE',
    description: 'Relevance score (1-5) a screenshot needs to be kept as evidence.',
  }),
  votes: Flags.integer({
    default: 1,
    min: 1,
    max: 15,
    helpValue: 'N',
    description: 'Independent verdicts per trajectory, majority per fact (use a temperature above 0; a tie fails).',
  }),
  shots: Flags.string({
    helpValue: 'DIR',
    description:
      "Screenshot store the records' paths are relative to [default: the input file's folder, then its shots/].",
  }),
  'image-width': Flags.integer({
    default: 1280,
    min: 64,
    max: 8192,
    helpValue: 'PX',
    description: 'Widest screenshot sent to the judge model (never enlarged).',
  }),
  'select-image-width': Flags.integer({
    default: 640,
    min: 64,
    max: 8192,
    helpValue: 'PX',
    description: 'Widest screenshot sent to the selection model.',
  }),
  ...batchFlags,
  ...ioFlags,
}

/**
 * The judge model's client for --judge llm (the model from --model, else WEBGYM_JUDGE_MODEL, else WEBGYM_MODEL), none
 * for the programmatic judge; --votes with the programmatic judge is a usage error.
 */
export function judgeClientFromFlags(
  flags: LlmFlagValues & {judge: string; votes: number; model?: string},
  reporter: Reporter,
): LlmClient | undefined {
  if (flags.judge === 'programmatic' && flags.votes > 1)
    throw new UsageError('--votes applies to --judge llm only', 'the programmatic judge is exact: drop --votes')
  if (flags.judge !== 'llm') return undefined
  return llmClientFromFlags(
    {...flags, model: flags.model || process.env.WEBGYM_MODEL},
    {modelEnv: 'WEBGYM_JUDGE_MODEL', reporter},
  )
}
