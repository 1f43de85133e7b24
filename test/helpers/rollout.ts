// Shared pieces of the rollout tests: fixture task samples, the built CLI as a long-running child, and Chromium
// processes found by their command line.
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {Catalog} from '../../src/lib/sites/catalog.js'
import type {TaskInput} from '../../src/lib/schema/task.js'

import {spawnWebgym} from './cli.js'

export {spawnWebgym}

/** `perFamily` tasks of every fixture family, spread over its sites and levels; deterministic. */
export function fixtureSample(perFamily: number, seed = 0): TaskInput[] {
  const byFamily = new Map<string, TaskInput[]>()
  for (const task of new Catalog({seed}).taskRecords()) {
    const family = String(task.meta?.family)
    if (!byFamily.has(family)) byFamily.set(family, [])
    byFamily.get(family)!.push(task)
  }
  return [...byFamily.values()].flatMap((tasks) => {
    const step = Math.floor(tasks.length / perFamily)
    return Array.from({length: perFamily}, (_, i) => tasks[i * step + ((i * 7) % Math.max(1, step))]!)
  })
}

export function ndjson(records: readonly unknown[]): string {
  return records.map((record) => JSON.stringify(record)).join('\n') + '\n'
}

export function readNdjson<T = any>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T)
}

/** Pids of the Chromium browser processes (not their renderers) whose command line contains `marker`. */
export function chromiumBrowsers(marker: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], {encoding: 'utf8'})
  return out
    .split('\n')
    .filter((line) => /chrom/i.test(line) && line.includes(marker) && !line.includes('--type='))
    .map((line) => Number(line.trim().split(/\s+/, 1)[0]))
}

/** Every Chromium process (renderers included) whose command line contains `marker`. */
export function chromiumProcesses(marker: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], {encoding: 'utf8'})
  return out
    .split('\n')
    .filter((line) => /chrom/i.test(line) && line.includes(marker))
    .map((line) => Number(line.trim().split(/\s+/, 1)[0]))
}

/** Collects a child's stderr as it comes, without taking it from execa's own buffer. */
export function stderrOf(child: {stderr: NodeJS.ReadableStream | null}): {text: string} {
  const seen = {text: ''}
  child.stderr!.on('data', (chunk) => (seen.text += String(chunk)))
  return seen
}

export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The first line a long-running child prints on stdout; call it as soon as the child starts (output is not kept). */
export function firstLine(child: ReturnType<typeof spawnWebgym>): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const errors = stderrOf(child)
    child.stdout!.on('data', (chunk) => {
      text += String(chunk)
      const end = text.indexOf('\n')
      if (end >= 0) resolve(text.slice(0, end))
    })
    void child.then((result) => reject(new Error(`exited ${result.exitCode} before printing a line: ${errors.text}`)))
  })
}
