import {Args, Flags} from '@oclif/core'
import {TaskBatchCommand, taskBatchFlags} from '../../cli/task-batch-command.js'
import {DecomposeTally} from '../../lib/decompose/decompose-tally.js'
import {decomposeTask} from '../../lib/decompose/decompose-task.js'

export default class TasksDecompose extends TaskBatchCommand<typeof TasksDecompose> {
  static summary = "Write easier sub-tasks from proper subsets of each task's fact groups."
  static description =
    "The paper's decomposition: a task whose rubric has at least 2 fact groups, one of them with 3 or more facts, gets up to --max-per-task sub-tasks. Each takes a proper subset of the groups that holds a group of 3 or more facts, so it is strictly easier; its rubric is those groups unchanged, its difficulty their number of facts, its level from the bands, its parent_id the task's id and its id `<parent id>/sub-<group ids joined by +>`. An OpenAI-compatible model rewrites the intent to ask for exactly the kept groups (model and prompt version in provenance.decompose); the reference answer is dropped and kept as meta.parent_reference_answer. Subsets are chosen at random under --seed, preferring distinct difficulties; the same input, seed and cache give the same output.\n\n" +
    "Every input task is written unchanged, after its sub-tasks (parents last, so that --resume counts a task as done only once its sub-tasks are written). Tasks without a rubric, tasks the rule does not apply to and tasks that are themselves sub-tasks pass through alone and are counted in the summary. When a model request fails for good, none of the task's records is written and the task goes to --failed."

  static examples = [
    'WEBGYM_MODEL=Qwen/Qwen3-32B <%= config.bin %> tasks decompose rubric.ndjson -o more.ndjson',
    '<%= config.bin %> rubric gen seeds.ndjson | <%= config.bin %> tasks decompose --max-per-task 2 --seed 7 > more.ndjson',
    '<%= config.bin %> tasks decompose rubric.ndjson --resume more.ndjson --failed failed.ndjson',
  ]

  // Task files as every Task batch reads them, described for this stage's input.
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Task record files with rubrics (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = {
    'max-per-task': Flags.integer({
      default: 3,
      min: 1,
      max: 64,
      helpValue: 'N',
      description: 'Most sub-tasks per eligible task (one model request each).',
    }),
    ...taskBatchFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const tally = new DecomposeTally()
    await this.runJob({
      label: 'tasks decompose',
      work: async (task, client) => {
        const {eligibility, subtasks} = await decomposeTask(task, client, {
          maxPerTask: flags['max-per-task'],
          seed: flags.seed,
        })
        tally.add(eligibility, subtasks.length)
        return [...subtasks, task]
      },
      summaries: () => [tally.summary('tasks decompose')],
    })
  }
}
