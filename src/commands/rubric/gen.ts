import {Flags} from '@oclif/core'
import {TaskBatchCommand, taskBatchFlags} from '../../cli/task-batch-command.js'
import {keepsRubric, withRubric} from '../../lib/rubric/generate-rubric.js'
import {hasSourceRubric} from '../../lib/rubric/rubric-origin.js'

export default class RubricGen extends TaskBatchCommand<typeof RubricGen> {
  static summary = 'Write a fact-group rubric for every task with an LLM.'
  static description =
    "Asks an OpenAI-compatible model for each task's rubric: groups of single checkable facts that the final page or answer must show (microsoft/webgym's evaluator_reference). The task's difficulty becomes the number of facts and its level easy (1-3), medium (4-6) or hard (7+); the model and prompt version go to provenance.rubric. The reference answer, when there is one, informs the rubric. Tasks that already have a rubric pass through unless --force; a rubric the source task set gave (DeepShop's sub-requirements, Mind2Web-Live's key nodes: provenance.rubric.made_by source) passes through even then, unless --replace-source-rubrics. Replies are cached, output keeps input order, failed tasks are reported (--failed) and a rerun with --resume does only what is missing."

  static examples = [
    'WEBGYM_MODEL=Qwen/Qwen3-32B <%= config.bin %> rubric gen seeds.ndjson -o rubric.ndjson',
    '<%= config.bin %> rubric gen --base-url https://api.openai.com/v1 --model gpt-4.1-mini --concurrency 64 seeds.ndjson -o rubric.ndjson --failed failed.ndjson',
    '<%= config.bin %> rubric gen seeds.ndjson --resume rubric.ndjson',
  ]

  static flags = {
    force: Flags.boolean({
      default: false,
      description:
        'Write a new rubric even for tasks that have one (a rubric the source gave is kept: see --replace-source-rubrics).',
    }),
    'replace-source-rubrics': Flags.boolean({
      default: false,
      description:
        'Write a model rubric also for tasks whose rubric their source task set gave (DeepShop, Mind2Web-Live), which are otherwise kept, --force or not.',
    }),
    ...taskBatchFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const options = {force: flags.force, replaceSourceRubrics: flags['replace-source-rubrics']}
    const kept = {all: 0, fromSource: 0}
    await this.runJob({
      label: 'rubric gen',
      work: async (task, client) => {
        if (keepsRubric(task, options)) {
          kept.all++
          if (hasSourceRubric(task)) kept.fromSource++
        }
        return [await withRubric(task, client, options)]
      },
      summaries: () =>
        kept.all > 0
          ? [
              `rubric gen: ${kept.all} tasks kept the rubric they had (${kept.fromSource} of them made by their source task set, no model)`,
            ]
          : [],
      resumeHolds: {
        test: (record) => record.rubric !== null && typeof record.rubric === 'object',
        expected: "a task with a rubric (rubric gen's output)",
      },
    })
  }
}
