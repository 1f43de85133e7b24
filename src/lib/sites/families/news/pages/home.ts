// The front page.
import {html} from '../../../html.js'
import type {SiteRequest} from '../../../types.js'
import {SECTION_INFO} from '../labels.js'
import type {Context} from '../types.js'
import {articleHref} from '../urls.js'
import {kicker, meta, mostReadBox, newsletterPromo, picksBox, storyCard, thumb, withSidebar} from './parts.js'
import {shell} from './shell.js'

export function homePage(request: SiteRequest, context: Context): string {
  const {model} = context
  const [lead, ...rest] = model.articles
  const top = rest.slice(0, 4)
  const leadStory = html`<section class="lead-story lead-${model.layout.home}">
    ${thumb(lead, 760, 430, true)}
    <div class="lead-text">${kicker(lead)}<h1><a class="headline-link" data-article="${lead.id}" href="${articleHref(lead)}">${lead.headline}</a></h1><p class="standfirst">${lead.standfirst}</p>${meta(model, lead)}</div>
  </section>`
  const topStories = html`<section class="top-stories"><h2 class="block-title">Top stories</h2><ul class="latest-list">${top.map((a) => html`<li>${kicker(a)}<a href="${articleHref(a)}">${a.headline}</a><span class="muted"> · ${a.time}</span></li>`)}</ul></section>`
  const blocks = model.sections.map((id) => {
    const latest = model.articles.filter((a) => a.section === id).slice(0, 4)
    return html`<section class="section-block"><h2 class="block-title"><a href="/section/${id}">${SECTION_INFO[id].label} ›</a></h2>
      <div class="block-grid">${latest.map((a, i) => storyCard(model, a, i === 0 || model.layout.home === 'magazine'))}</div></section>`
  })
  const ticker = html`<div class="ticker"><span class="ticker-label">Breaking</span><a href="${articleHref(lead)}">${lead.headline}</a></div>`
  const main =
    model.layout.home === 'classic'
      ? html`<div class="lead-row">${leadStory}${topStories}</div>${blocks}`
      : html`${leadStory}${topStories}${blocks}`
  return shell(
    context,
    request,
    'Home',
    html`${ticker}${withSidebar(model, main, html`${mostReadBox(model)}${newsletterPromo()}${picksBox(model)}`)}`,
  )
}
