import {html, type Html} from './html.js'

// The coloured labels for a trajectory's status and reward, the same on the index and on its own page.

/** The badge tone of each status (the index's script colours its rows' badges from the same map). */
export const STATUS_TONE = new Map<string, string>([
  ['answered', 'ok'],
  ['horizon', 'warn'],
  ['stuck', 'warn'],
  ['blocked', 'bad'],
  ['error', 'bad'],
  ['aborted', 'bad'],
])

export function statusBadge(status: string): Html {
  return html`<span class="badge ${STATUS_TONE.get(status) ?? ''}">${status}</span>`
}

export function rewardBadge(reward: 0 | 1 | null): Html {
  if (reward === null) return html`<span class="badge" title="not judged">—</span>`
  return html`<span class="badge ${reward === 1 ? 'ok' : 'bad'}">${reward}</span>`
}

export function verdictBadge(pass: boolean | null): Html {
  if (pass === null) return html`<span class="badge">not judged</span>`
  return html`<span class="badge ${pass ? 'ok' : 'bad'}">${pass ? 'pass' : 'fail'}</span>`
}
