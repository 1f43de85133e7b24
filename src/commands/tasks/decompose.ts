import {resolve} from 'node:path'
import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../lib/cli/base-command.js'
import {ioFlags} from '../../lib/cli/flags.js'
import {batchFlags, llmFlags, llmOptionsFromFlags} from '../../lib/cli/llm-flags.js'
import {runRecordBatch} from '../../lib/batch/record-batch.js'
import {idsAlreadyDone} from '../../lib/batch/resume.js'
import {DecomposeTally} from '../../lib/decompose/decompose-tally.js'
import {decomposeTask} from '../../lib/decompose/decompose-task.js'
import {LlmClient} from '../../lib/llm/client.js'
import {TaskSchema} from '../../lib/schema/task.js'

export default class TasksDecompose extends BaseCommand<typeof TasksDecompose> {
  static summary = 'Write easier sub-tasks from proper subsets of each task\'s fact groups.'
  static description =
    "The paper's decomposition: a task whose rubric has at least 2 fact groups, one of them with 3 or more facts, gets up to --max-per-task sub-tasks. Each takes a proper subset of the groups that holds a group of 3 or more facts, so it is strictly easier; its rubric is those groups unchanged, its difficulty their number of facts, its level from the bands, its parent_id the task's id and its id `<parent id>/sub-<group ids joined by +>`. An OpenAI-compatible model rewrites the intent to ask for exactly the kept groups (model and prompt version in provenance.decompose); the reference answer is dropped and kept as meta.parent_reference_answer. Subsets are chosen at random under --seed, preferring distinct difficulties; the same input, seed and cache give the same output.\n\n" +
    'Every input task is written unchanged, after its sub-tasks (parents last, so that --resume counts a task as done only once its sub-tasks are written). Tasks without a rubric, tasks the rule does not apply to and tasks that are themselves sub-tasks pass through alone and are counted in the summary. When a model request fails for good, none of the task\'s records is written and the task goes to --failed.'

  static examples = [
    'WEBGYM_MODEL=Qwen/Qwen3-32B <%= config.bin %> tasks decompose rubric.ndjson -o more.ndjson',
    '<%= config.bin %> rubric gen seeds.ndjson | <%= config.bin %> tasks decompose --max-per-task 2 --seed 7 > more.ndjson',
    '<%= config.bin %> tasks decompose rubric.ndjson --resume more.ndjson --failed failed.ndjson',
  ]

  static strict = false
  static args = {files: Args.string({ignoreStdin: true, description: 'Task record files with rubrics (NDJSON, optionally .gz); - or none for stdin'})}

  static flags = {
    'max-per-task': Flags.integer({default: 3, min: 1, max: 64, helpValue: 'N', description: 'Most sub-tasks per eligible task (one model request each).'}),
    ...llmFlags,
    ...batchFlags,
    ...ioFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const client = new LlmClient(llmOptionsFromFlags(flags))
    const tally = new DecomposeTally()
    // A run cut off between a task's sub-tasks and the task itself redoes the task: its sub-tasks already there stay single.
    const resuming = flags.resume && (!flags.output || resolve(flags.output) === resolve(flags.resume))
    const written = resuming ? await idsAlreadyDone(flags.resume!) : new Set<string>()
    try {
      await runRecordBatch({
        label: 'tasks decompose',
        inputs: this.positionals,
        schema: TaskSchema,
        idOf: (task) => task.id,
        work: async (task) => {
          const {eligibility, subtasks} = await decomposeTask(task, client, {maxPerTask: flags['max-per-task'], seed: flags.seed})
          const fresh = subtasks.filter((subtask) => !written.has(subtask.id))
          tally.add(eligibility, fresh.length)
          return [...fresh, task]
        },
        invalid: this.invalidRecords(),
        maxLineBytes: flags['max-line-bytes'],
        output: flags.output,
        resume: flags.resume,
        failed: flags.failed,
        allowFailures: flags['allow-failures'],
        concurrency: flags.concurrency,
        ordered: !flags.unordered,
        reporter: this.reporter,
        redact: (text) => client.redact(text),
      })
    } finally {
      this.reporter.info(tally.summary('tasks decompose'))
      this.reporter.info(client.stats.summary('tasks decompose'))
    }
  }
}
