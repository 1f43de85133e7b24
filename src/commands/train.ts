import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {inputFlags} from '../cli/flags.js'
import {assertBackendSupports, assertLaunchLayout, positiveNumber} from '../cli/train-checks.js'
import {writeText} from '../lib/io/write-text.js'
import {runTrain} from '../lib/train/run-train.js'
import {BASELINES, DEFAULT_TRAIN_MODEL, FINETUNING, TRAIN_BACKENDS} from '../lib/train/train-settings.js'
import type {LaunchLayout} from '../lib/train/trainer-command.js'

export default class Train extends BaseCommand<typeof Train> {
  static summary =
    'Write a training set from judged trajectories into --out and launch the trainer; its run record on stdout.'
  static description = `One sample per step of each judged trajectory: the request the policy sent at that step, rebuilt with the rollout's own prompt builder (system prompt with the tool schema, the last run.window rounds with their screenshots, older rounds as text lines, the memory carried), and the model's raw response as the target. The weight is the trajectory's reward, so only successful trajectories count (filtered behaviour cloning, the paper's REINFORCE without a baseline); --baseline mean subtracts the mean reward of the input trajectories (REINFORCE with a baseline: failures get negative weights); --baseline group subtracts the mean reward of the same task's trajectories (rollout --samples K: a task whose attempts all succeeded or all failed teaches nothing); both need --backend torch. Samples of weight 0 are left out, and so are steps flagged repeated and steps without a response or a usable action; each is counted. Screenshots are hard-linked (or copied) once into OUT/images/, resolved against --shots DIR, else the input file's folder or its shots/.

--backend llamafactory writes OUT/data.json (ShareGPT: messages with an <image> tag for each screenshot, and images), OUT/dataset_info.json, OUT/ds_z2.json (DeepSpeed ZeRO-2) and OUT/train.yaml (Qwen3-VL SFT that trains the last turn only, screenshots at exactly the rollout's viewport area), then runs \`llamafactory-cli train OUT/train.yaml\` with FORCE_TORCHRUN=1 and the layout in NPROC_PER_NODE, NNODES, NODE_RANK, MASTER_ADDR and MASTER_PORT. --backend torch writes OUT/samples.jsonl and OUT/train_config.json and runs \`accelerate launch trainer/train.py --config OUT/train_config.json\`, which takes the weights.

--dry-run writes the files and prints the command and its environment without running it. Otherwise the trainer's output and progress go to stderr, SIGINT and SIGTERM are passed to it, a record on stdout says how it ended (steps, final loss, checkpoint), and webgym exits with the trainer's exit code.`

  static examples = [
    {
      description: 'Behaviour cloning on successes with LLaMA-Factory on 8 GPUs',
      command:
        '<%= config.bin %> filter --success judged.ndjson | <%= config.bin %> train --out runs/it3 --shots shots --nproc-per-node 8',
    },
    {
      description: 'REINFORCE with a mean baseline on the torch trainer, two nodes (run on each with its --node-rank)',
      command:
        '<%= config.bin %> train judged.ndjson --out runs/it4 --backend torch --baseline mean --nproc-per-node 8 --nnodes 2 --node-rank 0 --master-addr 10.0.0.1',
    },
    {
      description: 'See what would run',
      command: '<%= config.bin %> train good.ndjson --out runs/try --dry-run | jq .command',
    },
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Judged trajectory files (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = {
    out: Flags.string({
      required: true,
      helpValue: 'DIR',
      description: 'Folder for the dataset, the trainer config and the checkpoints (OUT/checkpoints).',
    }),
    backend: Flags.option({
      options: TRAIN_BACKENDS,
      default: 'llamafactory' as const,
      description: "llamafactory: LLaMA-Factory's SFT; torch: the project's trainer/train.py (per-sample weights).",
    })(),
    baseline: Flags.option({
      options: BASELINES,
      default: 'none' as const,
      description:
        "none: weight = reward; mean: weight = reward - mean reward; group: weight = reward - the task's mean reward over its attempts (--backend torch).",
    })(),
    model: Flags.string({
      env: 'WEBGYM_TRAIN_MODEL',
      default: DEFAULT_TRAIN_MODEL,
      helpValue: 'NAME',
      description: 'Base model to fine-tune (a Hugging Face id or a local folder).',
    }),
    finetuning: Flags.option({
      options: FINETUNING,
      default: 'lora' as const,
      description: 'LoRA adapters or all weights.',
    })(),
    'lora-rank': Flags.integer({
      default: 16,
      min: 1,
      max: 1024,
      helpValue: 'R',
      description: 'LoRA rank (alpha is twice the rank, dropout 0.05).',
    }),
    'learning-rate': Flags.string({
      default: '1e-5',
      helpValue: 'LR',
      description: 'Learning rate (llamafactory: the peak of a cosine schedule with 10% warm-up; torch: constant).',
    }),
    epochs: Flags.string({default: '1', helpValue: 'N', description: 'Passes over the dataset (may be fractional).'}),
    'batch-size': Flags.integer({default: 1, min: 1, helpValue: 'N', description: 'Samples per device per step.'}),
    'gradient-accumulation': Flags.integer({
      default: 8,
      min: 1,
      helpValue: 'N',
      description: 'Steps whose gradients are summed before an update.',
    }),
    'save-steps': Flags.integer({default: 100, min: 1, helpValue: 'N', description: 'Updates between checkpoints.'}),
    'logging-steps': Flags.integer({
      default: 10,
      min: 1,
      helpValue: 'N',
      description: 'llamafactory: updates between loss logs.',
    }),
    'cutoff-len': Flags.integer({
      default: 16384,
      min: 256,
      helpValue: 'TOKENS',
      description: 'llamafactory: longest sample in tokens (a 1280x768 screenshot is 960).',
    }),
    template: Flags.string({
      helpValue: 'NAME',
      description: 'llamafactory: chat template [default: qwen3_vl for Thinking models, else qwen3_vl_nothink].',
    }),
    bf16: Flags.boolean({default: true, allowNo: true, description: 'Train in bfloat16 (--no-bf16 for fp32).'}),
    seed: Flags.integer({default: 0, helpValue: 'N', description: "The trainer's random seed (shuffling, LoRA init)."}),
    shots: Flags.string({
      helpValue: 'DIR',
      description:
        "Screenshot store the records' paths are relative to [default: the input file's folder, then its shots/].",
    }),
    'dry-run': Flags.boolean({
      default: false,
      description: 'Write the dataset and config, print the command and its environment, run nothing.',
    }),
    'nproc-per-node': Flags.integer({
      env: 'NPROC_PER_NODE',
      min: 1,
      helpValue: 'N',
      description: 'Training processes (GPUs) on this node [default: the launcher decides].',
    }),
    nnodes: Flags.integer({env: 'NNODES', min: 1, helpValue: 'N', description: 'Nodes in the job.'}),
    'node-rank': Flags.integer({env: 'NODE_RANK', min: 0, helpValue: 'R', description: "This node's rank, from 0."}),
    'master-addr': Flags.string({env: 'MASTER_ADDR', helpValue: 'HOST', description: 'Address of the rank-0 node.'}),
    'master-port': Flags.integer({
      env: 'MASTER_PORT',
      min: 1,
      max: 65535,
      helpValue: 'PORT',
      description: 'Port of the rank-0 node.',
    }),
    'accelerate-config': Flags.string({
      helpValue: 'FILE',
      description: 'torch: an `accelerate config` file passed as --config_file.',
    }),
    ...inputFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const layout: LaunchLayout = {
      nprocPerNode: flags['nproc-per-node'],
      nnodes: flags.nnodes,
      nodeRank: flags['node-rank'],
      masterAddr: flags['master-addr'],
      masterPort: flags['master-port'],
      accelerateConfig: flags['accelerate-config'],
    }
    assertBackendSupports(flags.backend, flags.baseline)
    assertLaunchLayout(flags.backend, layout)
    const record = await runTrain({
      inputs: this.positionals,
      invalid: this.invalidRecords(),
      maxLineBytes: flags['max-line-bytes'],
      out: flags.out,
      backend: flags.backend,
      baseline: flags.baseline,
      shots: flags.shots,
      hyperparameters: {
        model: flags.model,
        finetuning: flags.finetuning,
        loraRank: flags['lora-rank'],
        learningRate: positiveNumber('learning-rate', flags['learning-rate']),
        epochs: positiveNumber('epochs', flags.epochs),
        batchSize: flags['batch-size'],
        gradientAccumulation: flags['gradient-accumulation'],
        saveSteps: flags['save-steps'],
        loggingSteps: flags['logging-steps'],
        seed: flags.seed,
        bf16: flags.bf16,
        cutoffLen: flags['cutoff-len'],
        template: flags.template,
      },
      layout,
      dryRun: flags['dry-run'],
      reporter: this.reporter,
    })
    await writeText(`${JSON.stringify(record)}\n`)
    if (record.exit_code !== undefined && record.exit_code !== 0) {
      const how = record.signal ? ` after ${record.signal}` : ''
      this.reporter.warn(`the trainer exited with code ${record.exit_code}${how}; its output is above`)
      process.exitCode = record.exit_code
    }
  }
}
