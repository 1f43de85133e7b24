import {trajectoryKey} from '../judge/trajectory-key.js'
import {rewardBadge, statusBadge} from './badges.js'
import {html, linkableUrl, type Html} from './html.js'
import {LABEL_STORE_SCRIPT, PAGE_LABEL_SCRIPT} from './label-script.js'
import {renderPage} from './page-shell.js'
import {factLines, renderRubric} from './rubric-view.js'
import {renderStep, type ShotView} from './step-view.js'
import type {ViewedTrajectory} from './view-record.js'

/** A trajectory page's script in labelling mode (none otherwise). */
export const TRAJECTORY_LABEL_SCRIPT = `${LABEL_STORE_SCRIPT}\n${PAGE_LABEL_SCRIPT}`

export interface TrajectoryPageOptions {
  /** 1-based input position. */
  n: number
  /** The view of each step's screenshot, by step position (null: the step has no screenshot). */
  shots: readonly (ShotView | null)[]
  /** The view of each step's marked screenshot (som observation modes), by step position; absent or null: none. */
  markedShots?: readonly (ShotView | null)[]
  /** The run it belongs to, named on the page when the report has several. */
  run?: {name: string; colour: string} | null
  /** Labelling mode: success/failure and per-fact marks, kept in the browser (see label-script.ts). */
  label?: boolean
}

/** The page of one trajectory: the task, the rubric with the judge's verdicts, the outcome, and every step. */
export function renderTrajectoryPage(record: ViewedTrajectory, options: TrajectoryPageOptions): string {
  const {task, judgment} = record
  const keyShots = new Set(judgment?.key_screenshots ?? [])
  const startUrl = linkableUrl(task.start_url)
  const body = html`<p><a href="../index.html">← all trajectories</a></p>
<h1>${task.intent}</h1>
<p>#${options.n}${options.run ? html` · <span class="swatch" style="background:${options.run.colour}"></span>run ${options.run.name}` : null} · ${statusBadge(record.status)} reward ${rewardBadge(judgment ? judgment.reward : null)} · ${record.steps.length} steps</p>
<div class="charts">
<section class="card"><h3>Task</h3><dl class="facts">
<dt>Id</dt><dd>${task.id}</dd>
<dt>Source</dt><dd>${task.source}</dd>
<dt>Website</dt><dd>${task.website ?? '—'}</dd>
<dt>Start URL</dt><dd>${startUrl ? html`<a href="${startUrl}" rel="noreferrer noopener">${startUrl}</a>` : (task.start_url ?? '—')}</dd>
<dt>Level</dt><dd>${task.level ?? '—'}${task.difficulty === null ? null : ` (${task.difficulty} facts)`}</dd>
<dt>Domain</dt><dd>${task.domain ?? '—'}${task.subdomain ? ` / ${task.subdomain}` : null}</dd>
<dt>Reference answer</dt><dd>${task.reference_answer ?? '—'}</dd>
${task.parent_id ? html`<dt>Decomposed from</dt><dd>${task.parent_id}</dd>` : null}
</dl></section>
<section class="card"><h3>Outcome</h3><dl class="facts">
<dt>Status</dt><dd>${statusBadge(record.status)}</dd>
<dt>Answer</dt><dd>${record.answer === null ? html`<span class="muted">none</span>` : html`<pre>${record.answer}</pre>`}</dd>
${record.error ? html`<dt>Run error</dt><dd class="error"><pre>${record.error}</pre></dd>` : null}
${judgmentFacts(record)}
<dt>Policy</dt><dd>${record.run.policy}${record.run.model ? ` · ${record.run.model}` : null} · horizon ${record.run.horizon}</dd>
${record.run.started_at ? html`<dt>Started</dt><dd>${record.run.started_at}</dd>` : null}
</dl></section>
</div>
${options.label ? labelCard() : null}
<h2>Rubric</h2>
${judgment ? null : html`<p class="muted">Not judged: the rubric's facts have no verdicts.</p>`}
${renderRubric(factLines(task.rubric, judgment?.facts), {markable: options.label === true})}
<h2>Steps</h2>
${record.steps.length === 0 ? html`<p class="muted">No steps.</p>` : null}
${record.steps.map((step, i) => {
  const shot = options.shots[i] ?? {missing: 'no screenshot recorded'}
  return renderStep(step, {
    shot,
    marked: options.markedShots?.[i] ?? null,
    viewport: record.run.viewport,
    key: step.screenshot !== null && keyShots.has(step.screenshot),
  })
})}`
  const label = options.label === true
  return renderPage({
    title: `#${options.n} ${task.intent}`,
    body,
    root: '../',
    script: label ? TRAJECTORY_LABEL_SCRIPT : undefined,
    dataset: label ? {reportRoot: '../index.html', labelKey: trajectoryKey(record), n: String(options.n)} : undefined,
  })
}

function labelCard(): Html {
  return html`<section class="card labels" id="labelling"><h3>Your label</h3>
<p id="label-trajectory"></p>
<p class="muted">Mark the facts of the rubric below as well, where you can tell. <span id="label-count"></span></p>
<p><a href="../index.html#labels">Export the labels from the index</a></p>
</section>`
}

function judgmentFacts(record: ViewedTrajectory): Html {
  const {judgment} = record
  if (!judgment) return html`<dt>Reward</dt><dd><span class="muted">not judged</span></dd>`
  return html`<dt>Reward</dt><dd>${rewardBadge(judgment.reward)}</dd>
<dt>Blocked</dt><dd>${judgment.blocked ? html`<span class="badge bad">yes</span>` : 'no'}</dd>
<dt>Answer supported</dt><dd>${yesNo(judgment.answer_supported)}</dd>
<dt>Reference match</dt><dd>${yesNo(judgment.reference_match)}</dd>
${judgment.error ? html`<dt>Judge error</dt><dd class="error"><pre>${judgment.error}</pre></dd>` : null}
<dt>Judge</dt><dd>${judgment.judge}${judgment.model ? ` · ${judgment.model}` : null}${judgment.prompt_version ? ` · ${judgment.prompt_version}` : null}</dd>`
}

function yesNo(value: boolean | null): string {
  return value === null ? '—' : value ? 'yes' : 'no'
}
