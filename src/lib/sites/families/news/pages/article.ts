// The article page, with the metered and Premium paywall.
import {html, queryString, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {hashString} from '../../../random-pick.js'
import type {SiteRequest} from '../../../types.js'
import {formatDate} from '../dates.js'
import {KIND_LABELS, SECTION_INFO} from '../labels.js'
import {authorOf} from '../lookups.js'
import type {Article, Context} from '../types.js'
import {articleHref} from '../urls.js'
import {registrationForm} from './account.js'
import {kicker, mostReadBox, newsletterPromo, thumb, withSidebar} from './parts.js'
import {shell} from './shell.js'

type Gate = 'open' | 'premium' | 'meter'

/** Whether this reader may read the article, counting it against the meter when it is free. */
function gateFor(a: Article, context: Context): Gate {
  const {state, model} = context
  if (state.signedIn) return 'open'
  if (a.premium) return 'premium'
  if (state.articlesRead.includes(a.id)) return 'open'
  if (state.articlesRead.length >= model.freeArticles) return 'meter'
  state.articlesRead.push(a.id)
  return 'open'
}

interface RegistrationAttempt {
  values: URLSearchParams
  errors: string[]
}

export function articlePage(
  a: Article,
  request: SiteRequest,
  context: Context,
  attempt: RegistrationAttempt | null,
): string {
  const {model, state} = context
  const gate = attempt ? (a.premium ? 'premium' : 'meter') : gateFor(a, context)
  const author = authorOf(model, a)
  const style = model.layout.dateStyle
  const visible = gate === 'open' ? a.paragraphs : a.paragraphs.slice(0, 1)
  const body = visible.map(
    (p, i) =>
      html`<p data-para="${i}">${p}</p>${i === a.pullQuoteAfter && gate === 'open' ? html`<blockquote class="pull-quote"><p>“${a.quote.text}”</p><cite>— ${a.quote.name}${a.quote.role ? `, ${a.quote.role}` : ''}</cite></blockquote>` : ''}`,
  )
  const left = model.freeArticles - state.articlesRead.length
  const meterNote =
    !state.signedIn && gate === 'open' && !a.premium
      ? html`<div class="meter-note">You have ${left} free ${left === 1 ? 'article' : 'articles'} left this session. <a href="/register${queryString({next: articleHref(a)})}">Register for free</a> for unlimited reading.</div>`
      : ''
  const related = model.articles.filter((r) => r.section === a.section && r.id !== a.id).slice(0, 4)
  const main = html`<article class="article">
    <header class="article-header">${kicker(a)}<h1 class="article-headline">${a.headline}</h1><p class="article-standfirst">${a.standfirst}</p>
      <div class="byline"><img src="/img/portrait/author-${author.id}-${hashString(author.name)}.svg" alt="" width="48" height="36">
        <div><a class="byline-author" href="/author/${author.id}">${author.name}</a><span class="muted"> · ${author.title}</span><br>
        <time class="published" datetime="${a.date}">${formatDate(a.date, style)}, ${a.time}</time><span class="muted"> · ${a.readMinutes} min read</span></div></div>
    </header>
    <figure class="hero-figure">${thumb(a, 820, 460, true)}<figcaption>${a.caption}</figcaption></figure>
    ${meterNote}
    <div class="article-body${gate === 'open' ? '' : ' teaser'}">${body}</div>
    ${gate === 'open' ? html`<div class="article-tags"><span class="tag">${SECTION_INFO[a.section].label}</span><span class="tag">${KIND_LABELS[a.kind]}</span>${a.comments > 0 ? html`<span class="muted">${a.comments} comments</span>` : ''}</div>` : html`<div class="locked-note">The rest of this article is available to registered readers.</div>`}
    <section class="related"><h2 class="block-title">More in ${SECTION_INFO[a.section].label}</h2><ul>${related.map((r) => html`<li><a class="related-link" data-article="${r.id}" href="${articleHref(r)}">${r.headline}</a> <span class="muted">${formatDate(r.date, style)}</span></li>`)}</ul></section>
  </article>`
  return shell(
    context,
    request,
    a.headline,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: `/section/${a.section}`, label: SECTION_INFO[a.section].label},
      ],
      a.headline,
    )}${withSidebar(model, main, html`${mostReadBox(model)}${newsletterPromo()}`)}`,
    {
      overlays: gate === 'open' ? undefined : paywall(a, gate, context, attempt),
    },
  )
}

function paywall(a: Article, gate: Exclude<Gate, 'open'>, context: Context, attempt: RegistrationAttempt | null): Html {
  const heading =
    gate === 'premium' ? 'This is a Premium article' : `You've read your ${context.model.freeArticles} free articles`
  const text =
    gate === 'premium'
      ? `Premium journalism on ${context.site.name} is free for registered readers. Create your free account to keep reading.`
      : 'Register for free to keep reading, with unlimited articles and no more interruptions.'
  return html`<div class="overlay paywall-overlay"><div class="modal paywall" role="dialog" aria-modal="true" aria-label="Register to keep reading">
    <p class="paywall-kicker">${gate === 'premium' ? '★ Premium' : 'Free article limit reached'}</p>
    <h2>${heading}</h2><p>${text}</p>
    ${registrationForm('pw', articleHref(a), attempt?.values ?? new URLSearchParams(), attempt?.errors ?? [])}
    <p class="muted small">Already registered? <a class="signin-instead" href="/signin${queryString({next: articleHref(a)})}">Sign in</a> · <a href="/">Back to the home page</a></p>
  </div></div>`
}
