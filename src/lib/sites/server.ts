import {randomBytes} from 'node:crypto'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'
import {setTimeout as sleep} from 'node:timers/promises'
import {Catalog, FIXTURE_DOMAIN, type CatalogOptions} from './catalog.js'
import {evaluateTask} from './check.js'
import {adLandingPage, blockedPage, errorPage, makeHeavy} from './fault-pages.js'
import {FaultPlan, parseFaultSpec, type FaultConfig} from './faults.js'
import {HeldFragments, RedirectPasses, hazardPage, holdPoll} from './hazard-serving.js'
import {
  HAZARD_HEADERS,
  POLL_PATH,
  redirectInterstitial,
  runtimeFor,
  skeletonShell,
  withRuntime,
} from './hazard-pages.js'
import {escapeHtml} from './html.js'
import {imageSvg} from './images.js'
import {PageSites, checkPageQuestion} from './pages/page-sites.js'
import {PAGES_SOURCE} from './pages/page-tasks.js'
import {SessionLog, type HazardPart} from './session-log.js'
import {ServedCounts} from './served-counts.js'
import {SESSION_COOKIE, SessionStore} from './sessions.js'
import type {SiteInfo, SiteReply, SiteRequest} from './types.js'

export interface SitesOptions extends CatalogOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
  /** Faults for every site: a config or a spec such as `realistic` or `latency=200/1500,error=0.02`. */
  faults?: FaultConfig | string
  /** Faults for single sites, by host name. */
  siteFaults?: Record<string, FaultConfig | string>
  /** Control token for `/__webgym/` endpoints; random when absent. */
  token?: string
  /**
   * A corpus of saved pages (a folder, or one already opened) to serve beside the families, each page unchanged at
   * `/` of `<name>.pages.webgym.test`, with its question tasks checked at `/__webgym/check`.
   */
  pages?: string | PageSites
}

export interface SitesServer {
  /** `http://127.0.0.1:PORT` */
  url: string
  port: number
  token: string
  /** The value of Chromium's `--host-resolver-rules` that sends `*.webgym.test` to this server. */
  hostResolverRules: string
  catalog: Catalog
  /** The saved pages served, or null. */
  pages: PageSites | null
  /** Replaces the faults of one site, or of every site without its own when `host` is absent. */
  setFaults(faults: FaultConfig | string, host?: string): void
  /** Stops listening and cuts every open connection (hanging responses included). */
  stop(): Promise<void>
}

const MAX_FORM_BYTES = 1 << 20

/** Starts the fixture web: one HTTP server for every `<site>.webgym.test`, dispatching on the Host header. */
export async function startSites(options: SitesOptions = {}): Promise<SitesServer> {
  const catalog = new Catalog(options)
  const pages = await PageSites.from(options.pages)
  const token = options.token ?? randomBytes(12).toString('hex')
  const faults = new FaultPlan(catalog.seed, toConfig(options.faults ?? {}))
  for (const [host, spec] of Object.entries(options.siteFaults ?? {})) faults.set(toConfig(spec), host)
  const sessions = new SessionStore()
  const log = new SessionLog()
  const fragments = new HeldFragments()
  const passes = new RedirectPasses()
  const sockets = new Set<Socket>()

  const served = new ServedCounts()
  const server = createServer((request, response) => {
    if (!request.url?.startsWith('/__webgym/')) served.watch(response)
    handleRequest(request, response).catch((error: Error) => {
      if (!response.headersSent)
        send(response, {
          status: 500,
          body: `internal error: ${escapeHtml(error.message)}`,
          type: 'text/plain; charset=utf-8',
        })
      else response.destroy()
    })
  })
  server.keepAliveTimeout = 30_000
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const hostname = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
    const url = new URL(request.url ?? '/', 'http://fixture')
    if (url.pathname.startsWith('/__webgym/')) return control(request, response, url)
    const page = pages?.byHost(hostname)
    if (page) return pages!.serve(page, request.method ?? 'GET', url.pathname, response)
    const site = catalog.byHost(hostname)
    if (site) return serveSite(site, request, response, url)
    if (hostname.startsWith('ads-') && hostname.endsWith(`.${FIXTURE_DOMAIN}`))
      return send(response, {status: 200, body: adLandingPage(hostname)})
    if (hostname.endsWith(`.${FIXTURE_DOMAIN}`))
      return send(response, {
        status: 404,
        body: `<!doctype html><title>Site not found</title><h1>No site at ${escapeHtml(hostname)}</h1>`,
      })
    return send(response, {status: 200, body: directoryPage(catalog.sites, pages)})
  }

  async function serveSite(
    site: SiteInfo,
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    const image = /^\/img\/([a-z]+)\/([^/]+)\.svg$/.exec(url.pathname)
    const traits = faults.hazardsOf(site.host)
    const headers: Record<string, string> = {}
    let sessionId = SessionStore.idFromCookie(request.headers.cookie)
    if (sessionId === undefined) {
      sessionId = sessions.newId()
      headers['set-cookie'] = `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax`
    }
    const session = sessionId
    if (url.pathname === POLL_PATH) return holdPoll(response, headers)
    // Every request but an image's is logged with the state its answer reflected (a connection closed unanswered
    // is logged when it closes).
    const logged = image ? null : log.begin(session, site.host, url.pathname + url.search)
    if (logged) response.once('close', () => log.answered(logged, log.version(session)))
    const answer = (reply: SiteReply, options: {version?: number; interim?: boolean; hazard?: HazardPart} = {}) => {
      send(response, {...reply, headers: {...headers, ...reply.headers}})
      if (logged)
        log.answered(logged, options.version ?? log.version(session), {
          interim: options.interim || (reply.status >= 300 && reply.status < 400),
          hazard: options.hazard,
        })
    }

    const decision = faults.decide(site.host, image === null && request.method !== 'HEAD')
    const delayMs = decision.delayMs + (image && traits.has('lazy-images') ? faults.hazardDelay('lazy-images') : 0)
    if (delayMs > 0) {
      await sleep(delayMs)
      headers['x-webgym-delay-ms'] = delayMs.toFixed(1)
    }
    if (response.destroyed) return
    if (image) {
      const svg = imageSvg(image[1]!, decodeURIComponent(image[2]!))
      return answer(
        svg === null
          ? {status: 404, body: 'no such image', type: 'text/plain'}
          : {status: 200, body: svg, type: 'image/svg+xml', headers: {'cache-control': 'public, max-age=86400'}},
      )
    }
    switch (decision.outcome) {
      case 'hang':
        return // the response never comes; stop() or the client's timeout ends the connection
      case 'error': {
        const status = decision.status ?? 500
        return answer({status, body: errorPage(status), headers: {'x-webgym-fault': 'error'}})
      }
      case 'block': {
        const blocked = blockedPage(site.host, faults.configFor(site.host).blockKind ?? 'captcha')
        return answer({...blocked, headers: {'x-webgym-fault': 'block'}})
      }
      case 'offsite':
        return answer({
          status: 302,
          body: '',
          headers: {
            location: `http://ads-${site.slug.split('-')[0]}.${FIXTURE_DOMAIN}/landing`,
            'x-webgym-fault': 'offsite',
          },
        })
      default:
    }

    const fragment = headerOf(request, HAZARD_HEADERS.fragment)
    if (fragment !== undefined) {
      const held = fragments.take(fragment)
      if (!held) return answer({status: 410, body: 'this page has expired: reload it', type: 'text/plain'})
      await sleep(faults.hazardDelay('skeleton'))
      return answer(held.reply, {version: held.version, hazard: 'skeleton-content'})
    }
    const navigation = isPageLoad(request)
    const redirectMs = navigation && !passes.take(session, site.host, url) ? faults.drawRedirect(site.host) : null
    if (redirectMs !== null) {
      passes.add(session, site.host, url)
      return answer(
        {
          status: 200,
          body: redirectInterstitial(url.pathname + url.search, redirectMs),
          headers: {'x-webgym-hazard': 'script-redirect'},
        },
        {interim: true, hazard: 'script-redirect'},
      )
    }
    const swap = headerOf(request, HAZARD_HEADERS.swap) !== undefined && traits.has('pushstate')
    const late =
      headerOf(request, HAZARD_HEADERS.late) !== undefined && request.method === 'POST' && traits.has('late-effect')
    if (swap) await sleep(faults.hazardDelay('pushstate'))

    const family = catalog.familyOf(site)
    const siteRequest: SiteRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: request.method === 'POST' ? new URLSearchParams(await readBody(request)) : new URLSearchParams(),
    }
    const state = sessions.state(session, site.host, family.initialState)
    const before = JSON.stringify(state)
    const reply = await family.handle(siteRequest, {site, model: catalog.modelOf(site), state})
    if (JSON.stringify(state) !== before) log.changed(session)
    const version = log.version(session)
    if (late) await sleep(faults.hazardDelay('late-effect'))
    if (response.destroyed) return
    const page = (reply.type ?? 'text/html').startsWith('text/html')
    let body = reply.body
    if (page && decision.outcome === 'heavy') {
      body = makeHeavy(body)
      headers['x-webgym-fault'] = 'heavy'
    }
    if (page) body = hazardPage(body, traits)
    if (page && navigation && reply.status === 200 && traits.has('skeleton')) {
      const token = fragments.hold({...reply, body}, version)
      return answer(
        {...reply, body: withRuntime(skeletonShell(body), {...runtimeFor(traits), fragment: token})},
        {version, interim: true, hazard: 'skeleton-shell'},
      )
    }
    const runtime = runtimeFor(traits)
    answer(
      {...reply, body: page && Object.keys(runtime).length > 0 ? withRuntime(body, runtime) : body},
      {version, ...(late ? {hazard: 'late-effect' as const} : swap ? {hazard: 'pushstate' as const} : {})},
    )
  }

  async function control(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const given = request.headers['x-webgym-token'] ?? url.searchParams.get('token')
    if (given !== token)
      return sendJson(response, 403, {
        error: 'control endpoints need the token the server printed at start (header X-Webgym-Token or ?token=)',
      })
    const endpoint = url.pathname.slice('/__webgym/'.length)
    if (endpoint === 'health')
      return sendJson(response, 200, {
        ok: true,
        sites: catalog.sites.length,
        pages: pages?.pages.length ?? 0,
        sessions: sessions.size,
        served: served.counts(),
      })
    if (endpoint === 'check') {
      const body =
        request.method === 'POST'
          ? (JSON.parse((await readBody(request)) || '{}') as {
              task?: string
              answer?: string | null
              observed_at?: unknown[]
            })
          : {}
      const id = body.task ?? url.searchParams.get('task') ?? ''
      const answer = body.answer !== undefined ? body.answer : url.searchParams.get('answer')
      if (id.startsWith(`${PAGES_SOURCE}:`)) {
        const {status, body} = await checkPageQuestion(pages, id, answer ?? null)
        return sendJson(response, status, {...body, session: SessionStore.idFromCookie(request.headers.cookie) ?? null})
      }
      const task = catalog.task(id)
      if (!task)
        return sendJson(response, 404, {
          error: `no fixture task "${id}" (ids look like fixture:<site>/<key>; list them with \`webgym sites tasks\`)`,
        })
      const sessionId = SessionStore.idFromCookie(request.headers.cookie)
      const state = sessions.peek(sessionId, task.site.host) ?? catalog.familyOf(task.site).initialState()
      const observations =
        Array.isArray(body.observed_at) && sessionId
          ? {
              observations: log.audit(
                sessionId,
                task.site.host,
                body.observed_at.map((at) => (typeof at === 'number' ? at : null)),
              ),
            }
          : {}
      return sendJson(response, 200, {
        ...evaluateTask(id, task.def, state, answer),
        session: sessionId ?? null,
        ...observations,
      })
    }
    if (endpoint === 'log') {
      const sessionId = url.searchParams.get('session') ?? ''
      return sendJson(response, 200, {
        session: sessionId,
        version: log.version(sessionId),
        requests: log.requests(sessionId),
      })
    }
    if (endpoint === 'faults') {
      const site = url.searchParams.get('site') ?? undefined
      if (request.method === 'POST') {
        try {
          faults.set(parseFaultSpec((await readBody(request)).trim() || 'none'), site)
        } catch (error) {
          return sendJson(response, 400, {error: (error as Error).message})
        }
      }
      return sendJson(response, 200, {site: site ?? null, faults: faults.configFor(site ?? '')})
    }
    return sendJson(response, 404, {
      error: `unknown control endpoint /__webgym/${endpoint} (known: health, check, faults, log)`,
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const {port} = server.address() as AddressInfo
  const listenHost = options.host ?? '127.0.0.1'
  const connectHost = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost
  return {
    url: `http://${connectHost}:${port}`,
    port,
    token,
    hostResolverRules: `MAP *.${FIXTURE_DOMAIN} ${connectHost}:${port}`,
    catalog,
    pages,
    setFaults: (spec, host) => faults.set(toConfig(spec), host),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}

/**
 * A browser loading a page (not a script's fetch): Sec-Fetch-Mode says so where the browser sends it (secure origins
 * only), else the Upgrade-Insecure-Requests header or an Accept that asks for HTML first, as navigations do.
 */
function isPageLoad(request: IncomingMessage): boolean {
  if (request.method !== 'GET') return false
  const mode = headerOf(request, 'sec-fetch-mode')
  if (mode !== undefined) return mode === 'navigate'
  return (
    headerOf(request, 'upgrade-insecure-requests') === '1' ||
    (headerOf(request, 'accept') ?? '').startsWith('text/html')
  )
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function toConfig(spec: FaultConfig | string): FaultConfig {
  return typeof spec === 'string' ? parseFaultSpec(spec) : spec
}

function send(response: ServerResponse, reply: SiteReply): void {
  // Set apart, so that the count of what was served (ServedCounts) can read it back.
  response.setHeader('content-type', reply.type ?? 'text/html; charset=utf-8')
  response.writeHead(reply.status, {'cache-control': 'no-store', ...reply.headers})
  response.end(reply.body)
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, {status, body: `${JSON.stringify(value)}\n`, type: 'application/json; charset=utf-8'})
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) throw new Error('request body over 1 MiB')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function directoryPage(sites: readonly SiteInfo[], pages: PageSites | null): string {
  const items = sites
    .map(
      (site) =>
        `<li><a href="http://${site.host}/">${escapeHtml(site.name)}</a> <small>${site.family} · ${site.host}</small></li>`,
    )
    .join('')
  return `<!doctype html><html><head><meta charset="utf-8"><title>webgym fixture web</title></head><body style="font-family:'DejaVu Sans',sans-serif;max-width:900px;margin:30px auto"><h1>webgym fixture web</h1><p>${sites.length} sites${pages ? ` and ${pages.pages.length} saved pages` : ''}. Reach them through Chromium with --host-resolver-rules mapping *.${FIXTURE_DOMAIN} to this server.</p><ul>${items}</ul>${pages?.directoryHtml() ?? ''}</body></html>`
}
