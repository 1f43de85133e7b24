// What `webgym train` writes and launches: the dataset backend, the objective and the trainer's hyperparameters.

export const TRAIN_BACKENDS = ['llamafactory', 'torch'] as const
export type TrainBackend = (typeof TRAIN_BACKENDS)[number]

/**
 * none: weight = reward (filtered behaviour cloning); mean: weight = reward - mean reward of the input (REINFORCE
 * with a baseline); group: weight = reward - mean reward of the same task's attempts (rollout --samples K), so a task
 * every attempt solved or failed teaches nothing and one with mixed attempts pushes its successes up and failures down.
 */
export const BASELINES = ['none', 'mean', 'group'] as const
export type Baseline = (typeof BASELINES)[number]

export const FINETUNING = ['lora', 'full'] as const
export type Finetuning = (typeof FINETUNING)[number]

export const DEFAULT_TRAIN_MODEL = 'Qwen/Qwen3-VL-8B-Instruct'

export interface Hyperparameters {
  model: string
  finetuning: Finetuning
  loraRank: number
  learningRate: number
  epochs: number
  batchSize: number
  gradientAccumulation: number
  saveSteps: number
  loggingSteps: number
  seed: number
  bf16: boolean
  /** llamafactory: longest tokenised sample (a prompt with 4 screenshots of 1280x768 is about 5,000 tokens). */
  cutoffLen: number
  /** llamafactory: the chat template; default from the model name. */
  template?: string
}

/** LoRA's alpha is twice its rank, dropout 0.05: the usual setting for Qwen-VL fine-tunes. */
export function loraSettings(rank: number): {r: number; alpha: number; dropout: number} {
  return {r: rank, alpha: 2 * rank, dropout: 0.05}
}

/**
 * LLaMA-Factory's template for a Qwen3-VL model: `qwen3_vl` trains the reasoning format (an empty <think></think> is
 * added to every target that has none), which an Instruct model must not learn; Thinking models use it.
 */
export function defaultTemplate(model: string): string {
  return /thinking/i.test(model) ? 'qwen3_vl' : 'qwen3_vl_nothink'
}
