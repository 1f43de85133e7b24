// The rollout's navigation guard: no browser internals, local files, script URLs, loopback, private networks or
// cloud metadata for the agent, whatever form the URL takes, unless --allow-host names the host.
import {describe, expect, it} from 'vitest'
import {flagNames} from '../src/cli/flag-names.js'
import {UsageError} from '../src/lib/errors.js'
import {NavigationGuard} from '../src/lib/rollout/navigation-guard.js'
import {browserRefusalOf, GUARDED_URL_PATTERNS} from '../src/lib/rollout/request-guard.js'

const ALLOW_HINT = '(use --allow-host to allow it)'

// [url, what the reason must say]
const forbidden: [string, RegExp][] = [
  ['file:///etc/passwd', /^blocked: file: URLs are not allowed$/],
  ['FILE:///C:/Windows/win.ini', /^blocked: file: URLs are not allowed$/],
  ['chrome://settings', /^blocked: chrome: URLs are not allowed$/],
  ['chrome-extension://abcdefghijklmnop/popup.html', /^blocked: chrome-extension: URLs are not allowed$/],
  ['javascript:alert(1)', /^blocked: javascript: URLs are not allowed$/],
  ['jav\tascript:alert(1)', /^blocked: javascript: URLs are not allowed$/],
  ['  JavaScript:alert(document.cookie)', /^blocked: javascript: URLs are not allowed$/],
  ['data:text/html,<script>alert(1)</script>', /^blocked: data: URLs are not allowed$/],
  ['view-source:https://example.com/', /^blocked: view-source: URLs are not allowed$/],
  ['devtools://devtools/bundled/inspector.html', /^blocked: devtools: URLs are not allowed$/],
  ['blob:https://example.com/550e8400-e29b-41d4-a716-446655440000', /^blocked: blob: URLs are not allowed$/],
  ['filesystem:https://example.com/temporary/x.html', /^blocked: filesystem: URLs are not allowed$/],
  ['ftp://ftp.example.com/pub/file.txt', /^blocked: ftp: URLs are not allowed$/],
  ['ws://example.com/socket', /^blocked: ws: URLs are not allowed$/],
  ['about:config', /^blocked: about: URLs other than about:blank are not allowed$/],
  ['http://127.0.0.1:8000/v1', /^blocked: 127\.0\.0\.1 is a loopback address/],
  ['http://127.45.6.7/', /^blocked: 127\.45\.6\.7 is a loopback address/],
  ['http://localhost:8000', /^blocked: localhost is a loopback name/],
  ['http://LOCALHOST./', /^blocked: localhost is a loopback name/],
  ['http://foo.localhost', /^blocked: foo\.localhost is a loopback name/],
  ['http://ip6-localhost/', /^blocked: ip6-localhost is a loopback name/],
  ['http://[::1]/', /^blocked: \[::1\] is a loopback address/],
  ['http://10.0.0.1', /^blocked: 10\.0\.0\.1 is a private address/],
  ['http://172.16.5.4', /^blocked: 172\.16\.5\.4 is a private address/],
  ['http://172.31.255.255/', /^blocked: 172\.31\.255\.255 is a private address/],
  ['http://192.168.1.1', /^blocked: 192\.168\.1\.1 is a private address/],
  ['http://169.254.169.254/latest/meta-data', /^blocked: 169\.254\.169\.254 is a link-local address/],
  [
    'http://metadata.google.internal/computeMetadata/v1/',
    /^blocked: metadata\.google\.internal is a cloud metadata service name/,
  ],
  ['http://metadata/computeMetadata/v1/', /^blocked: metadata is a cloud metadata service name/],
  ['http://[fd00:ec2::254]/latest/meta-data', /^blocked: \[fd00:ec2::254\] is a unique-local address/],
  ['http://[fe80::1]/', /^blocked: \[fe80::1\] is a link-local address/],
  ['http://[::ffff:127.0.0.1]/', /^blocked: \[::ffff:7f00:1\] maps to 127\.0\.0\.1, a loopback address/],
  [
    'http://[::ffff:169.254.169.254]/',
    /^blocked: \[::ffff:a9fe:a9fe\] maps to 169\.254\.169\.254, a link-local address/,
  ],
  ['http://[::127.0.0.1]/', /^blocked: \[::7f00:1\] maps to 127\.0\.0\.1, a loopback address/],
  ['http://[64:ff9b::10.0.0.1]/', /^blocked: \[64:ff9b::a00:1\] maps to 10\.0\.0\.1, a private address/],
  ['http://[2002:c0a8:101::]/', /^blocked: \[2002:c0a8:101::\] maps to 192\.168\.1\.1, a private address/],
  ['http://[::]/', /^blocked: \[::\] is an unspecified address/],
  ['http://0.0.0.0', /^blocked: 0\.0\.0\.0 is an unspecified address/],
  ['http://0/', /^blocked: 0\.0\.0\.0 is an unspecified address/],
  ['http://100.64.0.1', /^blocked: 100\.64\.0\.1 is a carrier-grade NAT address/],
  ['http://100.100.100.200/latest/meta-data', /^blocked: 100\.100\.100\.200 is a carrier-grade NAT address/],
  ['http://255.255.255.255/', /^blocked: 255\.255\.255\.255 is a broadcast address/],
  ['http://224.0.0.1/', /^blocked: 224\.0\.0\.1 is a multicast address/],
]
const oddForms = [
  'http://2852039166/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://10.1/',
  'http://ｌｏｃａｌｈｏｓｔ:8000/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://user:pw@127.0.0.1/',
]

describe('NavigationGuard: forbidden targets', () => {
  const guard = new NavigationGuard({names: flagNames})

  it.each(forbidden)('%s is blocked with a reason', (url, reason) => {
    expect(guard.check(url)).toMatch(reason)
  })

  it('reasons for local hosts say how to allow them, and stay on one line', () => {
    expect(guard.check('http://169.254.169.254/latest/meta-data')).toBe(
      `blocked: 169.254.169.254 is a link-local address ${ALLOW_HINT}`,
    )
    for (const [url] of forbidden) expect(guard.check(url)).not.toMatch(/\n/)
  })

  // WHATWG URL parsing (which Chromium follows) rewrites these to 127.0.0.1 before the guard looks at the host.
  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.0.0.1./',
    'http://127%2e0%2e0%2e1/',
    'http://①②⑦.0.0.1/',
    'http:\\\\127.0.0.1\\admin',
    'http://user:pass@127.0.0.1/',
    'http://example.com@127.0.0.1/',
  ])('odd IPv4 form %s is blocked as 127.0.0.1', (url) => {
    expect(guard.check(url)).toBe(`blocked: 127.0.0.1 is a loopback address ${ALLOW_HINT}`)
  })

  it('odd forms of other local addresses are blocked too', () => {
    expect(oddForms.every((url) => guard.check(url) !== null)).toBe(true)
    expect(guard.check('http://2852039166/')).toMatch(/^blocked: 169\.254\.169\.254 is a link-local address/)
    expect(guard.check('http://0xa9.0xfe.0xa9.0xfe/')).toMatch(/^blocked: 169\.254\.169\.254 is a link-local address/)
    expect(guard.check('http://10.1/')).toMatch(/^blocked: 10\.0\.0\.1 is a private address/)
    expect(guard.check('http://ｌｏｃａｌｈｏｓｔ:8000/')).toMatch(/^blocked: localhost is a loopback name/)
    expect(guard.check('http://[0:0:0:0:0:0:0:1]/')).toMatch(/^blocked: \[::1\] is a loopback address/)
  })

  it.each([
    'not a url',
    '',
    'http://',
    '//example.com/',
    '/relative/path',
    'http://[::1/',
    'http://exa mple.com/',
    'http://256.256.256.256/',
  ])('unparsable %j is blocked with a reason quoting it', (url) => {
    expect(guard.check(url)).toBe(`blocked: not a valid URL: ${JSON.stringify(url)}`)
  })
})

/** Chromium's match of a Fetch URL pattern: `*` any run of characters, `?` one, against the whole URL. */
function matchesPattern(pattern: string, url: string): boolean {
  const source = [...pattern]
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`, 's').test(url)
}
const pausedByBrowser = (url: string) => GUARDED_URL_PATTERNS.some((pattern) => matchesPattern(pattern, url))

describe('the browser pauses every web request the guard may refuse (GUARDED_URL_PATTERNS)', () => {
  const guard = new NavigationGuard()
  // The URL as the browser requests it: http(s) only (other schemes never reach its network stack from a page).
  const requested = [...forbidden.map(([url]) => url), ...oddForms]
    .map((url) => new URL(url.trim()))
    .filter((url) => url.protocol === 'http:' || url.protocol === 'https:')

  it('covers each forbidden http(s) URL of the list, in the form the browser writes it', () => {
    expect(requested.length).toBeGreaterThan(30)
    for (const url of requested) {
      expect(guard.check(url.href), url.href).not.toBeNull()
      expect(pausedByBrowser(url.href), url.href).toBe(true)
    }
  })

  it('covers every non-public IPv4 address: sampled over the whole address space', () => {
    let refused = 0
    for (let i = 0; i < 20_000; i++) {
      const address = [0, 0, 0, 0]
        .map((_, part) => (part === 0 ? i % 256 : (i * 2654435761 + part * 40503) >>> (part * 8)) & 255)
        .join('.')
      const url = `http://${address}:8080/x`
      if (guard.check(url) === null) continue
      refused++
      expect(pausedByBrowser(url), url).toBe(true)
    }
    expect(refused).toBeGreaterThan(1000)
  })

  it('browserRefusalOf names, as a request starts, exactly what the browser will refuse: paused and refused', () => {
    const urls = [
      ...requested.map((url) => url.href),
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:https://example.com/0b6c',
      'https://example.com/',
      'https://9gag.com/',
      'https://localhost.example.com/',
    ]
    for (const url of urls)
      expect(browserRefusalOf(url, guard), url).toBe(pausedByBrowser(url) ? guard.check(url) : null)
    // A scheme the guard refuses that the browser never pauses (a page's data: image) is not reported as refused.
    expect(guard.check('data:image/png;base64,iVBORw0KGgo=')).not.toBeNull()
    expect(browserRefusalOf('data:image/png;base64,iVBORw0KGgo=', guard)).toBeNull()
    expect(browserRefusalOf('http://127.0.0.1:8000/frame', guard)).toMatch(/^blocked: 127\.0\.0\.1 is a loopback/)
  })

  it('leaves ordinary traffic alone: names and the fixture web are never paused', () => {
    for (const url of [
      'https://example.com/',
      'http://www.allrecipes.com/recipes/?q=lasagna#top',
      'https://shop.webgym.test/static/site.css',
      'https://en.wikipedia.org/wiki/Main_Page',
    ]) {
      expect(pausedByBrowser(url), url).toBe(false)
    }
    // Names that only look local are paused, then let through by the guard.
    for (const url of ['https://localhost.example.com/', 'https://metadata.example.com/', 'https://9gag.com/']) {
      expect(pausedByBrowser(url), url).toBe(true)
      expect(guard.check(url), url).toBeNull()
    }
  })
})

describe('NavigationGuard: allowed targets', () => {
  const guard = new NavigationGuard()

  it.each([
    'https://example.com/',
    'http://www.allrecipes.com/recipes/?q=lasagna#top',
    'HTTPS://EXAMPLE.COM:8443/path',
    'https://8.8.8.8/',
    'http://1.1.1.1:8080/',
    'http://172.32.0.1/',
    'http://100.128.0.1/',
    'http://11.0.0.1/',
    'http://[2606:4700:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'https://localhost.example.com/',
    'https://mylocalhost/',
    'https://metadata.example.com/',
    'https://shop.webgym.test/',
    'about:blank',
    'about:blank#start',
  ])('%s is allowed', (url) => {
    expect(guard.check(url)).toBeNull()
  })
})

describe('NavigationGuard: allow-list entries lift exactly what they name', () => {
  it('a host lifts that host on every port and no other', () => {
    const guard = new NavigationGuard({allowHosts: ['LocalHost']})
    expect(guard.check('http://localhost/')).toBeNull()
    expect(guard.check('http://localhost:8000/v1')).toBeNull()
    expect(guard.check('https://LOCALHOST:9/')).toBeNull()
    expect(guard.check('http://foo.localhost/')).toMatch(/^blocked: foo\.localhost is a loopback name/)
    expect(guard.check('http://127.0.0.1/')).toMatch(/^blocked: 127\.0\.0\.1 is a loopback address/)
  })

  it('host:port lifts that port alone (default ports count)', () => {
    const guard = new NavigationGuard({allowHosts: ['127.0.0.1:8000', 'localhost:80']})
    expect(guard.check('http://127.0.0.1:8000/v1/models')).toBeNull()
    expect(guard.check('http://2130706433:8000/')).toBeNull()
    expect(guard.check('http://127.0.0.1:8001/')).toMatch(/^blocked: 127\.0\.0\.1 is a loopback address/)
    expect(guard.check('http://127.0.0.1/')).toMatch(/^blocked: 127\.0\.0\.1/)
    expect(guard.check('http://localhost/')).toBeNull()
    expect(guard.check('http://localhost:80/')).toBeNull()
    expect(guard.check('https://localhost/')).toMatch(/^blocked: localhost is a loopback name/)
  })

  it('*.suffix lifts any subdomain, not the suffix itself', () => {
    const guard = new NavigationGuard({allowHosts: ['*.localhost']})
    expect(guard.check('http://shop.localhost:4000/')).toBeNull()
    expect(guard.check('http://a.b.localhost/')).toBeNull()
    expect(guard.check('http://localhost/')).toMatch(/^blocked: localhost is a loopback name/)
    expect(guard.check('http://evillocalhost.localhost.example/')).toBeNull() // a public name: allowed without the entry
  })

  it('*.suffix:port lifts subdomains on that port alone', () => {
    const guard = new NavigationGuard({allowHosts: ['*.localhost:3000']})
    expect(guard.check('http://a.localhost:3000/')).toBeNull()
    expect(guard.check('http://a.localhost:3001/')).toMatch(/^blocked: a\.localhost is a loopback name/)
  })

  it('an IP lifts that address only, in any of its written forms', () => {
    const guard = new NavigationGuard({allowHosts: ['10.0.0.5', '::1', '[fd00:ec2::254]:80']})
    expect(guard.check('http://10.0.0.5/')).toBeNull()
    expect(guard.check('http://167772165/')).toBeNull()
    expect(guard.check('http://10.0.0.6/')).toMatch(/^blocked: 10\.0\.0\.6 is a private address/)
    expect(guard.check('http://[::1]:8000/')).toBeNull()
    expect(guard.check('http://[0::0:1]/')).toBeNull()
    expect(guard.check('http://127.0.0.1/')).toMatch(/^blocked: 127\.0\.0\.1 is a loopback address/)
    expect(guard.check('http://[fd00:ec2::254]/')).toBeNull()
    expect(guard.check('http://[fd00:ec2::254]:8080/')).toMatch(/^blocked: \[fd00:ec2::254\] is a unique-local address/)
  })

  it('an allowed host never lifts the scheme rule', () => {
    const guard = new NavigationGuard({allowHosts: ['localhost', '127.0.0.1']})
    expect(guard.check('file://localhost/etc/passwd')).toBe('blocked: file: URLs are not allowed')
    expect(guard.check('ftp://127.0.0.1/')).toBe('blocked: ftp: URLs are not allowed')
  })

  it('allow() adds a host at runtime', () => {
    const guard = new NavigationGuard()
    expect(guard.check('http://127.0.0.1:41234/shop/')).toMatch(/^blocked: 127\.0\.0\.1/)
    guard.allow('127.0.0.1:41234')
    expect(guard.check('http://127.0.0.1:41234/shop/')).toBeNull()
    expect(guard.check('http://127.0.0.1:41235/shop/')).toMatch(/^blocked: 127\.0\.0\.1/)
  })

  it.each([
    '',
    'http://localhost:8000',
    'localhost:0',
    'localhost:99999',
    'localhost:abc',
    '*.10.0.0.1',
    'a b',
    'host/path',
    '[::1',
  ])('a bad entry %j is refused naming it', (entry) => {
    expect(() => new NavigationGuard({allowHosts: [entry]})).toThrow(UsageError)
    expect(() => new NavigationGuard({allowHosts: [entry]})).toThrow(`allowed host ${JSON.stringify(entry)}`)
  })
})
