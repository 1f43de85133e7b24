import {UsageError} from '../lib/errors.js'
import type {ObserveMode} from '../lib/observe/observe-mode.js'
import type {TraceMode} from '../lib/rollout/episode-trace.js'
import type {EpisodeSettings} from '../lib/rollout/episode-settings.js'

// The settings every episode shares, from the flags that set them: one reading for each command that runs episodes
// (rollout, env serve), so that the same flags mean the same episode.

/** The parsed values of the episode flags (rollout's definitions, which env serve takes as they are). */
export interface EpisodeFlagValues {
  viewport: string
  horizon: string
  'max-repeats': number
  'max-action-errors': number
  'step-timeout': number
  'episode-timeout': number
  'navigation-timeout': number
  'settle-timeout': string
  'settle-quiet': number
  'jpeg-quality': number
  window: number
  trace: TraceMode
  'trace-dir': string
}

/** The episode settings the flags give; a bad viewport, horizon or settle timeout is a usage error. */
export function episodeSettingsFromFlags(flags: EpisodeFlagValues, observe: ObserveMode): EpisodeSettings {
  return {
    limits: {
      horizons: parseHorizon(flags.horizon),
      maxRepeats: flags['max-repeats'],
      maxActionErrors: flags['max-action-errors'],
      stepTimeoutMs: flags['step-timeout'] * 1000,
      episodeTimeoutMs: flags['episode-timeout'] * 1000,
      navigationTimeoutMs: flags['navigation-timeout'] * 1000,
    },
    viewport: parseViewport(flags.viewport),
    settle: {
      quietMs: flags['settle-quiet'],
      timeoutMs: parseSeconds('--settle-timeout', flags['settle-timeout']) * 1000,
    },
    observe: {mode: observe, jpegQuality: flags['jpeg-quality'], imageWindow: flags.window},
    trace: {mode: flags.trace, dir: flags['trace-dir']},
  }
}

export function parseViewport(text: string): {width: number; height: number} {
  const match = /^(\d+)x(\d+)$/i.exec(text.trim())
  const width = Number(match?.[1])
  const height = Number(match?.[2])
  if (!match || width < 64 || height < 64 || width > 7680 || height > 4320)
    throw new UsageError(`--viewport must be WIDTHxHEIGHT in CSS pixels, e.g. 1280x768, got "${text}"`)
  return {width, height}
}

export function parseSeconds(flag: string, text: string): number {
  const seconds = Number(text)
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > 600)
    throw new UsageError(`${flag} must be a number of seconds from 0 to 600, got "${text}"`)
  return seconds
}

export function parseHorizon(text: string): number[] {
  const parts = text.split(',').map((part) => Number(part.trim()))
  if ((parts.length !== 1 && parts.length !== 3) || parts.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) {
    throw new UsageError(`--horizon must be one step cap or three (easy,medium,hard), e.g. 10,20,30, got "${text}"`)
  }
  return parts
}
