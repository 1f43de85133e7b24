import {createServer as createHttpServer, type Server as HttpServer} from 'node:http'
import {connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer} from 'node:net'
import {hostname} from 'node:os'
import {lookup} from 'node:dns/promises'
import type {Browser} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {launchChromium} from '../src/lib/browser/chromium.js'
import {EgressProxy} from '../src/lib/egress/egress-proxy.js'
import {NavigationGuard} from '../src/lib/rollout/navigation-guard.js'

// The egress proxy alone, with real Chromium pointed at it and no other guard: a hostile page on an allowed site tries
// every way it has to reach this machine, and a canary that counts TCP connections on loopback says whether any did.
// The page's site and a rebinding name are mapped by the proxy's own resolver (host rules and an injected lookup, as
// DNS would answer); this machine's host name is looked up by the system resolver (/etc/hosts).

let canary: TcpServer
let canary6: TcpServer | null = null
let canaryPort: number
let connections = 0
let site: HttpServer
let sitePort: number
let upgrades = 0
let proxy: EgressProxy
let browser: Browser
const machine = hostname().toLowerCase()
let machineIsLocal = false

function attackPage(): string {
  const worker = `new WebSocket('ws://127.0.0.1:${canaryPort}/'); fetch('http://127.0.0.1:${canaryPort}/').catch(function () {})`
  return `<!doctype html><title>attack</title><script>
    window.results = {}
    function ws(name, url) { try { var s = new WebSocket(url); s.onopen = function () { results[name] = 'open' }; s.onerror = function () { results[name] = 'error' } } catch (e) { results[name] = 'threw' } }
    function get(name, url) { fetch(url, {mode: 'no-cors'}).then(function () { results[name] = 'ok' }, function () { results[name] = 'failed' }) }
    ws('ws-loopback', 'ws://127.0.0.1:${canaryPort}/')
    ws('ws-ipv6', 'ws://[::1]:${canaryPort}/')
    ws('ws-rebind', 'ws://rebind.test:${canaryPort}/')
    ws('ws-allowed', 'ws://attack.test/socket')
    new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker)}], {type: 'text/javascript'})))
    get('fetch-loopback', 'http://127.0.0.1:${canaryPort}/')
    get('fetch-rebind', 'http://rebind.test:${canaryPort}/')
    get('fetch-machine', 'http://${machine}:${canaryPort}/')
    get('fetch-https-rebind', 'https://rebind.test:${canaryPort}/')
    get('fetch-allowed', 'http://attack.test/ok')
    var img = new Image(); img.src = 'http://rebind.test:${canaryPort}/pixel.png'; document.documentElement.appendChild(img)
  </script>`
}

beforeAll(async () => {
  canary = createTcpServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve))
  canaryPort = (canary.address() as AddressInfo).port
  // The same port on ::1 where this machine has IPv6 loopback.
  canary6 = createTcpServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => {
    canary6!.once('error', () => {
      canary6 = null
      resolve()
    })
    canary6!.listen(canaryPort, '::1', resolve)
  })
  site = createHttpServer((request, response) => {
    if (request.url === '/ok')
      return void response.writeHead(200, {'content-type': 'text/plain', 'access-control-allow-origin': '*'}).end('ok')
    response.writeHead(200, {'content-type': 'text/html'}).end(attackPage())
  })
  site.on('upgrade', (_request, socket) => {
    upgrades++
    socket.destroy()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  sitePort = (site.address() as AddressInfo).port
  machineIsLocal = await lookup(machine, {all: true}).then(
    (entries) => entries.some((entry) => new NavigationGuard().checkAddress(machine, 80, entry.address) !== null),
    () => false,
  )
  const guard = new NavigationGuard({allowHosts: ['attack.test']})
  proxy = await EgressProxy.start({
    guard,
    hostRules: `MAP attack.test 127.0.0.1:${sitePort}`,
    // rebind.test: a public-looking name whose DNS answer is this machine (DNS rebinding, or a name in /etc/hosts).
    resolve: async (host) =>
      host === 'rebind.test' ? ['127.0.0.1'] : (await lookup(host, {all: true})).map((entry) => entry.address),
  })
  browser = await launchChromium({extraArgs: proxy.chromiumArgs()})
})

afterAll(async () => {
  await browser?.close()
  await proxy?.close()
  await new Promise((resolve) => canary?.close(resolve))
  await new Promise((resolve) => (canary6 ? canary6.close(resolve) : resolve(undefined)))
  await new Promise((resolve) => site?.close(resolve))
})

describe('the egress proxy', () => {
  it('lets an allowed site through and lets none of its page reach loopback, by any name or protocol', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const response = await page.goto('http://attack.test/', {waitUntil: 'load'})
    expect(response?.status()).toBe(200)
    const names = [
      'ws-loopback',
      'ws-ipv6',
      'ws-rebind',
      'ws-allowed',
      'fetch-loopback',
      'fetch-rebind',
      'fetch-machine',
      'fetch-https-rebind',
      'fetch-allowed',
    ]
    await expect
      .poll(async () => Object.keys((await page.evaluate('window.results')) as object).length, {timeout: 15_000})
      .toBe(names.length)
    await page.waitForTimeout(500)
    const results = (await page.evaluate('window.results')) as Record<string, string>
    expect(connections).toBe(0)
    for (const name of names.filter((name) => !name.endsWith('allowed')))
      expect(results[name], name).not.toBe(name.startsWith('ws') ? 'open' : 'ok')
    // The allowed site answered a fetch and a WebSocket upgrade through the proxy.
    expect(results['fetch-allowed']).toBe('ok')
    expect(upgrades).toBeGreaterThanOrEqual(1)
    await context.close()
  })

  it('is what stops it: the same page in a browser without the proxy reaches the canary', async () => {
    const bare = await launchChromium({hostResolverRules: `MAP attack.test 127.0.0.1:${sitePort}`})
    try {
      const before = connections
      const page = await bare.newPage()
      await page.goto('http://attack.test/', {waitUntil: 'load'})
      await expect.poll(() => connections - before, {timeout: 15_000}).toBeGreaterThanOrEqual(2)
    } finally {
      await bare.close()
      connections = 0
    }
  })

  it('gives the reason for each refusal by the address the name resolved to', async () => {
    expect(await proxy.check(`http://rebind.test:${canaryPort}/`)).toMatch(
      /rebind\.test resolves to 127\.0\.0\.1, a loopback address/,
    )
    expect(proxy.refusalFor(`ws://rebind.test:${canaryPort}/`)).toMatch(/loopback/)
    expect(await proxy.check(`http://127.0.0.1:${canaryPort}/`)).toMatch(/127\.0\.0\.1 is a loopback address/)
    expect(await proxy.check(`ws://[::1]:${canaryPort}/`)).toMatch(/loopback/)
    expect(await proxy.check('http://no-such-name.invalid/')).toMatch(/does not resolve/)
    expect(await proxy.check('http://attack.test/')).toBeNull()
    if (machineIsLocal)
      expect(await proxy.check(`http://${machine}:${canaryPort}/`)).toMatch(new RegExp(`${machine} resolves to`))
    expect(proxy.refused).toBeGreaterThanOrEqual(5)
  })

  it('speaks SOCKS5 to any client: a name refused with "not allowed", an allowed one tunnelled, garbage dropped', async () => {
    const port = Number(new URL(proxy.url).port)
    const exchange = (bytes: Buffer, expect: number) =>
      new Promise<Buffer>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1')
        let got = Buffer.alloc(0)
        socket.on('data', (chunk) => {
          got = Buffer.concat([got, chunk])
          if (got.length >= expect) {
            socket.destroy()
            resolve(got)
          }
        })
        socket.on('close', () => resolve(got))
        socket.on('error', reject)
        socket.write(bytes)
      })
    const request = (name: string, to: number) =>
      Buffer.concat([
        Buffer.from([5, 1, 0]),
        Buffer.from([5, 1, 0, 3, name.length]),
        Buffer.from(name),
        Buffer.from([to >> 8, to & 0xff]),
      ])
    const refused = await exchange(request('rebind.test', canaryPort), 12)
    expect([...refused.subarray(0, 4)]).toEqual([5, 0, 5, 2])
    const allowed = await exchange(
      Buffer.concat([
        request('attack.test', 80),
        Buffer.from('GET /ok HTTP/1.1\r\nHost: attack.test\r\nConnection: close\r\n\r\n'),
      ]),
      1 << 20,
    )
    expect([...allowed.subarray(0, 4)]).toEqual([5, 0, 5, 0])
    expect(allowed.subarray(12).toString()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n(2\r\n)?ok/)
    expect((await exchange(Buffer.from('GET / HTTP/1.1\r\n\r\n'), 1)).length).toBe(0)
    // Chromium sends an IPv6 literal as a name without brackets ("::1"): it is judged, and its refusal found, as [::1].
    const sixRefused = await exchange(request('::1', 9), 12)
    expect([...sixRefused.subarray(0, 4)]).toEqual([5, 0, 5, 2])
    expect(proxy.refusalFor('http://[::1]:9/')).toBe('blocked: [::1] is a loopback address (use allowHost to allow it)')
    expect(connections).toBe(0)
  })

  it('refuses a private address behind a name, an allow-listed name and IP through, and metadata addresses', async () => {
    const guard = new NavigationGuard({allowHosts: ['intranet.test', '10.1.2.3']})
    const answers: Record<string, string[]> = {
      'intranet.test': ['10.0.0.7'],
      'shop.test': ['10.0.0.8'],
      'cgnat.test': ['100.64.1.1'],
      'meta.test': ['169.254.169.254'],
      'ula.test': ['fd00::1'],
      'mixed.test': ['93.184.216.34', '192.168.1.1'],
      'public.test': ['93.184.216.34'],
    }
    const local = await EgressProxy.start({guard, resolve: async (host) => answers[host] ?? []})
    try {
      expect(await local.check('http://intranet.test/')).toBeNull()
      expect(await local.check('http://10.1.2.3/')).toBeNull()
      expect(await local.check('http://public.test/')).toBeNull()
      expect(await local.check('http://shop.test/')).toMatch(/shop\.test resolves to 10\.0\.0\.8, a private address/)
      expect(await local.check('http://cgnat.test/')).toMatch(/carrier-grade NAT/)
      expect(await local.check('http://meta.test/')).toMatch(/link-local/)
      expect(await local.check('http://ula.test/')).toMatch(/unique-local/)
      // Every address a name has is judged: one private address among public ones refuses it.
      expect(await local.check('http://mixed.test/')).toMatch(/192\.168\.1\.1, a private address/)
    } finally {
      await local.close()
    }
  })
})
