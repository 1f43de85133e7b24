import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Catalog} from '../src/lib/sites/catalog.js'
import {POLL_PATH} from '../src/lib/sites/hazard-pages.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {httpGet, sessionCookie} from './helpers/sites-http.js'

let server: SitesServer

beforeAll(async () => {
  server = await startSites({seed: 7, token: 'test-token'})
})
afterAll(async () => server?.stop())

const controlHeaders = {'x-webgym-token': 'test-token'}

describe('fixture web server', () => {
  it('serves every catalog site under its own host name and prints the resolver rule', async () => {
    expect(server.hostResolverRules).toBe(`MAP *.webgym.test 127.0.0.1:${server.port}`)
    const hosts = server.catalog.sites.map((site) => site.host)
    expect(new Set(hosts).size).toBe(hosts.length)
    expect(hosts.length).toBeGreaterThanOrEqual(200)
    for (const site of [server.catalog.sites[0]!, server.catalog.sites.at(-1)!]) {
      const home = await httpGet(server, site.host, '/')
      expect(home.status).toBe(200)
      expect(home.headers['content-type']).toMatch(/text\/html/)
      expect(home.body).toContain(`<title>`)
      expect(home.body).toContain(site.name.replace('&', '&amp;'))
    }
  })

  it('answers an unknown fixture host with 404 and a bare address with the directory of sites', async () => {
    expect((await httpGet(server, 'no-such-site.webgym.test', '/')).status).toBe(404)
    const directory = await httpGet(server, `127.0.0.1:${server.port}`, '/')
    expect(directory.status).toBe(200)
    expect(directory.body).toContain(server.catalog.sites[3]!.host)
  })

  it('makes pages deterministic for a seed and different across seeds', async () => {
    const site = server.catalog.sites[0]!
    const first = await httpGet(server, site.host, '/search?q=a')
    const second = await httpGet(server, site.host, '/search?q=a')
    expect(second.body).toBe(first.body)
    const other = await startSites({seed: 8})
    try {
      expect(other.catalog.sites.map((s) => s.host)).not.toEqual(server.catalog.sites.map((s) => s.host))
    } finally {
      await other.stop()
    }
    expect(new Catalog({seed: 7}).sites.map((s) => s.host)).toEqual(server.catalog.sites.map((s) => s.host))
  })

  it('serves generated SVG images and no external resource', async () => {
    const site = server.catalog.sites[0]!
    const image = await httpGet(server, site.host, '/img/product/101-abc.svg')
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/svg+xml')
    expect(image.body).toMatch(/^<svg /)
    const home = await httpGet(server, site.host, '/')
    const external = [...home.body.matchAll(/(?:src|href)="(https?:)?\/\/([^"/]+)/g)].map((m) => m[2])
    expect(external.every((host) => host!.endsWith('.webgym.test'))).toBe(true)
  })

  it('refuses control endpoints without the token', async () => {
    const site = server.catalog.sites[0]!
    for (const path of ['/__webgym/health', '/__webgym/check?task=x', '/__webgym/faults']) {
      const refused = await httpGet(server, site.host, path)
      expect(refused.status).toBe(403)
      expect(JSON.parse(refused.body).error).toMatch(/token/)
      const wrong = await httpGet(server, site.host, path, {headers: {'x-webgym-token': 'nope'}})
      expect(wrong.status).toBe(403)
    }
    const health = await httpGet(server, site.host, '/__webgym/health', {headers: controlHeaders})
    expect(JSON.parse(health.body)).toMatchObject({ok: true, sites: server.catalog.sites.length})
  })

  it('counts what it served to pages by kind, and the answers a client left unfinished, in its health', async () => {
    const health = async () =>
      JSON.parse((await httpGet(server, 'x.webgym.test', '/__webgym/health', {headers: controlHeaders})).body).served
    const before = await health()
    const site = server.catalog.sites[1]!
    await httpGet(server, site.host, '/')
    await httpGet(server, site.host, '/img/product/7-abc.svg')
    await httpGet(server, site.host, '/img/product/8-abc.svg')
    // A long poll the client leaves: the connection closes before an answer was sent.
    await httpGet(server, site.host, POLL_PATH, {timeoutMs: 200}).catch(() => {})
    await expect.poll(async () => (await health()).unfinished).toBe(before.unfinished + 1)
    const after = await health()
    // The health requests themselves, control endpoints, are not counted.
    expect(after).toEqual({
      ...before,
      html: before.html + 1,
      image: before.image + 2,
      unfinished: before.unfinished + 1,
    })
  })

  it('keeps per-session state by cookie and checks a task fact by fact', async () => {
    const site = server.catalog.sites.find((s) => s.family === 'shop')!
    const task = server.catalog.tasksOf(site).find((t) => t.key.startsWith('cart-'))!
    const id = `fixture:${site.slug}/${task.key}`
    const fresh = JSON.parse(
      (await httpGet(server, site.host, `/__webgym/check?task=${encodeURIComponent(id)}`, {headers: controlHeaders}))
        .body,
    )
    expect(fresh).toMatchObject({task: id, pass: false, passed: 0, total: 4, session: null})

    // Add the two products through the site's own forms, in one cookie session.
    const home = await httpGet(server, site.host, '/')
    const cookie = sessionCookie(home)
    const ids = task.key.split('-').slice(1).map(Number) as [number, number]
    const qty = Number(/put (\d) of/.exec(task.intent)![1])
    const add = (product: number, n: number) =>
      httpGet(server, site.host, '/cart', {
        method: 'POST',
        headers: {cookie, 'content-type': 'application/x-www-form-urlencoded'},
        body: `action=add&product=${product}&qty=${n}`,
      })
    expect((await add(ids[0], qty)).status).toBe(303)
    const checkWith = async (c: string) =>
      JSON.parse(
        (
          await httpGet(server, site.host, `/__webgym/check?task=${encodeURIComponent(id)}`, {
            headers: {...controlHeaders, cookie: c},
          })
        ).body,
      )
    const half = await checkWith(cookie)
    expect(half.pass).toBe(false)
    expect(half.facts.map((f: {pass: boolean}) => f.pass)).toEqual([true, true, false, false])
    await add(ids[1], 1)
    expect(await checkWith(cookie)).toMatchObject({pass: true, passed: 4, total: 4})
    // Another session sees its own, empty cart.
    const other = sessionCookie(await httpGet(server, site.host, '/'))
    expect((await checkWith(other)).pass).toBe(false)
  })

  it('names an unknown task in the check endpoint', async () => {
    const reply = await httpGet(server, 'x.webgym.test', '/__webgym/check?task=fixture:nope/1', {
      headers: controlHeaders,
    })
    expect(reply.status).toBe(404)
    expect(JSON.parse(reply.body).error).toMatch(/no fixture task "fixture:nope\/1"/)
  })

  it('re-renders a checkout with errors when fields are missing or malformed', async () => {
    const site = server.catalog.sites.find((s) => s.family === 'shop')!
    const cookie = sessionCookie(await httpGet(server, site.host, '/'))
    const post = (path: string, body: string) =>
      httpGet(server, site.host, path, {
        method: 'POST',
        headers: {cookie, 'content-type': 'application/x-www-form-urlencoded'},
        body,
      })
    await post('/cart', 'action=add&product=101&qty=1')
    const bad = await post('/checkout', 'full_name=A&email=not-an-email&address=1+Road&city=X&zip=12')
    expect(bad.status).toBe(422)
    expect(bad.body).toMatch(/Please correct: Email address, ZIP code/)
  })
})
