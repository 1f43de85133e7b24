// One HTML page served on 127.0.0.1 for rollout tests that need a page of their own (not the fixture web).
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll} from 'vitest'
import {startStandin, type Standin} from './openai-standin.js'

export interface LocalPage {
  /** http://127.0.0.1:PORT/ */
  url: string
  /** 127.0.0.1:PORT, for rollout --allow-host. */
  host: string
  close(): Promise<void>
}

/** Serves `html` at every path until closed. */
export async function serveLocalPage(html: string): Promise<LocalPage> {
  const server = createServer(
    (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(html),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {url: `http://${host}/`, host, close: () => new Promise<void>((resolve) => server.close(() => resolve()))}
}

/**
 * For a describe block: `html` served as a local page and an OpenAI-compatible stand-in serving `models`, started
 * before its tests and closed after them. Read `page` and `standin` inside the tests.
 */
export function localPageAndStandin(
  html: string,
  models: string[],
): {readonly page: LocalPage; readonly standin: Standin} {
  const started = {} as {page: LocalPage; standin: Standin}
  beforeAll(async () => {
    started.page = await serveLocalPage(html)
    started.standin = await startStandin({models})
  })
  afterAll(async () => {
    await started.standin?.close()
    await started.page?.close()
  })
  return started
}
