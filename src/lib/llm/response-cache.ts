import {createHash, randomBytes} from 'node:crypto'
import {mkdir, readFile, rename, writeFile} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join} from 'node:path'

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

/**
 * Replies on disk, one file per key (`<dir>/<ab>/<key>.json`), written atomically, so a rerun of a batch job costs
 * nothing and gives byte-identical output, and concurrent runs never read half a file.
 */
export class ResponseCache {
  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`)
  }

  async get(key: string): Promise<CachedReply | undefined> {
    try {
      const value = JSON.parse(await readFile(this.pathOf(key), 'utf8')) as CachedReply
      return typeof value?.content === 'string' ? value : undefined
    } catch {
      return undefined
    }
  }

  async put(key: string, reply: CachedReply): Promise<void> {
    const path = this.pathOf(key)
    await mkdir(join(this.dir, key.slice(0, 2)), {recursive: true})
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
    await writeFile(temporary, JSON.stringify(reply))
    await rename(temporary, path)
  }
}
