// Saved pages served by the fixture web: each page at / of its own host, byte for byte, in its own encoding; every
// other path 404; the families' sites beside them; their questions checked at /__webgym/check.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {assertBuilt, root, runWebgym, spawnWebgym} from './helpers/cli.js'
import {httpGet} from './helpers/sites-http.js'
import {workdir} from './helpers/workdir.js'

const CORPUS = join(root, 'fixtures', 'real-pages')
const controlHeaders = {'x-webgym-token': 'test-token', 'content-type': 'application/json'}

let server: SitesServer
let plain: SitesServer
const wd = workdir()
// 中文 in GBK, under a page that says so.
const GBK_PAGE = Buffer.concat([
  Buffer.from('<html><head><meta charset="gbk"></head><body><h1>'),
  Buffer.from([0xd6, 0xd0, 0xce, 0xc4]),
  Buffer.from('</h1></body></html>'),
])

beforeAll(async () => {
  server = await startSites({seed: 3, token: 'test-token', pages: CORPUS, variantsPerFamily: 2})
  wd.write('plain/Front Page.html', '<!doctype html><meta charset="utf-8"><h1>Ça marche</h1>')
  wd.write('plain/chinese.html', GBK_PAGE)
  plain = await startSites({token: 'test-token', pages: wd.path('plain'), variantsPerFamily: 1})
})
afterAll(async () => {
  await server?.stop()
  await plain?.stop()
})

const check = (target: SitesServer, task: string, answer: string | null) =>
  httpGet(target, 'any.webgym.test', '/__webgym/check', {
    method: 'POST',
    headers: controlHeaders,
    body: JSON.stringify({task, answer}),
  })

describe('saved pages on the fixture web', () => {
  it('serves every page of the corpus at / of <name>.pages.webgym.test, byte for byte, as UTF-8 HTML', async () => {
    expect(server.pages?.pages).toHaveLength(65)
    for (const page of server.pages!.pages) {
      const reply = await httpGet(server, page.host, '/')
      expect(reply.status, page.host).toBe(200)
      expect(reply.headers['content-type'], page.host).toBe('text/html; charset=utf-8')
      expect(reply.bytes.equals(readFileSync(join(CORPUS, page.name, 'source.html'))), page.host).toBe(true)
    }
  })

  it('serves a plain folder of .html files under their names made labels, each in its own encoding', async () => {
    expect(plain.pages!.pages.map((page) => page.host)).toEqual([
      'front-page.pages.webgym.test',
      'chinese.pages.webgym.test',
    ])
    const front = await httpGet(plain, 'front-page.pages.webgym.test', '/')
    expect(front.bytes.equals(readFileSync(wd.path('plain/Front Page.html')))).toBe(true)
    expect(front.headers['content-type']).toBe('text/html; charset=utf-8')
    const chinese = await httpGet(plain, 'chinese.pages.webgym.test', '/')
    expect(chinese.bytes.equals(GBK_PAGE)).toBe(true)
    expect(chinese.headers['content-type']).toBe('text/html; charset=gbk')
    expect(new TextDecoder('gbk').decode(chinese.bytes)).toContain('中文')
  })

  it('answers 404 for any other path or method on a page’s host, and for a page that is not there', async () => {
    for (const path of ['/index.html', '/source.html', '/expected-metadata.json', '/favicon.ico', '/qq/', '/a/b.css'])
      expect((await httpGet(server, 'qq.pages.webgym.test', path)).status, path).toBe(404)
    expect((await httpGet(server, 'qq.pages.webgym.test', '/', {method: 'POST', body: 'a=1'})).status).toBe(404)
    expect((await httpGet(server, 'qq.pages.webgym.test', '/', {method: 'HEAD'})).status).toBe(200)
    expect((await httpGet(server, 'no-such-page.pages.webgym.test', '/')).status).toBe(404)
  })

  it('keeps the families’ sites beside the pages, and lists both', async () => {
    const site = server.catalog.sites[0]!
    expect((await httpGet(server, site.host, '/')).status).toBe(200)
    const directory = await httpGet(server, `127.0.0.1:${server.port}`, '/')
    expect(directory.body).toContain(site.host)
    expect(directory.body).toContain('http://qq.pages.webgym.test/')
    const health = await httpGet(server, 'any.webgym.test', '/__webgym/health', {headers: controlHeaders})
    expect(JSON.parse(health.body)).toMatchObject({ok: true, pages: 65, sites: server.catalog.sites.length})
  })

  it('checks a page question on the answer: names without case or accents, dates in any format', async () => {
    const pass = async (task: string, answer: string | null) => {
      const reply = await check(server, task, answer)
      expect(reply.status, reply.body).toBe(200)
      return (JSON.parse(reply.body) as {pass: boolean}).pass
    }
    expect(await pass('pages:aktualne:author', 'Ales Vavra')).toBe(true)
    expect(await pass('pages:aktualne:author', 'The author is ALEŠ VÁVRA.')).toBe(true)
    expect(await pass('pages:aktualne:author', 'Aleš Novák')).toBe(false)
    expect(await pass('pages:aktualne:author', null)).toBe(false)
    expect(await pass('pages:bbc-1:date', '24 July 2015')).toBe(true)
    expect(await pass('pages:bbc-1:date', 'July 24, 2015')).toBe(true)
    expect(await pass('pages:bbc-1:date', '2015-07-24')).toBe(true)
    expect(await pass('pages:bbc-1:date', '23 July 2015')).toBe(false)
    expect(await pass('pages:qq:headline', 'DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶')).toBe(true)
    const verdict = JSON.parse((await check(server, 'pages:qq:headline', 'DeepMind')).body)
    expect(verdict).toMatchObject({task: 'pages:qq:headline', pass: false, passed: 0, total: 1})
  })

  it('says which page task it does not know, and that no pages are served where none are', async () => {
    const unknown = await check(server, 'pages:qq:author', 'someone')
    expect(unknown.status).toBe(404)
    expect(JSON.parse(unknown.body).error).toMatch(/no page task "pages:qq:author".*sites tasks --pages/)
    const none = await startSites({token: 'test-token', variantsPerFamily: 1})
    try {
      const reply = await check(none, 'pages:qq:headline', 'x')
      expect(reply.status).toBe(404)
      expect(JSON.parse(reply.body).error).toMatch(/no saved pages are served here.*--pages DIR/)
    } finally {
      await none.stop()
    }
  })
})

describe('webgym sites serve --pages', () => {
  it('says how many pages it serves beside the sites, serves them, and stops on SIGTERM', async () => {
    assertBuilt()
    const child = spawnWebgym(['sites', 'serve', '--port', '0', '--variants', '1', '--pages', CORPUS], {
      buffer: {stdout: false},
    })
    const line = await new Promise<string>((resolve, reject) => {
      let text = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes('\n')) resolve(text.split('\n')[0]!)
      })
      child.on('exit', () => reject(new Error(`sites serve exited early: ${text}`)))
    })
    const info = JSON.parse(line) as {port: number; sites: number; pages: number}
    expect(info).toMatchObject({sites: 7, pages: 65})
    const qq = await httpGet(info, 'qq.pages.webgym.test', '/')
    expect(qq.bytes.equals(readFileSync(join(CORPUS, 'qq', 'source.html')))).toBe(true)
    child.kill('SIGTERM')
    const result = await child
    expect(result.exitCode).toBe(0)
    expect(String(result.stderr)).toMatch(/7 sites and 65 saved pages at http:\/\/127\.0\.0\.1:\d+/)
  }, 60_000)

  it('names a pages folder it cannot read, in one line', async () => {
    const result = await runWebgym(['sites', 'serve', '--port', '0', '--pages', 'no-such-folder'])
    expect(result.exitCode).toBe(1)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(/cannot read the --pages folder no-such-folder: ENOENT/)
  })
})
