#!/usr/bin/python3
"""Browser tests of `typeset serve`'s reader: headless Chromium driven by its WebDriver (Debian's chromium,
chromium-driver and python3-selenium), scenarios a reader performs.

    /usr/bin/python3 Tests/Browser/reader_test.py --typeset .build/debug/typeset --books FOLDER [--screenshots DIR]

FOLDER holds sample-book.txt (Pride and Prejudice, chapters I-III) and the Arabic EPUB of Tests/Corpus. Starts the
server on a free port with the bundled fonts and a fresh database, runs each scenario, prints one line per scenario
(`ok NAME (S s)` or `FAIL NAME: why`), then one line `latency NAME median MS n N` per measure the page recorded in
Chromium's performance timeline, and exits 1 when a scenario failed. Every wait is an explicit condition with a
timeout: no sleep races the page.
"""
import argparse
import json
import os
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

    def measures(self):
        return self.js("return performance.getEntriesByType('measure').map(m => [m.name, m.duration])")


def number_of(label):
    """3 from 'Page 3 of ~17'."""
    return int(label.split()[1])


# ---- Scenarios -----------------------------------------------------------------------------------------------------

def library(reader, books, shots):
    reader.driver.get(reader.base)
    titles = reader.js("return Array.from(document.querySelectorAll('.book h2')).map(h => h.textContent)")
    assert 'sample-book' in titles and len(titles) == 2, titles
    reader.wait(lambda: reader.js("return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"), 'the covers')
    listed = json.loads(reader.js("return fetch('/books').then(r => r.text())"))
    assert {b['id'] for b in listed} == set(books.values()), listed
    shot(reader, shots, 'library')


def turn_pages(reader, books, shots):
    token = reader.open(books['sample'])
    first = number_of(reader.page_number())
    reader.keys(Keys.ARROW_RIGHT)
    token = reader.after(token, 'ArrowRight to turn')
    assert number_of(reader.page_number()) == first + 1, reader.page_number()
    reader.keys(Keys.PAGE_DOWN)
    token = reader.after(token, 'PageDown to turn')
    reader.keys(Keys.SPACE)
    token = reader.after(token, 'space to turn')
    assert number_of(reader.page_number()) == first + 3, reader.page_number()
    reader.keys(Keys.PAGE_UP)
    token = reader.after(token, 'PageUp to turn back')
    reader.keys(Keys.ARROW_LEFT)
    token = reader.after(token, 'ArrowLeft to turn back')
    reader.driver.find_element(By.ID, 'next-button').click()
    token = reader.after(token, 'the next button')
    # A click near the page's right edge turns too.
    page = reader.driver.find_element(By.ID, 'page')
    ActionChains(reader.driver).move_to_element_with_offset(page, page.size['width'] // 2 - 10, 0).click().perform()
    token = reader.after(token, 'a click on the right edge')
    assert number_of(reader.page_number()) == first + 3, reader.page_number()
    for _ in range(3):  # a few more turns for the latency rows
        reader.keys(Keys.ARROW_RIGHT)
        token = reader.after(token, 'ArrowRight to turn')


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
    assert stored[0]['locator']['text']['highlight'].strip() == selected.strip(), (stored[0]['locator']['text'], selected)
    shot(reader, shots, 'highlight')
    # Reload: the page and the highlight come back from the database.
    number = reader.page_number()
    reader.driver.refresh()
    reader.wait(lambda: reader.js("return document.body.dataset.ready === 'true'"), 'the reader after a reload')
    assert reader.page_number() == number, (reader.page_number(), number)
    reader.wait(lambda: reader.js("return Array.from(document.querySelectorAll('#decorations .highlight')).some(d => d.dataset.id === arguments[0])", highlight_id),
                'the highlight after a reload')


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


def keyboard_only(reader, books, shots):
    token = reader.open(books['sample'])
    # The first Tab reaches the skip link, which takes the keyboard to the page's text.
    reader.keys(Keys.TAB)
    assert reader.js("return document.activeElement.classList.contains('skip')"), reader.js('return document.activeElement.outerHTML')
    reader.keys(Keys.ENTER)
    reader.wait(lambda: reader.js("return document.activeElement.id === 'text-layer'"), 'the skip link to the text')
    number = number_of(reader.page_number())
    reader.keys(Keys.ARROW_RIGHT)
    token = reader.after(token, 'ArrowRight')
    assert number_of(reader.page_number()) == number + 1
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
    # The third chapter: Tab down the list, Enter.
    reader.keys(Keys.TAB, Keys.TAB)
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
    number = number_of(reader.page_number())
    # Onward is to the left in a right-to-left book.
    reader.keys(Keys.ARROW_LEFT)
    token = reader.after(token, 'ArrowLeft onward')
    expected = number + 1 if progression == 'rtl' else number - 1
    assert progression != 'rtl' or number_of(reader.page_number()) == expected, (progression, number, reader.page_number())
    directions = reader.js("return Array.from(document.querySelectorAll('#text-layer .line')).map(s => s.dir)")
    assert 'rtl' in directions, directions[:5]
    shot(reader, shots, 'right-to-left')


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
    server, base = start_server(arguments.typeset, arguments.books, os.path.join(scratch, 'reader.sqlite'))
    driver = None
    failures = 0
    try:
        listed = json.loads(subprocess.run(['/usr/bin/python3', '-c', f'import urllib.request; print(urllib.request.urlopen("{base}books").read().decode())'],
                                           capture_output=True, text=True, check=True).stdout)
        books = {('sample' if b['file'] == 'sample-book.txt' else 'arabic'): b['id'] for b in listed}
        driver = browser()
        reader = Reader(driver, base)
        scenarios = [library, turn_pages, size_keeps_place, select_and_highlight, search, read_aloud, keyboard_only,
                     accessibility_tree, right_to_left, tap_to_caret]
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
