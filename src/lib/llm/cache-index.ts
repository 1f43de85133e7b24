import {createReadStream} from 'node:fs'
import {readdir} from 'node:fs/promises'
import {join} from 'node:path'

/** Where a cached reply's line is: its log file, byte offset and length (without the line break). */
export interface CacheLocation {
  file: string
  offset: number
  length: number
}

const LOG_PREFIX = 'replies-'
const LOG_SUFFIX = '.ndjson'
const NEWLINE = 0x0a
// Every line starts with its key: `{"key":"<64 hex digits>",...`, so indexing never parses a reply.
const KEY_START = Buffer.from('{"key":"')
const KEY_LENGTH = 64

/** The file name of a reply log. */
export function logName(run: string): string {
  return `${LOG_PREFIX}${run}${LOG_SUFFIX}`
}

/**
 * The key -> line index of every reply log in a cache directory (none when it does not exist yet). Logs are read
 * oldest first and the first line for a key wins, so the reply used for a key never changes once written. Only
 * complete lines count: a last line cut short by a crash, or being written by a concurrent run, is left out.
 */
export async function readCacheIndex(dir: string): Promise<Map<string, CacheLocation>> {
  const index = new Map<string, CacheLocation>()
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.startsWith(LOG_PREFIX) && name.endsWith(LOG_SUFFIX)).sort()
  } catch {
    return index
  }
  for (const name of names) {
    try {
      await indexLog(join(dir, name), index)
    } catch {
      // A log that cannot be read (removed meanwhile, no permission): its replies are misses.
    }
  }
  return index
}

async function indexLog(file: string, index: Map<string, CacheLocation>): Promise<void> {
  let offset = 0
  let carry: Buffer | undefined
  for await (const chunk of createReadStream(file, {highWaterMark: 1 << 20}) as AsyncIterable<Buffer>) {
    const data = carry ? Buffer.concat([carry, chunk]) : chunk
    let start = 0
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      const keyEnd = start + KEY_START.length + KEY_LENGTH
      if (
        keyEnd < end &&
        data.compare(KEY_START, 0, KEY_START.length, start, start + KEY_START.length) === 0 &&
        data[keyEnd] === 0x22
      ) {
        const key = data.toString('latin1', start + KEY_START.length, keyEnd)
        if (!index.has(key)) index.set(key, {file, offset: offset + start, length: end - start})
      }
      start = end + 1
    }
    offset += start
    carry = start < data.length ? data.subarray(start) : undefined
  }
}
