import {Args, type Command} from '@oclif/core'
import {runTaskBatch, type TaskBatchOptions} from '../lib/batch/task-batch.js'
import type {BatchCounts} from '../lib/batch/run-batch.js'
import {BaseCommand} from './base-command.js'
import {batchFlags, batchOptionsFromFlags, type BatchFlagValues} from './batch-flags.js'
import {flagNames} from './flag-names.js'
import {ioFlags} from './flags.js'
import {llmClientFromFlags, llmFlags, type LlmFlagValues} from './llm-flags.js'

/** The flags of every model-backed job over Task records: the model, the batch, input and output. */
export const taskBatchFlags = {...llmFlags, ...batchFlags, ...ioFlags}

/** What a command adds to a Task batch: its name in messages, the work on each task, its summaries and resume check. */
export type TaskBatchJob = Pick<TaskBatchOptions, 'label' | 'work' | 'summaries' | 'resumeHolds'>

/**
 * The base of the model-backed commands over Task records (rubric gen, tasks classify, tasks decompose): Task files
 * in, one model client, one batch, records out. A command declares its own flags beside `taskBatchFlags` and runs its
 * job with `runJob`.
 */
export abstract class TaskBatchCommand<T extends typeof Command> extends BaseCommand<T> {
  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Task record files (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  /** Runs the job over the input files with the model, batch, input and output flags of this run. */
  protected runJob(job: TaskBatchJob): Promise<BatchCounts> {
    const flags = this.flags as unknown as LlmFlagValues & BatchFlagValues
    return runTaskBatch({
      ...job,
      inputs: this.positionals,
      client: llmClientFromFlags(flags, {reporter: this.reporter}),
      ...batchOptionsFromFlags(flags),
      invalid: this.invalidRecords(),
      names: flagNames,
      reporter: this.reporter,
    })
  }
}
