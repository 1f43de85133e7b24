import {html, raw, type Html} from './html.js'
import {scriptJson, type FacetSpec, type TableMeta} from './table-data.js'

// The static part of a report table, which the table script fills: the filters (with their counts over every row),
// the header whose buttons sort, an empty body, the pager, and the table's description as JSON.

/** The select boxes and search boxes of the facets, the count of rows shown, and the loading status. */
export function renderFilters(meta: TableMeta, noun: string): Html {
  return html`<div class="filters">
${meta.facets.map(renderFacet)}
${meta.labels ? labelFacet() : null}
<span class="muted"><span id="shown">${meta.total}</span> of ${meta.total} ${noun} shown</span>
<span id="loading" class="muted" role="status"></span>
</div>`
}

function renderFacet(facet: FacetSpec): Html {
  if (facet.type === 'search') {
    return html`<label>${facet.label} <input type="search" data-search="${facet.column}" name="${facet.column}" placeholder="contains…" autocomplete="off"></label>`
  }
  return html`<label>${facet.label} <select data-filter="${facet.column}" name="${facet.column}">
<option value="">all</option>
${(facet.options ?? []).map((option) => html`<option value="${option.value}" data-text="${option.text}">${option.text} (${option.count})</option>`)}
</select></label>`
}

// Labelling mode: rows by the mark a person gave them (counted by the script, from the labels saved in the browser).
function labelFacet(): Html {
  return html`<label>Label <select data-filter="label" name="label">
<option value="">all</option>
<option value="unlabelled" data-text="unlabelled">unlabelled</option>
<option value="1" data-text="success">success</option>
<option value="0" data-text="failure">failure</option>
</select></label>`
}

/** The table (header only: the script adds the rows), the pager and the description the script reads. */
export function renderTable(meta: TableMeta, id: string): Html {
  const head = meta.columns
    .filter((column) => !column.hidden)
    .map(
      (column) =>
        html`<th data-sort="${column.id}" aria-sort="${column.id === meta.order ? 'ascending' : 'none'}"${column.numeric ? raw(' class="num"') : null}><button type="button" class="sort">${column.label}</button></th>`,
    )
  return html`<table id="${id}" data-report-table data-complete="false">
<thead><tr>${head}${meta.labels ? html`<th>Label</th>` : null}</tr></thead>
<tbody></tbody>
</table>
<div class="pager">
<button type="button" data-page="first">« first</button>
<button type="button" data-page="prev">‹ previous</button>
<span id="page-info" class="muted"></span>
<button type="button" data-page="next">next ›</button>
<button type="button" data-page="last">last »</button>
<label class="muted">rows per page <select id="page-size"><option value="50">50</option><option value="100">100</option><option value="500">500</option></select></label>
</div>
<script type="application/json" id="report-data">${raw(scriptJson(meta))}</script>`
}
