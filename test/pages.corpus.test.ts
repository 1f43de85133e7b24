// The saved real pages as a corpus of the fixture web: the in-repo copy is the shared one byte for byte, both layouts
// are read, every page gets a stable DNS label, its encoding is the one its bytes are in, and its visible text is
// what a browser would show (scripts, styles and hidden elements left out).
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {declaredCharset, decodePage, pageCharset} from '../src/lib/sites/pages/page-charset.js'
import {loadPageCorpus} from '../src/lib/sites/pages/page-corpus.js'
import {assignLabels, isDnsLabel, pageLabel} from '../src/lib/sites/pages/page-label.js'
import {hidesTheDocument, visibleText} from '../src/lib/sites/pages/page-text.js'
import {root} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'

const CORPUS = join(root, 'fixtures', 'real-pages')
const SHARED = '/work/shared/datasets/real-pages'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort()
}

describe('the real pages in fixtures/real-pages', () => {
  it.skipIf(!existsSync(SHARED))('are the shared corpus byte for byte, every file of it and nothing else', () => {
    const shared = filesUnder(SHARED)
    expect(shared.length).toBe(131)
    expect(filesUnder(CORPUS)).toEqual(shared)
    const different = shared.filter(
      (name) => !readFileSync(join(SHARED, name)).equals(readFileSync(join(CORPUS, name))),
    )
    expect(different).toEqual([])
  })

  it('are 65 pages in Readability’s layout, each a host of its own named as its folder', async () => {
    const pages = await loadPageCorpus(CORPUS)
    expect(pages).toHaveLength(65)
    expect(pages.every((page) => page.metadata !== null)).toBe(true)
    expect(pages.map((page) => page.label)).toEqual(pages.map((page) => page.name))
    const qq = pages.find((page) => page.name === 'qq')!
    expect(qq.host).toBe('qq.pages.webgym.test')
    expect(relative(CORPUS, qq.file)).toBe(join('qq', 'source.html'))
    expect(qq.metadata?.title).toBe('DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶_科技_腾讯网')
  })
})

describe('loading a corpus folder', () => {
  it('reads a plain folder of .html files beside page folders, names made labels', async () => {
    const wd = workdir()
    wd.write('pages/Le Monde.html', '<p>un</p>')
    wd.write('pages/b.htm', '<p>two</p>')
    wd.write('pages/notes.txt', 'not a page')
    wd.write('pages/article/source.html', '<h1>Three</h1>')
    wd.write('pages/article/expected-metadata.json', JSON.stringify({title: 'Three', byline: null}))
    wd.write('pages/no-page-here/readme.md', 'a folder without source.html')
    const pages = await loadPageCorpus(wd.path('pages'))
    expect(pages.map((page) => [page.name, page.host, page.metadata === null])).toEqual([
      ['Le Monde', 'le-monde.pages.webgym.test', true],
      ['article', 'article.pages.webgym.test', false],
      ['b', 'b.pages.webgym.test', true],
    ])
  })

  it('refuses a missing folder, an empty one and bad metadata with the path', async () => {
    const wd = workdir()
    await expect(loadPageCorpus(wd.path('nowhere'))).rejects.toThrow(/cannot read the pages folder .*nowhere: ENOENT/)
    wd.mkdir('empty')
    await expect(loadPageCorpus(wd.path('empty'))).rejects.toThrow(/holds no pages/)
    wd.write('bad/a/source.html', '<p>a</p>')
    wd.write('bad/a/expected-metadata.json', '{"title": 3}')
    await expect(loadPageCorpus(wd.path('bad'))).rejects.toThrow(/expected-metadata\.json: title: /)
    wd.write('clash/Le Monde.html', '<p>a</p>')
    wd.write('clash/le-monde.html', '<p>b</p>')
    const clash = await loadPageCorpus(wd.path('clash'))
    expect(new Set(clash.map((page) => page.label)).size).toBe(2)
  })
})

describe('host labels', () => {
  it.each([
    ['qq', 'qq'],
    ['003-metadata-preferred', '003-metadata-preferred'],
    ['Le Monde_1', 'le-monde-1'],
    ['Ça va?', 'ca-va'],
    ['--édition--', 'edition'],
    ['新闻', 'page'],
    ['', 'page'],
  ])('%j -> %j', (name, label) => {
    expect(pageLabel(name)).toBe(label)
  })

  it('are valid DNS labels, the same for the same name, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({maxLength: 200, unit: 'grapheme'}), (name) => {
        const label = pageLabel(name)
        expect(isDnsLabel(label), JSON.stringify({name, label})).toBe(true)
        expect(pageLabel(name)).toBe(label)
      }),
      {seed: 30, numRuns: 500},
    )
    const long = 'a'.repeat(100)
    expect(pageLabel(long)).toHaveLength(63)
    expect(pageLabel(long)).not.toBe(pageLabel(`${long}b`))
  })

  it('tell colliding names apart by a hash of each name, however the corpus is listed', () => {
    const names = ['Le Monde', 'le-monde', 'le_monde', 'other']
    const labels = assignLabels(names)
    expect(labels.get('other')).toBe('other')
    const clashing = ['Le Monde', 'le-monde', 'le_monde'].map((name) => labels.get(name)!)
    expect(new Set(clashing).size).toBe(3)
    for (const label of clashing) expect(label).toMatch(/^le-monde-[0-9a-f]{6}$/)
    expect(assignLabels([...names].reverse())).toEqual(labels)
  })
})

describe('a page’s encoding', () => {
  it('is UTF-8 for every page of the corpus, qq included, whose meta still says gb2312 over UTF-8 bytes', () => {
    const qq = readFileSync(join(CORPUS, 'qq', 'source.html'))
    expect(declaredCharset(qq)).toBe('gb2312')
    expect(pageCharset(qq)).toBe('utf-8')
    expect(decodePage(qq)).toContain('人工智能迈上新台阶')
    for (const name of readdirSync(CORPUS).filter((entry) => !entry.includes('.')))
      expect(pageCharset(readFileSync(join(CORPUS, name, 'source.html'))), name).toBe('utf-8')
  })

  it('is the page’s own charset where its bytes are not UTF-8, and windows-1252 where it says none', () => {
    // 中文 in GBK.
    const gbk = Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"></head><p>'),
      Buffer.from([0xd6, 0xd0, 0xce, 0xc4]),
    ])
    expect(pageCharset(gbk)).toBe('gb2312')
    expect(decodePage(gbk)).toContain('中文')
    const latin1 = Buffer.from('<p>caf\xe9</p>', 'latin1')
    expect(pageCharset(latin1)).toBe('windows-1252')
    expect(decodePage(latin1)).toContain('café')
    expect(pageCharset(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]))).toBe('utf-8')
    expect(pageCharset(Buffer.from('<meta charset="x-unknown"><p>\xff</p>', 'latin1'))).toBe('windows-1252')
  })
})

describe('a page’s visible text', () => {
  const text = (html: string) => visibleText(html).blocks

  it('leaves out the head, scripts, styles, templates and what the page hides', () => {
    const html = `<!doctype html><html><head><title>Title</title><style>p{color:red}</style>
      <script>var a = "<p>not text</p>"</script></head><body>
      <!-- a comment --><p>Shown &amp; <b>bold</b></p>
      <div hidden>hidden attribute</div><div style="display: none">inline none</div>
      <span style="color:red;visibility:hidden">invisible</span>
      <noscript>enable scripts</noscript><template><p>template</p></template>
      <details><summary>Summary</summary>folded</details><details open><summary>Open</summary>unfolded</details>
      <select><option>choice</option></select><svg><title>tooltip</title><text>drawn</text></svg>
      <p>Last&nbsp;one&#8217;s &eacute;t&#xE9;</p></body></html>`
    expect(text(html)).toEqual(['Shown & bold', 'Summary', 'Open', 'unfolded', 'drawn', 'Last one’s été'])
  })

  it('breaks blocks where block elements begin and end, closes paragraphs as the parser does, and keeps headings', () => {
    const result = visibleText('<h1>Big <i>news</i></h1><p>one<p>two<ul><li>a<li>b</ul>x<br>y<h2 hidden>No</h2>')
    expect(result.blocks).toEqual(['Big news', 'one', 'two', 'a', 'b', 'x', 'y'])
    expect(result.headings).toEqual(['Big news'])
  })

  it('is empty when the page’s own stylesheet hides its body (anti-flicker snippets)', () => {
    expect(text('<style>body { visibility: hidden !important; }</style><p>never shown</p>')).toEqual([])
    expect(text('<style media="print">body{display:none}</style><p>shown</p>')).toEqual(['shown'])
    expect(hidesTheDocument('@media print { body { display: none } } .x { display: none }')).toBe(false)
    expect(hidesTheDocument('html, body { display: none; }')).toBe(true)
    const seattle = readFileSync(join(CORPUS, 'seattletimes-1', 'source.html'), 'utf8')
    expect(visibleText(seattle).blocks).toEqual([])
  })

  it('finds the headings of real pages in every script', () => {
    const headingsOf = (name: string) =>
      visibleText(decodePage(readFileSync(join(CORPUS, name, 'source.html')))).headings
    expect(headingsOf('qq')).toContain('DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶')
    expect(headingsOf('yahoo-4')[0]).toBe(
      'トレンドマイクロ、公衆無線LANを安全に使うためのアプリ「フリーWi-Fiプロテクション」',
    )
    expect(headingsOf('aktualne')).toContain(
      'West Ham hrozí gigantům, okouzlil i Linekera. Součka je snadné přehlédnout',
    )
  })
})
