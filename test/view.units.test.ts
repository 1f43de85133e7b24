// The pure parts of `webgym view`: escaping, the SVG charts, the click marker math, the index filters' attributes,
// the rubric verdict matching and where screenshots land in the report.
import {describe, expect, it} from 'vitest'
import {markerPosition, markerStyle} from '../src/lib/view/click-marker.js'
import {linkableUrl} from '../src/lib/view/html.js'
import {renderIndexPage} from '../src/lib/view/index-page.js'
import {filterValues, IndexTable} from '../src/lib/view/index-table.js'
import {RunTallies} from '../src/lib/view/report-tally.js'
import {reportRuns} from '../src/lib/view/report-runs.js'
import {TABLE_SCRIPT} from '../src/lib/view/table-script.js'
import type {TableMeta} from '../src/lib/view/table-data.js'
import {factLines} from '../src/lib/view/rubric-view.js'
import {shotDestination, shotHref} from '../src/lib/view/shot-copier.js'
import {ratesByDomain, ratesByLevel} from '../src/lib/view/success-rates.js'
import {histogramBins, histogramChart, rateChart} from '../src/lib/view/svg-charts.js'
import {renderTrajectoryPage} from '../src/lib/view/trajectory-page.js'
import {ViewedTrajectorySchema, indexRow, type IndexRow} from '../src/lib/view/view-record.js'

const EVIL = `<script>alert("x")</script><img src=x onerror='alert(1)'>&amp;`

function row(shape: Partial<IndexRow> = {}): IndexRow {
  return {
    n: 1,
    run: 0,
    key: 'fx:1',
    taskId: 'fx:1',
    attempt: 1,
    intent: 'Buy a lamp',
    website: 'shop.webgym.test',
    domain: null,
    level: 'easy',
    split: null,
    status: 'answered',
    reward: 1,
    steps: 3,
    source: 'fx',
    ...shape,
  }
}

/** The index page of these rows as the report writes it, with the rows as its chunk files hold them. */
function indexPage(rows: readonly IndexRow[], options: {files?: string[]; split?: boolean; label?: boolean} = {}) {
  const runs = reportRuns(options.files ?? ['run.ndjson'])
  const table = new IndexTable({runs, split: options.split ?? false, label: options.label ?? false})
  const tally = new RunTallies(runs)
  const encoded = rows.map((each) => {
    tally.add(each)
    return table.encode(each)
  })
  const meta = table.meta([encoded.length])
  return {page: renderIndexPage({meta, runs, tally, split: options.split ?? false}), meta, encoded}
}

/** A chunk row read back through the table's description: each column's value as the page shows it. */
function decode(meta: TableMeta, encoded: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(
    meta.columns.map((column, i) => [
      column.id,
      column.kind === 'code' ? column.values![encoded[i] as number] : encoded[i],
    ]),
  )
}

/** The attributes of every element with the given tag and class in an SVG/HTML string. */
function elements(markup: string, tag: string, className?: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))]
    .map((match) => Object.fromEntries([...match[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((attr) => [attr[1], attr[2]])))
    .filter((attrs) => className === undefined || attrs.class === className)
}

function trajectory(overrides: Record<string, unknown> = {}) {
  return ViewedTrajectorySchema.parse({
    task: {
      id: 'fx:1',
      source: 'fx',
      intent: EVIL,
      website: 'shop.webgym.test',
      start_url: 'javascript:alert(1)',
      reference_answer: '<b>42</b>',
      level: 'easy',
      rubric: {fact_groups: [{id: 'g1', description: 'The <lamp>', facts: ['lamp in cart', 'price shown']}]},
    },
    run: {
      policy: 'openai',
      model: 'qwen',
      prompt_version: 'qwen3vl-v1',
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0.1.0',
    },
    status: 'answered',
    answer: '</pre><script>alert(2)</script>',
    error: null,
    steps: [
      {
        index: 0,
        url: 'http://shop.webgym.test/',
        screenshot: 'a.jpg',
        response:
          'Thought: the <button> is there\nAction: click it\n<tool_call>{"name":"computer_use","arguments":{"action":"left_click","coordinate":[250,750]}}</tool_call>\nMemory: price is <$5>',
        action: {name: 'left_click', coordinate: [250, 750]},
        observe_ms: 12.4,
        policy_ms: 800,
        act_ms: 30,
      },
      {
        index: 1,
        url: 'http://shop.webgym.test/cart',
        screenshot: null,
        response: null,
        action: {name: 'answer', text: 'done'},
        observe_ms: 1,
        policy_ms: 1,
        act_ms: 1,
      },
    ],
    ...overrides,
  })
}

describe('escaping', () => {
  it('links only http(s) URLs', () => {
    expect(linkableUrl('https://shop.example/a?b=1')).toBe('https://shop.example/a?b=1')
    expect(linkableUrl('javascript:alert(1)')).toBeNull()
    expect(linkableUrl('data:text/html,<script>')).toBeNull()
    expect(linkableUrl('not a url')).toBeNull()
    expect(linkableUrl(null)).toBeNull()
  })

  it('a trajectory page shows hostile record text as text, never as markup', () => {
    const page = renderTrajectoryPage(trajectory(), {n: 1, shots: [{href: '../shots/a.jpg'}, null]})
    expect(page).not.toContain('<script>alert')
    expect(page).not.toContain("onerror='")
    expect(page).not.toContain('href="javascript:')
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(page).toContain('&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;')
    expect(page).toContain('&lt;b&gt;42&lt;/b&gt;')
    expect(page).toContain('The &lt;lamp&gt;')
    // The page's only script source is none; the index's is its own script, by hash.
    expect(page).toContain("script-src 'none'")
    // The index carries record text only in its select boxes (escaped) and in its JSON (with no "<" to close it).
    const index = indexPage([row({intent: EVIL, website: `</script>${EVIL}`})]).page
    expect(index).not.toContain('<script>alert')
    expect(index).not.toContain('</script><')
    expect(index.match(/<script[\s>]/g)).toHaveLength(2)
  })
})

describe('the trajectory page', () => {
  it('shows thought, action, memory and timings of each step, and a placeholder for a step without a screenshot', () => {
    const page = renderTrajectoryPage(trajectory(), {n: 7, shots: [{href: '../shots/a.jpg'}, null]})
    expect(page).toContain('the &lt;button&gt; is there')
    expect(page).toContain('<code class="action">left_click(250, 750)</code>')
    expect(page).toContain('<code class="action">answer(&quot;done&quot;)</code>')
    expect(page).toContain('price is &lt;$5&gt;')
    expect(page).toContain('observe 12 ms · policy 800 ms · act 30 ms')
    expect(page).toContain('<img src="../shots/a.jpg"')
    expect(page).toContain('no screenshot recorded')
    expect(page).toContain('Not judged')
    expect(elements(page, 'div', 'marker')).toEqual([
      expect.objectContaining({'data-action': 'left_click', style: 'left:25%;top:75%'}),
    ])
  })

  it('shows the judgment: reward, blocked, judge error and a verdict per fact', () => {
    const judged = trajectory({
      judgment: {
        reward: 0,
        facts: [
          {group_id: 'g1', fact: 'price shown', pass: false, reason: 'no <price> visible'},
          {group_id: 'g1', fact: 'lamp in cart', pass: true, reason: 'cart shows it'},
        ],
        key_screenshots: ['a.jpg'],
        answer_supported: false,
        reference_match: null,
        blocked: true,
        judge: 'llm',
        model: 'judge-model',
        prompt_version: 'judge-v1',
        webgym_version: '0.1.0',
        error: 'model <down>',
      },
    })
    const page = renderTrajectoryPage(judged, {n: 1, shots: [{href: '../shots/a.jpg'}, null]})
    expect(page).toContain('no &lt;price&gt; visible')
    expect(page).toContain('model &lt;down&gt;')
    expect(page).toContain('key screenshot')
    expect(page).toMatch(/<dt>Blocked<\/dt><dd><span class="badge bad">yes<\/span>/)
    // Rubric order, not verdict order: "lamp in cart" (pass) comes first.
    expect(page.indexOf('cart shows it')).toBeLessThan(page.indexOf('no &lt;price&gt; visible'))
  })
})

describe('rubric verdicts', () => {
  const rubric = {
    fact_groups: [
      {id: 'g1', description: 'Lamp', facts: ['in cart', 'red']},
      {id: 2, description: 'Price', facts: ['under $5']},
    ],
  }

  it('matches verdicts to facts by group and text, leaves the rest unjudged, and keeps verdicts on unknown facts', () => {
    const lines = factLines(rubric, [
      {group_id: 2, fact: 'under $5', pass: true, reason: 'r1'},
      {group_id: 'g1', fact: 'in cart', pass: false, reason: 'r2'},
      {group_id: 'g9', fact: 'stray', pass: true, reason: 'r3'},
    ])
    expect(lines).toEqual([
      {
        id: 'g1',
        description: 'Lamp',
        facts: [
          {fact: 'in cart', pass: false, reason: 'r2'},
          {fact: 'red', pass: null, reason: null},
        ],
      },
      {id: '2', description: 'Price', facts: [{fact: 'under $5', pass: true, reason: 'r1'}]},
      {id: 'g9', description: null, facts: [{fact: 'stray', pass: true, reason: 'r3'}]},
    ])
  })

  it('without a judgment every rubric fact is unjudged', () => {
    expect(factLines(rubric, undefined).flatMap((group) => group.facts.map((fact) => fact.pass))).toEqual([
      null,
      null,
      null,
    ])
    expect(factLines(null, null)).toEqual([])
  })
})

describe('the click marker', () => {
  it('sits at x/1000 of the width and y/1000 of the height of the screenshot', () => {
    expect(markerPosition({name: 'left_click', coordinate: [250, 750]})).toEqual({left: 25, top: 75})
    expect(markerPosition({name: 'type', text: 'x', coordinate: [0, 1000]})).toEqual({left: 0, top: 100})
    expect(markerPosition({name: 'scroll', direction: 'down', coordinate: [333, 1]})).toEqual({left: 33.3, top: 0.1})
    expect(markerStyle({left: 25, top: 75})).toBe('left:25%;top:75%')
  })

  it('is clamped to the image, and absent for actions without a point', () => {
    expect(markerPosition({name: 'left_click', coordinate: [-40, 1200]})).toEqual({left: 0, top: 100})
    expect(markerPosition({name: 'left_click', coordinate: [Number.NaN, 5]})).toBeNull()
    expect(markerPosition({name: 'go_back'})).toBeNull()
    expect(markerPosition({name: 'answer', text: 'x'})).toBeNull()
    expect(markerPosition(null)).toBeNull()
  })
})

describe('charts', () => {
  it('success-rate bars are as long as the rate, with an empty bar for a group without judged trajectories', () => {
    const svg = rateChart({
      title: 'by level',
      groups: [
        {label: 'easy', successes: 3, judged: 4, total: 4},
        {label: 'hard', successes: 0, judged: 0, total: 2},
        {label: '<x>', successes: 1, judged: 1, total: 1},
      ],
    }).markup
    const bars = elements(svg, 'rect', 'bar')
    const tracks = elements(svg, 'rect', 'track')
    expect(bars.map((bar) => [bar['data-label'], bar['data-rate']])).toEqual([
      ['easy', '0.75'],
      ['hard', ''],
      ['&lt;x&gt;', '1'],
    ])
    expect(bars.map((bar) => Number(bar.width) / Number(tracks[0].width))).toEqual([0.75, 0, 1])
    expect(svg).toContain('75% (3/4)')
    expect(svg).toContain('n/a (2 not judged)')
    expect(svg).not.toContain('<x>')
  })

  it('groups rows by level in level order, and by domain (else website) largest first with the tail pooled', () => {
    const rows = [
      row({level: 'hard', reward: 0}),
      row({level: 'easy', reward: 1}),
      row({level: null, reward: null}),
      row({level: 'easy', reward: 0}),
    ]
    expect(ratesByLevel(rows)).toEqual([
      {label: 'easy', successes: 1, judged: 2, total: 2},
      {label: 'hard', successes: 0, judged: 1, total: 1},
      {label: '(none)', successes: 0, judged: 0, total: 1},
    ])
    const many = [
      ...Array.from({length: 3}, () => row({domain: 'Shopping', reward: 1})),
      row({domain: null, website: 'a.example', reward: 0}),
      row({domain: null, website: 'b.example', reward: 1}),
      row({domain: null, website: 'c.example', reward: 1}),
    ]
    expect(ratesByDomain(many, 3)).toEqual([
      {label: 'Shopping', successes: 3, judged: 3, total: 3},
      {label: 'a.example', successes: 0, judged: 1, total: 1},
      {label: 'other (2)', successes: 2, judged: 2, total: 2},
    ])
  })

  it('bins steps one value per bin when they fit, wider bins otherwise, covering 0 to the largest value', () => {
    expect(histogramBins([1, 3, 3, 0])).toEqual([
      {from: 0, to: 0, count: 1},
      {from: 1, to: 1, count: 1},
      {from: 2, to: 2, count: 0},
      {from: 3, to: 3, count: 2},
    ])
    const wide = histogramBins([0, 59, 60, 119], 30)
    expect(wide).toHaveLength(30)
    expect(wide[0]).toEqual({from: 0, to: 3, count: 1})
    expect(wide[14]).toEqual({from: 56, to: 59, count: 1})
    expect(wide[15]).toEqual({from: 60, to: 63, count: 1})
    expect(wide.reduce((sum, bin) => sum + bin.count, 0)).toBe(4)
    expect(histogramBins([])).toEqual([])
  })

  it('histogram bars are as tall as their count relative to the fullest bin', () => {
    const svg = histogramChart({title: 'steps', unit: 'steps', bins: histogramBins([1, 2, 2, 2, 2])}).markup
    const bars = elements(svg, 'rect', 'bar')
    expect(bars.map((bar) => [bar['data-bin'], bar['data-count']])).toEqual([
      ['0', '0'],
      ['1', '1'],
      ['2', '4'],
    ])
    const heights = bars.map((bar) => Number(bar.height))
    expect(heights[0]).toBe(0)
    expect(heights[1] * 4).toBeCloseTo(heights[2], 1)
    // Every bar stands on the same baseline.
    expect(new Set(bars.map((bar) => Number(bar.y) + Number(bar.height))).size).toBe(1)
  })
})

describe('the index page', () => {
  it('filters rows by the values the select boxes offer, "(none)" for what is missing', () => {
    expect(filterValues(row())).toEqual({
      status: 'answered',
      reward: '1',
      level: 'easy',
      website: 'shop.webgym.test',
      split: '(none)',
    })
    expect(filterValues(row({reward: null, level: null, website: null, status: 'horizon', split: 'test'}))).toEqual({
      status: 'horizon',
      reward: '(none)',
      level: '(none)',
      website: '(none)',
      split: 'test',
    })
  })

  it('writes each row as its chunk holds it, with a sortable column each and a select per filter offering the values present', () => {
    const rows = [
      row({n: 1}),
      row({n: 2, reward: 0, level: 'hard', website: 'news.webgym.test', status: 'horizon'}),
      row({n: 3, reward: null, level: null}),
    ]
    const {page, meta, encoded} = indexPage(rows)
    expect(encoded.map((each) => decode(meta, each))).toEqual([
      {
        n: 1,
        intent: 'Buy a lamp',
        website: 'shop.webgym.test',
        level: 'easy',
        status: 'answered',
        reward: '1',
        steps: 3,
        source: 'fx',
      },
      {
        n: 2,
        intent: 'Buy a lamp',
        website: 'news.webgym.test',
        level: 'hard',
        status: 'horizon',
        reward: '0',
        steps: 3,
        source: 'fx',
      },
      {
        n: 3,
        intent: 'Buy a lamp',
        website: 'shop.webgym.test',
        level: '(none)',
        status: 'answered',
        reward: '(none)',
        steps: 3,
        source: 'fx',
      },
    ])
    // The task links to the trajectory's page (t/<n>.html) through the n column.
    expect(meta.columns.find((column) => column.id === 'intent')).toMatchObject({render: 'link', link: 'n'})
    expect(elements(page, 'th').map((th) => th['data-sort'])).toEqual([
      'n',
      'intent',
      'website',
      'level',
      'status',
      'reward',
      'steps',
      'source',
    ])
    expect(elements(page, 'select').map((select) => select['data-filter'])).toEqual([
      'source',
      'status',
      'reward',
      'level',
      'website',
      undefined,
    ])
    expect(page).toContain('<option value="fx" data-text="fx">fx (3)</option>')
    expect(elements(page, 'input').map((input) => input['data-search'])).toEqual(['intent'])
    expect(page).toContain('<option value="(none)" data-text="not judged">not judged (1)</option>')
    expect(page).toContain('<option value="hard" data-text="hard">hard (1)</option>')
    // Levels in level order, then "(none)"; rewards 1, 0, not judged.
    expect(
      meta.columns
        .find((column) => column.id === 'level')!
        .order!.map((code) => meta.columns.find((column) => column.id === 'level')!.values![code]),
    ).toEqual(['easy', 'hard', '(none)'])
    expect(page).toContain(TABLE_SCRIPT)
    expect(page).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*' 'self' file:;/)
    expect(meta.chunks).toEqual([3])
    expect(meta.labels).toBeNull()
  })

  it("with several runs and a test side: a run and a split column and facet, a table of runs, and bars in each run's colour", () => {
    const rows = [
      row({n: 1, split: 'train'}),
      row({n: 2, run: 1, reward: 0, split: 'test'}),
      row({n: 3, run: 1, reward: 1, split: 'train'}),
    ]
    const {page, meta, encoded} = indexPage(rows, {files: ['runs/base.ndjson', 'runs/ckpt.ndjson.gz'], split: true})
    expect(encoded.map((each) => decode(meta, each)).map((each) => [each.run, each.split])).toEqual([
      ['base', 'train'],
      ['ckpt', 'test'],
      ['ckpt', 'train'],
    ])
    expect(meta.runs).toEqual([
      {name: 'base', colour: '#2f6fde'},
      {name: 'ckpt', colour: '#e69f00'},
    ])
    expect(elements(page, 'select').map((select) => select['data-filter'])).toEqual([
      'run',
      'split',
      'source',
      'status',
      'reward',
      'level',
      'website',
      undefined,
    ])
    expect(page).toContain('<option value="test" data-text="test">test (1)</option>')
    expect(
      elements(page, 'tr')
        .filter((attrs) => attrs['data-run'])
        .map((attrs) => attrs['data-run']),
    ).toEqual(['base', 'ckpt'])
    expect(page).toContain('50.0% [9.5%, 90.5%]')
    const bars = elements(page, 'rect', 'bar').filter((bar) => bar['data-rate'] !== undefined)
    // Level chart (easy: one bar per run), then the split chart: train and test, one bar per run each.
    expect(bars.map((bar) => [bar['data-run'], bar['data-label'], bar['data-rate'], bar.style])).toEqual([
      ['base', 'easy', '1', 'fill:#2f6fde'],
      ['ckpt', 'easy', '0.5', 'fill:#e69f00'],
      ['base', 'shop.webgym.test', '1', 'fill:#2f6fde'],
      ['ckpt', 'shop.webgym.test', '0.5', 'fill:#e69f00'],
      ['base', 'train', '1', 'fill:#2f6fde'],
      ['ckpt', 'train', '1', 'fill:#e69f00'],
      ['base', 'test', '', 'fill:#2f6fde'],
      ['ckpt', 'test', '0', 'fill:#e69f00'],
    ])
  })

  it('in labelling mode the rows carry their trajectory key, for the export', () => {
    const {page, meta, encoded} = indexPage([row({key: 'fx:1@2025-01-01T00:00:00Z'})], {label: true})
    expect(decode(meta, encoded[0]).key).toBe('fx:1@2025-01-01T00:00:00Z')
    expect(meta.labels).toEqual({key: 'key'})
    expect(elements(page, 'select').map((select) => select['data-filter'])).toContain('label')
    expect(page).toContain('id="label-export"')
  })

  it('index rows keep only what the index needs', () => {
    expect(indexRow(trajectory(), 4)).toEqual({
      n: 4,
      run: 0,
      key: 'fx:1',
      taskId: 'fx:1',
      attempt: 1,
      intent: EVIL,
      website: 'shop.webgym.test',
      domain: null,
      level: 'easy',
      split: null,
      status: 'answered',
      reward: null,
      steps: 2,
      source: 'fx',
    })
    const started = trajectory({run: {...trajectory().run, started_at: '2025-01-01T00:00:00Z'}, attempt: 2})
    expect(indexRow(started, 5, {run: 1, split: 'test'})).toMatchObject({
      n: 5,
      run: 1,
      key: 'fx:1@2025-01-01T00:00:00Z',
      attempt: 2,
      split: 'test',
    })
  })
})

describe('screenshot destinations', () => {
  it('keeps a relative path under shots/ and renames absolute or escaping ones', () => {
    expect(shotDestination('ab12.jpg')).toBe('ab12.jpg')
    expect(shotDestination('run1/./step 0.png')).toBe('run1/step 0.png')
    expect(shotDestination('../elsewhere/x.jpg')).toMatch(/^external\/[0-9a-f]{16}\.jpg$/)
    expect(shotDestination('/abs/x.PNG')).toMatch(/^external\/[0-9a-f]{16}\.png$/)
    expect(shotDestination('/abs/x.jpg')).not.toBe(shotDestination('/other/x.jpg'))
  })

  it('escapes each segment of the link', () => {
    expect(shotHref('run1/step #1?.jpg')).toBe('../shots/run1/step%20%231%3F.jpg')
  })
})
