import {ExplainedError} from '../lib/errors.js'
import {opt, optionText, type Text} from '../lib/option-text.js'
import type {Reporter} from '../lib/report/reporter.js'
import type {RolloutResult, RolloutStop} from '../lib/rollout/run-rollout.js'

// How `webgym rollout` stops on SIGINT/SIGTERM: the command owns the signals and the exit code; the rollout service
// only takes the drain and abort signals this hands it.

/** The run was stopped by a signal: its unfinished episodes are written as `aborted`; exit 130 or 143. */
export class RolloutInterrupted extends ExplainedError {
  constructor(
    readonly signal: NodeJS.Signals,
    readonly exitCode: number,
    message: string,
    hint?: Text,
  ) {
    super(message, hint)
    this.name = 'RolloutInterrupted'
  }
}

/** The shell's exit code for a process ended by the signal: 128 + its number. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 130 : 143
}

/**
 * The first SIGINT or SIGTERM drains the run (no new episodes) and gives those in flight `graceMs` to finish before
 * they are aborted; a second aborts them at once; a third exits at once (something, a write to a stuck disk or a
 * browser that will not close, holds the exit; what is written is whole records, and --resume finishes the rest).
 */
export class SignalStop {
  /** The signal that stopped the run, or null while none has come. */
  stoppedBy: NodeJS.Signals | null = null
  private readonly drainController = new AbortController()
  private readonly abortController = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private readonly onSignal = (signal: NodeJS.Signals) => this.receive(signal)

  constructor(private readonly options: {graceMs: number; reporter: Reporter}) {}

  /** What the rollout service is handed. */
  get stop(): RolloutStop {
    return {drain: this.drainController.signal, signal: this.abortController.signal}
  }

  listen(): this {
    process.on('SIGINT', this.onSignal)
    process.on('SIGTERM', this.onSignal)
    return this
  }

  dispose(): void {
    clearTimeout(this.timer)
    process.off('SIGINT', this.onSignal)
    process.off('SIGTERM', this.onSignal)
  }

  /** The error a stopped run ends the command with, naming how many episodes it wrote and how to finish. */
  interrupted(result: RolloutResult, resumeFile: string | undefined): RolloutInterrupted | null {
    const signal = this.stoppedBy
    if (!signal) return null
    const {metrics, episodes} = result
    return new RolloutInterrupted(
      signal,
      signalExitCode(signal),
      `rollout stopped by ${signal}: ${metrics.done} of ${episodes} episodes written (${metrics.episodes.aborted} aborted)`,
      resumeFile
        ? optionText`rerun with ${opt('resume')} ${resumeFile} to finish`
        : optionText`write the output with ${opt('output')} FILE to be able to ${opt('resume')}`,
    )
  }

  /** What a signal does, given the ones before it (what `listen` calls on each). */
  receive(signal: NodeJS.Signals): void {
    const {reporter, graceMs} = this.options
    if (this.abortController.signal.aborted) {
      reporter.warn(`${signal} a third time: exiting now`)
      process.exit(signalExitCode(signal))
    }
    if (this.drainController.signal.aborted) {
      reporter.warn(`${signal} again: aborting the episodes in flight now (a third time exits at once)`)
      this.abortController.abort()
      return
    }
    this.stoppedBy = signal
    this.drainController.abort()
    const seconds = Math.round(graceMs / 1000)
    reporter.warn(
      `${signal}: starting no new episodes; those in flight have ${seconds} s to finish (send it again to stop now)`,
    )
    this.timer = setTimeout(() => this.abortController.abort(), graceMs)
  }
}
