// Bot walls and access-denied pages: an episode on one learns nothing, and a website that keeps showing them is
// a candidate for the blocklist.

export interface PageSnapshot {
  /** HTTP status of the main document; null when there was no response (about:blank, a failed load). */
  status: number | null
  title: string
  /** The page's visible text. */
  text: string
}

// Statuses a bot wall or geo block answers with; any marker on such a page is enough.
const BLOCKING_STATUSES = new Set([403, 429, 451, 503])

// A page this short (visible text, spaces collapsed) is a wall, not an article that happens to mention a marker.
const SHORT_PAGE_CHARS = 1500
// Only the start of a long page is searched (walls put their message first; this keeps huge pages cheap).
const SEARCHED_CHARS = 20_000

// Phrases that on a short page mean it is a wall, whatever the status.
const STRONG_MARKERS: readonly RegExp[] = [
  /verify (?:that )?you(?:'re| are) (?:a )?human/,
  /are you (?:a )?(?:robot|human)/,
  /not a robot/,
  /unusual traffic/,
  /unusual activity/,
  /automated (?:queries|requests|access)/,
  /access (?:is |has been )?denied/,
  /attention required/,
  /captcha/,
  /request (?:was |has been )?blocked/,
  /403 forbidden/,
  /you(?:'ve| have) been blocked/,
  /why have i been blocked/,
  /checking (?:if the site connection is secure|your browser)/,
  /enable javascript and cookies to continue/,
  /pardon our interruption/,
  /press (?:&|and) hold/,
  /bot (?:detection|protection|check)/,
  /ddos protection by/,
  /too many requests/,
  /unavailable for legal reasons/,
  /not available in your (?:country|region)/,
]

// Whole titles of wall pages (Cloudflare, Akamai, Imperva, nginx): these flag a page of any length.
const WALL_TITLES: readonly RegExp[] = [
  /^just a moment\.*$/,
  /^attention required!?(?: \| cloudflare)?$/,
  /^access denied\.?$/,
  /^403 forbidden$/,
  /^forbidden$/,
  /^request (?:rejected|blocked)$/,
  /^are you a (?:robot|human)\??$/,
  /^(?:security|human|bot) (?:check|verification)$/,
  /^too many requests$/,
]

// Words that only count on a page served with a blocking status.
const WEAK_MARKERS: readonly RegExp[] = [
  /\bforbidden\b/,
  /\bblocked\b/,
  /\bdenied\b/,
  /\bnot allowed\b/,
  /\bsecurity\b/,
  /\bcloudflare\b/,
  /\bbots?\b/,
  /\bverif(?:y|ication)\b/,
  /\brate limit/,
]

/** Why a loaded page looks like a bot wall or an access-denied page, in one line; null when it looks like content. */
export function blockedPageReason(page: PageSnapshot): string | null {
  const title = collapse(page.title)
  const text = collapse(page.text.slice(0, SEARCHED_CHARS))
  const titleLower = title.toLowerCase()
  const both = `${titleLower}\n${text.toLowerCase()}`
  const titleWall = WALL_TITLES.find((pattern) => pattern.test(titleLower))
  if (page.status !== null && BLOCKING_STATUSES.has(page.status)) {
    const marker =
      (titleWall ? titleLower : undefined) ?? firstMatch(STRONG_MARKERS, both) ?? firstMatch(WEAK_MARKERS, both)
    if (marker !== undefined) return `blocked page: HTTP ${page.status} with "${shorten(marker)}"`
  }
  if (titleWall) return `blocked page: title "${shorten(title)}"`
  if (text.length <= SHORT_PAGE_CHARS) {
    const marker = firstMatch(STRONG_MARKERS, both)
    if (marker !== undefined) return `blocked page: "${marker}" on a short page`
  }
  return null
}

function firstMatch(patterns: readonly RegExp[], text: string): string | undefined {
  for (const pattern of patterns) {
    const match = pattern.exec(text)
    if (match) return match[0]
  }
  return undefined
}

function collapse(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}
