// Request routing and the actions: random article, watching an article, sending a problem report.
import {aboutPage, notFoundPage} from '../../layout.js'
import {hashString} from '../../random-pick.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteReply, SiteRequest} from '../../types.js'
import {articleHref} from './format.js'
import {PROBLEMS} from './labels.js'
import {articleBySlug} from './lookups.js'
import {articlePage, missingArticlePage} from './pages/article.js'
import {allArticlesPage, categoriesPage, categoryPage} from './pages/categories.js'
import {home} from './pages/home.js'
import {reportPage, reportReceivedPage} from './pages/report.js'
import {searchPage} from './pages/search.js'
import {nav} from './pages/shell.js'
import {watchlistPage} from './pages/watchlist.js'
import {reportReference} from './report.js'
import type {Article, Context, ProblemReport} from './types.js'

export function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  if (path === '/') return htmlReply(home(context))
  if (path === '/search') return htmlReply(searchPage(request.query, context))
  if (path === '/categories') return htmlReply(categoriesPage(context))
  if (path === '/all-articles') return htmlReply(allArticlesPage(context))
  if (path === '/random') return randomArticle(context)
  if (path === '/watchlist') return htmlReply(watchlistPage(context))
  if (path === '/watch' && method === 'POST') return toggleWatch(request.form, context)
  if (path === '/about')
    return htmlReply(
      aboutPage(
        context.site,
        nav(),
        `${context.site.name} is a free online encyclopedia about ${context.model.subject}, written and checked by volunteers since 2011.`,
      ),
    )
  const wiki = route(path, '/wiki/:slug')
  if (wiki) {
    const article = articleBySlug(context.model, wiki.slug)
    if (article) return htmlReply(articlePage(article, context, request.query.get('watch')))
    return htmlReply(missingArticlePage(wiki.slug, context), 404)
  }
  const cat = route(path, '/category/:slug')
  if (cat) {
    const found = context.model.categories.find((c) => c.slug === cat.slug)
    if (found) return htmlReply(categoryPage(found, request.query, context))
  }
  const report = route(path, '/report/:slug')
  if (report) {
    const article = articleBySlug(context.model, report.slug)
    if (article && method === 'POST') return submitReport(article, request.form, context)
    if (article) return htmlReply(reportPage(article, context, new URLSearchParams(), []))
  }
  const received = route(path, '/report-received/:reference')
  if (received) {
    const filed = context.state.reports.find((r) => r.reference === received.reference)
    if (filed) return htmlReply(reportReceivedPage(filed, context))
  }
  return htmlReply(notFoundPage(context.site, nav()), 404)
}

function randomArticle(context: Context): SiteReply {
  const draw = context.state.randomDraws++
  const articles = context.model.articles
  const article = articles[hashString(`${context.site.slug}/random/${draw}`) % articles.length]!
  return redirect(articleHref(article.slug), 302)
}

function toggleWatch(form: URLSearchParams, context: Context): SiteReply {
  const slug = form.get('article') ?? ''
  const article = articleBySlug(context.model, slug)
  if (!article) return redirect('/watchlist')
  const {state} = context
  const watching = form.get('action') !== 'unwatch'
  state.watchlist = state.watchlist.filter((s) => s !== slug)
  if (watching) state.watchlist.push(slug)
  if (form.get('return') === 'watchlist') return redirect('/watchlist')
  return redirect(`${articleHref(slug)}?watch=${watching ? 'added' : 'removed'}`)
}

function submitReport(article: Article, form: URLSearchParams, context: Context): SiteReply {
  const problem = PROBLEMS.find((p) => p.id === form.get('problem'))?.id
  const details = (form.get('details') ?? '').trim()
  const email = (form.get('email') ?? '').trim()
  const errors: string[] = []
  if (!problem) errors.push('Type of problem')
  if (details.length < 10) errors.push('Details')
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  if (errors.length > 0 || !problem) return htmlReply(reportPage(article, context, form, errors), 422)
  const content = {article: article.slug, problem, details, email}
  const filed: ProblemReport = {reference: reportReference(context.site, content), ...content}
  context.state.reports.push(filed)
  return redirect(`/report-received/${filed.reference}`)
}
