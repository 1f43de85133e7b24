import {createHash, randomBytes} from 'node:crypto'
import {mkdir, open, type FileHandle} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join} from 'node:path'
import {logName, readCacheIndex, type CacheLocation} from './cache-index.js'

/** A cached model reply: the validated content, and what it cost when it was made. */
export interface CachedReply {
  content: string
  model: string
  usage: {prompt_tokens: number; completion_tokens: number} | null
}

/** `$XDG_CACHE_HOME/webgym/llm`, else `~/.cache/webgym/llm`. */
export function defaultCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(base, 'webgym', 'llm')
}

/** The cache key: a hash of everything that decides a reply (model, messages, parameters, prompt version). */
export function cacheKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

let logsOpened = 0

interface PendingLine {
  key: string
  line: Buffer
  done: (error?: unknown) => void
}

/**
 * Replies on disk, so a rerun of a batch job costs nothing and gives byte-identical output. Each run that writes
 * appends to a log of its own (`<dir>/replies-<time>-<pid>-<n>-<random>.ndjson`, one `{"key", "reply"}` per line), in
 * one write per batch of replies: a file per reply cost more CPU in file creation than the requests themselves.
 * The logs are indexed on first use (see cache-index.ts); a hit reads its one line. A line cut short by a crash, or
 * still being written by a concurrent run, is not indexed: a miss, never a bad reply.
 */
export class ResponseCache {
  private index: Promise<Map<string, CacheLocation>> | undefined
  private log: Promise<{handle: FileHandle; path: string}> | undefined
  private logSize = 0
  private readonly readers = new Map<string, Promise<FileHandle>>()
  private pending: PendingLine[] = []
  private flushing = false
  /** Why this run's log can no longer be appended to (a failed write leaves its length unknown). */
  private broken: Error | undefined

  constructor(readonly dir: string) {}

  async get(key: string): Promise<CachedReply | undefined> {
    const location = (await this.indexed()).get(key)
    if (!location) return undefined
    try {
      const handle = await this.reader(location.file)
      const buffer = Buffer.allocUnsafe(location.length)
      const {bytesRead} = await handle.read(buffer, 0, location.length, location.offset)
      const entry = JSON.parse(buffer.toString('utf8', 0, bytesRead)) as {key?: unknown; reply?: CachedReply}
      return entry.key === key && typeof entry.reply?.content === 'string' ? entry.reply : undefined
    } catch {
      return undefined
    }
  }

  /** Appends a reply to this run's log; resolves once it is written. */
  put(key: string, reply: CachedReply): Promise<void> {
    const line = Buffer.from(`${JSON.stringify({key, reply})}\n`)
    return new Promise((resolve, reject) => {
      this.pending.push({key, line, done: (error) => (error === undefined ? resolve() : reject(error))})
      if (!this.flushing) void this.flush()
    })
  }

  /** Closes the files the cache holds open (they close with the process otherwise). */
  async close(): Promise<void> {
    const handles = [...this.readers.values(), ...(this.log ? [this.log.then((log) => log.handle)] : [])]
    this.readers.clear()
    this.log = undefined
    await Promise.all(handles.map((handle) => handle.then((open) => open.close()).catch(() => {})))
  }

  private indexed(): Promise<Map<string, CacheLocation>> {
    this.index ??= readCacheIndex(this.dir)
    return this.index
  }

  private reader(path: string): Promise<FileHandle> {
    let handle = this.readers.get(path)
    if (!handle) {
      handle = open(path, 'r')
      this.readers.set(path, handle)
    }
    return handle
  }

  private openLog(): Promise<{handle: FileHandle; path: string}> {
    this.log ??= mkdir(this.dir, {recursive: true}).then(async () => {
      // Logs are read in name order (the first reply for a key wins): two caches opened by one process in the same
      // millisecond are told apart by a counter, not by the random part.
      const sequence = String(logsOpened++).padStart(6, '0')
      const path = join(
        this.dir,
        logName(`${String(Date.now()).padStart(15, '0')}-${process.pid}-${sequence}-${randomBytes(3).toString('hex')}`),
      )
      return {handle: await open(path, 'ax'), path}
    })
    return this.log
  }

  /** Writes what is pending in one append, then what arrived meanwhile: offsets are known, writes never interleave. */
  private async flush(): Promise<void> {
    this.flushing = true
    while (this.pending.length > 0) {
      const batch = this.pending
      this.pending = []
      try {
        if (this.broken) throw this.broken
        const [index, log] = await Promise.all([this.indexed(), this.openLog()])
        await log.handle.appendFile(Buffer.concat(batch.map((entry) => entry.line)))
        for (const entry of batch) {
          // The first reply for a key stays the one used, as it will be when the logs are indexed again.
          if (!index.has(entry.key))
            index.set(entry.key, {file: log.path, offset: this.logSize, length: entry.line.length - 1})
          this.logSize += entry.line.length
        }
        for (const entry of batch) entry.done()
      } catch (error) {
        this.broken ??= new Error(
          `cannot write the reply cache in ${this.dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          {cause: error},
        )
        for (const entry of batch) entry.done(this.broken)
      }
    }
    this.flushing = false
  }
}
