// Hand-made trajectory steps for the judge tests: one step per screenshot, clicks, then the answer on the last one.
import sharp from 'sharp'
import {ArtefactStore} from '../../src/lib/io/artefact-store.js'

export interface SyntheticStepOptions {
  /** The page each step was on. */
  url: (index: number) => string
  /** The answer given on the last step. */
  answer: string
  /** Each step's page title, when the record should carry one. */
  title?: (index: number) => string
}

export function syntheticSteps(screenshots: readonly string[], options: SyntheticStepOptions) {
  return screenshots.map((screenshot, index) => ({
    index,
    url: options.url(index),
    ...(options.title ? {title: options.title(index)} : {}),
    screenshot,
    response: 'Thought: ...',
    action:
      index === screenshots.length - 1
        ? {name: 'answer', text: options.answer}
        : {name: 'left_click', coordinate: [500, 400]},
    memory: null,
    action_error: null,
    repeated: false,
    observe_ms: 10,
    policy_ms: 10,
    act_ms: 10,
  }))
}

/** A solid-colour 1280x768 JPEG, distinct per n, stored in dir under its content address as rollout stores
 * screenshots; returns its file name. */
export async function solidScreenshot(dir: string, n: number): Promise<string> {
  const bytes = await sharp({
    create: {
      width: 1280,
      height: 768,
      channels: 3,
      background: {r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256},
    },
  })
    .jpeg({quality: 80})
    .toBuffer()
  return new ArtefactStore(dir).put(bytes, 'jpg')
}
