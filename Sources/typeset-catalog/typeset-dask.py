#!/usr/bin/python3
"""Runs typeset batch jobs as tasks on a Dask cluster: the driver of `typeset catalog --dask ADDRESS`.

    typeset-dask.py --scheduler tcp://HOST:8786 --typeset /path/to/typeset [--retries N] -- batch -q --threads 1

Reads job lines (typeset batch's JSON jobs, one per line) on standard input until its end, submits one task per
job, and writes each task's result line on standard output as the task ends (in the order tasks end, not the
order of the jobs). `typeset catalog` writes the jobs, appends the results to its results file, and skips the books
already there when run again; this driver keeps no state of its own.

A task runs its job through a `typeset batch` process kept alive on its Dask worker (one per worker thread), so
fonts load once per worker, not per book: the job's line goes to the process's standard input, its result comes
back on its standard output. That `typeset batch` supervises its own worker process, so a book over its limits
(time, memory, pages) or one that crashes comes back as an error result, and the Dask worker never notices. A task
that fails (the typeset process gone, the Dask worker lost) is retried on any worker up to --retries more times
(Dask's retries; a lost worker's tasks are rescheduled by the scheduler itself); when every try failed, the driver
writes an error result of kind "dask" for the book, so the catalogue is complete and the summary counts it.

Needs Debian's python3-distributed, which is for /usr/bin/python3. The workers need the typeset executable at the
path --typeset names, with its Fonts/ beside or above it, and the books at the paths the jobs name (a shared
folder, or a copy under the path `typeset catalog --worker-folder` names). See the manual, "Catalogues".
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time

SCHEMA = "typeset-batch-result/1"


def run_job(line, typeset, arguments):
    """On a Dask worker: runs one job line through this worker thread's typeset batch; returns its result line."""
    from distributed import get_worker

    worker = get_worker()
    processes = worker.__dict__.setdefault("_typeset_batch", {})
    key = threading.get_ident()
    process = processes.get(key)
    if process is None or process.poll() is not None:
        environment = dict(os.environ, SWIFT_BACKTRACE="enable=no")
        process = subprocess.Popen([typeset] + arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, encoding="utf-8", bufsize=1, env=environment)
        processes[key] = process
    try:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        result = process.stdout.readline()
    except (BrokenPipeError, OSError) as error:
        result = ""
        failure = str(error)
    else:
        failure = None
    if not result.endswith("\n"):
        processes.pop(key, None)
        process.kill()
        status = process.wait()
        raise RuntimeError("typeset batch ended without a result (exit status %s%s)" % (status, ", " + failure if failure else ""))
    return result.rstrip("\n")


def error_result(line, message):
    """The result of a job no try could run: schema, id, book, status error of kind "dask"."""
    try:
        job = json.loads(line)
    except ValueError:
        job = {}
    fields = [("schema", SCHEMA), ("id", job.get("id")), ("book", job.get("book")), ("status", "error"),
              ("typeset", None), ("error", {"kind": "dask", "message": message}),
              ("run", {"seconds": 0, "host": socket.gethostname(), "pid": os.getpid()})]
    return "{" + ", ".join("%s: %s" % (json.dumps(k), json.dumps(v, ensure_ascii=False)) for k, v in fields) + "}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scheduler", required=True, help="the Dask scheduler's address (tcp://HOST:8786)")
    parser.add_argument("--typeset", required=True, help="the typeset executable on the workers")
    parser.add_argument("--retries", type=int, default=2, help="how many more times a failed task runs")
    parser.add_argument("--timeout", type=float, default=30, help="seconds to wait for the scheduler and a worker")
    parser.add_argument("arguments", nargs=argparse.REMAINDER, help="-- then typeset's arguments (batch ...)")
    options = parser.parse_args()
    arguments = options.arguments[1:] if options.arguments[:1] == ["--"] else options.arguments
    jobs = [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not jobs:
        return 0

    from distributed import Client, as_completed

    try:
        client = Client(options.scheduler, timeout=options.timeout)
    except OSError as error:
        print("typeset-dask: cannot reach the scheduler at %s: %s" % (options.scheduler, error), file=sys.stderr)
        return 1
    try:
        deadline = time.monotonic() + options.timeout
        while not client.scheduler_info().get("workers"):
            if time.monotonic() > deadline:
                print("typeset-dask: the scheduler at %s has no workers (start some with dask-worker %s)"
                      % (options.scheduler, options.scheduler), file=sys.stderr)
                return 1
            time.sleep(0.2)
        futures = {}
        for line in jobs:
            future = client.submit(run_job, line, options.typeset, arguments, retries=options.retries, pure=False)
            futures[future] = line
        for future in as_completed(futures):
            try:
                result = future.result()
            except Exception as error:  # every try failed: the book gets an error result
                result = error_result(futures[future], "failed on Dask after %d tries: %s" % (options.retries + 1, error))
            sys.stdout.write(result + "\n")
            sys.stdout.flush()
    finally:
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
