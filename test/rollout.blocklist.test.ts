// The dynamic website blocklist of `webgym rollout --blocklist FILE`, and the heuristics that spot bot walls.
import {readFile, rm, stat, utimes, writeFile} from 'node:fs/promises'
import {describe, expect, it} from 'vitest'
import {UsageError} from '../src/lib/errors.js'
import {blockedPageReason} from '../src/lib/rollout/blocked-page.js'
import {Blocklist} from '../src/lib/rollout/blocklist.js'
import {workdir} from './helpers/workdir.js'

let files = 0

/** A fresh blocklist path in a working directory of the test, written with `text` when given. */
async function blocklistFile(text?: string): Promise<string> {
  const path = workdir().path(`blocklist-${++files}.txt`)
  if (text !== undefined) await writeFile(path, text)
  return path
}

describe('Blocklist: reading FILE', () => {
  it('reads one website per line, ignoring blank lines and whole-line or trailing comments, case-insensitively', async () => {
    const path = await blocklistFile(
      [
        '# websites that wall off the agent',
        '',
        'Amazon.com',
        '  zillow.com   # captcha on every page',
        '\t',
        'booking.com#no space before the hash',
        '# old.example.com',
        'ticketmaster.com.',
      ].join('\n'),
    )
    const blocklist = await Blocklist.open({path, threshold: 3})
    expect(blocklist.size).toBe(4)
    for (const website of ['amazon.com', 'AMAZON.COM', 'zillow.com', 'booking.com', 'ticketmaster.com'])
      expect(blocklist.has(website), website).toBe(true)
    expect(blocklist.has('old.example.com')).toBe(false)
    expect(blocklist.has('# old.example.com')).toBe(false)
    expect(blocklist.has('example.com')).toBe(false)
    expect(blocklist.has(null)).toBe(false)
    expect(blocklist.has(undefined)).toBe(false)
    expect(blocklist.has('')).toBe(false)
    expect(blocklist.added).toEqual([])
  })

  it('accepts CRLF line ends and a UTF-8 BOM', async () => {
    const path = await blocklistFile('\uFEFFamazon.com\r\nzillow.com # walls\r\n')
    const blocklist = await Blocklist.open({path, threshold: 1})
    expect(blocklist.has('amazon.com')).toBe(true)
    expect(blocklist.has('zillow.com')).toBe(true)
    expect(blocklist.size).toBe(2)
  })

  it('a FILE that does not exist yet is an empty list, created on the first addition', async () => {
    const path = workdir().path('new-dir', 'blocklist.txt')
    const blocklist = await Blocklist.open({path, threshold: 1})
    expect(blocklist.size).toBe(0)
    expect(await blocklist.recordFailure('walled.com', 'blocked page: HTTP 403 with "access denied"')).toBe(true)
    expect(await readFile(path, 'utf8')).toBe('walled.com  # blocked page: HTTP 403 with "access denied"\n')
  })

  it('refuses a threshold below 1 or not whole, quoting it', async () => {
    for (const threshold of [0, -1, 1.5, Number.NaN]) {
      await expect(Blocklist.open({threshold})).rejects.toThrow(UsageError)
      await expect(Blocklist.open({threshold})).rejects.toThrow(`got ${threshold}`)
    }
  })
})

describe('Blocklist: recording failures', () => {
  it('adds a website when its failures reach the threshold, appending `website  # reason` to FILE', async () => {
    const path = await blocklistFile('amazon.com\n')
    const blocklist = await Blocklist.open({path, threshold: 3})
    expect(await blocklist.recordFailure('Zillow.com', 'blocked page: "captcha" on a short page')).toBe(false)
    expect(await blocklist.recordFailure('zillow.com', 'navigation failed: net::ERR_CONNECTION_RESET')).toBe(false)
    expect(await blocklist.recordFailure('other.com', 'navigation failed')).toBe(false)
    expect(blocklist.has('zillow.com')).toBe(false)
    expect(await readFile(path, 'utf8')).toBe('amazon.com\n')
    expect(await blocklist.recordFailure('zillow.com', 'blocked page: title "Access Denied"\nsecond line')).toBe(true)
    expect(blocklist.has('zillow.com')).toBe(true)
    expect(blocklist.has('other.com')).toBe(false)
    expect(blocklist.added).toEqual(['zillow.com'])
    expect(blocklist.size).toBe(2)
    expect(await readFile(path, 'utf8')).toBe(
      'amazon.com\nzillow.com  # blocked page: title "Access Denied" second line\n',
    )
    // Once listed, more failures change nothing.
    expect(await blocklist.recordFailure('zillow.com', 'again')).toBe(false)
    expect(await readFile(path, 'utf8')).toBe(
      'amazon.com\nzillow.com  # blocked page: title "Access Denied" second line\n',
    )
  })

  it('never adds a website that FILE already lists', async () => {
    const path = await blocklistFile('amazon.com # by hand\n')
    const blocklist = await Blocklist.open({path, threshold: 1})
    expect(await blocklist.recordFailure('AMAZON.com', 'blocked page')).toBe(false)
    expect(blocklist.added).toEqual([])
    expect(await readFile(path, 'utf8')).toBe('amazon.com # by hand\n')
  })

  it('ends a hand-edited last line that lacks its newline before appending', async () => {
    const path = await blocklistFile('amazon.com # no newline')
    const blocklist = await Blocklist.open({path, threshold: 1})
    expect(await blocklist.recordFailure('zillow.com', 'r')).toBe(true)
    expect(await readFile(path, 'utf8')).toBe('amazon.com # no newline\nzillow.com  # r\n')
  })

  it('concurrent failures write a website once, and lines of different websites never interleave', async () => {
    const path = await blocklistFile()
    const blocklist = await Blocklist.open({path, threshold: 2})
    const websites = Array.from({length: 20}, (_, i) => `site-${i}.com`)
    const results = await Promise.all(
      websites.flatMap((website) =>
        Array.from({length: 10}, (_, k) => blocklist.recordFailure(website, `failure ${k}`)),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(20)
    const lines = (await readFile(path, 'utf8')).split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(20)
    expect(lines.map((line) => line.split('  # ')[0]).sort()).toEqual([...websites].sort())
    for (const line of lines) expect(line).toMatch(/^site-\d+\.com {2}# failure \d$/)
    expect([...blocklist.added].sort()).toEqual([...websites].sort())
    // Another process reading the file sees the same list.
    const reread = await Blocklist.open({path, threshold: 2})
    expect(reread.size).toBe(20)
    for (const website of websites) expect(reread.has(website)).toBe(true)
  })

  it('without a FILE the list lives in memory', async () => {
    const blocklist = await Blocklist.open({threshold: 2})
    expect(blocklist.size).toBe(0)
    expect(await blocklist.recordFailure('walled.com', 'blocked page')).toBe(false)
    expect(await blocklist.recordFailure('walled.com', 'blocked page')).toBe(true)
    expect(blocklist.has('WALLED.COM')).toBe(true)
    expect(blocklist.added).toEqual(['walled.com'])
    expect(blocklist.size).toBe(1)
    await blocklist.refresh()
    expect(blocklist.has('walled.com')).toBe(true)
  })
})

describe('Blocklist: refresh', () => {
  it('picks up websites another process adds while a run goes on, and keeps those added here', async () => {
    const path = await blocklistFile('amazon.com\n')
    const blocklist = await Blocklist.open({path, threshold: 1})
    expect(await blocklist.recordFailure('zillow.com', 'walls')).toBe(true)
    await writeFile(path, 'amazon.com\nzillow.com  # walls\nexpedia.com  # from another run\n')
    // Make the change visible even on a file system with coarse mtimes.
    const later = new Date(Date.now() + 5_000)
    await utimes(path, later, later)
    expect(blocklist.has('expedia.com')).toBe(false)
    await blocklist.refresh()
    expect(blocklist.has('expedia.com')).toBe(true)
    expect(blocklist.has('amazon.com')).toBe(true)
    expect(blocklist.has('zillow.com')).toBe(true)
    expect(blocklist.size).toBe(3)
    expect(blocklist.added).toEqual(['zillow.com'])
  })

  it('does not re-read FILE while its mtime and size are unchanged', async () => {
    const path = await blocklistFile('amazon.com\n')
    const fixed = new Date('2024-01-02T03:04:05Z')
    await utimes(path, fixed, fixed)
    const blocklist = await Blocklist.open({path, threshold: 1})
    // Same size and mtime: a cheap refresh must not notice the swapped name.
    await writeFile(path, 'zillow.com\n')
    await utimes(path, fixed, fixed)
    expect((await stat(path)).mtimeMs).toBe(fixed.getTime())
    await blocklist.refresh()
    expect(blocklist.has('amazon.com')).toBe(true)
    expect(blocklist.has('zillow.com')).toBe(false)
    // A touched mtime makes the next refresh read it.
    const later = new Date(fixed.getTime() + 10_000)
    await utimes(path, later, later)
    await blocklist.refresh()
    expect(blocklist.has('zillow.com')).toBe(true)
    expect(blocklist.has('amazon.com')).toBe(false)
  })

  it('a FILE removed during the run leaves only the websites added here', async () => {
    const path = await blocklistFile('amazon.com\n')
    const blocklist = await Blocklist.open({path, threshold: 1})
    expect(await blocklist.recordFailure('zillow.com', 'walls')).toBe(true)
    await rm(path)
    await blocklist.refresh()
    expect(blocklist.has('amazon.com')).toBe(false)
    expect(blocklist.has('zillow.com')).toBe(true)
    expect(blocklist.size).toBe(1)
  })
})

describe('blockedPageReason', () => {
  const article = (mention: string) =>
    `${'The history of the lasagna recipe goes back centuries, with layers of pasta, sauce and cheese. '.repeat(40)}${mention} ${'Bake it for forty minutes and let it rest before serving. '.repeat(40)}`

  it.each([
    [
      {status: 403, title: 'Access Denied', text: "You don't have permission to access this server. Reference #18.2f"},
      /^blocked page: HTTP 403 with "access denied"$/,
    ],
    [{status: 403, title: '403 Forbidden', text: 'nginx'}, /^blocked page: HTTP 403 with "403 forbidden"$/],
    [
      {status: 429, title: 'Error', text: 'Too Many Requests. Please slow down.'},
      /^blocked page: HTTP 429 with "too many requests"$/,
    ],
    [
      {status: 451, title: 'Unavailable', text: 'This content is unavailable for legal reasons in your country.'},
      /^blocked page: HTTP 451 with "unavailable for legal reasons"$/,
    ],
    [
      {
        status: 503,
        title: 'Just a moment...',
        text: 'Checking if the site connection is secure. Enable JavaScript and cookies to continue.',
      },
      /^blocked page: HTTP 503 with "just a moment\.\.\."$/,
    ],
    [
      {status: 403, title: 'Error', text: `${article('Your request was blocked by our security service.')}`},
      /^blocked page: HTTP 403 with "request was blocked"$/,
    ],
    [{status: 403, title: 'Oops', text: 'Sorry, this page is forbidden.'}, /^blocked page: HTTP 403 with "forbidden"$/],
    [
      {
        status: 200,
        title: 'Amazon.com',
        text: "Enter the characters you see below. Sorry, we just need to make sure you're not a robot.",
      },
      /^blocked page: "not a robot" on a short page$/,
    ],
    [
      {
        status: 200,
        title: 'www.google.com',
        text: 'Our systems have detected unusual traffic from your computer network. This page checks to see if it’s really you sending the requests.',
      },
      /^blocked page: "unusual traffic" on a short page$/,
    ],
    [
      {status: 200, title: 'Verification', text: 'Please verify you are human by completing the action below.'},
      /^blocked page: "verify you are human" on a short page$/,
    ],
    [
      {
        status: null,
        title: 'Pardon Our Interruption',
        text: 'As you were browsing something about your browser made us think you were a bot.',
      },
      /^blocked page: "pardon our interruption" on a short page$/,
    ],
    [
      {status: 200, title: 'Login', text: 'Type the CAPTCHA below to continue.'},
      /^blocked page: "captcha" on a short page$/,
    ],
    [
      {status: 200, title: 'Attention Required! | Cloudflare', text: article('Please enable cookies.')},
      /^blocked page: title "Attention Required! \| Cloudflare"$/,
    ],
    [{status: 200, title: 'Access  Denied', text: article('')}, /^blocked page: title "Access Denied"$/],
  ])('flags %j', (page, reason) => {
    expect(blockedPageReason(page)).toMatch(reason)
  })

  it.each([
    [
      'a long article that mentions captcha once',
      {status: 200, title: 'How to make lasagna', text: article('This recipe site has no captcha, we promise.')},
    ],
    [
      'a long article with "access denied" deep inside',
      {status: 200, title: 'Security news', text: article('The attackers were met with access denied.')},
    ],
    [
      'an article titled about captchas',
      {
        status: 200,
        title: 'Why CAPTCHA puzzles are getting harder',
        text: article('Researchers studied captcha solving.'),
      },
    ],
    [
      'a short ordinary page',
      {status: 200, title: 'Contact us', text: 'Call us at 555-0100 or write to hello@example.com.'},
    ],
    ['a 404 page', {status: 404, title: 'Not Found', text: 'The page you requested was not found.'}],
    [
      'a 503 with no marker (a site that is down)',
      {
        status: 503,
        title: 'Service Unavailable',
        text: 'The server is temporarily unable to service your request. Try again later.',
      },
    ],
    ['a 403 with no marker', {status: 403, title: 'Error', text: 'Something went wrong.'}],
    ['an empty page', {status: 200, title: '', text: ''}],
    ['about:blank', {status: null, title: '', text: ''}],
  ])('does not flag %s', (_name, page) => {
    expect(blockedPageReason(page)).toBeNull()
  })

  it('reasons are one line even for a multi-line title', () => {
    const reason = blockedPageReason({status: 200, title: 'Access\n  Denied', text: 'x'.repeat(5000)})
    expect(reason).toBe('blocked page: title "Access Denied"')
  })
})
