// The LLM client's own parts, in process: the reply cache's logs, the node:http fetch, and the client over both.
import {appendFile, readdir, readFile, writeFile} from 'node:fs/promises'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {describe, expect, it} from 'vitest'
import {z} from 'zod'
import {createHttpFetch} from '../src/lib/llm/http-fetch.js'
import {LlmClient, type LlmOptions} from '../src/lib/llm/client.js'
import {cacheKey, ResponseCache, type CachedReply} from '../src/lib/llm/response-cache.js'
import {startStandin} from './helpers/openai-standin.js'
import {jsonReply} from './helpers/structured.js'
import {workdir} from './helpers/workdir.js'

/** A path in a fresh working directory of the test. */
const fresh = (name: string) => workdir().path(name)

const reply = (content: string): CachedReply => ({content, model: 'm', usage: {prompt_tokens: 3, completion_tokens: 4}})
const keyOf = (n: number) => cacheKey({n})

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{server: Server; url: string}> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`}
}

describe('ResponseCache', () => {
  it('gives back what an earlier run wrote, from one log per writing run', async () => {
    const dir = fresh('cache')
    const first = new ResponseCache(dir)
    expect(await first.get(keyOf(1))).toBeUndefined()
    await Promise.all([1, 2, 3].map((n) => first.put(keyOf(n), reply(`{"n":${n}}`))))
    expect(await first.get(keyOf(2))).toEqual(reply('{"n":2}'))
    await first.close()

    const second = new ResponseCache(dir)
    for (const n of [1, 2, 3]) expect(await second.get(keyOf(n))).toEqual(reply(`{"n":${n}}`))
    expect(await second.get(keyOf(4))).toBeUndefined()
    await second.put(keyOf(4), reply('{"n":4}'))
    await second.close()
    expect((await readdir(dir)).filter((name) => name.endsWith('.ndjson'))).toHaveLength(2)
    expect(await new ResponseCache(dir).get(keyOf(4))).toEqual(reply('{"n":4}'))
  })

  it('keeps the first reply for a key, and skips lines cut short or not its own', async () => {
    const dir = fresh('cache')
    const first = new ResponseCache(dir)
    await first.put(keyOf(1), reply('first'))
    await first.close()
    const second = new ResponseCache(dir)
    await second.put(keyOf(1), reply('second'))
    await second.put(keyOf(2), reply('two'))
    await second.close()
    const [, log] = (await readdir(dir)).sort()
    // A crash in the middle of a line, after a line that is not a cache entry.
    await appendFile(join(dir, log), `not a cache line\n{"key":"${keyOf(3)}","reply":{"content":"thr`)

    const third = new ResponseCache(dir)
    expect((await third.get(keyOf(1)))?.content).toBe('first')
    expect((await third.get(keyOf(2)))?.content).toBe('two')
    expect(await third.get(keyOf(3))).toBeUndefined()
  })

  it('rejects a put it cannot write, naming the directory', async () => {
    const file = fresh('plain-file')
    await writeFile(file, 'x')
    const cache = new ResponseCache(join(file, 'cache'))
    expect(await cache.get(keyOf(1))).toBeUndefined()
    await expect(cache.put(keyOf(1), reply('x'))).rejects.toThrow(
      `cannot write the reply cache in ${join(file, 'cache')} (ENOTDIR)`,
    )
  })
})

describe('createHttpFetch', () => {
  it('returns status, headers and a decompressed body the SDK can read', async () => {
    const {server, url} = await listen((req, res) => {
      res.writeHead(201, {'content-type': 'application/json', 'content-encoding': 'gzip', 'x-request-id': 'req_1'})
      res.end(gzipSync(JSON.stringify({got: req.headers['x-test'], method: req.method})))
    })
    try {
      const response = await createHttpFetch()(`${url}/v1/thing`, {
        method: 'POST',
        headers: new Headers({'x-test': 'yes'}),
        body: '{}',
      })
      expect([response.status, response.ok, response.headers.get('x-request-id'), response.url]).toEqual([
        201,
        true,
        'req_1',
        `${url}/v1/thing`,
      ])
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(await response.json()).toEqual({got: 'yes', method: 'POST'})
      await expect(response.text()).rejects.toThrow(/already been read/)
    } finally {
      server.close()
    }
  })

  it('rejects when the connection drops in the middle of the body', async () => {
    const {server, url} = await listen((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'content-length': '100'})
      res.write('{"id": "chatcmpl-1", ')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    try {
      await expect(createHttpFetch()(url, {method: 'POST', body: '{}'})).rejects.toMatchObject({code: 'ECONNRESET'})
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('rejects with an AbortError when the signal aborts, and with the code when nobody listens', async () => {
    const {server, url} = await listen(() => {})
    try {
      const controller = new AbortController()
      const pending = createHttpFetch()(url, {signal: controller.signal})
      setTimeout(() => controller.abort(), 20)
      await expect(pending).rejects.toMatchObject({name: 'AbortError'})
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    await expect(createHttpFetch()(url)).rejects.toMatchObject({code: 'ECONNREFUSED'})
  })
})

describe('LlmClient', () => {
  const Schema = z.object({answer: z.string()})
  const options = (url: string, cacheDir: string | null): LlmOptions => ({
    baseURL: url,
    model: 'standin-model',
    timeoutMs: 5000,
    maxRetries: 0,
    temperature: 0,
    jsonSchema: true,
    cacheDir,
  })
  const ask = (client: LlmClient, text: string) =>
    client.complete({
      schemaName: 'answer',
      schema: Schema,
      messages: [{role: 'user', content: text}],
      promptVersion: 'test-v1',
    })

  it('answers from the cache once a reply is written, and reports a cache it cannot write', async () => {
    const standin = await startStandin({handler: (request) => jsonReply({answer: request.text.toUpperCase()})})
    try {
      const dir = fresh('cache')
      const client = new LlmClient(options(standin.url, dir))
      expect(await ask(client, 'one')).toMatchObject({value: {answer: 'ONE'}, cached: false})
      await client.close()
      const again = new LlmClient(options(standin.url, dir))
      expect(await ask(again, 'one')).toMatchObject({value: {answer: 'ONE'}, cached: true})
      expect(standin.requests).toHaveLength(1)
      const log = (await readdir(dir))[0]
      expect(await readFile(join(dir, log), 'utf8')).toContain('{\\"answer\\":\\"ONE\\"}')

      const file = fresh('plain-file')
      await writeFile(file, 'x')
      const unwritable = new LlmClient(options(standin.url, join(file, 'cache')))
      expect(await ask(unwritable, 'two')).toMatchObject({value: {answer: 'TWO'}, cached: false})
      await unwritable.close()
      expect(unwritable.stats.summary('test')).toContain(
        `replies not cached: cannot write the reply cache in ${join(file, 'cache')} (ENOTDIR)`,
      )
    } finally {
      await standin.close()
    }
  })
})
