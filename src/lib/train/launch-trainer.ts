import {constants} from 'node:os'
import {execa} from 'execa'
import {ExternalError} from '../errors.js'
import {opt, optionText, type Text} from '../option-text.js'
import type {TrainBackend} from './train-settings.js'
import type {TrainStatus} from './train-status.js'
import type {TrainerCommand} from './trainer-command.js'
import {
  applyLlamaFactoryLine,
  applyTrainerEvent,
  emptyProgress,
  parseTrainerEvent,
  type TrainerProgress,
} from './trainer-progress.js'

export interface TrainerRun {
  exitCode: number
  /** The signal that ended the trainer, when one did. */
  signal: NodeJS.Signals | null
  /** Signals webgym received and passed on. */
  forwarded: NodeJS.Signals[]
  progress: TrainerProgress
  startedAt: Date
  endedAt: Date
}

const INSTALL_HINTS: Record<TrainBackend, Text> = {
  llamafactory: optionText`install LLaMA-Factory in this environment (pip install 'llamafactory[torch,metrics,deepspeed]', or pip install -e . in a LLaMA-Factory checkout), or use ${opt('backend')} torch`,
  torch:
    "install the torch trainer's launcher and libraries in this environment (pip install accelerate torch transformers peft)",
}

/**
 * Runs the trainer to its end: its output goes to stderr (progress parsed on the way), SIGINT and SIGTERM are passed
 * to its process group (it runs in a group of its own, so a terminal's Ctrl-C reaches it once, through webgym), and
 * its exit status is returned (128 + the signal number when a signal ended it).
 */
export async function launchTrainer(
  backend: TrainBackend,
  command: TrainerCommand,
  options: {status: TrainStatus; loggingSteps: number},
): Promise<TrainerRun> {
  const progress = emptyProgress()
  const forwarded: NodeJS.Signals[] = []
  const startedAt = new Date()
  const child = execa(command.file, command.args, {
    env: command.env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    detached: true,
  })

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      child.kill(signal)
    }
  }
  const onSignal = (signal: NodeJS.Signals) => {
    forwarded.push(signal)
    options.status.passThrough(
      `webgym: ${signal}: passed to the trainer; waiting for it to stop${forwarded.length > 1 ? '' : ' (send it again to insist)'}\n`,
    )
    signalGroup(signal)
  }
  // A crash of webgym itself must not leave the trainer's process group running unattended.
  const onExit = () => signalGroup('SIGTERM')
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.on('exit', onExit)

  const stdout = new LineSplitter(backend === 'llamafactory')
  child.stdout?.on('data', (chunk: Buffer) => {
    if (backend === 'llamafactory') options.status.passThrough(chunk)
    for (const line of stdout.push(chunk.toString('utf8'))) handleLine(line)
  })
  const stderr = new LineSplitter(true)
  child.stderr?.on('data', (chunk: Buffer) => {
    options.status.passThrough(chunk)
    if (backend === 'llamafactory')
      for (const line of stderr.push(chunk.toString('utf8')))
        applyLlamaFactoryLine(progress, line, options.loggingSteps)
  })
  function handleLine(line: string): void {
    if (backend === 'llamafactory') {
      applyLlamaFactoryLine(progress, line, options.loggingSteps)
      return
    }
    const event = parseTrainerEvent(line)
    if (!event) return options.status.passThrough(`${line}\n`)
    applyTrainerEvent(progress, event)
    options.status.event(progress, event)
  }

  try {
    const result = await child
    for (const line of stdout.end()) handleLine(line)
    options.status.stop()
    if (result.code === 'ENOENT' && result.exitCode === undefined && result.signal === undefined) {
      throw new ExternalError(
        `${command.file} not found on PATH: the ${backend} backend launches it`,
        INSTALL_HINTS[backend],
        {command: command.file, args: command.args},
      )
    }
    const signal = (result.signal as NodeJS.Signals | undefined) ?? null
    const exitCode = result.exitCode ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)
    return {exitCode, signal, forwarded, progress, startedAt, endedAt: new Date()}
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    process.off('exit', onExit)
  }
}

/** Splits a stream of text into lines; with `carriage`, a lone \r (a progress bar redrawn) ends a line too. */
class LineSplitter {
  private rest = ''

  constructor(private readonly carriage: boolean) {}

  push(text: string): string[] {
    const parts = (this.rest + text).split(this.carriage ? /\r\n|\r|\n/ : /\r?\n/)
    this.rest = parts.pop()!
    return parts
  }

  end(): string[] {
    const last = this.rest
    this.rest = ''
    return last ? [last] : []
  }
}
