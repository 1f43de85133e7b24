import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {PixelRange} from './llamafactory-files.js'
import {loraSettings, type Hyperparameters} from './train-settings.js'

// OUT/train_config.json, the torch trainer's (trainer/train.py) whole configuration; paths are relative to OUT.

export interface TorchTrainConfig {
  model: string
  samples: string
  output_dir: string
  finetuning: Hyperparameters['finetuning']
  lora: {r: number; alpha: number; dropout: number}
  learning_rate: number
  epochs: number
  batch_size: number
  gradient_accumulation_steps: number
  max_pixels: number
  min_pixels: number
  save_steps: number
  seed: number
  bf16: boolean
}

export const TORCH_SAMPLES = 'samples.jsonl'
export const TORCH_CONFIG = 'train_config.json'

export function torchConfig(hp: Hyperparameters, pixels: PixelRange): TorchTrainConfig {
  return {
    model: hp.model,
    samples: TORCH_SAMPLES,
    output_dir: 'checkpoints',
    finetuning: hp.finetuning,
    lora: loraSettings(hp.loraRank),
    learning_rate: hp.learningRate,
    epochs: hp.epochs,
    batch_size: hp.batchSize,
    gradient_accumulation_steps: hp.gradientAccumulation,
    max_pixels: pixels.max,
    min_pixels: pixels.min,
    save_steps: hp.saveSteps,
    seed: hp.seed,
    bf16: hp.bf16,
  }
}

export async function writeTorchConfig(out: string, hp: Hyperparameters, pixels: PixelRange): Promise<void> {
  await writeFile(join(out, TORCH_CONFIG), `${JSON.stringify(torchConfig(hp, pixels), null, 2)}\n`)
}
