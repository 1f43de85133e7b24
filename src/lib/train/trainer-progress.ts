// What the trainer's output says about its progress. The torch trainer prints NDJSON events on stdout ({"event":
// "start"|"step"|"checkpoint"|"done", ...}); LLaMA-Factory prints the Hugging Face Trainer's log dicts
// ({'loss': 1.23, 'learning_rate': 1e-05, 'epoch': 0.5}) and `Saving model checkpoint to DIR` lines.

export interface TrainerProgress {
  totalSteps: number | null
  /** The last step reported (or, for LLaMA-Factory, logged losses times logging_steps). */
  step: number | null
  loss: number | null
  learningRate: number | null
  checkpoint: string | null
  /** From the torch trainer's done event. */
  done: {steps: number | null; finalLoss: number | null; checkpoint: string | null} | null
}

export function emptyProgress(): TrainerProgress {
  return {totalSteps: null, step: null, loss: null, learningRate: null, checkpoint: null, done: null}
}

export type TrainerEvent =
  | {event: 'start'; total_steps?: number}
  | {event: 'step'; step: number; total_steps?: number; loss?: number; lr?: number}
  | {event: 'checkpoint'; step?: number; path: string}
  | {event: 'done'; steps?: number; final_loss?: number; checkpoint?: string}

/** A torch trainer event line, or null for any other line (a log line). */
export function parseTrainerEvent(line: string): TrainerEvent | null {
  const text = line.trim()
  if (!text.startsWith('{') || !text.includes('"event"')) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  const event = (value as {event?: unknown})?.event
  return event === 'start' || event === 'step' || event === 'checkpoint' || event === 'done'
    ? (value as TrainerEvent)
    : null
}

export function applyTrainerEvent(progress: TrainerProgress, event: TrainerEvent): void {
  switch (event.event) {
    case 'start':
      progress.totalSteps = numberOr(event.total_steps, progress.totalSteps)
      break
    case 'step':
      progress.step = numberOr(event.step, progress.step)
      progress.totalSteps = numberOr(event.total_steps, progress.totalSteps)
      progress.loss = numberOr(event.loss, progress.loss)
      progress.learningRate = numberOr(event.lr, progress.learningRate)
      break
    case 'checkpoint':
      if (typeof event.path === 'string') progress.checkpoint = event.path
      progress.step = numberOr(event.step, progress.step)
      break
    case 'done':
      progress.done = {
        steps: numberOr(event.steps, null),
        finalLoss: numberOr(event.final_loss, null),
        checkpoint: typeof event.checkpoint === 'string' ? event.checkpoint : null,
      }
      break
  }
}

const HF_LOSS = /'loss':\s*'?(-?[\d.]+(?:e[-+]?\d+)?|nan|inf)'?/i
const HF_LR = /'learning_rate':\s*'?(-?[\d.]+(?:e[-+]?\d+)?)'?/i
const HF_SAVE = /Saving model checkpoint to (\S+)/

/** Reads one line of LLaMA-Factory's output; true when it said something about progress. */
export function applyLlamaFactoryLine(progress: TrainerProgress, line: string, loggingSteps: number): boolean {
  const loss = HF_LOSS.exec(line)
  if (loss && line.includes('{')) {
    progress.loss = Number(loss[1])
    const lr = HF_LR.exec(line)
    if (lr) progress.learningRate = Number(lr[1])
    progress.step = (progress.step ?? 0) + loggingSteps
    return true
  }
  const saved = HF_SAVE.exec(line)
  if (saved) {
    progress.checkpoint = saved[1]!
    return true
  }
  return false
}

/** LLaMA-Factory's own log (OUTPUT_DIR/trainer_log.jsonl): its last step, total and loss are exact. */
export function applyTrainerLog(progress: TrainerProgress, text: string): void {
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    let entry: {current_steps?: unknown; total_steps?: unknown; loss?: unknown; lr?: unknown}
    try {
      entry = JSON.parse(line)
    } catch {
      continue
    }
    progress.step = numberOr(entry.current_steps, progress.step)
    progress.totalSteps = numberOr(entry.total_steps, progress.totalSteps)
    progress.loss = numberOr(entry.loss, progress.loss)
    progress.learningRate = numberOr(entry.lr, progress.learningRate)
  }
}

function numberOr<T extends number | null>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}
