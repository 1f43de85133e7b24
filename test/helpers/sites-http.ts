// Plain HTTP to the fixture web with a chosen Host header, as Chromium sends it under --host-resolver-rules.
import {request} from 'node:http'
import type {SitesServer} from '../../src/lib/sites/server.js'

export interface HttpResult {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The body as it came, byte for byte. */
  bytes: Buffer
}

export function httpGet(
  server: Pick<SitesServer, 'port'>,
  host: string,
  path: string,
  options: {headers?: Record<string, string>; timeoutMs?: number; method?: string; body?: string} = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: options.method ?? 'GET',
        headers: {host, ...options.headers},
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const bytes = Buffer.concat(chunks)
          resolve({status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes})
        })
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('client timeout')))
    req.on('error', reject)
    req.end(options.body)
  })
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(result: HttpResult): string {
  const set = result.headers['set-cookie']
  const first = Array.isArray(set) ? set[0] : set
  if (!first) throw new Error('no cookie was set')
  return first.split(';')[0]!
}
