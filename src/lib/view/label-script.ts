// Labelling mode (view --label): a person marks trajectories success or failure, and rubric facts pass or fail, on
// the index and on each trajectory's page. The marks are kept in the browser's localStorage under the report's own
// index address (so two reports do not mix, and a page reloaded or reopened keeps them), and the index exports them
// as the NDJSON `webgym judge eval --labels` reads: {"key": <trajectory key>, "label": 0|1, "facts": [{"group_id",
// "fact", "label"}]} per labelled trajectory, in report order. Moving the report folder leaves the marks behind:
// export before.

// Where the marks live and how they change; window.webgymLabels, for the page's other scripts. `root` is the
// report's index page relative to this page, read from <main data-report-root>.
export const LABEL_STORE_SCRIPT = `(() => {
  const root = document.querySelector('main').dataset.reportRoot;
  const storageKey = 'webgym-labels ' + new URL(root, location.href).href.replace(/[#?].*$/, '');
  const listeners = [];
  // The parsed marks, read again when another tab of the report changes them.
  let cache = null;
  const read = () => {
    if (cache) return cache;
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey) || '{}');
      cache = saved && typeof saved === 'object' ? saved : {};
    } catch {
      cache = {};
    }
    return cache;
  };
  const write = (all) => {
    localStorage.setItem(storageKey, JSON.stringify(all));
    cache = all;
    for (const listener of listeners) listener();
  };
  const entry = (all, key, n) => all[key] || (all[key] = {n, label: null, facts: {}});
  const tidy = (all, key) => {
    const mark = all[key];
    if (mark && mark.label === null && Object.keys(mark.facts).length === 0) delete all[key];
  };
  const api = {
    all: read,
    get: (key) => read()[key] || null,
    state: (key) => {
      const mark = read()[key];
      return mark && mark.label !== null ? String(mark.label) : 'unlabelled';
    },
    // A trajectory's mark: 1, 0, or null to clear it.
    set: (key, n, label) => {
      const all = read();
      entry(all, key, n).label = label;
      tidy(all, key);
      write(all);
    },
    setFact: (key, n, fact, label) => {
      const all = read();
      const mark = entry(all, key, n);
      const id = JSON.stringify([fact.group_id, fact.fact]);
      if (label === null) delete mark.facts[id];
      else mark.facts[id] = {group_id: fact.group_id, fact: fact.fact, label};
      tidy(all, key);
      write(all);
    },
    clear: () => {
      localStorage.removeItem(storageKey);
      cache = null;
      for (const listener of listeners) listener();
    },
    onChange: (listener) => listeners.push(listener),
    // Two toggle buttons, success and failure; pressing the pressed one clears the mark.
    buttons: (current, onPick, words, titles) => {
      const box = document.createElement('span');
      box.className = 'marks';
      for (const [value, text, title, tone] of [[1, words[0], titles[0], 'yes'], [0, words[1], titles[1], 'no']]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'mark ' + tone;
        button.dataset.mark = String(value);
        button.textContent = text;
        button.title = title;
        button.setAttribute('aria-pressed', String(current === value));
        button.addEventListener('click', () => onPick(current === value ? null : value));
        box.append(button);
      }
      return box;
    },
    cell: (key, n) => {
      const td = document.createElement('td');
      td.className = 'label-cell';
      const mark = api.get(key);
      td.replaceChildren(api.buttons(mark ? mark.label : null, (label) => api.set(key, n, label), ['✓', '✗'], ['success', 'failure']));
      return td;
    },
    attach: () => {},
  };
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKey && event.key !== null) return;
    cache = null;
    for (const listener of listeners) listener();
  });
  window.webgymLabels = api;
})();
`

// The index's labelling panel: counts, the export (a download and the same text in a box to copy), and clearing. The
// export waits until every row is loaded, and leaves out marks of trajectories this report does not hold (a report
// rebuilt in the same folder from other inputs).
export const INDEX_LABEL_SCRIPT = `(() => {
  const labels = window.webgymLabels;
  const status = document.getElementById('label-status');
  const exportButton = document.getElementById('label-export');
  const showButton = document.getElementById('label-show');
  const clearButton = document.getElementById('label-clear');
  const text = document.getElementById('label-text');
  let table = null;
  const ndjson = () => {
    const keys = new Set(table.keys());
    const all = labels.all();
    const lines = [];
    let factsOnly = 0;
    let elsewhere = 0;
    const entries = Object.entries(all).sort((a, b) => a[1].n - b[1].n || (a[0] < b[0] ? -1 : 1));
    for (const [key, mark] of entries) {
      if (!keys.has(key)) {
        elsewhere++;
        continue;
      }
      if (mark.label === null) {
        factsOnly++;
        continue;
      }
      const record = {key, label: mark.label};
      const facts = Object.values(mark.facts);
      if (facts.length > 0) record.facts = facts;
      lines.push(JSON.stringify(record) + '\\n');
    }
    return {text: lines.join(''), count: lines.length, factsOnly, elsewhere};
  };
  const update = () => {
    const all = Object.values(labels.all());
    const success = all.filter((mark) => mark.label === 1).length;
    const failure = all.filter((mark) => mark.label === 0).length;
    const ready = table !== null && table.complete();
    status.textContent = (success + failure) + ' trajectories labelled (' + success + ' success, ' + failure + ' failure)' + (ready ? '' : '; export once every row is loaded');
    exportButton.disabled = !ready;
    showButton.disabled = !ready;
    if (!text.hidden && ready) text.value = ndjson().text;
  };
  const note = (result) => {
    const notes = [];
    if (result.factsOnly > 0) notes.push(result.factsOnly + ' with fact marks but no success/failure mark left out');
    if (result.elsewhere > 0) notes.push(result.elsewhere + ' of trajectories not in this report left out');
    status.textContent = result.count + ' labels exported' + (notes.length > 0 ? ' (' + notes.join('; ') + ')' : '');
  };
  exportButton.addEventListener('click', () => {
    const result = ndjson();
    const url = URL.createObjectURL(new Blob([result.text], {type: 'application/x-ndjson'}));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'labels.ndjson';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    note(result);
  });
  showButton.addEventListener('click', () => {
    text.hidden = false;
    const result = ndjson();
    text.value = result.text;
    text.select();
    note(result);
  });
  clearButton.addEventListener('click', () => {
    if (confirm('Clear every label of this report?')) labels.clear();
  });
  labels.attach = (tableApi) => {
    table = tableApi;
    update();
  };
  labels.onChange(() => {
    update();
    if (table) table.refresh();
  });
  const tick = setInterval(() => {
    update();
    if (table && table.complete()) clearInterval(tick);
  }, 300);
})();
`

// A trajectory page's labelling: success/failure for the trajectory, pass/fail for each rubric fact. The page says
// which trajectory it is (<main data-label-key data-n>) and which facts it shows (<li data-group-id data-fact>).
export const PAGE_LABEL_SCRIPT = `(() => {
  const labels = window.webgymLabels;
  const main = document.querySelector('main');
  const key = main.dataset.labelKey;
  const n = Number(main.dataset.n);
  const box = document.getElementById('label-trajectory');
  const count = document.getElementById('label-count');
  const draw = () => {
    const mark = labels.get(key);
    box.replaceChildren(labels.buttons(mark ? mark.label : null, (label) => labels.set(key, n, label), ['✓ success', '✗ failure'], ['the task was done', 'the task was not done']));
    for (const item of document.querySelectorAll('li[data-fact]')) {
      const fact = {group_id: item.dataset.groupId, fact: item.dataset.fact};
      const id = JSON.stringify([fact.group_id, fact.fact]);
      const current = mark && mark.facts[id] ? mark.facts[id].label : null;
      let slot = item.querySelector('.fact-marks');
      if (!slot) {
        slot = document.createElement('div');
        slot.className = 'fact-marks';
        item.append(slot);
      }
      slot.replaceChildren(labels.buttons(current, (label) => labels.setFact(key, n, fact, label), ['✓ holds', '✗ does not'], ['the fact holds', 'the fact does not hold']));
    }
    const all = Object.values(labels.all());
    count.textContent = all.filter((entry) => entry.label !== null).length + ' trajectories of this report labelled so far; export them from the index.';
  };
  labels.onChange(draw);
  draw();
})();
`
