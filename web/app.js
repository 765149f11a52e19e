// The page of `sudoforge serve`: browse the catalogue (GET /v1/puzzles), play one puzzle
// (GET /v1/puzzles/{id}, its solution fetched only when Check is pressed), step through
// its explanation (POST /v1/grade with steps) and print one or six puzzles.
// Plain script, no build step, no network beyond the server it came from.
'use strict';

const PAGE_SIZE = 20;
const $ = (sel) => document.querySelector(sel);

// ---- API ----------------------------------------------------------------------------

// The token of a server started with --token-for-reads, in sessionStorage: this tab only,
// gone when it closes, never in a cookie or the URL.
const TOKEN_KEY = 'sudoforge-token';

function storedToken() {
  try {
    return sessionStorage.getItem(TOKEN_KEY) || '';
  } catch (e) {
    return '';  // storage disabled: the field's value serves this page only
  }
}

async function api(path, body) {
  const headers = {};
  const token = storedToken() || $('#token').value.trim();
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const init = body === undefined ? {headers} : {
    method: 'POST',
    headers: {...headers, 'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  // 401: no token sent; 403: a wrong one (or writes disabled): ask for it.
  if (res.status === 401 || (res.status === 403 && token)) $('#token-form').hidden = false;
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    throw new Error('HTTP ' + res.status);
  }
  if (res.status === 401) throw new Error('this server needs an access token (enter it above)');
  if (!res.ok) {
    throw new Error(data && data.error ? data.error.message : 'HTTP ' + res.status);
  }
  return data;
}

function saveToken(e) {
  e.preventDefault();
  const token = $('#token').value.trim();
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch (err) {
    // storage disabled: api() reads the field instead
  }
  list.history = [];
  loadList(0);
  route();
}

// ---- Geometry: symbols and boxes ------------------------------------------------------

// Box height x width of the standard boards (rows of boxes are the shorter side).
function boxShape(n) {
  const shapes = {4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4],
                  16: [4, 4], 25: [5, 5]};
  return shapes[n] || [1, n];
}

function symbol(v) {
  return v <= 9 ? String(v) : String.fromCharCode(55 + v);  // 10 -> 'A'
}

function valueOf(ch, n) {
  if (/^[1-9]$/.test(ch)) {
    const v = Number(ch);
    return v <= n ? v : 0;
  }
  if (/^[A-Za-z]$/.test(ch)) {
    const v = ch.toUpperCase().charCodeAt(0) - 55;
    return v > 9 && v <= n ? v : 0;
  }
  return 0;
}

function parseGrid(text) {
  const n = Math.round(Math.sqrt(text.length));
  const cells = [];
  for (const ch of text) cells.push(valueOf(ch, n));
  return {n, cells};
}

// Region of every cell: the jigsaw map when there is one, else the standard boxes.
function regionsOf(n, regions) {
  if (regions && regions.length === n * n) return Array.from(regions);
  const [h, w] = boxShape(n);
  const out = [];
  for (let r = 0; r < n; ++r)
    for (let c = 0; c < n; ++c) out.push(Math.floor(r / h) * (n / w) + Math.floor(c / w));
  return out;
}

// The houses (rows, columns, regions) as lists of cells.
function housesOf(n, region) {
  const houses = [];
  for (let r = 0; r < n; ++r) houses.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; ++c) houses.push([...Array(n).keys()].map((r) => r * n + c));
  const byRegion = new Map();
  region.forEach((id, i) => {
    if (!byRegion.has(id)) byRegion.set(id, []);
    byRegion.get(id).push(i);
  });
  return houses.concat([...byRegion.values()]);
}

// ---- Board drawing --------------------------------------------------------------------

// An n x n grid of cells with thick borders between regions. Interactive boards are an
// ARIA grid with one tab stop (the selected cell); printed ones are plain.
function buildBoard(container, n, region, interactive) {
  container.textContent = '';
  container.style.setProperty('--n', n);
  container.style.setProperty('--box-cols', boxShape(n)[1]);
  const cells = [];
  for (let r = 0; r < n; ++r) {
    const row = document.createElement('div');
    row.style.display = 'contents';
    if (interactive) row.setAttribute('role', 'row');
    for (let c = 0; c < n; ++c) {
      const i = r * n + c;
      const el = document.createElement('div');
      el.className = 'cell';
      el.dataset.cell = i;
      if (c === n - 1) el.classList.add('edge-r');
      else if (region[i] !== region[i + 1]) el.classList.add('br');
      if (r === n - 1) el.classList.add('edge-b');
      else if (region[i] !== region[i + n]) el.classList.add('bb');
      if (interactive) {
        el.setAttribute('role', 'gridcell');
        el.tabIndex = -1;
      }
      row.appendChild(el);
      cells.push(el);
    }
    container.appendChild(row);
  }
  return cells;
}

function drawGivens(cells, grid) {
  grid.cells.forEach((v, i) => {
    cells[i].textContent = v ? symbol(v) : '';
    cells[i].classList.toggle('given', v !== 0);
  });
}

// ---- List view ------------------------------------------------------------------------

const list = {offset: 0, history: [], next: null, puzzles: []};

function filterQuery() {
  const q = new URLSearchParams();
  const add = (name, value) => {
    if (value !== '') q.append(name, value);
  };
  add('level', $('#f-level').value);
  add('min_rating', $('#f-min').value.trim());
  add('max_rating', $('#f-max').value.trim());
  for (const t of $('#f-technique').value.split(',')) add('technique', t.trim());
  add('size', $('#f-size').value);
  add('variant', $('#f-variant').value.trim());
  add('order', $('#f-order').value);
  return q;
}

async function loadList(offset) {
  const q = filterQuery();
  q.set('limit', PAGE_SIZE);
  q.set('offset', offset);
  const status = $('#list-status');
  status.textContent = 'Loading…';
  let data;
  try {
    data = await api('/v1/puzzles?' + q.toString());
  } catch (e) {
    status.textContent = 'Could not load the puzzles: ' + e.message;
    return;
  }
  list.offset = offset;
  list.next = data.next_offset;
  list.puzzles = data.puzzles;
  const body = $('#puzzles tbody');
  body.textContent = '';
  for (const p of data.puzzles) {
    const tr = document.createElement('tr');
    tr.dataset.id = p.id;
    const cell = (text, cls) => {
      const td = document.createElement('td');
      td.textContent = text;
      if (cls) td.className = cls;
      tr.appendChild(td);
    };
    cell(p.id, 'num');
    cell(p.rating === null ? '—' : p.rating.toFixed(1), 'num rating');
    cell(p.level || '—', 'level');
    cell(p.clues, 'num');
    cell(p.size + (p.variant && p.variant !== 'classic' ? ' ' + p.variant : ''));
    const td = document.createElement('td');
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'open';
    open.textContent = 'Open';
    open.setAttribute('aria-label', 'Open puzzle ' + p.id);
    open.addEventListener('click', () => {
      location.hash = '#puzzle/' + p.id;
    });
    td.appendChild(open);
    tr.appendChild(td);
    body.appendChild(tr);
  }
  const first = data.puzzles.length ? offset + 1 : 0;
  status.textContent = data.puzzles.length
      ? 'Puzzles ' + first + '–' + (offset + data.puzzles.length) + '.'
      : 'No puzzle matches these filters.';
  $('#page-info').textContent = data.puzzles.length ? 'Page ' + (offset / PAGE_SIZE + 1) : '';
  $('#page-prev').disabled = offset === 0;
  $('#page-next').disabled = data.next_offset === null || data.next_offset === undefined;
  $('#print-six').disabled = data.puzzles.length === 0;
}

// ---- Puzzle view: play ----------------------------------------------------------------

const game = {
  id: 0, n: 9, variant: 'classic', puzzle: '', region: [], houses: [], peers: [],
  givens: [], values: [], cands: [], marks: [], history: [], selected: -1, pencil: false,
  solution: null, cells: [], steps: null, step: 0,
};

function peersOf(n, houses) {
  const peers = Array.from({length: n * n}, () => new Set());
  for (const h of houses)
    for (const a of h)
      for (const b of h)
        if (a !== b) peers[a].add(b);
  return peers;
}

async function openPuzzle(id) {
  showView('puzzle');
  $('#play-status').textContent = 'Loading…';
  let p;
  try {
    p = await api('/v1/puzzles/' + encodeURIComponent(id));
  } catch (e) {
    $('#play-status').textContent = 'Could not load puzzle ' + id + ': ' + e.message;
    return;
  }
  const grid = parseGrid(p.puzzle);
  Object.assign(game, {
    id: p.id, n: grid.n, variant: p.variant || 'classic', puzzle: p.puzzle,
    givens: grid.cells, values: grid.cells.slice(), cands: grid.cells.map(() => new Set()),
    marks: grid.cells.map(() => ''), history: [], selected: -1, solution: null,
    steps: null, step: 0,
  });
  game.region = regionsOf(grid.n, p.regions);
  game.houses = housesOf(grid.n, game.region);
  game.peers = peersOf(grid.n, game.houses);
  $('#puzzle-title').textContent = 'Puzzle #' + p.id;
  const facts = [];
  if (p.rating !== null) facts.push('rating ' + p.rating.toFixed(1));
  if (p.level) facts.push(p.level);
  facts.push(p.clues + ' clues');
  if (game.variant !== 'classic') facts.push(game.variant);
  if (p.techniques && p.techniques.length) facts.push(p.techniques.join(', '));
  $('#puzzle-meta').textContent = facts.join(' · ');
  game.cells = buildBoard($('#board'), game.n, game.region, true);
  game.cells.forEach((el, i) => {
    el.addEventListener('click', () => select(i, true));
  });
  buildKeypad();
  $('#steps').hidden = true;
  $('#play-status').textContent = '';
  $('#play-status').className = '';
  select(game.givens.findIndex((v) => v === 0), false);
  render();
}

function buildKeypad() {
  const pad = $('#keypad');
  pad.textContent = '';
  pad.style.gridTemplateColumns = 'repeat(' + (game.n > 9 ? 6 : 5) + ', 1fr)';
  for (let v = 1; v <= game.n; ++v) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = symbol(v);
    b.setAttribute('aria-label', 'Enter ' + symbol(v));
    b.addEventListener('click', () => {
      enter(v);
      focusSelected();
    });
    pad.appendChild(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = '⌫';
  erase.setAttribute('aria-label', 'Erase');
  erase.addEventListener('click', () => {
    enter(0);
    focusSelected();
  });
  pad.appendChild(erase);
}

function select(i, focus) {
  if (i < 0) i = 0;
  game.selected = i;
  game.cells.forEach((el, k) => {
    el.tabIndex = k === i ? 0 : -1;
  });
  render();
  if (focus) focusSelected();
}

function focusSelected() {
  if (game.selected >= 0 && game.cells[game.selected]) game.cells[game.selected].focus();
}

// Sets the selected cell to v (0 erases), or toggles candidate v in pencil mode.
function enter(v) {
  const i = game.selected;
  if (i < 0 || game.givens[i] || game.steps) return;
  const before = {cell: i, value: game.values[i], cands: new Set(game.cands[i])};
  if (game.pencil && v) {
    if (game.values[i]) return;
    if (game.cands[i].has(v)) game.cands[i].delete(v);
    else game.cands[i].add(v);
  } else {
    if (game.values[i] === v && v !== 0) return;
    game.values[i] = v;
    if (v === 0) game.cands[i].clear();
  }
  game.history.push(before);
  game.marks[i] = '';
  setStatus('', '');
  render();
}

function undo() {
  const last = game.history.pop();
  if (!last || game.steps) return;
  game.values[last.cell] = last.value;
  game.cands[last.cell] = last.cands;
  game.marks[last.cell] = '';
  select(last.cell, true);
}

function setStatus(text, cls) {
  const s = $('#play-status');
  s.textContent = text;
  s.className = cls;
}

async function check() {
  if (game.steps) closeSteps();
  if (!game.solution) {
    try {
      const p = await api('/v1/puzzles/' + game.id + '?solution=true');
      if (!p.solution) throw new Error('the catalogue has no solution for it');
      game.solution = parseGrid(p.solution).cells;
    } catch (e) {
      setStatus('Cannot check: ' + e.message, 'wrong');
      return;
    }
  }
  let wrong = 0, empty = 0;
  game.values.forEach((v, i) => {
    if (game.givens[i]) return;
    if (!v) {
      ++empty;
      game.marks[i] = '';
    } else if (v === game.solution[i]) {
      game.marks[i] = 'right';
    } else {
      game.marks[i] = 'wrong';
      ++wrong;
    }
  });
  render();
  if (wrong) setStatus(wrong + (wrong === 1 ? ' cell is' : ' cells are') + ' wrong.', 'wrong');
  else if (empty) setStatus('No mistakes so far; ' + empty + ' cells to go.', '');
  else setStatus('Solved!', 'solved');
}

// ---- Puzzle view: explanation ---------------------------------------------------------

async function explain() {
  setStatus('Grading…', '');
  let r;
  try {
    r = await api('/v1/grade', {puzzle: game.puzzle, variant: game.variant, steps: true});
  } catch (e) {
    setStatus('Cannot explain: ' + e.message, 'wrong');
    return;
  }
  if (!r.steps || !r.steps.length) {
    setStatus('Nothing to explain.', '');
    return;
  }
  game.steps = r.steps;
  game.step = 0;
  $('#steps').hidden = false;
  setStatus('Rating ' + r.rating.toFixed(1) + ' (' + r.level + '), ' + r.steps.length +
                ' steps' + (r.complete ? '.' : '; the grader got stuck after them.'),
            '');
  showStep();
  $('#step-next').focus();
}

function closeSteps() {
  game.steps = null;
  $('#steps').hidden = true;
  render();
}

// The board as the grader saw it before step k: the givens, the placements of earlier
// steps, and every candidate the houses allow minus the earlier eliminations.
function stateBefore(k) {
  const values = game.givens.slice();
  const gone = values.map(() => new Set());
  for (let s = 0; s < k; ++s) {
    for (const [c, v] of game.steps[s].placements) values[c] = v;
    for (const [c, v] of game.steps[s].eliminations) gone[c].add(v);
  }
  const cands = values.map((v, i) => {
    const set = new Set();
    if (v) return set;
    for (let d = 1; d <= game.n; ++d) if (!gone[i].has(d)) set.add(d);
    for (const p of game.peers[i]) set.delete(values[p]);
    return set;
  });
  return {values, cands};
}

function showStep() {
  const k = game.step, total = game.steps.length;
  $('#step-counter').textContent = 'Step ' + (k + 1) + ' of ' + total;
  $('#step-sentence').textContent = game.steps[k].explanation;
  $('#step-prev').disabled = k === 0;
  $('#step-next').disabled = k === total - 1;
  render();
}

// ---- Rendering ------------------------------------------------------------------------

function render() {
  if (!game.cells.length) return;
  const explaining = game.steps !== null;
  let values = game.values, cands = game.cands;
  const pattern = new Set(), place = new Map(), elim = new Map();
  if (explaining) {
    ({values, cands} = stateBefore(game.step));
    const s = game.steps[game.step];
    for (const c of s.cells) pattern.add(c);
    for (const [c, v] of s.placements) place.set(c, v);
    for (const [c, v] of s.eliminations) {
      if (!elim.has(c)) elim.set(c, new Set());
      elim.get(c).add(v);
    }
  }
  const sel = game.selected;
  const selValue = sel >= 0 ? values[sel] : 0;
  game.cells.forEach((el, i) => {
    const v = values[i];
    el.textContent = '';
    const given = game.givens[i] !== 0;
    el.className = el.className.replace(/\b(given|peer|same|selected|wrong|right|pattern|place)\b/g, '')
                       .replace(/\s+/g, ' ').trim();
    if (given) el.classList.add('given');
    if (v) {
      el.textContent = symbol(v);
    } else if (cands[i].size) {
      const box = document.createElement('div');
      box.className = 'cands';
      box.setAttribute('aria-hidden', 'true');
      for (let d = 1; d <= game.n; ++d) {
        const span = document.createElement('span');
        span.dataset.digit = d;
        if (cands[i].has(d)) span.textContent = symbol(d);
        if (elim.has(i) && elim.get(i).has(d)) span.className = 'elim';
        if (place.get(i) === d) span.className = 'placed';
        box.appendChild(span);
      }
      el.appendChild(box);
    }
    if (!explaining) {
      if (i === sel) el.classList.add('selected');
      else if (sel >= 0 && game.peers[sel].has(i)) el.classList.add('peer');
      else if (selValue && v === selValue) el.classList.add('same');
      if (game.marks[i]) el.classList.add(game.marks[i]);
    } else {
      if (pattern.has(i)) el.classList.add('pattern');
      if (place.has(i)) el.classList.add('place');
    }
    const r = Math.floor(i / game.n) + 1, c = (i % game.n) + 1;
    let label = 'row ' + r + ' column ' + c + ': ';
    if (v) label += symbol(v) + (given ? ' (given)' : '');
    else if (cands[i].size) label += 'candidates ' + [...cands[i]].map(symbol).join(' ');
    else label += 'empty';
    if (!explaining && game.marks[i]) label += ', ' + game.marks[i];
    el.setAttribute('aria-label', label);
    el.dataset.value = v ? v : '';
    el.setAttribute('aria-selected', i === sel ? 'true' : 'false');
  });
}

// ---- Print view -----------------------------------------------------------------------

async function openPrint(ids) {
  showView('print');
  const sheet = $('#print-sheet');
  sheet.textContent = '';
  sheet.className = ids.length === 1 ? 'one' : 'six';
  $('#print-title').textContent = ids.length === 1 ? 'Print puzzle #' + ids[0]
                                                   : 'Print ' + ids.length + ' puzzles';
  let puzzles;
  try {
    puzzles = await Promise.all(ids.map((id) => api('/v1/puzzles/' + encodeURIComponent(id))));
  } catch (e) {
    sheet.textContent = 'Could not load the puzzles: ' + e.message;
    return;
  }
  for (const p of puzzles) {
    const fig = document.createElement('figure');
    const board = document.createElement('div');
    board.className = 'board';
    board.setAttribute('role', 'img');
    const grid = parseGrid(p.puzzle);
    const cells = buildBoard(board, grid.n, regionsOf(grid.n, p.regions), false);
    drawGivens(cells, grid);
    board.setAttribute('aria-label', 'Puzzle #' + p.id);
    const cap = document.createElement('figcaption');
    cap.textContent = '#' + p.id + (p.rating !== null ? ' · ' + p.rating.toFixed(1) : '') +
                      (p.level ? ' · ' + p.level : '');
    fig.append(board, cap);
    sheet.appendChild(fig);
  }
}

// ---- Views and events -----------------------------------------------------------------

function showView(name) {
  $('#list-view').hidden = name !== 'list';
  $('#puzzle-view').hidden = name !== 'puzzle';
  $('#print-view').hidden = name !== 'print';
}

// Routes: "" the list, "#puzzle/ID", "#print/ID,ID,...".
function route() {
  const h = location.hash;
  let m;
  if ((m = /^#puzzle\/(\d+)$/.exec(h))) {
    openPuzzle(m[1]);
  } else if ((m = /^#print\/([\d,]+)$/.exec(h))) {
    openPrint(m[1].split(',').filter((s) => s).slice(0, 6));
  } else {
    game.cells = [];
    showView('list');
  }
}

function onBoardKey(e) {
  if (game.selected < 0) return;
  const n = game.n, i = game.selected;
  const r = Math.floor(i / n), c = i % n;
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (game.steps) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const k = game.step + (e.key === 'ArrowRight' ? 1 : -1);
      if (k >= 0 && k < game.steps.length) {
        game.step = k;
        showStep();
      }
      e.preventDefault();
    }
    return;
  }
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    const nr = Math.min(n - 1, Math.max(0, r + dr)), nc = Math.min(n - 1, Math.max(0, c + dc));
    select(nr * n + nc, true);
    e.preventDefault();
  } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
    undo();
    e.preventDefault();
  } else if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0') {
    enter(0);
    e.preventDefault();
  } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
    const v = valueOf(e.key, n);
    if (v) {
      enter(v);
      e.preventDefault();
    } else if (e.key.toLowerCase() === 'p') {
      togglePencil();
      e.preventDefault();
    }
  }
}

function togglePencil() {
  game.pencil = !game.pencil;
  $('#pencil').setAttribute('aria-pressed', String(game.pencil));
}

document.addEventListener('DOMContentLoaded', () => {
  if (storedToken()) {
    $('#token').value = storedToken();
    $('#token-form').hidden = false;
  }
  $('#token-form').addEventListener('submit', saveToken);
  $('#filters').addEventListener('submit', (e) => {
    e.preventDefault();
    list.history = [];
    loadList(0);
  });
  $('#page-next').addEventListener('click', () => {
    if (list.next === null) return;
    list.history.push(list.offset);
    loadList(list.next);
  });
  $('#page-prev').addEventListener('click', () => {
    loadList(list.history.length ? list.history.pop() : 0);
  });
  $('#print-six').addEventListener('click', () => {
    const ids = list.puzzles.slice(0, 6).map((p) => p.id);
    if (ids.length) location.hash = '#print/' + ids.join(',');
  });
  $('#back').addEventListener('click', () => {
    location.hash = '';
  });
  $('#board').addEventListener('keydown', onBoardKey);
  $('#pencil').addEventListener('click', togglePencil);
  $('#undo').addEventListener('click', undo);
  $('#check').addEventListener('click', check);
  $('#explain').addEventListener('click', explain);
  $('#print-one').addEventListener('click', () => {
    location.hash = '#print/' + game.id;
  });
  $('#step-prev').addEventListener('click', () => {
    if (game.step > 0) --game.step;
    showStep();
  });
  $('#step-next').addEventListener('click', () => {
    if (game.step < game.steps.length - 1) ++game.step;
    showStep();
  });
  $('#step-close').addEventListener('click', () => {
    closeSteps();
    focusSelected();
  });
  $('#print-now').addEventListener('click', () => window.print());
  $('#print-back').addEventListener('click', () => history.back());
  window.addEventListener('hashchange', route);
  loadList(0);
  route();
});
