import {dirname} from 'node:path'
import pLimit from 'p-limit'
import {runRecordBatch} from '../batch/record-batch.js'
import type {BatchCounts} from '../batch/run-batch.js'
import type {RecordLocation} from '../cli/errors.js'
import {llmOptionsFromFlags} from '../cli/llm-flags.js'
import {batchRunOptions, type TaskBatchFlags} from '../cli/task-batch.js'
import type {Reporter} from '../cli/reporter.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {LlmClient} from '../llm/client.js'
import type {Judgment} from '../schema/judged.js'
import {TrajectorySchema, type Trajectory} from '../schema/trajectory.js'
import {JudgeTally} from './judge-tally.js'
import {judgeWithLlm} from './llm-judge.js'
import {judgeProgrammatically} from './programmatic-judge.js'
import {trajectoriesAlreadyJudged} from './resume-judged.js'
import {trajectoryKey} from './trajectory-key.js'

export const JUDGES = ['llm', 'programmatic'] as const
export type JudgeKind = (typeof JUDGES)[number]

export interface JudgeFlags extends TaskBatchFlags {
  judge: JudgeKind
  'select-model'?: string
  'max-images': number
  'select-threshold': number
  votes: number
  shots?: string
  'image-width': number
  'select-image-width': number
}

export interface JudgeCommand {
  inputs: readonly string[]
  flags: JudgeFlags
  invalid: InvalidRecords
  reporter: Reporter
}

/**
 * `webgym judge`: every trajectory in, the same trajectory with its judgment out, in input order. A judging error
 * still writes the trajectory, with reward 0 and the error, and counts as a failure (--failed, exit 1 unless
 * --allow-failures); --resume judges those again.
 */
export async function runJudge(command: JudgeCommand): Promise<BatchCounts> {
  const {flags} = command
  const tally = new JudgeTally()
  const client = flags.judge === 'llm' ? new LlmClient(llmOptionsFromFlags(flags, 'WEBGYM_JUDGE_MODEL')) : undefined
  const limit = pLimit(flags.concurrency)
  const judge = async (trajectory: Trajectory, location: RecordLocation): Promise<Judgment> => {
    if (!client) return judgeProgrammatically(trajectory)
    return judgeWithLlm(trajectory, {
      client,
      model: client.options.model,
      selectModel: flags['select-model'] || client.options.model,
      maxImages: flags['max-images'],
      threshold: flags['select-threshold'],
      votes: flags.votes,
      imageWidth: flags['image-width'],
      selectImageWidth: flags['select-image-width'],
      limit,
      where: {shots: flags.shots, inputDir: location.file.startsWith('<') ? process.cwd() : dirname(location.file)},
    })
  }
  const label = `judge (${flags.judge})`
  try {
    return await runRecordBatch({
      label,
      inputs: command.inputs,
      schema: TrajectorySchema,
      idOf: trajectoryKey,
      work: async (trajectory, location) => {
        const judgment = await judge(trajectory, location)
        tally.add(judgment)
        return [{...trajectory, judgment}]
      },
      invalid: command.invalid,
      // --concurrency trajectories in flight: each fans out into one request per screenshot, bounded by `limit`.
      ...batchRunOptions(flags),
      reporter: command.reporter,
      redact: (text) => client?.redact(text) ?? text,
      alreadyDone: trajectoriesAlreadyJudged,
      failureOf: (outputs) => (outputs[0] as {judgment?: Judgment} | undefined)?.judgment?.error ?? undefined,
      failureNote: 'written with reward 0 and the error',
    })
  } finally {
    await client?.close()
    command.reporter.info(tally.summary(label))
    if (client) command.reporter.info(client.stats.summary(label))
  }
}
