import {html, type Html} from './html.js'
import type {ReportRun} from './report-runs.js'

// The index's comparison picker: two select boxes, run A and run B, and a button that opens the page comparing them.
// Pages exist for each pair in input order (compare-<i>-<j>.html, i < j); picking a later run as A opens the same page,
// which says which run is A.

export function comparePicker(runs: readonly ReportRun[]): Html {
  const options = (selected: number) =>
    runs.map(
      (run, i) => html`<option value="${String(i + 1)}"${i === selected ? html` selected` : null}>${run.name}</option>`,
    )
  return html`<p class="compare-picker" id="compare-picker">
<label>Run A <select id="compare-a">${options(0)}</select></label>
<label>Run B <select id="compare-b">${options(1)}</select></label>
<button type="button" id="compare-open">Compare</button> <span id="compare-note" class="muted" role="status"></span>
</p>`
}

/** Opens compare-<lower>-<higher>.html (comparePagePath's names) for the two runs picked; the same run twice is refused in a note. */
export const COMPARE_PICKER_SCRIPT = `(() => {
  const picker = document.getElementById('compare-picker')
  if (!picker) return
  const a = document.getElementById('compare-a')
  const b = document.getElementById('compare-b')
  const note = document.getElementById('compare-note')
  const update = () => {
    note.textContent = a.value === b.value ? 'pick two different runs' : Number(a.value) > Number(b.value) ? 'the page shows the earlier run as A' : ''
    document.getElementById('compare-open').disabled = a.value === b.value
  }
  a.addEventListener('change', update)
  b.addEventListener('change', update)
  document.getElementById('compare-open').addEventListener('click', () => {
    const i = Number(a.value)
    const j = Number(b.value)
    if (i === j) return
    window.location.href = 'compare-' + Math.min(i, j) + '-' + Math.max(i, j) + '.html'
  })
  update()
})()`
