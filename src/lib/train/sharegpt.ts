import {sampleImages, type TrainingSample} from './training-sample.js'

// LLaMA-Factory's multimodal ShareGPT format: each message's parts joined into one text, an image part becoming an
// "<image>" tag at its place (Qwen3-VL's chat template joins parts with nothing between them, so the text the model
// sees is the same), the images listed in order, and the target as the last assistant turn.

export const IMAGE_TAG = '<image>'

export interface ShareGptEntry {
  messages: Array<{role: 'system' | 'user' | 'assistant'; content: string}>
  images: string[]
}

/** The entry, or null when a text holds a literal "<image>": LLaMA-Factory would count it as one more image. */
export function toShareGpt(sample: TrainingSample): ShareGptEntry | null {
  const texts = sample.messages.flatMap((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])),
  )
  if ([...texts, sample.response].some((text) => text.includes(IMAGE_TAG))) return null
  const messages = sample.messages.map((message) => ({
    role: message.role,
    content:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => (part.type === 'text' ? part.text : IMAGE_TAG)).join(''),
  }))
  messages.push({role: 'assistant', content: sample.response})
  return {messages, images: sampleImages(sample)}
}
