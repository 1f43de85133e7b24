import {mkdir, readFile, rm} from 'node:fs/promises'
import {isAbsolute, join, resolve} from 'node:path'
import {InputError} from '../errors.js'
import {ByteSpool} from '../io/byte-spool.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import type {Reporter} from '../report/reporter.js'
import {collectSamples, type PendingSample, type SkipCounts} from './collect-samples.js'
import {launchTrainer} from './launch-trainer.js'
import {writeLlamaFactoryConfig} from './llamafactory-files.js'
import {SampleImages} from './sample-images.js'
import {writeTorchConfig} from './torch-files.js'
import type {Baseline, Hyperparameters, TrainBackend} from './train-settings.js'
import {TrainStatus} from './train-status.js'
import {commandLine, trainerCommand, type LaunchLayout} from './trainer-command.js'
import {applyTrainerLog} from './trainer-progress.js'
import {writeDataset} from './write-dataset.js'

/** What to train on and how; the backend, baseline and layout go together (checked by the caller). */
export interface TrainOptions {
  inputs: readonly string[]
  invalid: InvalidRecords
  maxLineBytes: number
  out: string
  backend: TrainBackend
  baseline: Baseline
  shots?: string
  hyperparameters: Hyperparameters
  layout: LaunchLayout
  dryRun: boolean
  reporter: Reporter
  /** Seconds between progress lines when stderr is not a terminal. */
  progressIntervalSeconds?: number
}

/** What `webgym train` prints on stdout: the command and its dataset, and (when it ran) how it ended. */
export interface TrainRecord {
  dry_run: boolean
  backend: TrainBackend
  command: string[]
  env: Record<string, string>
  out: string
  samples: number
  /** Judged trajectories read. */
  trajectories: number
  /** Trajectories with at least one sample. */
  trajectories_used: number
  /** Trajectories left out because their judging failed. */
  trajectories_unjudged: number
  images: number
  /** The mean reward subtracted from every reward (baseline mean), else null. */
  baseline: number | null
  /** baseline group: tasks whose attempts are averaged, and those among them with mixed rewards (they teach). */
  baseline_groups?: {tasks: number; mixed: number}
  skipped: SkipCounts
  /** Records left out as invalid and skipped (malformed, or prompted in a dialect this webgym cannot rebuild). */
  invalid_skipped: number
  steps?: number | null
  total_steps?: number | null
  final_loss?: number | null
  checkpoint?: string | null
  exit_code?: number
  signal?: string | null
  started_at?: string
  ended_at?: string
}

/**
 * `webgym train`: writes the dataset (one sample per kept step, its prompt rebuilt as the policy sent it) and the
 * trainer's config into `out`, then launches the trainer and waits for it (unless dry-run). The record's exit_code
 * is the trainer's.
 */
export async function runTrain(options: TrainOptions): Promise<TrainRecord> {
  const out = resolve(options.out)
  const command = trainerCommand(options.backend, out, options.layout)
  await mkdir(out, {recursive: true})
  const spoolPath = join(out, '.samples.spool')
  const spool = new ByteSpool(spoolPath)
  const images = new SampleImages(out)
  let collected
  let dataset
  let baseline: number | null = null
  let spoolOpen = true
  try {
    collected = await collectSamples({
      inputs: options.inputs,
      invalid: options.invalid,
      maxLineBytes: options.maxLineBytes,
      shots: options.shots,
      dropZeroReward: options.baseline === 'none',
      spool,
    })
    spoolOpen = false
    await spool.close()
    // REINFORCE's variance-reducing baseline: the mean reward of the batch, here every trajectory read; or per task,
    // the mean of its own attempts (a group baseline, as GRPO-style training uses).
    if (options.baseline === 'mean' && collected.trajectories > 0)
      baseline = collected.rewardSum / collected.trajectories
    const groups = collected.byTask
    const baselineOf =
      options.baseline === 'group'
        ? (sample: PendingSample) => groups.get(sample.task)!.rewardSum / groups.get(sample.task)!.n
        : () => baseline ?? 0
    dataset = await writeDataset({
      backend: options.backend,
      out,
      spool,
      baseline: baselineOf,
      images,
      skipped: collected.skipped,
    })
  } finally {
    if (spoolOpen) await spool.close().catch(() => undefined)
    await rm(spoolPath, {force: true})
  }
  report(options.reporter, collected, dataset.samples, dataset.trajectories, images.count, out, options.invalid.skipped)
  if (!dataset.pixels) {
    if (collected.trajectories === 0)
      throw new InputError(
        'nothing to train on: no judged trajectories in the input',
        'name the files of `webgym judge` output, or pipe them on stdin',
      )
    const hint =
      options.baseline === 'none'
        ? 'train on successful trajectories (reward 1) of a model policy, e.g. webgym filter --success judged.ndjson'
        : 'a baseline leaves weight only where the rewards differ'
    throw new InputError(
      `nothing to train on: none of the ${collected.trajectories} trajectories has a step to learn from (see the counts above)`,
      hint,
    )
  }
  if (options.backend === 'llamafactory') await writeLlamaFactoryConfig(out, options.hyperparameters, dataset.pixels)
  else await writeTorchConfig(out, options.hyperparameters, dataset.pixels)

  const record: TrainRecord = {
    dry_run: options.dryRun,
    backend: options.backend,
    command: commandLine(command),
    env: command.env,
    out,
    samples: dataset.samples,
    trajectories: collected.trajectories,
    trajectories_used: dataset.trajectories,
    trajectories_unjudged: collected.unjudged,
    images: images.count,
    baseline,
    ...(options.baseline === 'group'
      ? {
          baseline_groups: {
            tasks: collected.byTask.size,
            mixed: [...collected.byTask.values()].filter((group) => group.rewardSum > 0 && group.rewardSum < group.n)
              .length,
          },
        }
      : {}),
    skipped: collected.skipped,
    invalid_skipped: options.invalid.skipped,
  }
  if (options.dryRun) return record

  options.reporter.info(
    `train: ${Object.entries(command.env)
      .map(([key, value]) => `${key}=${value} `)
      .join('')}${record.command.join(' ')}`,
  )
  const status = new TrainStatus({
    quiet: options.reporter.quiet,
    tty: Boolean(process.stderr.isTTY),
    intervalSeconds: options.progressIntervalSeconds ?? 10,
  })
  const run = await launchTrainer(options.backend, command, {
    status,
    loggingSteps: options.hyperparameters.loggingSteps,
  })
  const progress = run.progress
  let checkpoint = progress.done?.checkpoint ?? progress.checkpoint
  if (options.backend === 'llamafactory') {
    // LLaMA-Factory logs every logging step to OUTPUT_DIR/trainer_log.jsonl; the final model is saved to OUTPUT_DIR.
    const log = await readFile(join(out, 'checkpoints', 'trainer_log.jsonl'), 'utf8').catch(() => null)
    if (log !== null) applyTrainerLog(progress, log)
    if (run.exitCode === 0) checkpoint = join(out, 'checkpoints')
  }
  return {
    ...record,
    steps: progress.done?.steps ?? progress.step,
    total_steps: progress.totalSteps,
    final_loss: progress.done?.finalLoss ?? progress.loss,
    // The torch trainer's paths are relative to OUT, like those in its config.
    checkpoint: checkpoint === null ? null : isAbsolute(checkpoint) ? checkpoint : join(out, checkpoint),
    exit_code: run.exitCode,
    signal: run.signal ?? run.forwarded[0] ?? null,
    started_at: run.startedAt.toISOString(),
    ended_at: run.endedAt.toISOString(),
  }
}

function report(
  reporter: Reporter,
  collected: {trajectories: number; unjudged: number; withGaps: number; skipped: SkipCounts},
  samples: number,
  used: number,
  images: number,
  out: string,
  invalidSkipped: number,
): void {
  if (collected.unjudged > 0)
    reporter.warn(
      `${collected.unjudged} trajectories left out: their judging failed (judgment.error); judge them again with webgym judge --resume`,
    )
  const skipped = Object.entries(collected.skipped)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${count} ${reason.replaceAll('_', ' ')}`)
    .join(', ')
  reporter.info(
    `train: ${samples} samples from ${used} of ${collected.trajectories} trajectories, ${images} images in ${join(out, 'images')}; steps left out: ${skipped || 'none'}; ${invalidSkipped} invalid records skipped`,
  )
  if (collected.withGaps > 0) {
    reporter.warn(
      `${collected.withGaps} trajectories have steps missing (their step indices skip): their prompts are rebuilt from the steps there, not exactly as the policy saw them (filter --drop-repeated-steps marks steps instead of removing them)`,
    )
  }
}
