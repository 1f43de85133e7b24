import {UsageError} from '../lib/errors.js'
import type {Baseline, TrainBackend} from '../lib/train/train-settings.js'
import type {LaunchLayout} from '../lib/train/trainer-command.js'

// `webgym train`'s flag checks: values and combinations the trainer cannot run with, refused before any work.

/** A positive number given as text (--learning-rate 1e-5, --epochs 0.5), or a usage error naming the flag. */
export function positiveNumber(flag: string, text: string): number {
  const value = Number(text.trim())
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new UsageError(`--${flag} must be a positive number, got ${JSON.stringify(text)}`)
  return value
}

/** The mean and group baselines need a trainer that takes per-sample weights: LLaMA-Factory's SFT has none. */
export function assertBackendSupports(backend: TrainBackend, baseline: Baseline): void {
  if (backend === 'llamafactory' && baseline !== 'none') {
    throw new UsageError(
      `--baseline ${baseline} needs per-sample weights, which LLaMA-Factory cannot take`,
      'use --backend torch (negative weights push failed trajectories down)',
    )
  }
}

/** A multi-node layout names its rendezvous, ranks fit the node count, and torch-only flags come with --backend torch. */
export function assertLaunchLayout(backend: TrainBackend, layout: LaunchLayout): void {
  const nnodes = layout.nnodes ?? 1
  if (layout.nodeRank !== undefined && layout.nodeRank >= nnodes)
    throw new UsageError(`--node-rank must be below --nnodes (${nnodes}), got ${layout.nodeRank}`, 'ranks count from 0')
  if (nnodes > 1 && !layout.masterAddr)
    throw new UsageError(`--nnodes ${nnodes} needs --master-addr (or MASTER_ADDR): the address of the rank-0 node`)
  if (backend === 'torch' && nnodes > 1 && layout.nprocPerNode === undefined)
    throw new UsageError(
      `--nnodes ${nnodes} with --backend torch needs --nproc-per-node (or NPROC_PER_NODE)`,
      'accelerate is told the total number of processes',
    )
  if (backend === 'llamafactory' && layout.accelerateConfig !== undefined)
    throw new UsageError('--accelerate-config applies to --backend torch only')
}
