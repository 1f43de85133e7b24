import cliProgress from 'cli-progress'
import type {Reporter} from '../report/reporter.js'
import type {RolloutMetrics} from './metrics.js'

/**
 * A rollout's progress on stderr: episodes done of total, steps/s, sessions and policy requests in flight, errors and
 * ETA. Live on a terminal; a line every few seconds otherwise (cron logs); nothing under --quiet.
 */
export class RolloutProgress {
  private readonly bar: cliProgress.SingleBar | undefined
  private readonly timer: NodeJS.Timeout | undefined

  constructor(
    private readonly metrics: RolloutMetrics,
    private readonly total: number,
    reporter: Reporter,
    options: {intervalSeconds?: number; tty?: boolean} = {},
  ) {
    if (reporter.quiet) return
    if (options.tty ?? process.stderr.isTTY) {
      this.bar = new cliProgress.SingleBar(
        {
          format: 'rollout [{bar}] {value}/{total} episodes | {status}',
          stream: process.stderr,
          hideCursor: false,
          clearOnComplete: true,
          fps: 4,
        },
        cliProgress.Presets.shades_classic,
      )
      this.bar.start(total, 0, {status: ''})
      this.timer = setInterval(() => this.bar?.update(metrics.done, {status: this.status()}), 250)
    } else {
      this.timer = setInterval(() => reporter.info(this.line()), (options.intervalSeconds ?? 5) * 1000)
    }
    this.timer.unref()
  }

  line(): string {
    return `rollout: ${this.metrics.done}/${this.total} episodes, ${this.status()}`
  }

  stop(): void {
    clearInterval(this.timer)
    this.bar?.update(this.metrics.done, {status: this.status()})
    this.bar?.stop()
  }

  private status(): string {
    const {metrics} = this
    const rate = metrics.done / Math.max(metrics.seconds, 0.001)
    const left = this.total - metrics.done
    const eta = metrics.done > 0 ? formatSeconds(left / rate) : '?'
    return `${metrics.stepsPerSecond().toFixed(1)} steps/s, ${metrics.sessions} sessions, ${metrics.requests} requests in flight, ${metrics.episodes.error} errors, ETA ${eta}`
  }
}

function formatSeconds(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}
