// The reader page of `typeset serve`: pages laid out and drawn by Typeset (a PNG at the device's pixel ratio), an
// invisible text layer over each page at the lines' rectangles (selection, copy, find, screen readers), and the
// reading tools: page turns, contents, settings that keep the place, highlights with notes, search, read aloud.
// Plain JavaScript, no libraries. Every server call goes through one queue, so answers arrive in order.
'use strict';

const bookID = decodeURIComponent(location.pathname.split('/')[2] || '');
const readerID = sessionStorage.getItem('typeset-reader') || (() => {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem('typeset-reader', id);
  return id;
})();
const $ = id => document.getElementById(id);
const pageElement = $('page'), pageImage = $('page-image'), layer = $('text-layer'), decorations = $('decorations');
const caretElement = $('caret');

const defaults = { font: 'Georgia', size: 19, lineHeight: 1.45, margins: 24, theme: 'sepia', justify: false, hyphenate: false };
let settings = Object.assign({}, defaults, JSON.parse(localStorage.getItem('typeset-settings') || '{}'));
let view = null;          // the page shown: PageView JSON (token, image, size, paragraphs, images, highlights)
let page = null;          // its currentPage answer (page, pageCount, range, locator)
let caretOffset = null;   // where the reader last tapped
let searchResults = [];   // the last search's results (ranges), outlined on each page
let searchRects = [];
let speechBoxes = [];     // the sentence and word being read aloud
let info = null;

// ---- Server calls --------------------------------------------------------------------------------------------

function withReader(path) { return path + (path.includes('?') ? '&' : '?') + 'reader=' + readerID; }

async function call(method, path, body) {
  const response = await fetch(withReader(path), {
    method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) {
    const error = new Error(json.error || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return json;
}
const post = (path, body) => call('POST', path, body);
const get = path => call('GET', path);

// One operation at a time: a turn asked for while a settings change is drawn waits for it.
let queue = Promise.resolve();
function enqueue(work) {
  const next = queue.then(work, work);
  queue = next.catch(error => say(error.message));
  return next;
}

function say(text) {
  const message = $('message');
  message.textContent = text;
  message.hidden = !text;
  clearTimeout(say.timer);
  if (text) say.timer = setTimeout(() => { message.hidden = true; }, 4000);
}

// ---- Settings -------------------------------------------------------------------------------------------------

/** The page size the stage leaves, in CSS pixels (Typeset's points). */
function pageSize() {
  const stage = $('stage').getBoundingClientRect();
  const turns = 2 * 40;
  return { width: Math.max(200, Math.floor(stage.width - turns - 16)), height: Math.max(200, Math.floor(stage.height - 16)) };
}

function serverSettings() {
  const size = pageSize();
  return {
    font: settings.font, size: Number(settings.size), 'line-height': Number(settings.lineHeight),
    margins: Number(settings.margins), theme: settings.theme, align: settings.justify ? 'justified' : 'start',
    hyphenate: Boolean(settings.hyphenate), width: size.width, height: size.height,
  };
}

function applyTheme() {
  document.body.className = 'theme-' + settings.theme;
}

function fillSettingsForm() {
  const form = $('settings-form');
  form.font.value = settings.font;
  form.size.value = settings.size;
  form.lineHeight.value = settings.lineHeight;
  form.margins.value = settings.margins;
  form.theme.value = settings.theme;
  form.justify.checked = settings.justify;
  form.hyphenate.checked = settings.hyphenate;
  form['size-value'].value = settings.size + ' pt';
  form['lineHeight-value'].value = Number(settings.lineHeight).toFixed(2);
  form['margins-value'].value = settings.margins + ' pt';
}

function settingsChanged() {
  const form = $('settings-form');
  settings = {
    font: form.font.value, size: Number(form.size.value), lineHeight: Number(form.lineHeight.value),
    margins: Number(form.margins.value), theme: form.theme.value, justify: form.justify.checked, hyphenate: form.hyphenate.checked,
  };
  localStorage.setItem('typeset-settings', JSON.stringify(settings));
  fillSettingsForm();
  applyTheme();
  return applySettings('settings-change');
}

/** Sends the settings; the reading position stays (Typeset's sticky anchor), the page holding it is drawn. */
function applySettings(measure) {
  return enqueue(async () => {
    performance.mark(measure + '-start');
    const result = await post(`/books/${bookID}/view`, { op: 'setSettings', settings: serverSettings() });
    await show(result);
    performance.measure(measure, measure + '-start');
  });
}

// ---- Pages ----------------------------------------------------------------------------------------------------

function pixelRatio() { return Math.min(4, Math.max(1, window.devicePixelRatio || 1)); }

/** Shows a view answer: the image (decoded before it replaces the last one), the text layer, the decorations. */
async function show(result) {
  const url = withReader(result.view.image) + '&scale=' + pixelRatio();
  const image = new Image();
  image.src = url;
  await image.decode();
  view = result.view;
  page = result.page;
  pageElement.style.width = view.size.width + 'px';
  pageElement.style.height = view.size.height + 'px';
  pageImage.src = url;
  buildTextLayer();
  caretElement.hidden = true;
  searchRects = [];
  speechBoxes = [];
  drawDecorations();
  showStatus();
  if (searchResults.length) await outlineSearchResults();
  // For scripts and tests: the view shown and where its page starts in the book.
  document.body.dataset.pageStart = String(page.range.location);
  document.body.dataset.view = String(view.token);
}

function showStatus() {
  const number = page.page, count = page.pageCount;
  // '~' marks an estimate: the number while a section before the page is not laid out yet, the count until all are.
  const approximate = page.pageNumberIsExact === false ? '~' : '';
  $('page-number').textContent = `Page ${approximate}${number} of ${page.pageCountIsExact ? '' : '~'}${count}`;
  // The book's own print pages on this screen (its page list or page-break markers), as a citation needs them.
  const print = page.printPageSource !== 'synthetic' && page.printPages ? page.printPages : [];
  $('print-page').textContent = !print.length ? '' : print.length === 1 ? `print p. ${print[0]}`
    : `print pp. ${print[0]}–${print[print.length - 1]}`;
  const progression = page.locator && page.locator.locations ? page.locator.locations.totalProgression : null;
  $('progress').value = progression == null ? 0 : progression;
  $('progress').dir = view.pageProgression === 'rtl' ? 'rtl' : 'ltr';  // fills from where the book starts
  $('chapter').textContent = view.chapter || '';
  pageElement.setAttribute('aria-label', `Page ${number} of ${count}`);
}

function paragraphTag(paragraph) {
  switch (paragraph.role) {
    case 'heading': return 'h' + paragraph.level;
    case 'blockquote': return 'blockquote';
    case 'pre': return 'pre';
    default: return 'p';
  }
}

/** The text layer: each paragraph an element (a heading is a heading), each line a span at its rectangle,
 *  stretched to it, its text the book's own UTF-16 units so that offsets in it are the book's. */
function buildTextLayer() {
  layer.textContent = '';
  const lines = [];
  const byParagraph = new Map();
  for (const paragraph of view.paragraphs) {
    const element = document.createElement(paragraphTag(paragraph));
    if (paragraph.language) element.lang = paragraph.language;
    for (const line of paragraph.lines) {
      const span = document.createElement('span');
      span.className = view.vertical ? 'line vertical' : 'line';
      span.dir = line.direction;
      span.dataset.start = line.range.location;
      span.textContent = line.text;
      const rect = line.rect;
      span.style.left = rect.x + 'px';
      span.style.top = rect.y + 'px';
      span.style.fontSize = Math.max(1, (view.vertical ? rect.width : rect.height) * 0.8) + 'px';
      element.appendChild(span);
      lines.push([span, rect]);
    }
    byParagraph.set(paragraph, element);
    layer.appendChild(element);
  }
  for (const image of view.images) {
    const figure = document.createElement('span');
    figure.className = 'figure';
    figure.setAttribute('role', 'img');
    figure.setAttribute('aria-label', image.alt || 'image');
    Object.assign(figure.style, { left: image.rect.x + 'px', top: image.rect.y + 'px', width: image.rect.width + 'px', height: image.rect.height + 'px' });
    const holder = view.paragraphs.find(p => p.lines.some(l => image.range.location >= l.range.location && image.range.location < l.range.location + l.range.length));
    (holder ? byParagraph.get(holder) : layer).appendChild(figure);
  }
  // Measure every line, then stretch every line: one layout pass, not one per line.
  const sizes = lines.map(([span]) => [span.offsetWidth, span.offsetHeight]);
  lines.forEach(([span, rect], index) => {
    const [width, height] = sizes[index];
    if (width > 0 && height > 0) span.style.transform = `scale(${rect.width / width}, ${rect.height / height})`;
  });
}

function box(rect, className, id) {
  const element = document.createElement('div');
  element.className = className;
  if (id) element.dataset.id = id;
  Object.assign(element.style, { left: rect.x + 'px', top: rect.y + 'px', width: rect.width + 'px', height: rect.height + 'px' });
  decorations.appendChild(element);
}

function drawDecorations() {
  decorations.textContent = '';
  for (const highlight of view.highlights) {
    for (const rect of highlight.rects) box(rect, `highlight highlight-${highlight.color}${highlight.note ? ' note' : ''}`, highlight.id);
  }
  for (const rect of searchRects) box(rect, 'search');
  for (const [rect, kind] of speechBoxes) box(rect, kind);
}

function turn(direction) {
  return enqueue(async () => {
    performance.mark('page-turn-start');
    const result = await post(`/books/${bookID}/view`, { op: direction === 'next' ? 'nextPage' : 'previousPage' });
    if (result.answer.unchanged) say(result.answer.unchanged);
    await show(result);
    performance.measure('page-turn', 'page-turn-start');
  });
}

/** Turns toward the reader's right or left: in a right-to-left book (Arabic, vertical Japanese) left is onward. */
function turnToward(side) {
  const onward = view && view.pageProgression === 'rtl' ? 'left' : 'right';
  return turn(side === onward ? 'next' : 'previous');
}

function goTo(request) {
  return enqueue(async () => show(await post(`/books/${bookID}/view`, Object.assign({ op: 'goTo' }, request))));
}

// ---- Pointer: tap for a caret, click the edges or swipe to turn -----------------------------------------------------

function pointOnPage(event) {
  const rect = pageElement.getBoundingClientRect();
  return { x: (event.clientX - rect.left) * view.size.width / rect.width, y: (event.clientY - rect.top) * view.size.height / rect.height };
}

let pointerStart = null;
pageElement.addEventListener('pointerdown', event => { pointerStart = { x: event.clientX, y: event.clientY, type: event.pointerType }; });
pageElement.addEventListener('pointerup', event => {
  if (!pointerStart || pointerStart.type !== 'touch') return;
  const dx = event.clientX - pointerStart.x, dy = event.clientY - pointerStart.y;
  if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) {
    pointerStart.swiped = true;
    turnToward(dx < 0 ? 'right' : 'left');
  }
});

pageElement.addEventListener('click', event => {
  if (!view || (pointerStart && pointerStart.swiped)) return;
  if (!getSelection().isCollapsed) return;
  const point = pointOnPage(event);
  const across = point.x / view.size.width;
  if (across < 0.15) return turnToward('left');
  if (across > 0.85) return turnToward('right');
  const hit = view.highlights.find(h => h.rects.some(r => point.x >= r.x && point.x <= r.x + r.width && point.y >= r.y && point.y <= r.y + r.height));
  if (hit) return editHighlight(hit);
  placeCaret(point);
});

/** Tap to caret: Typeset's closestPosition for the point, then its caret rectangle. */
function placeCaret(point) {
  return enqueue(async () => {
    performance.mark('tap-start');
    const token = view.token;
    const position = await post(`/books/${bookID}/views/${token}`, { op: 'closestPosition', point });
    const caret = await post(`/books/${bookID}/views/${token}`, { op: 'caretRect', offset: position.offset, affinity: position.affinity });
    caretOffset = position.offset;
    if (caret.page === view.layoutPage) {
      Object.assign(caretElement.style, { left: caret.rect.x + 'px', top: caret.rect.y + 'px', height: caret.rect.height + 'px',
        width: (view.vertical ? caret.rect.width : 2) + 'px' });
      if (view.vertical) caretElement.style.height = '2px';
      caretElement.hidden = false;
    }
    document.body.dataset.caret = String(position.offset);
    performance.measure('tap-to-caret', 'tap-start');
  });
}

// ---- Selection and highlights ----------------------------------------------------------------------------------

/** A DOM point in the text layer as a UTF-16 offset in the book (each line span holds its range's units). */
function offsetOf(node, offset) {
  const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
  if (!element || !layer.contains(element)) return null;
  const line = element.closest('.line');
  if (line) {
    if (node.nodeType === Node.TEXT_NODE) return Number(line.dataset.start) + offset;
    return Number(line.dataset.start) + (offset > 0 ? line.textContent.length : 0);
  }
  const all = Array.from(layer.querySelectorAll('.line'));
  const child = element.childNodes[offset];
  if (child) {
    const next = all.find(span => child === span || child.contains(span) || (child.compareDocumentPosition(span) & Node.DOCUMENT_POSITION_FOLLOWING));
    return next ? Number(next.dataset.start) : null;
  }
  const inside = all.filter(span => element.contains(span));
  const last = inside[inside.length - 1];
  return last ? Number(last.dataset.start) + last.textContent.length : null;
}

function selectedRange() {
  const selection = getSelection();
  if (!selection.rangeCount || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const start = offsetOf(range.startContainer, range.startOffset), end = offsetOf(range.endContainer, range.endOffset);
  if (start == null || end == null || end <= start) return null;
  return { location: start, length: end - start };
}

document.addEventListener('selectionchange', () => { $('highlight-button').disabled = !selectedRange(); });

function highlightSelection() {
  const range = selectedRange();
  if (!range) return;
  return enqueue(async () => {
    await post(`/books/${bookID}/highlights`, { range, color: 'yellow' });
    getSelection().removeAllRanges();
    show(await post(`/books/${bookID}/view`, { op: 'currentPage' }));
    loadHighlights();
  });
}

let editing = null;
function editHighlight(highlight) {
  editing = highlight;
  const form = $('note-form');
  form.color.value = highlight.color;
  form.note.value = highlight.note || '';
  $('note-quote').textContent = highlight.quote || (highlight.range ? layerText(highlight.range) : '');
  $('note-dialog').showModal();
}

function layerText(range) {
  let text = '';
  for (const span of layer.querySelectorAll('.line')) {
    const start = Number(span.dataset.start), end = start + span.textContent.length;
    const from = Math.max(start, range.location), to = Math.min(end, range.location + range.length);
    if (from < to) text += span.textContent.slice(from - start, to - start);
  }
  return text;
}

$('note-dialog').addEventListener('close', () => {
  const action = $('note-dialog').returnValue, highlight = editing;
  editing = null;
  if (!highlight || (action !== 'save' && action !== 'delete')) return;
  const form = $('note-form');
  enqueue(async () => {
    if (action === 'delete') await call('DELETE', `/books/${bookID}/highlights/${highlight.id}`);
    else await post(`/books/${bookID}/highlights/${highlight.id}`, { color: form.color.value, note: form.note.value || null });
    await show(await post(`/books/${bookID}/view`, { op: 'currentPage' }));
    loadHighlights();
  });
});

async function loadHighlights() {
  const list = $('highlight-list');
  const { highlights } = await get(`/books/${bookID}/highlights`);
  list.textContent = '';
  for (const highlight of highlights) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const quote = highlight.locator.text && highlight.locator.text.highlight || '';
    button.textContent = `“${quote.trim()}”` + (highlight.note ? ` — ${highlight.note}` : '');
    button.addEventListener('click', () => { closePanels(); goTo({ locator: highlight.locator }); });
    const edit = document.createElement('button');
    edit.textContent = 'Note';
    edit.setAttribute('aria-label', 'Edit the note of this highlight');
    edit.addEventListener('click', () => editHighlight(Object.assign({ quote }, highlight)));
    item.append(button, ' ', edit);
    list.appendChild(item);
  }
}

// ---- Search ---------------------------------------------------------------------------------------------------

async function search(query) {
  const answer = await enqueue(() => post(`/books/${bookID}/query`, { op: 'search', query, limit: 200 }));
  searchResults = answer.results;
  $('search-count').textContent = answer.unsearchable ? answer.unsearchable
    : `${answer.count} result${answer.count === 1 ? '' : 's'}${answer.count > answer.results.length ? ` (the first ${answer.results.length} listed)` : ''}`;
  const list = $('search-results');
  list.textContent = '';
  for (const result of answer.results) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const text = result.locator.text || {};
    const mark = document.createElement('mark');
    mark.textContent = text.highlight || '';
    const pageLabel = document.createElement('span');
    pageLabel.className = 'page';
    pageLabel.textContent = result.page ? ` p. ${result.page}` : '';
    button.append('…' + (text.before || '').slice(-40), mark, (text.after || '').slice(0, 40) + '…', pageLabel);
    button.addEventListener('click', () => goTo({ offset: result.range.location }));
    item.appendChild(button);
    list.appendChild(item);
  }
  if (view) await enqueue(outlineSearchResults);
}

/** Outlines the results on the page shown. */
async function outlineSearchResults() {
  const start = page.range.location, end = start + page.range.length;
  const ranges = searchResults.map(r => r.range).filter(r => r.location < end && r.location + r.length > start);
  if (!ranges.length) { searchRects = []; drawDecorations(); return; }
  const { rects } = await post(`/books/${bookID}/views/${view.token}`, { op: 'rects', ranges });
  searchRects = rects.flat();
  drawDecorations();
}

// ---- Read aloud -------------------------------------------------------------------------------------------------

let speaking = false;
let audio = null;

function setSpeaking(on) {
  speaking = on;
  $('speak-button').setAttribute('aria-pressed', String(on));
  $('speak-button').textContent = on ? 'Stop' : 'Read aloud';
  if (!on) {
    if (audio) audio.pause();
    audio = null;
    speechBoxes = [];
    if (view) drawDecorations();
    if (window.speechSynthesis) speechSynthesis.cancel();
  }
}

async function readAloud() {
  if (speaking) return setSpeaking(false);
  setSpeaking(true);
  let from = caretOffset != null && caretOffset >= page.range.location && caretOffset < page.range.location + page.range.length
    ? caretOffset : page.range.location;
  try {
    while (speaking) {
      let chunk;
      try {
        chunk = await post(`/books/${bookID}/speech`, { from, count: 3 });
      } catch (error) {
        if (error.status === 503 && window.speechSynthesis) return await readWithBrowser(from);
        throw error;
      }
      if (!chunk.utterances.length) break;
      await play(chunk);
      const last = chunk.utterances[chunk.utterances.length - 1].range;
      from = last.location + last.length;
      if (from >= info.textLength) break;
    }
  } catch (error) {
    say('Read aloud: ' + error.message);
  }
  setSpeaking(false);
}

/** Plays a chunk and lights its sentence and word as the audio reaches them, turning pages to follow. When the
 *  browser will not play the audio (autoplay refused), the marks still advance on the clock. */
function play(chunk) {
  return new Promise(resolve => {
    audio = new Audio(chunk.audio);
    const mine = audio;
    let clockStart = performance.now(), useClock = false, lit = '', rectsFor = null, fetching = false;
    const ranges = chunk.utterances.map(u => u.range).concat(chunk.words.map(w => w.range));
    audio.addEventListener('ended', () => resolve());
    document.body.dataset.speechClock = 'audio';
    audio.play().catch(() => { useClock = true; clockStart = performance.now(); document.body.dataset.speechClock = 'clock'; });
    const tick = async () => {
      if (!speaking || audio !== mine) return resolve();
      const now = useClock ? performance.now() - clockStart : audio.currentTime * 1000;
      if (useClock && now > chunk.durationMs) return resolve();
      const sentence = chunk.utterances.findIndex(u => now >= u.startMs && now < u.endMs);
      const word = chunk.words.findIndex(w => now >= w.startMs && now < w.endMs);
      const key = sentence + '/' + word + '/' + view.token;
      if (key !== lit && !fetching) {
        fetching = true;
        const target = word >= 0 ? chunk.words[word].range : sentence >= 0 ? chunk.utterances[sentence].range : null;
        if (target && target.location >= page.range.location + page.range.length) await turn('next');
        if (!rectsFor || rectsFor.token !== view.token) {
          const { rects } = await post(`/books/${bookID}/views/${view.token}`, { op: 'rects', ranges });
          rectsFor = { token: view.token, rects };
        }
        speechBoxes = [];
        if (sentence >= 0) for (const r of rectsFor.rects[sentence]) speechBoxes.push([r, 'sentence']);
        if (word >= 0) for (const r of rectsFor.rects[chunk.utterances.length + word]) speechBoxes.push([r, 'word']);
        drawDecorations();
        lit = sentence + '/' + word + '/' + view.token;
        if (word >= 0) document.body.dataset.spokenWord = String(chunk.words[word].range.location);
        fetching = false;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The browser's own speech, where Typeset's engine is missing: word boundaries light the words in turn. */
async function readWithBrowser(from) {
  while (speaking) {
    const { utterances } = await post(`/books/${bookID}/query`, { op: 'utterances', from, count: 3 });
    if (!utterances.length) return;
    for (const utterance of utterances) {
      if (!speaking) return;
      await new Promise(resolve => {
        const spoken = new SpeechSynthesisUtterance(utterance.text);
        if (utterance.language) spoken.lang = utterance.language;
        let index = 0;
        spoken.onboundary = async event => {
          if (event.name !== 'word' || index >= utterance.words.length) return;
          const range = utterance.words[index++];
          if (range.location >= page.range.location + page.range.length) await turn('next');
          const { rects } = await post(`/books/${bookID}/views/${view.token}`, { op: 'rects', ranges: [utterance.range, range] });
          speechBoxes = rects[0].map(r => [r, 'sentence']).concat(rects[1].map(r => [r, 'word']));
          drawDecorations();
        };
        spoken.onend = spoken.onerror = () => resolve();
        speechSynthesis.speak(spoken);
      });
      from = utterance.range.location + utterance.range.length;
    }
  }
}

// ---- Panels and keys ----------------------------------------------------------------------------------------------

const panels = { 'contents-button': 'contents-panel', 'search-button': 'search-panel', 'settings-button': 'settings-panel' };
function closePanels() {
  for (const [button, panel] of Object.entries(panels)) { $(panel).hidden = true; $(button).setAttribute('aria-expanded', 'false'); }
}
function togglePanel(buttonID) {
  const panel = $(panels[buttonID]);
  const opening = panel.hidden;
  closePanels();
  if (!opening) return;
  panel.hidden = false;
  $(buttonID).setAttribute('aria-expanded', 'true');
  const first = panel.querySelector('input, select, button, a');
  if (first) first.focus();
}
for (const button of Object.keys(panels)) $(button).addEventListener('click', () => togglePanel(button));

// The skip link: the page's text takes the focus (a screen reader starts reading there).
document.querySelector('.skip').addEventListener('click', event => { event.preventDefault(); layer.focus(); });
$('previous-button').addEventListener('click', () => turnToward('left'));
$('next-button').addEventListener('click', () => turnToward('right'));
$('highlight-button').addEventListener('click', highlightSelection);
$('speak-button').addEventListener('click', readAloud);
$('search-form').addEventListener('submit', event => {
  event.preventDefault();
  const query = $('search-input').value.trim();
  if (query) search(query);
});
$('settings-form').addEventListener('change', settingsChanged);
// Go to a page: the book's print page when it has one by that label, else the page of this layout by number.
$('page-form').addEventListener('submit', event => {
  event.preventDefault();
  const label = $('page-input').value.trim();
  if (!label) return;
  closePanels();
  const byNumber = /^[0-9]+$/.test(label) ? { page: Number(label) } : null;
  const usePrint = page.printPageSource !== 'synthetic';
  enqueue(async () => {
    let result;
    try {
      result = await post(`/books/${bookID}/view`, usePrint || !byNumber ? { op: 'goTo', printPage: label } : Object.assign({ op: 'goTo' }, byNumber));
    } catch (error) {
      if (!byNumber || !usePrint) throw error;
      result = await post(`/books/${bookID}/view`, Object.assign({ op: 'goTo' }, byNumber));
    }
    await show(result);
  });
});
$('import-input').addEventListener('change', async event => {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const answer = await post(`/books/${bookID}/annotations`, JSON.parse(await file.text()));
    say(`Imported ${answer.imported} highlight${answer.imported === 1 ? '' : 's'}`);
    loadHighlights();
    enqueue(async () => show(await post(`/books/${bookID}/view`, { op: 'currentPage' })));
  } catch (error) {
    say('Import: ' + error.message);
  }
  event.target.value = '';
});

document.addEventListener('keydown', event => {
  if (event.altKey || event.ctrlKey || event.metaKey || !view) return;
  const target = event.target;
  if (target.closest && target.closest('input, textarea, select, dialog')) {
    if (event.key === 'Escape') closePanels();
    return;
  }
  const onControl = target.closest && target.closest('button, a, summary');
  const vertical = view.vertical;
  switch (event.key) {
    case 'ArrowRight': turnToward('right'); break;
    case 'ArrowLeft': turnToward('left'); break;
    case 'ArrowDown': if (vertical) return; turn('next'); break;
    case 'ArrowUp': if (vertical) return; turn('previous'); break;
    case 'PageDown': turn('next'); break;
    case 'PageUp': turn('previous'); break;
    case ' ': if (onControl) return; turn(event.shiftKey ? 'previous' : 'next'); break;
    case 'Escape': closePanels(); break;
    case '/': togglePanel('search-button'); break;
    case 'h': highlightSelection(); break;
    case 'r': readAloud(); break;
    default: return;
  }
  event.preventDefault();
});

let resizeTimer = null;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => applySettings('resize'), 200);
});

// ---- Start --------------------------------------------------------------------------------------------------------

async function start() {
  applyTheme();
  fillSettingsForm();
  $('export-link').href = `/books/${bookID}/annotations`;
  try {
    info = await get(`/books/${bookID}/info`);
  } catch (error) {
    $('book-title').textContent = error.message;
    return;
  }
  $('book-title').textContent = info.title;
  document.title = info.title + ' — Typeset';
  const list = $('contents-list');
  for (const entry of info.contents) {
    if (entry.offset == null) continue;
    const item = document.createElement('li');
    item.style.marginInlineStart = entry.depth + 'em';
    const button = document.createElement('button');
    button.textContent = entry.title;
    button.addEventListener('click', () => { closePanels(); goTo({ offset: entry.offset }); });
    item.appendChild(button);
    list.appendChild(item);
  }
  await applySettings('open');
  loadHighlights();
  document.body.dataset.ready = 'true';
}

start();
