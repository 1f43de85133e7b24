import type {TrainerEvent, TrainerProgress} from './trainer-progress.js'

export interface TrainStatusOptions {
  quiet: boolean
  /** A live line on a terminal; otherwise a status line at most every `intervalSeconds` (cron logs). */
  tty: boolean
  intervalSeconds: number
}

/**
 * Training progress on stderr, between the trainer's own output (which passes through untouched): start, checkpoints
 * and the end always; steps as a live line on a terminal, else at most one line per interval plus the first and last.
 */
export class TrainStatus {
  private live = false
  private lastLine = 0

  constructor(private readonly options: TrainStatusOptions) {}

  /** The trainer's own output, as it came. */
  passThrough(chunk: string | Uint8Array): void {
    this.clearLive()
    process.stderr.write(chunk)
  }

  event(progress: TrainerProgress, event: TrainerEvent): void {
    if (this.options.quiet) return
    switch (event.event) {
      case 'start':
        return this.line(`started: ${progress.totalSteps ?? '?'} steps`)
      case 'checkpoint':
        return this.line(`checkpoint at step ${progress.step ?? '?'}: ${event.path}`)
      case 'done':
        return this.line(
          `done: ${progress.done?.steps ?? progress.step ?? '?'} steps, final loss ${format(progress.done?.finalLoss ?? progress.loss)}`,
        )
      case 'step': {
        const text = `step ${progress.step}/${progress.totalSteps ?? '?'}, loss ${format(progress.loss)}, lr ${format(progress.learningRate)}`
        if (this.options.tty) {
          process.stderr.write(`\r\x1b[Kwebgym: train: ${text}`)
          this.live = true
          return
        }
        const now = Date.now()
        const last = progress.totalSteps !== null && progress.step === progress.totalSteps
        if (this.lastLine === 0 || last || now - this.lastLine >= this.options.intervalSeconds * 1000) this.line(text)
      }
    }
  }

  stop(): void {
    this.clearLive()
  }

  private line(text: string): void {
    this.clearLive()
    process.stderr.write(`webgym: train: ${text}\n`)
    this.lastLine = Date.now()
  }

  private clearLive(): void {
    if (!this.live) return
    process.stderr.write('\r\x1b[K')
    this.live = false
  }
}

function format(value: number | null | undefined): string {
  if (value === null || value === undefined) return '?'
  return Math.abs(value) >= 0.001 || value === 0 ? String(Number(value.toPrecision(4))) : value.toExponential(2)
}
