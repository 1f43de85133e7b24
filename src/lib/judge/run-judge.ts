import {BatchFailuresError} from '../batch/record-batch.js'
import {dirname} from 'node:path'
import pLimit from 'p-limit'
import {batchRunOptions, type BatchRunOptions} from '../batch/batch-options.js'
import {runRecordBatch} from '../batch/record-batch.js'
import type {BatchCounts} from '../batch/run-batch.js'
import {formatLocation, type RecordLocation} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import type {LlmClient} from '../llm/client.js'
import {DEFAULT_MAX_LINE_BYTES} from '../io/read-lines.js'
import {optionKeys, renderText, type OptionNames} from '../option-text.js'
import {boundJudgment} from '../schema/bound-record.js'
import {fitRecord, overLimitText} from '../schema/fit-record.js'
import type {Reporter} from '../report/reporter.js'
import type {Judgment} from '../schema/judged.js'
import {TrajectorySchema, type Trajectory} from '../schema/trajectory.js'
import {JudgeTally} from './judge-tally.js'
import {judgeWithLlm, llmJudgeOptions, type LlmJudgeSettings} from './llm-judge.js'
import {judgeProgrammatically} from './programmatic-judge.js'
import {trajectoriesAlreadyJudged} from './resume-judged.js'
import {trajectoryKey} from './trajectory-key.js'

export const JUDGES = ['llm', 'programmatic'] as const
export type JudgeKind = (typeof JUDGES)[number]

/** What to judge and how: the judge, its model and evidence settings, and how the batch runs. */
export interface JudgeOptions extends BatchRunOptions, LlmJudgeSettings {
  inputs: readonly string[]
  judge: JudgeKind
  /** llm: the judge model's client (its default model is the verdict model); judging closes it when it ends. */
  client?: LlmClient
  /** The screenshot store the records' paths are relative to [default: the input file's folder, then its shots/]. */
  shots?: string
  invalid: InvalidRecords
  reporter: Reporter
  /** How errors written into judgments and messages name options (the command layer: as flags); default: keys. */
  names?: OptionNames
}

/**
 * `webgym judge`: every trajectory in, the same trajectory with its judgment out, in input order. A judging error
 * still writes the trajectory, with reward 0 and the error, and counts as a failure (in the failed file; an error
 * unless failures are allowed); resuming judges those again.
 */
export async function runJudge(options: JudgeOptions): Promise<BatchCounts> {
  const {client} = options
  const tally = new JudgeTally()
  const limit = pLimit(options.concurrency)
  const judge = async (trajectory: Trajectory, location: RecordLocation): Promise<Judgment> => {
    if (options.judge === 'programmatic' || !client) return judgeProgrammatically(trajectory, options.names)
    return judgeWithLlm(
      trajectory,
      llmJudgeOptions(client, options, {
        limit,
        where: {shots: options.shots, inputDir: location.file.startsWith('<') ? process.cwd() : dirname(location.file)},
        names: options.names,
      }),
    )
  }
  const label = `judge (${options.judge})`
  // No summary after bad input or a failed write (its tally would count records that never reached the output).
  let quiet = false
  try {
    return await runRecordBatch({
      label,
      inputs: options.inputs,
      schema: TrajectorySchema,
      idOf: trajectoryKey,
      // Every attempt of a task in one shard, as rollout shards them.
      shardKeyOf: (trajectory) => trajectory.task.id,
      work: async (trajectory, location) => {
        const judgment = boundJudgment(await judge(trajectory, location))
        tally.add(judgment)
        // The judged record within the line limit its readers apply (its steps' texts cut further when need be).
        const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES
        const fitted = fitRecord({...trajectory, judgment}, maxLineBytes)
        if (!fitted.fits)
          options.reporter.warn(
            renderText(
              overLimitText(`${formatLocation(location)}: the judged trajectory`, fitted.bytes, maxLineBytes),
              options.names ?? optionKeys,
            ),
          )
        return [fitted.record]
      },
      invalid: options.invalid,
      // `concurrency` trajectories in flight: each fans out into one request per screenshot, bounded by `limit`.
      ...batchRunOptions(options),
      reporter: options.reporter,
      names: options.names,
      redact: (text) => client?.redact(text) ?? text,
      alreadyDone: trajectoriesAlreadyJudged,
      failureOf: (outputs) => (outputs[0] as {judgment?: Judgment} | undefined)?.judgment?.error ?? undefined,
      failureNote: 'written with reward 0 and the error',
    })
  } catch (error) {
    // A summary goes with a run that judged (records may have failed); bad input or a failed write is one line alone.
    quiet = !(error instanceof BatchFailuresError)
    throw error
  } finally {
    await client?.close()
    if (!quiet) options.reporter.info(tally.summary(label))
    if (client && !quiet) options.reporter.info(client.stats.summary(label))
  }
}
