import {mkdir, open, readFile, stat} from 'node:fs/promises'
import {dirname} from 'node:path'
import {ExternalError, InputError, UsageError} from '../errors.js'

export interface BlocklistOptions {
  /** The `--blocklist` file: read when it exists, appended to when a website is added. None: kept in memory. */
  path?: string
  /** Failures (blocked pages or failed loads) in a run before a website is added. */
  threshold: number
}

/**
 * The dynamic website blocklist of `webgym rollout --blocklist FILE`: websites that keep walling off or failing the
 * agent are added during a run, written to FILE (`website  # reason`), and skipped by later episodes and runs.
 */
export class Blocklist {
  private fromFile = new Set<string>()
  private readonly addedHere: string[] = []
  private readonly addedSet = new Set<string>()
  private readonly failures = new Map<string, number>()
  private fileStamp: string | null = null
  // Appends go one at a time so that lines never interleave.
  private writing: Promise<void> = Promise.resolve()

  private constructor(
    private readonly path: string | undefined,
    private readonly threshold: number,
  ) {}

  static async open(options: BlocklistOptions): Promise<Blocklist> {
    const {path, threshold} = options
    if (!Number.isInteger(threshold) || threshold < 1)
      throw new UsageError(`blocklist threshold must be a whole number of at least 1, got ${String(threshold)}`)
    const blocklist = new Blocklist(path, threshold)
    await blocklist.refresh()
    return blocklist
  }

  has(website: string | null | undefined): boolean {
    if (!website) return false
    const key = normaliseWebsite(website)
    return this.fromFile.has(key) || this.addedSet.has(key)
  }

  /** Websites added during this run, in the order they were added. */
  get added(): readonly string[] {
    return this.addedHere
  }

  get size(): number {
    let size = this.fromFile.size
    for (const website of this.addedSet) if (!this.fromFile.has(website)) size++
    return size
  }

  /**
   * Counts one failure for the website; when that reaches the threshold, adds it, appends `website  # reason` to
   * FILE (when there is one) and returns true. A website already on the list is never added (or written) again.
   */
  async recordFailure(website: string, reason: string): Promise<boolean> {
    const key = normaliseWebsite(website)
    if (key === '') return false
    const count = (this.failures.get(key) ?? 0) + 1
    this.failures.set(key, count)
    if (count < this.threshold || this.has(key)) return false
    // Claimed before the first await: a concurrent call for the same website sees it as listed.
    this.addedSet.add(key)
    this.addedHere.push(key)
    if (this.path !== undefined) {
      const line = `${key}  # ${reason.replace(/\s+/g, ' ').trim()}\n`
      const path = this.path
      const write = this.writing.then(() => appendLine(path, line))
      this.writing = write.catch(() => {})
      await write
    }
    return true
  }

  /** Re-reads FILE if it changed (another process may add websites while a run goes on); a stat when unchanged. */
  async refresh(): Promise<void> {
    if (this.path === undefined) return
    let stamp: string | null
    try {
      const info = await stat(this.path)
      stamp = `${info.mtimeMs}:${info.size}`
    } catch (error) {
      if (!isMissing(error))
        throw new ExternalError(`cannot read blocklist ${this.path}: ${(error as Error).message}`, undefined, {
          cause: error,
        })
      stamp = null
    }
    if (stamp === this.fileStamp) return
    this.fromFile = stamp === null ? new Set() : await readWebsites(this.path)
    this.fileStamp = stamp
  }
}

/** The websites of a blocklist file: one a line; blank lines and `#` comments (whole-line or trailing) ignored. */
async function readWebsites(path: string): Promise<Set<string>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (isMissing(error)) return new Set()
    throw new InputError(`cannot read blocklist ${path}: ${(error as Error).message}`, undefined, {cause: error})
  }
  const websites = new Set<string>()
  for (const line of text.split('\n')) {
    const hash = line.indexOf('#')
    const website = normaliseWebsite(hash === -1 ? line : line.slice(0, hash))
    if (website !== '') websites.add(website)
  }
  return websites
}

/** Appends one line, first ending a last line that lacks its newline (a hand-edited file). */
async function appendLine(path: string, line: string): Promise<void> {
  try {
    await mkdir(dirname(path), {recursive: true})
    const file = await open(path, 'a+')
    try {
      const {size} = await file.stat()
      let prefix = ''
      if (size > 0) {
        const last = Buffer.alloc(1)
        await file.read(last, 0, 1, size - 1)
        if (last[0] !== 0x0a) prefix = '\n'
      }
      await file.appendFile(prefix + line)
    } finally {
      await file.close()
    }
  } catch (error) {
    throw new ExternalError(`cannot write blocklist ${path}: ${(error as Error).message}`, undefined, {cause: error})
  }
}

function normaliseWebsite(website: string): string {
  return website
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '')
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT'
}
