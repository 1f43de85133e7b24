import {createHash} from 'node:crypto'
import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import type {BrowserContext} from 'playwright-core'
import {withTimeout} from '../async/with-timeout.js'
import type {Trajectory} from '../schema/trajectory.js'

/** Which episodes keep a Playwright trace (rollout --trace): none, those that did not end with an answer, or all. */
export const TRACE_MODES = ['none', 'failed', 'all'] as const
export type TraceMode = (typeof TRACE_MODES)[number]

/** A trace being recorded for one episode's context. */
export interface EpisodeTrace {
  context: BrowserContext
}

const TRACE_STOP_TIMEOUT_MS = 30_000

/** Starts recording screenshots, DOM snapshots and sources of the context, unless the mode is none. */
export async function startTrace(context: BrowserContext, mode: TraceMode): Promise<EpisodeTrace | null> {
  if (mode === 'none') return null
  try {
    await context.tracing.start({screenshots: true, snapshots: true, sources: false})
    return {context}
  } catch {
    return null // a trace is a debugging aid: an episode never fails for want of one
  }
}

/**
 * Stops the trace: kept as `<dir>/<file name from the trajectory id>.zip` when the mode keeps this episode (failed:
 * any status but answered, or a check that did not pass), thrown away otherwise. Returns the kept path, or null.
 */
export async function finishTrace(
  trace: EpisodeTrace | null,
  trajectory: Trajectory,
  options: {mode: TraceMode; dir: string},
): Promise<string | null> {
  if (!trace) return null
  const keep = options.mode === 'all' || (options.mode === 'failed' && failed(trajectory))
  try {
    if (!keep) {
      await withTimeout(trace.context.tracing.stop(), TRACE_STOP_TIMEOUT_MS)
      return null
    }
    await mkdir(options.dir, {recursive: true})
    const path = join(options.dir, traceFileName(trajectory.id ?? trajectory.task.id))
    await withTimeout(trace.context.tracing.stop({path}), TRACE_STOP_TIMEOUT_MS)
    return path
  } catch {
    return null
  }
}

function failed(trajectory: Trajectory): boolean {
  return trajectory.status !== 'answered' || (trajectory.check as {pass?: unknown} | null | undefined)?.pass === false
}

/** A file name from a trajectory id: its safe characters kept, the rest as `_`, and a short hash against collisions. */
export function traceFileName(id: string): string {
  const safe = id
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120)
  return `${safe}-${createHash('sha256').update(id).digest('hex').slice(0, 8)}.trace.zip`
}
