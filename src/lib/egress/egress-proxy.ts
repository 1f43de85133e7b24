import {lookup} from 'node:dns/promises'
import {connect, createServer, isIP, type AddressInfo, type Server, type Socket} from 'node:net'
import type {NavigationGuard} from '../rollout/navigation-guard.js'
import {HostRules} from './host-rules.js'

/**
 * The one way out for a browser: Chromium is started with a SOCKS5 `--proxy-server` pointing here (loopback not
 * bypassed, see `chromiumArgs`), so every connection it makes — documents, sub-resources, workers', WebSockets,
 * redirects, http and https alike — arrives here as a host name (Chromium leaves SOCKS5 names to the proxy) and a
 * port. Each destination is resolved here (host rules first, then the system resolver), every address it resolves
 * to is judged by the navigation guard (loopback, private, link-local, unique-local, CGNAT and metadata addresses are
 * refused unless the host is allowed), and the connection goes to the address that was judged: there is no second
 * lookup for a rebinding name to change. Past the handshake the proxy only copies bytes, so it costs a page little.
 *
 * A refused connection gets SOCKS5's "not allowed by ruleset", which the browser sees as a failed request;
 * `refusalFor` gives the reason for a URL the proxy refused, for the step's record.
 */
export interface EgressProxyOptions {
  guard: NavigationGuard
  /** Chromium-style MAP rules (the fixture web's), applied before the system resolver. */
  hostRules?: string
  /** The system resolver: every address of a name (replaceable where a test needs a name to lead somewhere). */
  resolve?: (host: string) => Promise<string[]>
}

type Decision = {ok: true; address: string; port: number} | {ok: false; reason: string}

/** How long a decision is reused: a name's addresses are looked up again after this (ms). */
const DECISION_TTL_MS = 30_000
const MAX_DECISIONS = 4096
/** A client that has not finished the SOCKS handshake by then is dropped (ms). */
const HANDSHAKE_TIMEOUT_MS = 30_000

// SOCKS5 (RFC 1928): the parts this proxy speaks.
const SOCKS_VERSION = 5
const NO_AUTHENTICATION = 0
const NO_ACCEPTABLE_METHOD = 0xff
const CONNECT = 1
const ADDRESS_IPV4 = 1
const ADDRESS_NAME = 3
const ADDRESS_IPV6 = 4
const REPLY = {
  succeeded: 0,
  failure: 1,
  notAllowed: 2,
  hostUnreachable: 4,
  commandNotSupported: 7,
  addressNotSupported: 8,
} as const

export class EgressProxy {
  /** Connections refused so far. */
  refused = 0
  private readonly decisions = new Map<string, {at: number; decision: Promise<Decision>; settled: Decision | null}>()
  private readonly sockets = new Set<Socket>()
  private readonly rules: HostRules
  private readonly resolve: (host: string) => Promise<string[]>

  private constructor(
    private readonly server: Server,
    private readonly options: EgressProxyOptions,
  ) {
    this.rules = HostRules.parse(options.hostRules)
    this.resolve = options.resolve ?? (async (host) => (await lookup(host, {all: true})).map((entry) => entry.address))
  }

  static async start(options: EgressProxyOptions): Promise<EgressProxy> {
    const server = createServer()
    const proxy = new EgressProxy(server, options)
    server.on('connection', (socket: Socket) => proxy.accept(socket))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    return proxy
  }

  /** `socks5://127.0.0.1:PORT`. */
  get url(): string {
    return `socks5://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  /** Chromium's flags that send all of its traffic here, loopback included, and keep WebRTC off raw UDP. */
  chromiumArgs(): string[] {
    return [
      `--proxy-server=${this.url}`,
      '--proxy-bypass-list=<-loopback>',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    ]
  }

  /** Why the proxy refused this URL's destination, when it did (null: not refused, or not decided yet). */
  refusalFor(url: string): string | null {
    const destination = destinationOf(url)
    if (!destination) return null
    const settled = this.decisions.get(destination.key)?.settled
    return settled && !settled.ok ? settled.reason : null
  }

  /** Whether the proxy lets this URL's destination through (deciding it now if it has not yet): null, or the reason not. */
  async check(url: string): Promise<string | null> {
    const destination = destinationOf(url)
    if (!destination) return null
    const decision = await this.decide(destination.host, destination.port)
    return decision.ok ? null : decision.reason
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private track(socket: Socket): void {
    this.sockets.add(socket)
    socket.once('close', () => this.sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  /** One client: the method greeting, one CONNECT request, then bytes both ways. */
  private accept(client: Socket): void {
    this.track(client)
    client.setNoDelay(true)
    client.setTimeout(HANDSHAKE_TIMEOUT_MS, () => client.destroy())
    let buffered: Buffer = Buffer.alloc(0)
    let greeted = false
    const onData = (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
      if (!greeted) {
        const methods = readGreeting(buffered)
        if (methods === null) return
        if (methods === 'bad') return void client.destroy()
        buffered = buffered.subarray(methods.length)
        greeted = true
        if (!methods.offers.includes(NO_AUTHENTICATION))
          return void client.end(Buffer.from([SOCKS_VERSION, NO_ACCEPTABLE_METHOD]))
        client.write(Buffer.from([SOCKS_VERSION, NO_AUTHENTICATION]))
      }
      const request = readRequest(buffered)
      if (request === null) return
      client.off('data', onData)
      client.setTimeout(0)
      if (request === 'bad') return void client.destroy()
      if ('reply' in request) return void client.end(reply(request.reply))
      const rest = buffered.subarray(request.length)
      void this.open(client, request.host, request.port, rest)
    }
    client.on('data', onData)
  }

  private async open(client: Socket, host: string, port: number, early: Buffer): Promise<void> {
    const decision = await this.decide(host, port)
    if (client.destroyed) return
    if (!decision.ok) {
      this.refused++
      client.end(reply(REPLY.notAllowed))
      return
    }
    const upstream = connect({host: decision.address, port: decision.port})
    this.track(upstream)
    upstream.setNoDelay(true)
    upstream.once('connect', () => {
      client.write(reply(REPLY.succeeded))
      if (early.length > 0) upstream.write(early)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.once('error', () => {
      if (upstream.connecting && !client.destroyed) client.end(reply(REPLY.hostUnreachable))
      else client.destroy()
    })
    client.once('close', () => upstream.destroy())
    upstream.once('close', () => client.destroy())
  }

  /** Where host:port may be reached, decided once per TTL. */
  private decide(host: string, port: number): Promise<Decision> {
    const key = `${host}:${port}`
    const known = this.decisions.get(key)
    if (known && Date.now() - known.at < DECISION_TTL_MS) return known.decision
    if (this.decisions.size >= MAX_DECISIONS) this.decisions.delete(this.decisions.keys().next().value!)
    const entry = {at: Date.now(), decision: this.judge(host, port), settled: null as Decision | null}
    void entry.decision.then((decision) => (entry.settled = decision))
    this.decisions.set(key, entry)
    return entry.decision
  }

  private async judge(host: string, port: number): Promise<Decision> {
    const {guard} = this.options
    const urlReason = guard.check(`http://${host}:${port}/`)
    if (urlReason) return {ok: false, reason: urlReason}
    const mapped = this.rules.map(host)
    const name = mapped?.host ?? host
    const targetPort = mapped?.port ?? port
    const bare = name.replace(/^\[|\]$/g, '')
    let addresses: string[]
    if (isIP(bare)) addresses = [bare]
    else {
      try {
        addresses = await this.resolve(bare)
      } catch (error) {
        return {
          ok: false,
          reason: `blocked: ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`,
        }
      }
    }
    if (addresses.length === 0) return {ok: false, reason: `blocked: ${host} does not resolve`}
    for (const address of addresses) {
      const reason = guard.checkAddress(host, port, address)
      if (reason) return {ok: false, reason}
    }
    return {ok: true, address: addresses[0]!, port: targetPort}
  }
}

function hostOf(url: URL): string {
  return url.hostname.replace(/\.+$/, '').toLowerCase()
}

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port)
  return url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80
}

/** The host and port a URL (or a CONNECT target written as http://host:port) leads to. */
function destinationOf(url: string): {host: string; port: number; key: string} | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return null
  const host = hostOf(parsed)
  const port = portOf(parsed)
  return {host, port, key: `${host}:${port}`}
}

/** The methods a client offers, once its greeting is all there (null: not yet; 'bad': not SOCKS5). */
function readGreeting(data: Buffer): {offers: number[]; length: number} | null | 'bad' {
  if (data.length < 2) return null
  if (data[0] !== SOCKS_VERSION) return 'bad'
  const length = 2 + data[1]!
  if (data.length < length) return null
  return {offers: [...data.subarray(2, length)], length}
}

/** The destination of a CONNECT request, once it is all there (or the reply that refuses another request). */
function readRequest(data: Buffer): {host: string; port: number; length: number} | {reply: number} | null | 'bad' {
  if (data.length < 5) return null
  if (data[0] !== SOCKS_VERSION) return 'bad'
  const type = data[3]
  const addressLength =
    type === ADDRESS_IPV4 ? 4 : type === ADDRESS_IPV6 ? 16 : type === ADDRESS_NAME ? 1 + data[4]! : -1
  if (addressLength < 0) return {reply: REPLY.addressNotSupported}
  const length = 4 + addressLength + 2
  if (data.length < length) return null
  if (data[1] !== CONNECT) return {reply: REPLY.commandNotSupported}
  const address = data.subarray(4, 4 + addressLength)
  const port = data.readUInt16BE(4 + addressLength)
  if (type === ADDRESS_IPV4) return {host: [...address].join('.'), port, length}
  if (type === ADDRESS_IPV6) return {host: canonicalIPv6(ipv6Groups(address))!, port, length}
  const name = address.subarray(1).toString('latin1').toLowerCase().replace(/\.+$/, '')
  // Chromium sends an IPv6 literal (http://[::1]:8080/) as a name without brackets: it is judged, allowed and its
  // refusal reported as the URL writes it, [::1].
  return {host: isIP(name) === 6 ? (canonicalIPv6(name) ?? name) : name, port, length}
}

function ipv6Groups(bytes: Buffer): string {
  const groups: string[] = []
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16))
  return groups.join(':')
}

/**
 * An IPv6 address in brackets, in the canonical form the URL parser writes (and the guard expects); null for one a URL
 * cannot hold (with a zone, fe80::1%eth0), which stays as sent and is refused as not a valid URL.
 */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname
  } catch {
    return null
  }
}

function reply(code: number): Buffer {
  return Buffer.from([SOCKS_VERSION, code, 0, ADDRESS_IPV4, 0, 0, 0, 0, 0, 0])
}
