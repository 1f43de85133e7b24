import {formatAction} from '../prompts/qwen3vl.js'
import {parsePolicyResponse} from '../prompts/qwen3vl-reply.js'
import type {Step} from '../schema/trajectory.js'
import {markerPosition, markerStyle} from './click-marker.js'
import {html, type Html} from './html.js'

/** A step's screenshot as the page shows it: a link into the report's shots/, or why there is none. */
export type ShotView = {href: string} | {missing: string}

export interface StepViewOptions {
  shot: ShotView
  /** The viewport the screenshot was taken at (the image's size before it loads). */
  viewport: {width: number; height: number}
  /** The judge kept this screenshot as evidence. */
  key: boolean
  /** The Set-of-Marks screenshot the policy saw (som observation modes). */
  marked?: ShotView | null
}

/** One step of the timeline: the screenshot with the action's point marked, and what the model thought and did. */
export function renderStep(step: Step, options: StepViewOptions): Html {
  const parsed = parsePolicyResponse(step.response)
  const memory = step.memory ?? parsed.memory
  const position = markerPosition(step.action)
  const action = step.action ? formatAction(step.action) : null
  return html`<section class="card step-card" id="step-${step.index}" data-step="${step.index}">
<h3>Step ${step.index}${options.key ? html` <span class="badge ok" title="kept by the judge as evidence">key screenshot</span>` : null}${step.repeated ? html` <span class="badge warn" title="the action was repeated on an unchanged screen">repeated</span>` : null}${step.action_error ? html` <span class="badge bad">action failed</span>` : null}</h3>
<div class="step">
<div>
<div class="shot">${shotImage(step, options)}${position ? html`<div class="marker" data-action="${step.action?.name}" title="${action}" style="${markerStyle(position)}"></div>` : null}</div>
<div class="muted" style="margin-top:4px;overflow-wrap:anywhere">${step.title ? html`${step.title} · ` : null}${step.url}</div>
</div>
<div>
<dl class="facts">
<dt>Action</dt><dd>${action ? html`<code class="action">${action}</code>` : html`<span class="error">no valid action${parsed.error ? html`: ${parsed.error}` : null}</span>`}${parsed.actionText ? html`<div class="muted">${parsed.actionText}</div>` : null}</dd>
${step.action_error ? html`<dt>Error</dt><dd class="error"><pre>${step.action_error}</pre></dd>` : null}
<dt>Thought</dt><dd>${parsed.thought ? html`<pre>${parsed.thought}</pre>` : html`<span class="muted">—</span>`}</dd>
<dt>Memory</dt><dd>${memory ? html`<pre>${memory}</pre>` : html`<span class="muted">—</span>`}</dd>
<dt>Repeated</dt><dd>${step.repeated ? 'yes' : 'no'}</dd>
<dt>Timings</dt><dd>observe ${ms(step.observe_ms)} · policy ${ms(step.policy_ms)} · act ${ms(step.act_ms)}</dd>
</dl>
${observationView(step, options)}
${step.response ? html`<details><summary>Raw response</summary><pre>${step.response}</pre></details>` : null}
</div>
</div>
</section>`
}

function shotImage(step: Step, options: StepViewOptions): Html {
  if ('missing' in options.shot)
    return html`<div class="missing" style="aspect-ratio:${options.viewport.width}/${options.viewport.height}">${options.shot.missing}</div>`
  return html`<img src="${options.shot.href}" alt="Screenshot of step ${step.index}" width="${options.viewport.width}" height="${options.viewport.height}" loading="lazy" decoding="async">`
}

/** What the policy was shown besides the screenshot (rollout --observe): the marked screenshot and the text. */
function observationView(step: Step, options: StepViewOptions): Html | null {
  const observation = step.observation
  if (!observation) return null
  const marked = options.marked && 'href' in options.marked ? options.marked : null
  return html`<details class="observation"><summary>What the policy was shown (${observation.elements ?? 0} numbered elements)</summary>
${marked ? html`<img src="${marked.href}" alt="Marked screenshot of step ${step.index}" width="${options.viewport.width}" height="${options.viewport.height}" loading="lazy" decoding="async" style="max-width:100%;height:auto">` : null}
${observation.text ? html`<pre>${observation.text}</pre>` : null}
</details>`
}

function ms(value: number): string {
  return `${Math.round(value)} ms`
}
