#!/usr/bin/python3
"""Browser tests of `typeset serve`'s reader: headless Chromium driven by its WebDriver (Debian's chromium,
chromium-driver and python3-selenium), scenarios a reader performs.

    /usr/bin/python3 Tests/Browser/reader_test.py --typeset .build/debug/typeset --books FOLDER [--screenshots DIR]

FOLDER holds sample-book.txt (Pride and Prejudice, chapters I-III), the Arabic EPUB of Tests/Corpus (khayat.epub)
and Tests/Fixtures/navigation/navigation-epub3.epub (a page list, figures with alt text); the script adds a small
vertical Japanese EPUB it writes (the opening of Natsume Soseki's Kusamakura, 1906, in the public domain). Starts the
server on a free port with the bundled fonts and a fresh database, runs each scenario, prints one line per scenario
(`ok NAME (S s)` or `FAIL NAME: why`), then one line `latency NAME median MS n N` per measure the page recorded in
Chromium's performance timeline, and exits 1 when a scenario failed. Every wait is an explicit condition with a
timeout: no sleep races the page.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 30  # seconds any one condition may take (a debug build on a loaded machine)


def start_server(typeset, books, database):
    process = subprocess.Popen([typeset, 'serve', books, '--port', '0', '--fonts', 'bundled', '--db', database, '-q'],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line.startswith('typeset serve: http://'):
        process.kill()
        raise RuntimeError('the server did not start: ' + line + process.stderr.read())
    return process, line.split()[2]


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = '/usr/bin/chromium'
    for argument in ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--window-size=1100,900',
                     '--force-device-scale-factor=2', '--autoplay-policy=no-user-gesture-required',
                     '--disable-gpu', '--lang=en-US']:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)


class Reader:
    """The reader page under test, with the conditions the scenarios wait for."""

    def __init__(self, driver, base):
        self.driver, self.base = driver, base

    def wait(self, condition, what):
        try:
            return WebDriverWait(self.driver, WAIT).until(lambda d: condition())
        except Exception as error:
            raise AssertionError(f'timed out waiting for {what}') from error

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def open(self, book_id):
        self.driver.get(f'{self.base}books/{book_id}')
        self.wait(lambda: self.js("return document.body.dataset.ready === 'true'"), 'the reader to open')
        return self.token()

    def token(self):
        return int(self.js('return Number(document.body.dataset.view || 0)'))

    def after(self, token, what):
        """Waits for a page shown after view `token`; returns the new token."""
        self.wait(lambda: self.token() > token, what)
        self.wait(lambda: self.js("return document.getElementById('page-image').complete"), 'the page image')
        return self.token()

    def page_number(self):
        return self.js("return document.getElementById('page-number').textContent")

    def layer_text(self):
        return self.js("return Array.from(document.querySelectorAll('#text-layer .line')).map(s => s.textContent).join('')")

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def page_start(self):
        return int(self.js('return Number(document.body.dataset.pageStart)'))

    def progress(self):
        return float(self.js("return document.getElementById('progress').value"))

    def swipe(self, dx):
        """A one-finger horizontal swipe across the page's middle (touch events through the DevTools protocol)."""
        rect = self.js("const r = document.getElementById('page').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        x, y = rect[0] + rect[2] / 2 - dx / 2, rect[1] + rect[3] / 2
        send = lambda kind, points: self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': kind, 'touchPoints': points})
        send('touchStart', [{'x': x, 'y': y}])
        for step in range(1, 6):
            send('touchMove', [{'x': x + dx * step / 5, 'y': y}])
        send('touchEnd', [])

    def measures(self):
        return self.js("return performance.getEntriesByType('measure').map(m => [m.name, m.duration])")


# ---- Scenarios -----------------------------------------------------------------------------------------------------

def library(reader, books, shots):
    reader.driver.get(reader.base)
    titles = reader.js("return Array.from(document.querySelectorAll('.book h2')).map(h => h.textContent)")
    assert 'sample-book' in titles and len(titles) == len(books), titles
    reader.wait(lambda: reader.js("return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"), 'the covers')
    listed = json.loads(reader.js("return fetch('/books').then(r => r.text())"))
    assert {b['id'] for b in listed} == set(books.values()), listed
    shot(reader, shots, 'library')


def turn_pages(reader, books, shots):
    """Every way to turn, checked by where each page starts in the book (a page's number is an estimate, '~12', while
    a section before it is still laid out in the background, and may be corrected when that ends)."""
    token = reader.open(books['sample'])
    starts = [reader.page_start()]

    def turned(how, expected=None):
        nonlocal token
        token = reader.after(token, how)
        start = reader.page_start()
        if expected is None:
            assert start > starts[-1], (how, starts, start)
        else:
            assert start == expected, (how, expected, start)
        assert re.fullmatch(r'Page ~?\d+ of ~?\d+', reader.page_number()), reader.page_number()
        starts.append(start)
    reader.keys(Keys.ARROW_RIGHT)
    turned('ArrowRight to turn')
    reader.keys(Keys.PAGE_DOWN)
    turned('PageDown to turn')
    reader.keys(Keys.SPACE)
    turned('space to turn')
    third = starts[-1]
    reader.keys(Keys.PAGE_UP)
    turned('PageUp to turn back', starts[-2])
    reader.keys(Keys.ARROW_LEFT)
    turned('ArrowLeft to turn back', starts[1])
    reader.driver.find_element(By.ID, 'next-button').click()
    turned('the next button', starts[2])
    # A click near the page's right edge turns too.
    page = reader.driver.find_element(By.ID, 'page')
    ActionChains(reader.driver).move_to_element_with_offset(page, page.size['width'] // 2 - 10, 0).click().perform()
    turned('a click on the right edge', third)
    # A swipe to the left turns onward, one to the right back; the progress bar follows.
    progress = reader.progress()
    reader.swipe(-240)
    turned('a swipe to the left')
    assert reader.progress() > progress, (reader.progress(), progress)
    reader.swipe(240)
    turned('a swipe to the right', third)
    for _ in range(3):  # a few more turns for the latency rows
        reader.keys(Keys.ARROW_RIGHT)
        turned('ArrowRight to turn')


def size_keeps_place(reader, books, shots):
    token = reader.open(books['sample'])
    for _ in range(2):
        reader.keys(Keys.ARROW_RIGHT)
        token = reader.after(token, 'a turn')
    # The sentence at the reading position: the first words of the page's first line of body text.
    first_line = reader.js("return document.querySelector('#text-layer p .line').textContent")
    phrase = ' '.join(first_line.split()[:5])
    assert len(phrase) > 10, first_line
    for size in [26, 14, 21]:
        reader.js("""const input = document.querySelector('#settings-form [name=size]');
                     input.value = arguments[0]; input.dispatchEvent(new Event('change', {bubbles: true}));""", size)
        token = reader.after(token, f'the page at size {size}')
        text = reader.layer_text()
        assert phrase in text, f'size {size}: "{phrase}" is not on the page shown: {text[:300]}'
        settings = json.loads(reader.js("return localStorage.getItem('typeset-settings')"))
        assert settings['size'] == size, settings
    for theme in ['light', 'dark', 'sepia']:
        reader.js("""const input = document.querySelector(`#settings-form [name=theme][value=${arguments[0]}]`);
                     input.checked = true; input.dispatchEvent(new Event('change', {bubbles: true}));""", theme)
        token = reader.after(token, f'the {theme} theme')
        assert phrase in reader.layer_text(), theme
        shot(reader, shots, f'theme-{theme}')


def select_and_highlight(reader, books, shots):
    token = reader.open(books['sample'])
    reader.keys(Keys.ARROW_RIGHT)
    token = reader.after(token, 'a turn')
    lines = reader.driver.find_elements(By.CSS_SELECTOR, '#text-layer p .line')
    line = next(l for l in lines if len(l.text or reader.js('return arguments[0].textContent', l)) > 30)
    width = line.size['width']
    # Drag across the middle of the line, as a reader selects with the mouse.
    ActionChains(reader.driver).move_to_element_with_offset(line, -width // 4, 0).click_and_hold() \
        .move_to_element_with_offset(line, width // 4, 0).release().perform()
    selected = reader.js('return getSelection().toString()')
    assert len(selected.strip()) > 5, repr(selected)
    reader.wait(lambda: reader.driver.find_element(By.ID, 'highlight-button').is_enabled(), 'the Highlight button')
    shot(reader, shots, 'selection')
    reader.driver.find_element(By.ID, 'highlight-button').click()
    token = reader.after(token, 'the page with the highlight')
    reader.wait(lambda: reader.js("return document.querySelectorAll('#decorations .highlight').length > 0"), 'the highlight drawn')
    highlight_id = reader.js("return document.querySelector('#decorations .highlight').dataset.id")
    stored = json.loads(reader.js(f"return fetch('/books/{books['sample']}/highlights').then(r => r.text())"))['highlights']
    assert [h['id'] for h in stored] == [highlight_id], stored
    # The same words (the source's line ends are spaces in the text layer, as on the page).
    assert stored[0]['locator']['text']['highlight'].split() == selected.split(), (stored[0]['locator']['text'], selected)
    shot(reader, shots, 'highlight')
    # Reload: the page and the highlight come back from the database.
    number = reader.page_number()
    reader.driver.refresh()
    reader.wait(lambda: reader.js("return document.body.dataset.ready === 'true'"), 'the reader after a reload')
    assert reader.page_number() == number, (reader.page_number(), number)
    reader.wait(lambda: reader.js("return Array.from(document.querySelectorAll('#decorations .highlight')).some(d => d.dataset.id === arguments[0])", highlight_id),
                'the highlight after a reload')
    # A click on the highlight opens its note; the note is saved, drawn as a mark and listed, and survives a reload.
    token = reader.token()
    mark = reader.driver.find_element(By.CSS_SELECTOR, '#decorations .highlight')
    ActionChains(reader.driver).move_to_element(mark).click().perform()
    reader.wait(lambda: reader.js("return document.getElementById('note-dialog').open"), 'the note dialog')
    reader.driver.find_element(By.CSS_SELECTOR, '#note-form textarea').send_keys('Mrs Bennet, again')
    reader.js("document.querySelector('#note-form [name=color]').value = 'green'")
    reader.driver.find_element(By.ID, 'note-save').click()
    token = reader.after(token, 'the page with the note')
    reader.wait(lambda: reader.js("return document.querySelector('#decorations .highlight.note.highlight-green') !== null"), 'the note drawn')
    reader.driver.refresh()
    reader.wait(lambda: reader.js("return document.body.dataset.ready === 'true'"), 'the reader after a second reload')
    reader.wait(lambda: reader.js("return document.querySelector('#decorations .highlight.note.highlight-green') !== null"), 'the note after a reload')
    reader.wait(lambda: 'Mrs Bennet, again' in reader.js("return document.getElementById('highlight-list').textContent"), 'the note listed')
    stored = json.loads(reader.js(f"return fetch('/books/{books['sample']}/highlights').then(r => r.text())"))['highlights']
    assert stored[0]['note'] == 'Mrs Bennet, again' and stored[0]['color'] == 'green', stored


def search(reader, books, shots):
    token = reader.open(books['sample'])
    reader.keys('/')
    reader.wait(lambda: reader.js("return document.activeElement.id === 'search-input'"), 'the search field focused')
    reader.keys('Netherfield', Keys.ENTER)
    reader.wait(lambda: len(reader.driver.find_elements(By.CSS_SELECTOR, '#search-results li')) > 2, 'search results')
    count = reader.driver.find_element(By.ID, 'search-count').text
    assert 'results' in count, count
    results = reader.driver.find_elements(By.CSS_SELECTOR, '#search-results li button')
    assert all('Netherfield' in r.text for r in results), [r.text for r in results]
    results[1].click()
    token = reader.after(token, 'the page of the second result')
    assert 'Netherfield' in reader.layer_text()
    reader.wait(lambda: reader.js("return document.querySelectorAll('#decorations .search').length > 0"), 'the result outlined')
    shot(reader, shots, 'search')
    reader.keys(Keys.ESCAPE)


def read_aloud(reader, books, shots):
    token = reader.open(books['sample'])
    reader.driver.find_element(By.ID, 'speak-button').click()
    reader.wait(lambda: reader.js("return document.querySelectorAll('#decorations .word').length > 0"), 'a word lit')
    reader.wait(lambda: reader.js("return document.querySelectorAll('#decorations .sentence').length > 0"), 'the sentence lit')
    first = reader.js('return document.body.dataset.spokenWord')
    reader.wait(lambda: reader.js('return document.body.dataset.spokenWord') != first, 'the next word lit as the audio goes on')
    second = int(reader.js('return document.body.dataset.spokenWord'))
    assert second > int(first), (first, second)
    shot(reader, shots, 'read-aloud')
    reader.driver.find_element(By.ID, 'speak-button').click()
    reader.wait(lambda: reader.js("return document.getElementById('speak-button').getAttribute('aria-pressed') === 'false'"), 'speech stopped')
    # From a caret on the page's last line, the speech runs onto the next page and the page turns to follow it.
    token = reader.token()
    page = reader.driver.find_element(By.ID, 'page')
    lines = [l for l in reader.driver.find_elements(By.CSS_SELECTOR, '#text-layer p .line') if l.size['width'] > 0.6 * page.size['width']]
    reader.js('delete document.body.dataset.caret')
    ActionChains(reader.driver).move_to_element(lines[-1]).click().perform()
    reader.wait(lambda: reader.js('return document.body.dataset.caret !== undefined'), 'the caret on the last line')
    end = reader.page_start() + int(reader.js('return page.range.length'))
    reader.driver.find_element(By.ID, 'speak-button').click()
    token = reader.after(token, 'the page turned by the speech')
    reader.wait(lambda: int(reader.js('return document.body.dataset.spokenWord')) >= end, 'a word of the next page lit')
    assert reader.page_start() == end, (reader.page_start(), end)
    reader.driver.find_element(By.ID, 'speak-button').click()
    reader.wait(lambda: reader.js("return document.getElementById('speak-button').getAttribute('aria-pressed') === 'false'"), 'speech stopped')


def keyboard_only(reader, books, shots):
    token = reader.open(books['sample'])
    # The first Tab reaches the skip link, which takes the keyboard to the page's text.
    reader.keys(Keys.TAB)
    assert reader.js("return document.activeElement.classList.contains('skip')"), reader.js('return document.activeElement.outerHTML')
    reader.keys(Keys.ENTER)
    reader.wait(lambda: reader.js("return document.activeElement.id === 'text-layer'"), 'the skip link to the text')
    start = reader.page_start()
    reader.keys(Keys.ARROW_RIGHT)
    token = reader.after(token, 'ArrowRight')
    assert reader.page_start() > start, (start, reader.page_start())
    # Shift-Tab back to the toolbar's Contents button: skip link, library, contents.
    reader.driver.refresh()
    reader.wait(lambda: reader.js("return document.body.dataset.ready === 'true'"), 'the reader after a reload')
    token = reader.token()
    for _ in range(3):
        reader.keys(Keys.TAB)
    focused = reader.js('return document.activeElement.id')
    assert focused == 'contents-button', focused
    reader.keys(Keys.ENTER)
    reader.wait(lambda: reader.js("return !document.getElementById('contents-panel').hidden"), 'the contents panel')
    reader.wait(lambda: reader.js("return document.activeElement.closest('#contents-panel') !== null"), 'focus in the contents')
    entries = reader.js("return Array.from(document.querySelectorAll('#contents-list button')).map(b => b.textContent)")
    assert len(entries) >= 3, entries
    assert reader.js('return document.activeElement.id') == 'page-input', reader.js('return document.activeElement.outerHTML')
    # The third chapter: Tab past the page field's button, down the list, Enter.
    reader.keys(Keys.TAB, Keys.TAB, Keys.TAB, Keys.TAB)
    target = reader.js('return document.activeElement.textContent')
    assert target == entries[2], (target, entries)
    reader.keys(Keys.ENTER)
    token = reader.after(token, 'the chapter chosen with the keyboard')
    assert reader.js("return document.getElementById('contents-panel').hidden")
    assert target.strip().rstrip('.').lower() in reader.layer_text().lower(), (target, reader.layer_text()[:200])
    # Escape closes a panel opened from the keyboard; the reader turns pages again.
    reader.keys('/')
    reader.wait(lambda: reader.js("return !document.getElementById('search-panel').hidden"), 'the search panel')
    reader.keys(Keys.ESCAPE)
    reader.wait(lambda: reader.js("return document.getElementById('search-panel').hidden"), 'the search panel closed')
    reader.js('document.activeElement.blur()')
    reader.keys(Keys.PAGE_DOWN)
    reader.after(token, 'PageDown after the contents')


def accessibility_tree(reader, books, shots):
    token = reader.open(books['sample'])
    # At the start of chapter II, whose heading the tree must hold.
    reader.driver.find_element(By.ID, 'contents-button').click()
    reader.driver.find_elements(By.CSS_SELECTOR, '#contents-list button')[1].click()
    reader.after(token, 'chapter II')
    reader.driver.execute_cdp_cmd('Accessibility.enable', {})
    nodes = reader.driver.execute_cdp_cmd('Accessibility.getFullAXTree', {})['nodes']

    def value(node, key):
        return (node.get(key) or {}).get('value', '')
    headings = [value(n, 'name') for n in nodes if value(n, 'role') == 'heading']
    page_heading = reader.js("return document.querySelector('#text-layer h1, #text-layer h2, #text-layer h3')?.textContent || ''")
    text = ' '.join(value(n, 'name') for n in nodes if value(n, 'role') in ('StaticText', 'InlineTextBox'))
    body_line = reader.js("return document.querySelector('#text-layer p .line').textContent")
    phrase = ' '.join(body_line.split()[:4])
    assert phrase in text, f'"{phrase}" is not in the accessibility tree'
    assert page_heading.strip(), 'the chapter\'s first page shows no heading'
    assert any(page_heading.strip()[:8] in h for h in headings), (page_heading, headings)
    languages = reader.js("return Array.from(document.querySelectorAll('#text-layer [lang]')).map(e => e.lang)")
    assert languages and all(l.startswith('en') for l in languages), languages


def right_to_left(reader, books, shots):
    token = reader.open(books['arabic'])
    view = reader.js('return document.body.dataset.view')
    progression = reader.js("return fetch(location.pathname + '/view?reader=' + sessionStorage.getItem('typeset-reader'), {method: 'POST', body: '{\"op\": \"currentPage\"}'}).then(r => r.json()).then(j => j.view.pageProgression)")
    assert progression == 'rtl', progression
    start = reader.page_start()
    # Onward is to the left in a right-to-left book (the page number may be an estimate, '~', so compare where the
    # pages start), and a swipe to the right goes onward too.
    reader.keys(Keys.ARROW_LEFT)
    token = reader.after(token, 'ArrowLeft onward')
    second = reader.page_start()
    assert second > start, (start, second)
    reader.swipe(240)
    token = reader.after(token, 'a swipe to the right, onward')
    assert reader.page_start() > second, (second, reader.page_start())
    reader.keys(Keys.ARROW_RIGHT)
    token = reader.after(token, 'ArrowRight back')
    assert reader.page_start() == second, (second, reader.page_start())
    directions = reader.js("return Array.from(document.querySelectorAll('#text-layer .line')).map(s => s.dir)")
    assert 'rtl' in directions, directions[:5]
    shot(reader, shots, 'right-to-left')


def print_pages(reader, books, shots):
    """A book with a page list: its print pages under the page, and 'go to page' by a print page's label."""
    token = reader.open(books['navigation'])
    reader.driver.find_element(By.ID, 'contents-button').click()
    field = reader.driver.find_element(By.ID, 'page-input')
    field.send_keys('6', Keys.ENTER)
    token = reader.after(token, 'print page 6')
    label = reader.js("return document.getElementById('print-page').textContent")
    shown = [p for p in label.replace('–', ' ').replace('.', ' ').split() if p.isdigit()]
    assert shown and int(shown[0]) <= 6 <= int(shown[-1]), label
    # The figure's alt text is in the text layer and in Chromium's accessibility tree.
    for _ in range(4):
        if reader.js("return document.querySelector('#text-layer [role=img]') !== null"):
            break
        reader.keys(Keys.ARROW_RIGHT)
        token = reader.after(token, 'a turn to a figure')
    alt = reader.js("return document.querySelector('#text-layer [role=img]')?.getAttribute('aria-label')")
    assert alt and alt != 'image', alt
    reader.driver.execute_cdp_cmd('Accessibility.enable', {})
    nodes = reader.driver.execute_cdp_cmd('Accessibility.getFullAXTree', {})['nodes']
    images = [(n.get('name') or {}).get('value') for n in nodes if (n.get('role') or {}).get('value') in ('img', 'image')]
    assert alt in images, (alt, images)
    shot(reader, shots, 'print-pages')


def vertical_japanese(reader, books, shots):
    """A vertical Japanese book: vertical lines in the text layer, onward to the left, a tap gives a caret."""
    token = reader.open(books['vertical'])
    assert reader.js("return document.querySelectorAll('#text-layer .line.vertical').length > 3"), 'no vertical lines'
    # The ruby's reading (やまみち) is not drawn in the text: the layer holds zero-width spaces in its units.
    layer = reader.layer_text().replace('\u200b', '')
    assert '山路を登りながら' in layer, layer[:200]
    assert reader.js("return Array.from(document.querySelectorAll('#text-layer [lang]')).every(e => e.lang.startsWith('ja'))")
    shot(reader, shots, 'vertical-japanese')
    start = reader.page_start()
    reader.keys(Keys.ARROW_LEFT)
    token = reader.after(token, 'ArrowLeft onward in a vertical book')
    assert reader.page_start() > start, (start, reader.page_start())
    # A line across the middle (a click near either edge turns the page).
    page = reader.driver.find_element(By.ID, 'page')
    middle = lambda l: 0.3 < (l.location['x'] + l.size['width'] / 2 - page.location['x']) / page.size['width'] < 0.7
    line = next(l for l in reader.driver.find_elements(By.CSS_SELECTOR, '#text-layer .line.vertical') if middle(l))
    reader.js('delete document.body.dataset.caret')
    ActionChains(reader.driver).move_to_element(line).click().perform()
    reader.wait(lambda: reader.js('return document.body.dataset.caret !== undefined'), 'the caret in a vertical line')
    offset, begin = int(reader.js('return document.body.dataset.caret')), int(line.get_attribute('data-start'))
    assert begin <= offset <= begin + len(reader.js('return arguments[0].textContent', line)), (offset, begin)
    shot(reader, shots, 'vertical-japanese-2')


def tap_to_caret(reader, books, shots):
    reader.open(books['sample'])
    page = reader.driver.find_element(By.ID, 'page')
    # Lines across the middle of the page (a click near either edge turns the page instead).
    lines = [l for l in reader.driver.find_elements(By.CSS_SELECTOR, '#text-layer p .line') if l.size['width'] > 0.6 * page.size['width']]
    assert len(lines) >= 3, len(lines)
    for line in lines[:6]:
        start = int(line.get_attribute('data-start'))
        length = len(reader.js('return arguments[0].textContent', line))
        reader.js('delete document.body.dataset.caret')
        ActionChains(reader.driver).move_to_element(line).click().perform()
        reader.wait(lambda: reader.js('return document.body.dataset.caret !== undefined'), 'the caret')
        offset = int(reader.js('return document.body.dataset.caret'))
        assert start <= offset <= start + length, (offset, start, length)
        assert reader.js("return !document.getElementById('caret').hidden")


KUSAMAKURA = [
    '<ruby>山路<rt>やまみち</rt></ruby>を登りながら、こう考えた。',
    '智に働けば角が立つ。情に棹させば流される。意地を通せば窮屈だ。とかくに人の世は住みにくい。',
    '住みにくさが高じると、安い所へ引き越したくなる。どこへ越しても住みにくいと悟った時、詩が生れて、画が出来る。',
    '人の世を作ったものは神でもなければ鬼でもない。やはり向う三軒両隣りにちらちらするただの人である。'
    'ただの人が作った人の世が住みにくいからとて、越す国はあるまい。あれば人でなしの国へ行くばかりだ。'
    '人でなしの国は人の世よりもなお住みにくかろう。',
]


def write_vertical_book(path):
    """A small EPUB 3 set vertically as Japanese books are (writing-mode: vertical-rl, the spine's
    page-progression-direction rtl): the opening of Kusamakura (Natsume Soseki, 1906; public domain), in two
    chapters repeated to fill several pages."""
    import zipfile
    chapter = lambda title, count: ('<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
        'xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja" lang="ja"><head><title>' + title + '</title>'
        '<link rel="stylesheet" href="style.css"/></head><body><h1>' + title + '</h1>'
        + ''.join('<p>' + KUSAMAKURA[i % len(KUSAMAKURA)] + '</p>' for i in range(count)) + '</body></html>')
    files = {
        'META-INF/container.xml': '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
            '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
        'OEBPS/content.opf': '<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
            'unique-identifier="id" xml:lang="ja"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
            '<dc:identifier id="id">urn:typeset:test:kusamakura-opening</dc:identifier><dc:title>草枕（冒頭）</dc:title>'
            '<dc:creator>夏目漱石</dc:creator><dc:language>ja</dc:language>'
            '<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest>'
            '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
            '<item id="css" href="style.css" media-type="text/css"/>'
            '<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>'
            '<item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/></manifest>'
            '<spine page-progression-direction="rtl"><itemref idref="c1"/><itemref idref="c2"/></spine></package>',
        'OEBPS/nav.xhtml': '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja"><head><title>目次</title></head><body>'
            '<nav epub:type="toc"><ol><li><a href="c1.xhtml">一</a></li><li><a href="c2.xhtml">二</a></li></ol></nav></body></html>',
        'OEBPS/style.css': 'html { writing-mode: vertical-rl; -epub-writing-mode: vertical-rl; } p { text-indent: 1em; margin: 0; }',
        'OEBPS/c1.xhtml': chapter('一', 24),
        'OEBPS/c2.xhtml': chapter('二', 12),
    }
    with zipfile.ZipFile(path + '.part', 'w') as book:
        book.writestr(zipfile.ZipInfo('mimetype', (2026, 1, 1, 0, 0, 0)), 'application/epub+zip')
        for name, text in files.items():
            book.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), text, compress_type=zipfile.ZIP_DEFLATED)
    os.replace(path + '.part', path)


def shot(reader, folder, name):
    if folder:
        reader.driver.save_screenshot(os.path.join(folder, name + '.png'))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--typeset', required=True)
    parser.add_argument('--books', required=True)
    parser.add_argument('--screenshots')
    parser.add_argument('--only', help='run only these scenarios (comma-separated)')
    arguments = parser.parse_args()
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix='typeset-browser-')
    write_vertical_book(os.path.join(arguments.books, 'kusamakura-opening.epub'))
    server, base = start_server(arguments.typeset, arguments.books, os.path.join(scratch, 'reader.sqlite'))
    driver = None
    failures = 0
    try:
        listed = json.loads(subprocess.run(['/usr/bin/python3', '-c', f'import urllib.request; print(urllib.request.urlopen("{base}books").read().decode())'],
                                           capture_output=True, text=True, check=True).stdout)
        names = {'sample-book.txt': 'sample', 'khayat.epub': 'arabic', 'navigation-epub3.epub': 'navigation',
                 'kusamakura-opening.epub': 'vertical'}
        books = {names[b['file']]: b['id'] for b in listed if b['file'] in names}
        assert len(books) == len(names), listed
        driver = browser()
        reader = Reader(driver, base)
        scenarios = [library, turn_pages, size_keeps_place, select_and_highlight, search, read_aloud, keyboard_only,
                     accessibility_tree, right_to_left, print_pages, vertical_japanese, tap_to_caret]
        if arguments.only:
            scenarios = [s for s in scenarios if s.__name__ in arguments.only.split(',')]
        measures = {}
        for scenario in scenarios:
            began = time.monotonic()
            try:
                scenario(reader, books, arguments.screenshots)
                print(f'ok {scenario.__name__} ({time.monotonic() - began:.1f} s)', flush=True)
            except Exception as error:
                failures += 1
                print(f'FAIL {scenario.__name__}: {error}', flush=True)
                traceback.print_exc(file=sys.stderr)
            try:
                for name, duration in reader.measures():
                    measures.setdefault(name, []).append(duration)
            except Exception:
                pass
        for name in sorted(measures):
            values = measures[name]
            print(f'latency {name} median {statistics.median(values):.1f} ms n {len(values)}')
    finally:
        if driver:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f'{failures} failed' if failures else 'all passed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
