#!/usr/bin/python3
"""Latency rows of `typeset serve`'s reader (issue 38): a page turn, a settings change to the new page drawn, a tap to
its caret, and opening a book, timed two ways:

- server: HTTP round trips from this script to the server on the same machine, each the requests the reader page
  makes (a turn: `POST /books/ID/view {"op": "nextPage"}` then the page's PNG at 2 pixels a point; a settings
  change: `setSettings` then the PNG; a tap: `closestPosition` then `caretRect` on the page shown);
- chromium: the measures the reader page records in Chromium's performance timeline (headless Chromium through
  chromium-driver, at a device pixel ratio of 2), from the key press or tap to the new page decoded and its text
  layer built, or to the caret placed.

    Benchmarks/serve-latency.py [--typeset .build/release/typeset] [--book FILE] [--runs N] [--json FILE]

Build the release CLI first (swift build -c release --product typeset). Prints one row per measure: median, 90th
percentile and count, in milliseconds.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, os.path.join(root, 'Tests', 'Browser'))
import reader_test  # noqa: E402  (the browser tests' server and browser helpers)
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def request(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    started = time.perf_counter()
    with urllib.request.urlopen(urllib.request.Request(base + path.lstrip('/'), data=data, method=method)) as response:
        payload = response.read()
    return payload, (time.perf_counter() - started) * 1000


def server_rows(base, book, runs):
    """The reader page's requests, timed from here."""
    rows = {}
    reader = '?reader=bench'
    view = lambda body: request(base, 'POST', f'/books/{book}/view{reader}', body)
    image = lambda token: request(base, 'GET', f'/books/{book}/views/{token}.png{reader}&scale=2')

    def shown(body):
        payload, first = view(body)
        answer = json.loads(payload)
        _, second = image(answer['view']['token'])
        return answer, first, second

    opened, first, second = shown({'op': 'setSettings', 'settings': {'width': 600, 'height': 800, 'size': 19}})
    rows['serve.open (server)'] = [first + second]
    for _ in range(5):  # warm-up: the word cache, the renderer's glyphs
        shown({'op': 'nextPage'})
    turns, views, images = [], [], []
    for _ in range(runs):
        answer, first, second = shown({'op': 'nextPage'})
        turns.append(first + second)
        views.append(first)
        images.append(second)
    rows['serve.page-turn (server)'] = turns
    rows['serve.page-turn.view (server)'] = views
    rows['serve.page-turn.png (server)'] = images
    changes = []
    for index in range(max(4, runs // 2)):
        _, first, second = shown({'op': 'setSettings', 'settings': {'size': 20 if index % 2 == 0 else 19}})
        changes.append(first + second)
    rows['serve.settings-change.size (server)'] = changes
    fonts = []
    for index in range(4):
        _, first, second = shown({'op': 'setSettings', 'settings': {'font': 'Noto Sans' if index % 2 == 0 else 'Charis SIL'}})
        fonts.append(first + second)
    rows['serve.settings-change.font (server)'] = fonts
    answer, _, _ = shown({'op': 'currentPage'})
    token = answer['view']['token']
    lines = [line for paragraph in answer['view']['paragraphs'] for line in paragraph['lines']]
    taps = []
    for index in range(runs):
        line = lines[index % len(lines)]
        point = {'x': line['rect']['x'] + line['rect']['width'] / 2, 'y': line['rect']['y'] + line['rect']['height'] / 2}
        payload, first = request(base, 'POST', f'/books/{book}/views/{token}{reader}', {'op': 'closestPosition', 'point': point})
        position = json.loads(payload)
        _, second = request(base, 'POST', f'/books/{book}/views/{token}{reader}', {'op': 'caretRect', 'offset': position['offset']})
        taps.append(first + second)
    rows['serve.tap-to-caret (server)'] = taps
    return rows


def chromium_rows(base, book, runs):
    """The measures the reader page records, in a headless Chromium at a device pixel ratio of 2."""
    driver = reader_test.browser()
    try:
        reader = reader_test.Reader(driver, base)
        token = reader.open(book)
        for _ in range(5):
            reader.keys(Keys.ARROW_RIGHT)
            token = reader.after(token, 'a warm-up turn')
        driver.execute_script('performance.clearMeasures()')
        for _ in range(runs):
            reader.keys(Keys.ARROW_RIGHT)
            token = reader.after(token, 'a turn')
        for index in range(max(4, runs // 2)):
            reader.js("""const input = document.querySelector('#settings-form [name=size]');
                         input.value = arguments[0]; input.dispatchEvent(new Event('change', {bubbles: true}));""", 20 if index % 2 == 0 else 19)
            token = reader.after(token, 'a settings change')
        page = driver.find_element(By.ID, 'page')
        lines = [l for l in driver.find_elements(By.CSS_SELECTOR, '#text-layer p .line') if l.size['width'] > 0.6 * page.size['width']]
        for index in range(runs):
            reader.js('delete document.body.dataset.caret')
            ActionChains(driver).move_to_element(lines[index % len(lines)]).click().perform()
            reader.wait(lambda: reader.js('return document.body.dataset.caret !== undefined'), 'the caret')
        rows = {}
        for name, duration in reader.measures():
            rows.setdefault(f'serve.{name} (chromium)', []).append(duration)
        return rows
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--typeset', default=os.path.join(root, '.build', 'release', 'typeset'))
    parser.add_argument('--book', default=os.path.join(root, 'Tests', 'Corpus', 'austen-pride-and-prejudice.pg-epub2.epub'))
    parser.add_argument('--runs', type=int, default=30)
    parser.add_argument('--json')
    parser.add_argument('--no-browser', action='store_true')
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix='typeset-serve-bench-')
    books = os.path.join(scratch, 'books')
    os.makedirs(books)
    shutil.copy(arguments.book, books)
    server, base = reader_test.start_server(arguments.typeset, books, os.path.join(scratch, 'reader.sqlite'))
    try:
        listed = json.loads(request(base, 'GET', '/books')[0])
        book = listed[0]['id']
        rows = server_rows(base, book, arguments.runs)
        if not arguments.no_browser:
            rows.update(chromium_rows(base, book, arguments.runs))
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(scratch, ignore_errors=True)
    print(f'{"row":44} {"median":>10} {"p90":>10} {"n":>4}')
    record = []
    for name, values in rows.items():
        values = sorted(values)
        p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
        print(f'{name:44} {statistics.median(values):8.1f} ms {p90:7.1f} ms {len(values):4}')
        record.append({'row': name, 'medianMs': round(statistics.median(values), 2), 'p90Ms': round(p90, 2), 'count': len(values)})
    if arguments.json:
        with open(arguments.json, 'w') as file:
            json.dump({'book': os.path.basename(arguments.book), 'rows': record}, file, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
