import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {EVERYDAY_HAZARDS, HAZARD_KINDS, MANY_HAZARDS, siteHazards} from '../src/lib/sites/hazards.js'
import {HAZARD_HEADERS, lazyImages, POLL_PATH, skeletonShell, withRuntime} from '../src/lib/sites/hazard-pages.js'
import {parseFaultSpec, REALISTIC_FAULTS} from '../src/lib/sites/faults.js'
import {SessionLog} from '../src/lib/sites/session-log.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {httpGet, sessionCookie} from './helpers/sites-http.js'

// The fixture web's hazards (pages that punish an observation taken too early) and its record of what each answer
// reflected, from which a stale observation is told.

describe('hazard specs', () => {
  it('parses the presets and each kind as a share; realistic carries the everyday hazards', () => {
    expect(parseFaultSpec('everyday')).toEqual({hazards: EVERYDAY_HAZARDS})
    expect(parseFaultSpec('hazards')).toEqual({hazards: MANY_HAZARDS})
    expect(parseFaultSpec('skeleton=0.5,late-effect=1')).toEqual({hazards: {skeleton: 0.5, 'late-effect': 1}})
    expect(parseFaultSpec('hazards=0.1').hazards).toEqual(Object.fromEntries(HAZARD_KINDS.map((kind) => [kind, 0.1])))
    expect(parseFaultSpec('hazards,animation=0').hazards).toEqual({...MANY_HAZARDS, animation: 0})
    expect(REALISTIC_FAULTS.hazards).toEqual(EVERYDAY_HAZARDS)
    expect(() => parseFaultSpec('skeleton=2')).toThrow(/skeleton must be a share between 0 and 1/)
    expect(() => parseFaultSpec('flicker=0.1')).toThrow(
      /unknown fault "flicker" \(known: .*late-effect, script-redirect, pushstate, skeleton, lazy-images, animation, polling\)/,
    )
  })

  it('gives each site its traits by host name, in the share asked for, the same every time', () => {
    const hosts = Array.from({length: 4000}, (_, i) => `site-${i}.webgym.test`)
    const share = hosts.filter((host) => siteHazards(host, {skeleton: 0.25}).has('skeleton')).length / hosts.length
    expect(share).toBeGreaterThan(0.22)
    expect(share).toBeLessThan(0.28)
    expect(hosts.map((host) => [...siteHazards(host, MANY_HAZARDS)])).toEqual(
      hosts.map((host) => [...siteHazards(host, MANY_HAZARDS)]),
    )
    // The redirecting interstitial is drawn per page load, never a trait.
    expect(hosts.some((host) => siteHazards(host, {'script-redirect': 1}).size > 0)).toBe(false)
  })
})

describe('hazard pages', () => {
  const page =
    '<!doctype html><html><head><title>t</title><style>a{}</style></head><body><header>h</header><main class="wrap main"><h1>Real content</h1><img src="/img/a.svg"></main><footer>f</footer><script>document.title = "x"</script></body></html>'

  it('a skeleton shell keeps header and footer, swaps main for placeholders and leaves the body scripts out', () => {
    const shell = skeletonShell(page)
    expect(shell).toContain('<header>h</header>')
    expect(shell).toContain('<footer>f</footer>')
    expect(shell).toContain('webgym-skeleton')
    expect(shell).not.toContain('Real content')
    expect(shell).not.toContain('document.title')
  })

  it('the runtime goes at the end of head with its settings; images load lazily', () => {
    const withScript = withRuntime(page, {pushState: true, fragment: '</script>'})
    expect(withScript.indexOf('window.__webgymHazards={"pushState":true,"fragment":"\\u003c/script>"}')).toBeLessThan(
      withScript.indexOf('</head>'),
    )
    expect(lazyImages(page)).toContain('<img loading="lazy" src="/img/a.svg">')
    expect(lazyImages('<img loading="eager" src="x">')).toBe('<img loading="eager" src="x">')
  })
})

describe('the session log', () => {
  const log = new SessionLog()
  const answer = (path: string, at: [number, number], version = log.version('s'), interim = false) => {
    const request = log.begin('s', 'a.test', path, at[0])
    log.answered(request, version, {interim, at: at[1]})
  }
  answer('/', [1000, 1100])
  answer('/wait', [2000, 2600], 0, true) // a skeleton shell...
  answer('/wait?content', [2100, 2900]) // ...and its content
  const post = log.begin('s', 'a.test', '/cart', 4000)
  log.changed('s', 4001)
  log.answered(post, log.version('s'), {at: 5000})
  const slow = log.begin('s', 'a.test', '/slow', 3000) // a page whose answer was made before the cart changed
  log.answered(slow, 0, {at: 5200})

  it('judges observations by what was pending, interim or older than the state at their time', () => {
    const audit = log.audit('s', 'a.test', [1050, 1500, 2700, 3000, 4500, 5100, 5300, null])
    expect(audit.checked).toBe(7)
    expect(audit.stale).toEqual([
      {step: 0, reason: '/ was still loading'},
      {step: 2, reason: '/wait?content was still loading'},
      {step: 3, reason: '/slow was still loading'},
      {step: 4, reason: '/cart was still loading'},
      {step: 5, reason: '/slow was still loading'},
      {step: 6, reason: 'the page showed state 0, the session was at 1'},
    ])
  })

  it('does not judge observations of another site or before the session first asked for this one', () => {
    expect(log.audit('s', 'b.test', [1500, 6000])).toEqual({checked: 0, stale: []})
    expect(log.audit('s', 'a.test', [500])).toEqual({checked: 0, stale: []})
    expect(log.audit('unknown', 'a.test', [1500])).toEqual({checked: 0, stale: []})
  })
})

describe('hazards over HTTP', () => {
  let server: SitesServer
  let host: string
  const page = {accept: 'text/html,application/xhtml+xml', 'upgrade-insecure-requests': '1'}
  beforeAll(async () => {
    server = await startSites({seed: 3, variantsPerFamily: 2, token: 't'})
    host = server.catalog.sites.find((site) => site.family === 'shop')!.host
  })
  afterAll(async () => server?.stop())

  it('a skeleton site answers a page load with a shell, and its content once, late, to the token the shell carries', async () => {
    server.setFaults('skeleton=1', host)
    const shell = await httpGet(server, host, '/', {headers: page})
    expect(shell.body).toContain('webgym-skeleton')
    const token = /"fragment":"([0-9a-f]+)"/.exec(shell.body)![1]!
    // A script's fetch (no page-load headers) gets the page as it is.
    expect((await httpGet(server, host, '/')).body).not.toContain('webgym-skeleton')
    const started = Date.now()
    const content = await httpGet(server, host, '/', {
      headers: {[HAZARD_HEADERS.fragment]: token, cookie: sessionCookie(shell)},
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(content.body).not.toContain('webgym-skeleton')
    expect(content.body).toContain('<main')
    expect((await httpGet(server, host, '/', {headers: {[HAZARD_HEADERS.fragment]: token}})).status).toBe(410)
  })

  it('a redirecting load shows the interstitial first, then the page it moves on to', async () => {
    server.setFaults('script-redirect=1', host)
    const interstitial = await httpGet(server, host, '/about', {headers: page})
    expect(interstitial.body).toContain('One moment')
    expect(interstitial.body).toContain('location.replace("/about")')
    const next = await httpGet(server, host, '/about', {headers: {...page, cookie: sessionCookie(interstitial)}})
    expect(next.body).not.toContain('One moment')
  })

  it('a late-effect site holds the answer of a POST sent by its runtime, after the state has changed', async () => {
    server.setFaults('late-effect=1', host)
    const first = await httpGet(server, host, '/', {headers: page})
    expect(first.body).toContain('"lateEffect":true')
    const cookie = sessionCookie(first)
    const productId = /\/product\/(\d+)/.exec(first.body)![1]!
    const started = Date.now()
    const posted = await httpGet(server, host, '/cart', {
      method: 'POST',
      body: `product=${productId}&qty=1&action=add`,
      headers: {cookie, 'content-type': 'application/x-www-form-urlencoded', [HAZARD_HEADERS.late]: '1'},
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(390)
    expect(posted.status).toBeLessThan(400)
    const log = await fetch(`${server.url}/__webgym/log?session=${cookie.split('=')[1]}&token=t`).then((response) =>
      response.json(),
    )
    const cart = log.requests.find((request: any) => request.path === '/cart')
    expect(cart).toMatchObject({hazard: 'late-effect', version: 1})
    expect(cart.endedAt - cart.startedAt).toBeGreaterThanOrEqual(390)
  })

  it('an animated site carries the endless badge; a polling site holds its long poll open', async () => {
    server.setFaults('animation=1,polling=1,lazy-images=1', host)
    const body = (await httpGet(server, host, '/', {headers: page})).body
    expect(body).toContain('animation:webgym-pulse 1.2s ease-in-out infinite')
    expect(body).toContain('"polling":true')
    expect(body).toMatch(/<img loading="lazy"/)
    await expect(httpGet(server, host, POLL_PATH, {timeoutMs: 1500})).rejects.toThrow(/client timeout/)
    server.setFaults('none', host)
    expect((await httpGet(server, host, '/', {headers: page})).body).not.toContain('__webgymHazards')
  })

  it('shows the session log only with the token', async () => {
    expect((await fetch(`${server.url}/__webgym/log?session=x`)).status).toBe(403)
  })
})
