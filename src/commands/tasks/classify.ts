import {Flags} from '@oclif/core'
import {TaskBatchCommand, taskBatchFlags} from '../../cli/task-batch-command.js'
import {classifyTask} from '../../lib/classify/classify-task.js'
import {ClassifyTally} from '../../lib/classify/classify-tally.js'

export default class TasksClassify extends TaskBatchCommand<typeof TasksClassify> {
  static summary = "Assign each task a domain and subdomain of WebGym's taxonomy with an LLM."
  static description =
    "Asks an OpenAI-compatible model for each task's subdomain, constrained to WebGym's taxonomy (6 domains, 24 subdomains, as microsoft/webgym lists them): the reply schema allows only the taxonomy's subdomains, and the domain follows from the subdomain, so every pair is consistent. Tasks that already have a domain and a subdomain pass through unless --force. With --infer-website, a task without a website also gets one: the model names a host (or null when no single site can be named), which is checked as a host name and reduced to its registrable domain (www.bbc.co.uk -> bbc.co.uk); start_url becomes the host's front page when the task had none, and meta.website_inferred is set. A task where no site can be named keeps a null website and is counted. The model and prompt version go to provenance.classify. Replies are cached, output keeps input order, failed tasks are reported (--failed) and a rerun with --resume does only what is missing."

  static examples = [
    'WEBGYM_MODEL=Qwen/Qwen3-32B <%= config.bin %> tasks classify seeds.ndjson -o classified.ndjson',
    '<%= config.bin %> tasks classify --infer-website gaia.ndjson -o gaia.classified.ndjson --failed failed.ndjson',
    '<%= config.bin %> tasks classify classified.ndjson -o all.ndjson && <%= config.bin %> split all.ndjson --train train.ndjson --test test.ndjson --report',
  ]

  static flags = {
    force: Flags.boolean({
      default: false,
      description: 'Classify again tasks that already have a domain and a subdomain.',
    }),
    'infer-website': Flags.boolean({
      default: false,
      description:
        'Also ask for the website of tasks that have none (validated as a host name, reduced to its registrable domain; null when no single site can be named).',
    }),
    ...taskBatchFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const tally = new ClassifyTally()
    const options = {force: flags.force, inferWebsite: flags['infer-website']}
    await this.runJob({
      label: 'tasks classify',
      work: async (task, client) => [await classifyTask(task, client, options, tally)],
      summaries: () => [tally.summary('tasks classify')],
    })
  }
}
