// Shared pieces of the rollout tests: fixture task samples, the built CLI as a long-running child, and Chromium
// processes found by their command line.
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {execa, type ResultPromise} from 'execa'
import {Catalog} from '../../src/lib/sites/catalog.js'
import type {TaskInput} from '../../src/lib/schema/task.js'
import {bin, root} from './cli.js'

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'webgym-rollout-test-'))
}

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
    return Array.from({length: perFamily}, (_, i) => tasks[i * step + (i * 7) % Math.max(1, step)]!)
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

/**
 * Starts `webgym ARGS` from dist/ without waiting for it (for signals and mid-run faults). With `tmp`, the child's
 * TMPDIR is that folder, so the Chromium it starts carries it in its --user-data-dir: a marker for finding them.
 */
export function spawnWebgym(args: string[], options: {input?: string; env?: Record<string, string>; tmp?: string} = {}): ResultPromise<{reject: false; encoding: 'utf8'}> {
  return execa(process.execPath, [bin, ...args], {
    cwd: root,
    reject: false,
    input: options.input ?? '',
    env: {NODE_ENV: 'production', ...(options.tmp ? {TMPDIR: options.tmp} : {}), ...options.env},
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }) as ResultPromise<{reject: false; encoding: 'utf8'}>
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
