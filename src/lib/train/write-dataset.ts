import {join} from 'node:path'
import type {ByteSpool} from '../io/byte-spool.js'
import {RecordWriter} from '../io/record-writer.js'
import type {PendingSample, SkipCounts} from './collect-samples.js'
import type {PixelRange} from './llamafactory-files.js'
import type {SampleImages} from './sample-images.js'
import {toShareGpt} from './sharegpt.js'
import {TORCH_SAMPLES} from './torch-files.js'
import type {TrainBackend} from './train-settings.js'
import type {SampleMessage, TrainingSample} from './training-sample.js'

export interface DatasetTally {
  samples: number
  /** Trajectories with at least one sample. */
  trajectories: number
  pixels: PixelRange | null
}

export interface WriteDatasetOptions {
  backend: TrainBackend
  out: string
  spool: ByteSpool
  /** What is subtracted from a sample's reward: 0 without a baseline, the mean, or its task's mean. */
  baseline: (sample: PendingSample) => number
  images: SampleImages
  skipped: SkipCounts
}

/**
 * Pass 2: weighs each pending sample, leaves out those of weight 0, places their screenshots and writes the backend's
 * data file: OUT/samples.jsonl (torch, one TrainingSample per line) or OUT/data.json (llamafactory, a ShareGPT array).
 */
export async function writeDataset(options: WriteDatasetOptions): Promise<DatasetTally> {
  const torch = options.backend === 'torch'
  const writer = await RecordWriter.open(join(options.out, torch ? TORCH_SAMPLES : 'data.json'))
  const used = new Set<number>()
  let samples = 0
  let minPixels = Infinity
  let maxPixels = 0
  try {
    if (!torch) await writer.writeLine('[')
    for await (const lines of options.spool.batches()) {
      for (const line of lines) {
        const pending = JSON.parse(line) as PendingSample
        const weight = pending.reward - options.baseline(pending)
        if (weight === 0) {
          options.skipped.zero_weight++
          continue
        }
        const sample: TrainingSample = {
          id: pending.id,
          messages: await placeImages(pending, options.images),
          response: pending.response,
          weight,
        }
        if (torch) await writer.write(sample)
        else {
          const entry = toShareGpt(sample)
          if (!entry) {
            options.skipped.image_tag_in_text++
            continue
          }
          await writer.writeLine(`${samples === 0 ? '' : ','}${JSON.stringify(entry)}`)
        }
        samples++
        used.add(pending.trajectory)
        minPixels = Math.min(minPixels, pending.pixels)
        maxPixels = Math.max(maxPixels, pending.pixels)
      }
    }
    if (!torch) await writer.writeLine(']')
  } finally {
    await writer.close()
  }
  return {samples, trajectories: used.size, pixels: samples > 0 ? {min: minPixels, max: maxPixels} : null}
}

async function placeImages(pending: PendingSample, images: SampleImages): Promise<SampleMessage[]> {
  const where = {shots: pending.shots, inputDir: pending.input_dir}
  return Promise.all(
    pending.messages.map(async (message): Promise<SampleMessage> => {
      if (typeof message.content === 'string') return {role: message.role, content: message.content}
      const content = await Promise.all(
        message.content.map(async (part) =>
          part.type === 'text' ? part : {type: 'image' as const, path: await images.add(part.shot, where, pending.id)},
        ),
      )
      return {role: message.role, content}
    }),
  )
}
