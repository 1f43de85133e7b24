// The "report a problem" form and the page confirming a report.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {articleHref} from '../format.js'
import {PROBLEMS} from '../labels.js'
import {articleBySlug} from '../lookups.js'
import type {Article, Context, ProblemReport} from '../types.js'
import {shell} from './shell.js'

export function reportPage(article: Article, context: Context, values: URLSearchParams, errors: string[]): string {
  const chosen = values.get('problem') ?? ''
  const fieldError = (name: string) => (errors.includes(name) ? ' invalid' : '')
  return shell(
    context,
    `Report a problem: ${article.title}`,
    html`${breadcrumb(
      [
        {href: '/', label: 'Main page'},
        {href: articleHref(article.slug), label: article.title},
      ],
      'Report a problem',
    )}
    <div class="row">
      <form class="card content report-form" method="post" action="/report/${encodeURIComponent(article.slug)}" novalidate>
        <h1>Report a problem with “${article.title}”</h1>
        <p class="muted">Our volunteer editors review every report. Please describe the problem as precisely as you can.</p>
        ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please correct: ${errors.join(', ')}.</div>` : ''}
        <fieldset class="field problem-types${fieldError('Type of problem')}"><legend>Type of problem</legend>
          ${PROBLEMS.map((p) => html`<div class="radio-line"><input type="radio" id="problem-${p.id}" name="problem" value="${p.id}"${chosen === p.id ? html` checked` : ''}> <label for="problem-${p.id}">${p.label}</label></div>`)}
        </fieldset>
        <div class="field${fieldError('Details')}"><label for="details">Details</label><textarea id="details" name="details" rows="5" style="width:100%">${values.get('details') ?? ''}</textarea><div class="hint">At least 10 characters.</div></div>
        <div class="field${fieldError('Email address')}"><label for="email">Your email address</label><input id="email" name="email" type="email" value="${values.get('email') ?? ''}" style="width:100%"><div class="hint">We only use it to tell you when the article is fixed.</div></div>
        <button class="btn btn-primary submit-report" type="submit">Send report</button>
      </form>
      <aside class="sidebar card"><h3>Before you report</h3><p>Small corrections are welcome. For disputes about sources, please explain which reference you believe is wrong.</p><p><a href="${articleHref(article.slug)}">← Back to the article</a></p></aside>
    </div>`,
  )
}

export function reportReceivedPage(report: ProblemReport, context: Context): string {
  const article = articleBySlug(context.model, report.article)
  return shell(
    context,
    'Report received',
    html`<section class="card prose"><h1>Thank you for your report</h1>
    <p>Your reference number is <strong class="report-reference">${report.reference}</strong>.</p>
    <p>We received your report about <a href="${articleHref(report.article)}">${article?.title ?? report.article}</a> (${PROBLEMS.find((p) => p.id === report.problem)?.label}). An editor will look at it within a few days and write to ${report.email}.</p>
    <blockquote>${report.details}</blockquote></section>`,
  )
}
