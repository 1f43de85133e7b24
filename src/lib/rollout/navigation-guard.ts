import ipaddr from 'ipaddr.js'
import {UsageError} from '../errors.js'
import {opt, optionKeys, optionText, renderText, type OptionNames} from '../option-text.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6

export interface GuardOptions {
  /** Hosts the agent may visit although they are local: `host`, `host:port`, `*.suffix` (any subdomain) or an IP. */
  allowHosts?: readonly string[]
  /** How a refusal names the allow-host option (the command layer: as its flag); default: by its key. */
  names?: OptionNames
}

// The only schemes a browsing agent may load; `about:` is allowed for about:blank alone.
const WEB_PROTOCOLS = new Set(['http:', 'https:'])
const DEFAULT_PORTS: Record<string, number> = {'http:': 80, 'https:': 443}

// Names the resolver maps to this machine (glibc's /etc/hosts on Debian included); `*.localhost` too (RFC 6761).
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
])
// Names of cloud instance metadata services (GCE, AWS); their addresses are blocked as link-local or unique-local.
export const METADATA_NAMES: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
])

// ipaddr.js ranges that are reachable public unicast; every other range it knows is refused.
const PUBLIC_IPV4_RANGES = new Set(['unicast', 'as112', 'amt'])
const PUBLIC_IPV6_RANGES = new Set(['unicast', 'teredo', 'as112v6', 'amt'])

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
  benchmarking: 'a benchmarking address',
  discard: 'a discard-only address',
}

interface AllowEntry {
  /** Canonical host as WHATWG URL writes it (IPv6 in brackets), without trailing dots. */
  host: string
  /** `*.host`: any subdomain of host, not host itself. */
  subdomains: boolean
  /** null: any port. */
  port: number | null
}

/**
 * The rollout's safety guard: a browsing agent may load http(s) pages and about:blank, never local files, browser
 * internals, script URLs, this machine, its private network or a cloud metadata service, unless a host is
 * allow-listed. `check` works on the URL alone (no DNS); the egress proxy (egress/egress-proxy.ts) resolves each name
 * and judges the address with `checkAddress`, so a public name that resolves to a private address is refused there.
 */
export class NavigationGuard {
  private readonly allowed: AllowEntry[] = []

  private readonly names: OptionNames

  constructor(options: GuardOptions = {}) {
    this.names = options.names ?? optionKeys
    for (const host of options.allowHosts ?? []) this.allow(host)
  }

  /** Why the URL may not be visited, or null when it may. */
  check(url: string): string | null {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return `blocked: not a valid URL: ${quote(url)}`
    }
    if (parsed.protocol === 'about:')
      return parsed.pathname === 'blank' ? null : `blocked: about: URLs other than about:blank are not allowed`
    if (!WEB_PROTOCOLS.has(parsed.protocol)) return `blocked: ${parsed.protocol} URLs are not allowed`
    const host = withoutTrailingDots(parsed.hostname)
    const problem = hostProblem(host)
    if (problem === null) return null
    const port = parsed.port === '' ? DEFAULT_PORTS[parsed.protocol] : Number(parsed.port)
    if (this.allowed.some((entry) => matches(entry, host, port))) return null
    return renderText(optionText`blocked: ${problem} (use ${opt('allowHost')} to allow it)`, this.names)
  }

  /** Whether `host` (as a URL writes it) on `port` is on the allow list. */
  allows(host: string, port: number): boolean {
    const canonical = withoutTrailingDots(host.toLowerCase())
    return this.allowed.some((entry) => matches(entry, canonical, port))
  }

  /**
   * Why `host` may not be reached at `address`, the IP a resolver gave for it, or null when it may: a name (or an
   * allowed host) is judged by where it leads, so that a public-looking name for a local address is refused.
   */
  checkAddress(host: string, port: number, address: string): string | null {
    if (this.allows(host, port)) return null
    let parsed: Address
    try {
      parsed = ipaddr.parse(address)
    } catch {
      return `blocked: ${host} resolves to ${quote(address)}, not an IP address`
    }
    const problem = addressProblem(address, parsed)
    if (problem === null) return null
    // "127.0.0.1 is a loopback address" reads as "vm resolves to 127.0.0.1, a loopback address".
    const what = problem.startsWith(`${address} is `) ? `${address}, ${problem.slice(address.length + 4)}` : problem
    return renderText(
      optionText`blocked: ${host} resolves to ${what} (use ${opt('allowHost')} to allow it)`,
      this.names,
    )
  }

  /** Adds an allowed host at runtime (the fixture web when rollout starts it). */
  allow(host: string): void {
    this.allowed.push(parseAllowEntry(host))
  }
}

function matches(entry: AllowEntry, host: string, port: number): boolean {
  if (entry.port !== null && entry.port !== port) return false
  return entry.subdomains ? host.endsWith(`.${entry.host}`) : host === entry.host
}

/** What makes a (canonical) host local, or null for a public address or an ordinary name. */
function hostProblem(host: string): string | null {
  if (host.startsWith('[')) return addressProblem(host, ipaddr.IPv6.parse(host.slice(1, -1)))
  // WHATWG URL has already rewritten every IPv4 form (2130706433, 0x7f.1, 127.1) into four decimal parts.
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return addressProblem(host, ipaddr.IPv4.parse(host))
  if (host === '') return 'an empty host is not allowed'
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return `${host} is a loopback name`
  if (METADATA_NAMES.has(host)) return `${host} is a cloud metadata service name`
  return null
}

function addressProblem(shown: string, address: Address): string | null {
  if (address.kind() === 'ipv4') {
    const range = address.range()
    return PUBLIC_IPV4_RANGES.has(range) ? null : `${shown} is ${rangeWords(range)}`
  }
  const v6 = address as ipaddr.IPv6
  const embedded = embeddedIPv4(v6)
  if (embedded) {
    const range = embedded.range()
    return PUBLIC_IPV4_RANGES.has(range) ? null : `${shown} maps to ${embedded.toString()}, ${rangeWords(range)}`
  }
  const range = v6.range()
  if (range === 'rfc6052') return `${shown} is a local-use NAT64 address`
  return PUBLIC_IPV6_RANGES.has(range) ? null : `${shown} is ${rangeWords(range)}`
}

/**
 * The IPv4 address an IPv6 address reaches: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), well-known NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
  const range = address.range()
  if (range === 'ipv4Mapped' || range === 'rfc6145') return fromParts(p[6], p[7])
  if (range === 'rfc6052' && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return fromParts(p[6], p[7])
  if (range === '6to4') return fromParts(p[1], p[2])
  // IPv4-compatible (deprecated); :: and ::1 stay unspecified and loopback.
  if (p.slice(0, 6).every((part) => part === 0) && p[6] !== 0) return fromParts(p[6], p[7])
  return null
}

function rangeWords(range: string): string {
  return RANGE_WORDS[range] ?? `a non-public address (${range})`
}

/** Parses `host`, `host:port`, `*.suffix`, `*.suffix:port`, an IPv4, or an IPv6 (bare or in brackets, with a port). */
function parseAllowEntry(entry: string): AllowEntry {
  const bad = (why: string) =>
    new UsageError(
      `allowed host ${quote(entry)} ${why}`,
      'give a host, host:port, *.suffix or IP address, e.g. localhost:8000, *.webgym.test, 10.0.0.5',
    )
  let text = entry.trim().toLowerCase()
  const subdomains = text.startsWith('*.')
  if (subdomains) text = text.slice(2)
  let hostText: string
  let portText: string | undefined
  const bracketed = /^(\[[^\]]*\])(?::(\d+))?$/.exec(text)
  if (bracketed) [, hostText, portText] = bracketed
  else if ((text.match(/:/g) ?? []).length > 1) hostText = `[${text}]`
  else {
    const plain = /^([^:]*)(?::(\d+))?$/.exec(text)
    if (!plain) throw bad('has a port that is not a number')
    ;[, hostText, portText] = plain
  }
  if (hostText === '' || /[\s/\\?#@*%]/.test(hostText)) throw bad('is not a host name or IP address')
  let host: string
  try {
    host = withoutTrailingDots(new URL(`http://${hostText}/`).hostname)
  } catch {
    throw bad('is not a host name or IP address')
  }
  if (host === '') throw bad('is not a host name or IP address')
  if (subdomains && (host.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(host)))
    throw bad('puts *. before an IP address')
  let port: number | null = null
  if (portText !== undefined) {
    port = Number(portText)
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad('has a port outside 1-65535')
  }
  return {host, subdomains, port}
}

function withoutTrailingDots(host: string): string {
  return host.replace(/\.+$/, '')
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}
