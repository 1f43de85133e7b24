import {STATUS_TONE} from './badges.js'
import {NONE_LABEL} from './table-data.js'

// The script of a report table (the index, a comparison page): it loads the rows from the chunk files beside the page
// one after another (data/<dataset>-<k>.js, see chunk-writer.ts), shows the first page as soon as its rows are in,
// and filters, sorts and pages over every row loaded, counting each facet's values under the other filters. Cells are
// built with textContent, never markup, so record text stays text. The view (filters, order, page) lives in the URL's
// fragment, so the back button and a shared link return to it. When the labelling script is on the page
// (window.webgymLabels), a label column and filter are added. The page's description is the JSON in
// #report-data (TableMeta).
export const TABLE_SCRIPT = `(() => {
  const meta = JSON.parse(document.getElementById('report-data').textContent);
  const NONE = ${JSON.stringify(NONE_LABEL)};
  const STATUS_TONE = ${JSON.stringify(Object.fromEntries(STATUS_TONE))};
  const table = document.querySelector('table[data-report-table]');
  const tbody = table.tBodies[0];
  const shown = document.getElementById('shown');
  const loading = document.getElementById('loading');
  const pageInfo = document.getElementById('page-info');
  const labels = window.webgymLabels || null;
  const cols = meta.columns;
  const at = {};
  cols.forEach((column, i) => { at[column.id] = i; });
  const orderAt = at[meta.order];
  const runAt = at.run;
  const keyAt = meta.labels ? at[meta.labels.key] : undefined;
  const rank = cols.map((column) => {
    if (column.kind !== 'code') return null;
    const ranks = new Array(column.values.length);
    column.order.forEach((code, i) => { ranks[code] = i; });
    return ranks;
  });
  const rows = [];
  let loaded = 0;
  let complete = meta.chunks.length === 0;
  let view = [];
  const state = {filters: {}, search: {}, sort: meta.order, dir: 1, page: 0, size: meta.pageSize};

  const valueOf = (row, i) => {
    const column = cols[i];
    const value = row[i];
    if (column.kind === 'code') return column.values[value];
    return value === null || value === undefined ? NONE : String(value);
  };
  const labelOf = (row) => labels.state(row[keyAt]);

  const readHash = () => {
    const params = new URLSearchParams(location.hash.slice(1));
    for (const [name, value] of params) {
      if (name.startsWith('f.')) state.filters[name.slice(2)] = value;
      else if (name.startsWith('q.')) state.search[name.slice(2)] = value;
    }
    if (params.get('sort') in at) state.sort = params.get('sort');
    state.dir = params.get('dir') === 'desc' ? -1 : 1;
    state.page = Math.max(0, (parseInt(params.get('page'), 10) || 1) - 1);
    const size = parseInt(params.get('size'), 10);
    if ([50, 100, 500].includes(size)) state.size = size;
  };
  const writeHash = () => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(state.filters)) if (value !== '') params.set('f.' + name, value);
    for (const [name, value] of Object.entries(state.search)) if (value !== '') params.set('q.' + name, value);
    if (state.sort !== meta.order || state.dir !== 1) {
      params.set('sort', state.sort);
      params.set('dir', state.dir === 1 ? 'asc' : 'desc');
    }
    if (state.page > 0) params.set('page', String(state.page + 1));
    if (state.size !== meta.pageSize) params.set('size', String(state.size));
    const hash = params.toString();
    if (hash !== location.hash.slice(1)) history.replaceState(null, '', hash ? '#' + hash : location.pathname + location.search);
  };

  // The tests the rows must pass, one per active filter, each tagged with its column (for the facet counts).
  const tests = () => {
    const list = [];
    for (const [id, value] of Object.entries(state.filters)) {
      if (value === '') continue;
      if (id === 'label' && labels) {
        list.push({id, pass: (row) => labelOf(row) === value});
        continue;
      }
      const i = at[id];
      if (i === undefined) continue;
      if (cols[i].kind === 'code') {
        const code = cols[i].values.indexOf(value);
        list.push({id, pass: (row) => row[i] === code});
      } else list.push({id, pass: (row) => valueOf(row, i) === value});
    }
    for (const [id, text] of Object.entries(state.search)) {
      const needle = text.trim().toLowerCase();
      const i = at[id];
      if (needle === '' || i === undefined) continue;
      list.push({id, pass: (row) => row[i] !== null && String(row[i]).toLowerCase().includes(needle)});
    }
    return list;
  };
  const passes = (row, list, except) => {
    for (const test of list) if (test.id !== except && !test.pass(row)) return false;
    return true;
  };

  const sortView = () => {
    if (state.sort === meta.order && state.dir === 1) return;
    const i = at[state.sort];
    const column = cols[i];
    const key = column.kind === 'code' ? (row) => rank[i][row[i]] : column.kind === 'int' ? (row) => (row[i] === null ? Infinity : row[i]) : (row) => (row[i] === null ? '' : String(row[i]).toLowerCase());
    const keys = new Array(rows.length);
    for (const r of view) keys[r] = key(rows[r]);
    const dir = state.dir;
    view.sort((a, b) => {
      const x = keys[a];
      const y = keys[b];
      return x < y ? -dir : x > y ? dir : a - b;
    });
  };

  // Each select box's options counted over the rows that pass every other filter.
  const countFacets = (list) => {
    for (const select of document.querySelectorAll('select[data-filter]')) {
      const id = select.dataset.filter;
      const i = at[id];
      if (i === undefined && !(id === 'label' && labels)) continue;
      const tally = new Map();
      for (const row of rows) {
        if (!passes(row, list, id)) continue;
        const value = i === undefined ? labelOf(row) : valueOf(row, i);
        tally.set(value, (tally.get(value) || 0) + 1);
      }
      for (const option of select.options) if (option.value !== '') option.textContent = option.dataset.text + ' (' + (tally.get(option.value) || 0) + ')';
    }
  };

  const compute = () => {
    const list = tests();
    view = [];
    for (let r = 0; r < rows.length; r++) if (passes(rows[r], list, null)) view.push(r);
    sortView();
    if (complete || list.length > 0) countFacets(list);
  };

  const badge = (text, tone) => {
    const span = document.createElement('span');
    span.className = 'badge' + (tone ? ' ' + tone : '');
    span.textContent = text;
    return span;
  };
  const linked = (node, n) => {
    if (n === null || n === undefined) return node;
    const a = document.createElement('a');
    a.href = 't/' + n + '.html';
    a.append(node);
    return a;
  };
  const fill = (td, column, row, i) => {
    const value = valueOf(row, i);
    const n = column.link === undefined ? null : row[at[column.link]];
    if (column.render === 'link') td.append(linked(document.createTextNode(row[i] === null ? '—' : String(row[i])), n));
    else if (column.render === 'status') td.append(badge(value, STATUS_TONE[value]));
    else if (column.render === 'reward') td.append(linked(value === '1' ? badge('1', 'ok') : value === '0' ? badge('0', 'bad') : badge(value === NONE ? '—' : value, ''), n));
    else if (column.render === 'change') td.append(badge(value, value === 'to success' ? 'ok' : value === 'to failure' ? 'bad' : ''));
    else if (column.render === 'run') {
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = meta.runs[row[i]].colour;
      td.append(swatch, document.createTextNode(value));
    } else td.textContent = row[i] === null ? '—' : value;
  };
  const rowElement = (row) => {
    const tr = document.createElement('tr');
    tr.dataset.n = String(row[orderAt]);
    for (let i = 0; i < cols.length; i++) {
      const column = cols[i];
      if (column.hidden) continue;
      const td = document.createElement('td');
      if (column.numeric) td.className = 'num';
      fill(td, column, row, i);
      tr.append(td);
    }
    if (runAt !== undefined) tr.firstChild.style.boxShadow = 'inset 4px 0 0 ' + meta.runs[row[runAt]].colour;
    if (labels && keyAt !== undefined) tr.append(labels.cell(row[keyAt], row[orderAt]));
    return tr;
  };

  const render = () => {
    const pages = Math.max(1, Math.ceil(view.length / state.size));
    // While rows still arrive, a page past the loaded ones (a link back to page 40) is kept, not clamped.
    if (complete) state.page = Math.min(state.page, pages - 1);
    const start = state.page * state.size;
    const fragment = document.createDocumentFragment();
    for (const r of view.slice(start, start + state.size)) fragment.append(rowElement(rows[r]));
    tbody.replaceChildren(fragment);
    shown.textContent = String(view.length);
    pageInfo.textContent = view.length === 0 ? 'no rows' : start >= view.length ? 'page ' + (state.page + 1) + ': loading' : 'rows ' + (start + 1) + '–' + Math.min(view.length, start + state.size) + ', page ' + (state.page + 1) + ' of ' + pages;
    for (const button of document.querySelectorAll('[data-page]')) {
      const go = button.dataset.page;
      button.disabled = go === 'first' || go === 'prev' ? state.page === 0 : state.page >= pages - 1;
    }
    for (const th of table.tHead.querySelectorAll('th[data-sort]')) th.setAttribute('aria-sort', th.dataset.sort !== state.sort ? 'none' : state.dir === 1 ? 'ascending' : 'descending');
    loading.textContent = complete ? '' : 'loading rows: ' + rows.length.toLocaleString('en') + ' of ' + meta.total.toLocaleString('en');
    table.dataset.complete = String(complete);
    table.dataset.loaded = String(rows.length);
    writeHash();
  };
  const refresh = () => {
    compute();
    render();
  };

  // Rows arrive a chunk at a time; the view is recomputed when the page shown still lacks rows, at most twice a
  // second otherwise, and once more when the last chunk is in.
  let lastRefresh = 0;
  let next = 0;
  const loadNext = () => {
    if (next >= meta.chunks.length) return;
    const script = document.createElement('script');
    script.src = 'data/' + meta.dataset + '-' + next + '.js';
    script.onerror = () => {
      loading.textContent = 'could not load ' + script.src + ': the report folder is incomplete (rerun webgym view)';
      loading.classList.add('error');
    };
    next++;
    document.body.append(script);
  };
  window.webgymRows = (dataset, k, chunk) => {
    if (dataset !== meta.dataset || k !== loaded) return;
    for (const row of chunk) rows.push(row);
    loaded++;
    complete = loaded === meta.chunks.length;
    loadNext();
    const now = Date.now();
    if (complete || view.length < (state.page + 1) * state.size || now - lastRefresh > 500) {
      lastRefresh = now;
      refresh();
    } else loading.textContent = 'loading rows: ' + rows.length.toLocaleString('en') + ' of ' + meta.total.toLocaleString('en');
  };

  readHash();
  // Filter selects and search boxes: each keeps its value in state.filters / state.search and restarts at page one.
  const controls = [['select[data-filter]', 'filter', 'filters', 'change'], ['input[data-search]', 'search', 'search', 'input']];
  for (const [selector, key, kind, event] of controls) {
    for (const control of document.querySelectorAll(selector)) {
      control.value = state[kind][control.dataset[key]] || '';
      control.addEventListener(event, () => {
        state[kind][control.dataset[key]] = control.value;
        state.page = 0;
        refresh();
      });
    }
  }
  for (const th of table.tHead.querySelectorAll('th[data-sort]')) {
    th.querySelector('button').addEventListener('click', () => {
      if (state.sort === th.dataset.sort) state.dir = -state.dir;
      else {
        state.sort = th.dataset.sort;
        state.dir = 1;
      }
      state.page = 0;
      refresh();
    });
  }
  for (const button of document.querySelectorAll('[data-page]')) {
    button.addEventListener('click', () => {
      const pages = Math.max(1, Math.ceil(view.length / state.size));
      const go = button.dataset.page;
      state.page = go === 'first' ? 0 : go === 'prev' ? state.page - 1 : go === 'next' ? state.page + 1 : pages - 1;
      state.page = Math.max(0, Math.min(pages - 1, state.page));
      render();
    });
  }
  const size = document.getElementById('page-size');
  size.value = String(state.size);
  size.addEventListener('change', () => {
    state.size = parseInt(size.value, 10);
    state.page = 0;
    render();
  });
  if (labels) labels.attach({refresh, complete: () => complete, keys: () => rows.map((row) => row[keyAt])});
  refresh();
  loadNext();
})();`
