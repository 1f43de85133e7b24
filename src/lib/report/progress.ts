import {createRequire} from 'node:module'
import type cliProgress from 'cli-progress'
import type {Reporter} from './reporter.js'

/** Counts of long work, shown while it runs. */
export interface ProgressCounts {
  done: number
  failed: number
}

export interface ProgressOptions {
  label: string
  reporter: Reporter
  /** Seconds between status lines when stderr is not a terminal (cron logs). */
  intervalSeconds?: number
  /** Overrides the terminal check (tests). */
  tty?: boolean
}

/**
 * Progress of long work on stderr: a live line on a terminal, a status line every `intervalSeconds` otherwise (so
 * cron logs show the job is alive), nothing under --quiet. Records/s is measured since the start.
 */
export class Progress {
  private readonly started = Date.now()
  private readonly bar: cliProgress.SingleBar | undefined
  private readonly timer: NodeJS.Timeout | undefined
  private counts: ProgressCounts = {done: 0, failed: 0}
  private stopped = false

  constructor(private readonly options: ProgressOptions) {
    if (options.reporter.quiet) return
    if (options.tty ?? process.stderr.isTTY) {
      // Loaded only for a terminal: pipelines and cron jobs start faster without it.
      const {SingleBar, Presets} = createRequire(import.meta.url)('cli-progress') as typeof cliProgress
      this.bar = new SingleBar(
        {
          format: `${options.label}: {value} done, {failed} failed, {rate}/s, {elapsed}s`,
          stream: process.stderr,
          hideCursor: false,
          clearOnComplete: true,
          fps: 5,
        },
        Presets.shades_classic,
      )
      this.bar.start(0, 0, {failed: 0, rate: 0, elapsed: 0})
    } else {
      this.timer = setInterval(() => options.reporter.info(this.line()), (options.intervalSeconds ?? 30) * 1000)
      this.timer.unref()
    }
  }

  update(counts: ProgressCounts): void {
    this.counts = counts
    const seconds = (Date.now() - this.started) / 1000
    this.bar?.update(counts.done, {
      failed: counts.failed,
      rate: Math.round(counts.done / Math.max(seconds, 0.001)),
      elapsed: Math.round(seconds),
    })
  }

  /** The status as one line: what a non-terminal log gets every interval. */
  line(): string {
    const seconds = (Date.now() - this.started) / 1000
    return `${this.options.label}: ${this.counts.done} done, ${this.counts.failed} failed, ${Math.round(this.counts.done / Math.max(seconds, 0.001))}/s, ${Math.round(seconds)}s`
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.bar?.stop()
  }
}
