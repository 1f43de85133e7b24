import {describe, expect, it} from 'vitest'
import {escapeHtml, html, join, raw} from '../src/lib/html-builder.js'

// The one HTML builder of the fixture web's pages and the view's report (which renders untrusted records with it).

const EVIL = `<script>alert(1)</script><img src=x onerror='alert(2)'>"&`

describe('html builder', () => {
  it('escapes the five HTML specials, in text and in attributes', () => {
    expect(escapeHtml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;')
    expect(html`<p title="${EVIL}">${EVIL}</p>`.markup).not.toMatch(/<script|<img|onerror='/)
    expect(html`<p title="${'" onclick="x'}">`.markup).toBe('<p title="&quot; onclick=&quot;x">')
    const name = '<script>alert("x")</script> & co'
    expect(html`<p title="${name}">${name}</p>`.markup).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>',
    )
  })

  it('keeps markup built by html and raw, joins arrays and drops null, undefined and false', () => {
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<p>${inner}${[1, 'x<', inner]}${null}${undefined}${false}${raw('<br>')}</p>`.markup).toBe(
      '<p><b>&lt;i&gt;</b>1x&lt;<b>&lt;i&gt;</b><br></p>',
    )
    expect(html`<ul>${['a', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.markup).toBe('<ul><li>a</li><li>b</li></ul>')
    expect(html`${raw('<b>')}${null}${false}${0}`.markup).toBe('<b>0')
    expect(join([html`<i>`, 'a&b', null, [raw('</i>')]]).markup).toBe('<i>a&amp;b</i>')
    expect(`${html`<p>${'x'}</p>`}`).toBe('<p>x</p>')
  })

  it('takes no true: a condition must choose its markup', () => {
    const shown = 1 > 0
    // @ts-expect-error a boolean that may be true is not a template value
    expect(html`<p>${shown}</p>`.markup).toBe('<p>true</p>')
    expect(html`<p>${shown && html`<b>on</b>`}</p>`.markup).toBe('<p><b>on</b></p>')
    expect(html`<p>${!shown && html`<b>on</b>`}</p>`.markup).toBe('<p></p>')
  })
})
