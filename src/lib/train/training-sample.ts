// The training sample both backends are written from, and the torch trainer reads as is (OUT/samples.jsonl, one per
// line): the prompt the policy was sent at one step, the model's raw response as the target, and the weight of its
// log-likelihood in the loss. Image paths are relative to the dataset folder.

export type SamplePart = {type: 'text'; text: string} | {type: 'image'; path: string}

export interface SampleMessage {
  role: 'system' | 'user' | 'assistant'
  content: string | SamplePart[]
}

export interface TrainingSample {
  /** `<task id>@<run.started_at>#<step index>`. */
  id: string
  /** The request up to and including the last user turn, exactly as the policy sent it. */
  messages: SampleMessage[]
  /** The target: the model's own reply at that step. */
  response: string
  /** The reward (filtered behaviour cloning), or the reward less the baseline (negative for failures). */
  weight: number
}

/** The image paths of a sample, in the order they appear. */
export function sampleImages(sample: Pick<TrainingSample, 'messages'>): string[] {
  return sample.messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((part) => (part.type === 'image' ? [part.path] : [])),
  )
}
