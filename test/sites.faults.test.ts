import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  FAULT_PART_EXAMPLES,
  FAULT_PRESETS,
  FAULT_SPEC_EXAMPLE,
  FaultPlan,
  parseFaultSpec,
  REALISTIC_FAULTS,
} from '../src/lib/sites/faults.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {httpGet} from './helpers/sites-http.js'

describe('fault specs', () => {
  it('parses none, realistic, and each part', () => {
    expect(parseFaultSpec('none')).toEqual({})
    expect(parseFaultSpec('realistic')).toEqual(REALISTIC_FAULTS)
    expect(
      parseFaultSpec(
        'latency=200/1500,error=0.02,hang=0.005,block=0.01,block-kind=403,offsite=0.01,heavy=0.02,blocked-sites=0.03',
      ),
    ).toEqual({
      latency: {median: 200, p95: 1500},
      error: 0.02,
      hang: 0.005,
      block: 0.01,
      blockKind: '403',
      offsite: 0.01,
      heavy: 0.02,
      blockedSites: 0.03,
    })
    expect(parseFaultSpec('realistic,error=0.5').error).toBe(0.5)
  })

  it('parses every preset and part the registry lists (help shows them from there), and names them when one is unknown', () => {
    for (const preset of Object.keys(FAULT_PRESETS)) expect(() => parseFaultSpec(preset), preset).not.toThrow()
    const parsed = parseFaultSpec(FAULT_SPEC_EXAMPLE)
    expect(Object.keys(parsed)).toHaveLength(Object.keys(FAULT_PART_EXAMPLES).length)
    expect(() => parseFaultSpec('jitter=0.1')).toThrow(
      new RegExp(
        `known: ${[...Object.keys(FAULT_PRESETS), ...Object.keys(FAULT_PART_EXAMPLES)].join(', ')}, late-effect`,
      ),
    )
  })

  it.each([
    ['latency=fast', /latency must be MEDIAN\/P95/],
    ['latency=500/100', /p95 \(100\) must be at least the median/],
    ['error=2', /error must be a rate between 0 and 1/],
    ['block-kind=wall', /block-kind must be captcha or 403/],
    ['jitter=0.1', /unknown fault "jitter"/],
    ['error', /needs a value/],
  ])('rejects %s with a line that says how to fix it', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(message)
  })

  it('adds a tail: the share of page requests asked for takes 90-100% of its ms longer, and assets never do', () => {
    expect(parseFaultSpec('tail=0.03/9000')).toEqual({tail: {rate: 0.03, ms: 9000}})
    expect(() => parseFaultSpec('tail=0.03')).toThrow(/tail must be RATE\/MS/)
    const plan = new FaultPlan(1, {tail: {rate: 0.2, ms: 1000}})
    const delays = Array.from({length: 5000}, () => plan.decide('a.webgym.test', true).delayMs)
    const slow = delays.filter((ms) => ms > 0)
    expect(slow.length / delays.length).toBeGreaterThan(0.18)
    expect(slow.length / delays.length).toBeLessThan(0.22)
    for (const ms of slow) (expect(ms).toBeGreaterThanOrEqual(900), expect(ms).toBeLessThanOrEqual(1000))
    expect(Array.from({length: 200}, () => plan.decide('a.webgym.test', false).delayMs).every((ms) => ms === 0)).toBe(
      true,
    )
  })

  it('draws log-normal latency with the configured median and p95', () => {
    const plan = new FaultPlan(1, {latency: {median: 200, p95: 1000}})
    const delays = Array.from({length: 20_000}, () => plan.decide('a.webgym.test', true).delayMs).sort((a, b) => a - b)
    expect(delays[10_000]!).toBeGreaterThan(190)
    expect(delays[10_000]!).toBeLessThan(210)
    expect(delays[19_000]!).toBeGreaterThan(930)
    expect(delays[19_000]!).toBeLessThan(1070)
  })

  it('makes the same share of sites always block, chosen by host name', () => {
    const plan = new FaultPlan(1, {blockedSites: 0.1})
    const hosts = Array.from({length: 2000}, (_, i) => `site-${i}.webgym.test`)
    const blocked = hosts.filter((host) => plan.alwaysBlocks(host)).length
    expect(blocked / hosts.length).toBeGreaterThan(0.08)
    expect(blocked / hosts.length).toBeLessThan(0.12)
    expect(hosts.filter((host) => new FaultPlan(2, {blockedSites: 0.1}).alwaysBlocks(host)).length).toBe(blocked)
  })
})

describe('faults over HTTP', () => {
  let server: SitesServer
  let host: string
  beforeAll(async () => {
    server = await startSites({seed: 3, variantsPerFamily: 2, token: 't'})
    host = server.catalog.sites[0]!.host
  })
  afterAll(async () => server?.stop())

  it('are off by default', async () => {
    const replies = await Promise.all(Array.from({length: 40}, () => httpGet(server, host, '/')))
    expect(replies.every((reply) => reply.status === 200 && reply.headers['x-webgym-fault'] === undefined)).toBe(true)
  })

  it('delay responses with the configured latency percentiles', async () => {
    server.setFaults('latency=60/180', host)
    const delays: number[] = []
    await Promise.all(
      Array.from({length: 400}, async () => {
        const start = performance.now()
        const reply = await httpGet(server, host, '/about')
        const elapsed = performance.now() - start
        const delay = Number(reply.headers['x-webgym-delay-ms'])
        // Every response really waited at least the delay it reports.
        expect(elapsed).toBeGreaterThanOrEqual(delay - 1)
        delays.push(delay)
      }),
    )
    delays.sort((a, b) => a - b)
    // 400 log-normal draws put the median within about 15% and the p95 within about 30% of the targets.
    expect(delays[200]!).toBeGreaterThan(50)
    expect(delays[200]!).toBeLessThan(70)
    expect(delays[380]!).toBeGreaterThan(130)
    expect(delays[380]!).toBeLessThan(240)
    server.setFaults('none', host)
  })

  it('answer the configured share of page requests with a 5xx error page', async () => {
    server.setFaults('error=0.3', host)
    const replies = await Promise.all(Array.from({length: 400}, () => httpGet(server, host, '/about')))
    const errors = replies.filter((reply) => reply.status >= 500)
    expect(errors.length / replies.length).toBeGreaterThan(0.23)
    expect(errors.length / replies.length).toBeLessThan(0.37)
    expect(
      errors.every(
        (reply) => [500, 502, 503, 504].includes(reply.status) && reply.headers['x-webgym-fault'] === 'error',
      ),
    ).toBe(true)
    expect(replies.filter((reply) => reply.status === 200).length + errors.length).toBe(400)
    // Images only get latency, never errors.
    const images = await Promise.all(Array.from({length: 50}, () => httpGet(server, host, '/img/photo/x.svg')))
    expect(images.every((reply) => reply.status === 200)).toBe(true)
    server.setFaults('none', host)
  })

  it('leave a hanging response to be cut by the client timeout', async () => {
    server.setFaults('hang=1', host)
    const start = performance.now()
    await expect(httpGet(server, host, '/', {timeoutMs: 300})).rejects.toThrow(/client timeout/)
    expect(performance.now() - start).toBeGreaterThanOrEqual(290)
    server.setFaults('none', host)
    expect((await httpGet(server, host, '/')).status).toBe(200)
  })

  it('serve a blocked page like a real anti-bot wall, as a CAPTCHA or a 403', async () => {
    server.setFaults('block=1', host)
    const captcha = await httpGet(server, host, '/')
    expect(captcha.status).toBe(403)
    expect(captcha.body).toMatch(/Verify you are human/)
    expect(captcha.body).toMatch(/I'm not a robot/)
    server.setFaults('block=1,block-kind=403', host)
    const forbidden = await httpGet(server, host, '/')
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toMatch(/403 Forbidden/)
    expect(forbidden.headers['x-webgym-fault']).toBe('block')
    server.setFaults('none', host)
  })

  it('redirect off-site to an ad landing page', async () => {
    server.setFaults('offsite=1', host)
    const reply = await httpGet(server, host, '/')
    expect(reply.status).toBe(302)
    const location = new URL(String(reply.headers.location))
    expect(location.hostname).toMatch(/^ads-.*\.webgym\.test$/)
    expect(location.hostname).not.toBe(host)
    const landing = await httpGet(server, location.hostname, location.pathname)
    expect(landing.body).toMatch(/Congratulations/)
    server.setFaults('none', host)
  })

  it('make very heavy pages', async () => {
    const normal = await httpGet(server, host, '/')
    server.setFaults('heavy=1', host)
    const heavy = await httpGet(server, host, '/')
    expect(heavy.headers['x-webgym-fault']).toBe('heavy')
    expect(heavy.body.length).toBeGreaterThan(2_000_000)
    expect(heavy.body.length).toBeGreaterThan(normal.body.length * 10)
    expect(heavy.body).toContain('</html>')
    server.setFaults('none', host)
  })

  it('apply to one site without touching the others, and can be set through the control endpoint', async () => {
    const other = server.catalog.sites[1]!.host
    const set = await httpGet(server, other, `/__webgym/faults?site=${other}`, {
      method: 'POST',
      headers: {'x-webgym-token': 't'},
      body: 'error=1',
    })
    expect(JSON.parse(set.body)).toMatchObject({site: other, faults: {error: 1}})
    expect((await httpGet(server, other, '/')).status).toBeGreaterThanOrEqual(500)
    expect((await httpGet(server, host, '/')).status).toBe(200)
    const bad = await httpGet(server, other, `/__webgym/faults?site=${other}`, {
      method: 'POST',
      headers: {'x-webgym-token': 't'},
      body: 'error=9',
    })
    expect(bad.status).toBe(400)
    server.setFaults('none', other)
    expect((await httpGet(server, other, '/')).status).toBe(200)
  })

  it('block a share of sites on every request when blocked-sites is set', async () => {
    const many = await startSites({seed: 3, faults: 'blocked-sites=0.25'})
    try {
      const statuses = await Promise.all(
        many.catalog.sites.map((site) => httpGet(many, site.host, '/about').then((reply) => reply.status)),
      )
      const blocked = statuses.filter((status) => status === 403).length
      expect(blocked / statuses.length).toBeGreaterThan(0.1)
      expect(blocked / statuses.length).toBeLessThan(0.4)
      // The same sites block on every visit.
      const again = await Promise.all(
        many.catalog.sites.map((site) => httpGet(many, site.host, '/').then((reply) => reply.status)),
      )
      expect(again).toEqual(statuses)
    } finally {
      await many.stop()
    }
  })
})
