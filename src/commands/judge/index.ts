import {Args} from '@oclif/core'
import {judgeClientFromFlags, judgeFlags} from '../../cli/judge-flags.js'
import {BaseCommand} from '../../cli/base-command.js'
import {batchOptionsFromFlags} from '../../cli/batch-flags.js'
import {flagNames} from '../../cli/flag-names.js'
import {runJudge} from '../../lib/judge/run-judge.js'

export default class Judge extends BaseCommand<typeof Judge> {
  static summary = 'Give every trajectory a binary reward: judged trajectories on stdout.'
  static description = `--judge llm (the default) judges with an OpenAI-compatible vision model in three steps. Key screenshots: each distinct screenshot but the final one gets a relevance score (1-5) from --select-model, in parallel, at --select-image-width; those scoring --select-threshold or more are kept, best first, up to --max-images with the final screen always among them (if scoring fails, the most recent screenshots up to the cap). The verdict: from the kept screenshots, the actions and the final answer, the model says whether the site blocked the agent (CAPTCHA, 403, access denied), whether a screenshot supports every claim of the answer, and gives a verdict with a reason for every rubric fact; --votes N asks N times and takes the majority per question (a tie fails). The reference answer, when the task has one: plain normalised or numeric matching first, the model only when that cannot decide. The reward is 1 only when the site did not block, the answer is supported, every fact passes and the reference matches; a trajectory the rollout already found blocked gets 0 without a request. Any judging error (model down, bad replies, a missing screenshot, no rubric) gives reward 0 with judgment.error, never a silent 1: such records are written, counted as failed (--failed, exit 1 unless --allow-failures), and judged again by --resume (which appends what it judges after the records already in the file, so a resumed file is in input order only per run; a trajectory is keyed by task id and run.started_at, and is judged once per key).

--judge programmatic turns the fixture web's check verdict, recorded by rollout in each trajectory, into the judgment (ground truth for fixture-web tasks); a trajectory without a recorded check fails, named.

Screenshots are read from the paths in the records, relative to --shots DIR, else to the input file's folder or its shots/ subfolder, resized to --image-width and sent as data URLs. Replies are cached; output keeps input order unless --unordered. The judge model is --model or WEBGYM_JUDGE_MODEL (else WEBGYM_MODEL).`

  static examples = [
    'WEBGYM_JUDGE_MODEL=Qwen/Qwen3-VL-32B-Instruct <%= config.bin %> judge traj.ndjson --shots shots -o judged.ndjson',
    '<%= config.bin %> judge traj.ndjson --shots shots --select-model Qwen/Qwen3-VL-8B-Instruct --votes 3 --max-images 8 -o judged.ndjson',
    '<%= config.bin %> judge --judge programmatic traj.ndjson -o truth.ndjson',
    '<%= config.bin %> judge traj.ndjson --shots shots --resume judged.ndjson',
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Trajectory files (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = judgeFlags

  async run(): Promise<void> {
    const {flags} = this
    const client = judgeClientFromFlags(flags, this.reporter)
    await runJudge({
      inputs: this.positionals,
      judge: flags.judge,
      client,
      selectModel: flags['select-model'],
      maxImages: flags['max-images'],
      selectThreshold: flags['select-threshold'],
      votes: flags.votes,
      shots: flags.shots,
      imageWidth: flags['image-width'],
      selectImageWidth: flags['select-image-width'],
      ...batchOptionsFromFlags(flags),
      invalid: this.invalidRecords(),
      reporter: this.reporter,
      names: flagNames,
    })
  }
}
