import {fileURLToPath} from 'node:url'
import {join, resolve} from 'node:path'
import {TORCH_CONFIG} from './torch-files.js'
import type {TrainBackend} from './train-settings.js'

/** Where the job runs: processes per node, nodes, this node's rank and the rendezvous address. */
export interface LaunchLayout {
  nprocPerNode?: number
  nnodes?: number
  nodeRank?: number
  masterAddr?: string
  masterPort?: number
  /** torch: an `accelerate config` file. */
  accelerateConfig?: string
}

/** A program, its arguments and the environment it gets on top of webgym's own. */
export interface TrainerCommand {
  file: string
  args: string[]
  env: Record<string, string>
}

/** The project's own trainer, shipped in the package next to dist/. */
export const TORCH_TRAINER = fileURLToPath(new URL('../../../trainer/train.py', import.meta.url))

// The trainer's command line for a layout the caller has checked (a multi-node job names its rendezvous address).
export function trainerCommand(backend: TrainBackend, out: string, layout: LaunchLayout): TrainerCommand {
  return backend === 'llamafactory' ? llamaFactoryCommand(out, layout) : torchCommand(out, layout)
}

/** `llamafactory-cli train OUT/train.yaml` under torchrun, whose layout LLaMA-Factory reads from the environment. */
function llamaFactoryCommand(out: string, layout: LaunchLayout): TrainerCommand {
  const env: Record<string, string> = {FORCE_TORCHRUN: '1'}
  if (layout.nprocPerNode !== undefined) env.NPROC_PER_NODE = String(layout.nprocPerNode)
  if (layout.nnodes !== undefined) env.NNODES = String(layout.nnodes)
  if (layout.nodeRank !== undefined) env.NODE_RANK = String(layout.nodeRank)
  if (layout.masterAddr !== undefined) env.MASTER_ADDR = layout.masterAddr
  if (layout.masterPort !== undefined) env.MASTER_PORT = String(layout.masterPort)
  return {file: 'llamafactory-cli', args: ['train', join(out, 'train.yaml')], env}
}

/** `accelerate launch ... trainer/train.py --config OUT/train_config.json`; accelerate counts processes over all nodes. */
function torchCommand(out: string, layout: LaunchLayout): TrainerCommand {
  const args = ['launch']
  if (layout.accelerateConfig !== undefined) args.push('--config_file', resolve(layout.accelerateConfig))
  const nnodes = layout.nnodes ?? 1
  if (layout.nprocPerNode !== undefined) args.push('--num_processes', String(layout.nprocPerNode * nnodes))
  if (nnodes > 1) {
    args.push(
      '--num_machines',
      String(nnodes),
      '--machine_rank',
      String(layout.nodeRank ?? 0),
      '--main_process_ip',
      layout.masterAddr!,
      '--main_process_port',
      String(layout.masterPort ?? DEFAULT_MASTER_PORT),
    )
  }
  args.push(TORCH_TRAINER, '--config', join(out, TORCH_CONFIG))
  return {file: 'accelerate', args, env: {}}
}

const DEFAULT_MASTER_PORT = 29500

/** The command line as one array, for the run record. */
export function commandLine(command: TrainerCommand): string[] {
  return [command.file, ...command.args]
}
