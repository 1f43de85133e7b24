import {runRecordBatch} from '../batch/record-batch.js'
import type {BatchCounts} from '../batch/run-batch.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {LlmClient} from '../llm/client.js'
import {TaskSchema, type Task} from '../schema/task.js'
import {llmOptionsFromFlags, type LlmFlagValues} from './llm-flags.js'
import type {Reporter} from './reporter.js'

/** The parsed flags every model-backed task command has (llmFlags, batchFlags, ioFlags). */
export interface TaskBatchFlags extends LlmFlagValues {
  concurrency: number
  unordered: boolean
  resume?: string
  failed?: string
  'allow-failures': boolean
  output?: string
  'max-line-bytes': number
}

export interface TaskBatchCommand {
  label: string
  inputs: readonly string[]
  flags: TaskBatchFlags
  invalid: InvalidRecords
  reporter: Reporter
  /** The records to write for one task, in order (its outputs, then the task itself where it passes through). */
  work: (task: Task, client: LlmClient) => Promise<unknown[]>
  /** Stage-specific summary lines for stderr, printed before the model usage line. */
  summaries?: () => string[]
}

/** The parts of a record batch that come straight from the shared batch and input/output flags. */
export function batchRunOptions(flags: TaskBatchFlags) {
  return {
    maxLineBytes: flags['max-line-bytes'],
    output: flags.output,
    resume: flags.resume,
    failed: flags.failed,
    allowFailures: flags['allow-failures'],
    concurrency: flags.concurrency,
    ordered: !flags.unordered,
  }
}

/** Runs a model-backed command over Task records: one client, one batch, the summaries at the end, however it ends. */
export async function runTaskBatch(command: TaskBatchCommand): Promise<BatchCounts> {
  const {flags} = command
  const client = new LlmClient(llmOptionsFromFlags(flags))
  try {
    return await runRecordBatch({
      label: command.label,
      inputs: command.inputs,
      schema: TaskSchema,
      idOf: (task) => task.id,
      work: (task) => command.work(task, client),
      invalid: command.invalid,
      ...batchRunOptions(flags),
      reporter: command.reporter,
      redact: (text) => client.redact(text),
    })
  } finally {
    await client.close()
    for (const line of command.summaries?.() ?? []) command.reporter.info(line)
    command.reporter.info(client.stats.summary(command.label))
  }
}
