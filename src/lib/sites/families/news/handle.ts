// Request routing and the form posts: cookie choices, registration, sign-in and newsletter signup.
import {queryString} from '../../html.js'
import {aboutPage, notFoundPage} from '../../layout.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteReply, SiteRequest} from '../../types.js'
import type {CookieCategory} from './labels.js'
import {newsletterTopics, subscriptionCode} from './newsletter.js'
import {accountPage, registerPage, signInPage} from './pages/account.js'
import {articlePage} from './pages/article.js'
import {homePage} from './pages/home.js'
import {confirmationPage, newsletterPage} from './pages/newsletter.js'
import {privacySettingsPage} from './pages/privacy.js'
import {searchPage} from './pages/search.js'
import {authorPage, sectionPage} from './pages/section.js'
import {nav} from './pages/shell.js'
import type {Context, Frequency, SectionId} from './types.js'
import {articleHref, safeNext} from './urls.js'

export function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  if (path === '/') return htmlReply(homePage(request, context))
  if (path === '/search') return htmlReply(searchPage(request, context))
  if (path === '/consent' && method === 'POST') return saveConsentChoice(request.form, context)
  if (path === '/privacy-settings' && method === 'POST') return savePrivacySettings(request.form, context)
  if (path === '/privacy-settings') return htmlReply(privacySettingsPage(request, context))
  if (path === '/newsletter' && method === 'POST') return subscribe(request, context)
  if (path === '/newsletter') return htmlReply(newsletterPage(request, context, new URLSearchParams(), []))
  if (path === '/register' && method === 'POST') return register(request, context)
  if (path === '/register') return htmlReply(registerPage(request, context, new URLSearchParams(), []))
  if (path === '/signin' && method === 'POST') return signIn(request, context)
  if (path === '/signin') return htmlReply(signInPage(request, context, new URLSearchParams(), false))
  if (path === '/signout' && method === 'POST') {
    context.state.signedIn = false
    return redirect('/')
  }
  if (path === '/account')
    return context.state.signedIn ? htmlReply(accountPage(request, context)) : redirect('/signin?next=/account', 302)
  if (path === '/about')
    return htmlReply(
      aboutPage(
        context.site,
        nav(context.model),
        `${context.site.name} is an independent newsroom. ${context.model.tagline}.`,
      ),
    )
  const section = route(path, '/section/:id')
  if (section && context.model.sections.includes(section.id as SectionId))
    return htmlReply(sectionPage(section.id as SectionId, request, context))
  const article = route(path, '/article/:id/:slug') ?? route(path, '/article/:id')
  const found = article && context.model.articles.find((a) => String(a.id) === article.id)
  if (found) return htmlReply(articlePage(found, request, context, null))
  const author = route(path, '/author/:id')
  const writer = author && context.model.authors.find((a) => String(a.id) === author.id)
  if (writer) return htmlReply(authorPage(writer, request, context))
  const confirmed = route(path, '/newsletter/confirmed/:code')
  const subscription = confirmed && context.state.subscriptions.find((s) => s.code === confirmed.code)
  if (subscription) return htmlReply(confirmationPage(subscription, request, context))
  return htmlReply(notFoundPage(context.site, nav(context.model)), 404)
}

function saveConsentChoice(form: URLSearchParams, context: Context): SiteReply {
  const accept = form.get('choice') === 'accept'
  context.state.consent = {analytics: accept, advertising: accept, social: accept}
  return form.get('mode') === 'script' ? {status: 204, body: ''} : redirect(safeNext(form.get('next')))
}

function savePrivacySettings(form: URLSearchParams, context: Context): SiteReply {
  const allowed = (id: CookieCategory) => form.get(id) === 'on'
  context.state.consent = {
    analytics: allowed('analytics'),
    advertising: allowed('advertising'),
    social: allowed('social'),
  }
  return redirect(`/privacy-settings${queryString({saved: 1, next: safeNext(form.get('next'))})}`)
}

function registrationErrors(form: URLSearchParams): string[] {
  const get = (name: string) => (form.get(name) ?? '').trim()
  const errors: string[] = []
  if (!get('name')) errors.push('Full name')
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(get('email'))) errors.push('Email address')
  const password = form.get('password') ?? ''
  if (password.length < 8 || !/\d/.test(password)) errors.push('Password')
  if (form.get('terms') !== 'yes') errors.push('Terms')
  return errors
}

function register(request: SiteRequest, context: Context): SiteReply {
  const {form} = request
  const next = safeNext(form.get('next'))
  const errors = registrationErrors(form)
  if (errors.length > 0) {
    const target =
      form.get('from') === 'pw' ? context.model.articles.find((a) => next.startsWith(`${articleHref(a)}`)) : undefined
    return htmlReply(
      target
        ? articlePage(target, request, context, {values: form, errors})
        : registerPage(request, context, form, errors),
      422,
    )
  }
  context.state.account = {
    name: (form.get('name') ?? '').trim(),
    email: (form.get('email') ?? '').trim().toLowerCase(),
    password: form.get('password') ?? '',
    marketing: form.get('marketing') === 'yes',
  }
  context.state.signedIn = true
  return redirect(next === '/' || next === '/register' ? '/account?welcome=1' : next)
}

function signIn(request: SiteRequest, context: Context): SiteReply {
  const {form} = request
  const account = context.state.account
  const matches =
    account !== null &&
    account.email === (form.get('email') ?? '').trim().toLowerCase() &&
    account.password === form.get('password')
  if (!matches) return htmlReply(signInPage(request, context, form, true), 422)
  context.state.signedIn = true
  return redirect(safeNext(form.get('next')))
}

function subscribe(request: SiteRequest, context: Context): SiteReply {
  const {form} = request
  const email = (form.get('email') ?? '').trim().toLowerCase()
  const available = new Set(newsletterTopics(context.model).map((t) => t.id))
  const topics = [...new Set(form.getAll('topic'))].filter((t) => available.has(t))
  const errors: string[] = []
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  if (topics.length === 0) errors.push('Newsletters')
  if (form.get('agree') !== 'yes') errors.push('Privacy consent')
  if (errors.length > 0) return htmlReply(newsletterPage(request, context, form, errors), 422)
  const frequency: Frequency = form.get('frequency') === 'weekly' ? 'weekly' : 'daily'
  const ordered = newsletterTopics(context.model)
    .map((t) => t.id)
    .filter((id) => topics.includes(id))
  const code = subscriptionCode(context.site, email, ordered, frequency)
  context.state.subscriptions.push({code, email, topics: ordered, frequency})
  return redirect(`/newsletter/confirmed/${code}`)
}
