#!/usr/bin/env python3
"""Counts the public API of the library targets (TypesetCore, TypesetDocuments, TypesetRender, TypesetSpeech):
public types (struct, enum, class, actor, protocol, typealias) and public functions (func, init, subscript),
declarations only (doc comments and strings aside). The CLI and TypesetTestSupport are not API.

    python3 Benchmarks/public-surface.py            # a table per module and the totals
    python3 Benchmarks/public-surface.py --list     # every public declaration, module:file:line

The count is tracked in Benchmarks/README.md ("Public surface"); a change that adds to it says why."""
import os, re, sys

MODULES = ["TypesetCore", "TypesetDocuments", "TypesetRender", "TypesetSpeech"]
ATTRIBUTES = r"(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"
MODIFIERS = r"(?:(?:static|class|final|mutating|nonmutating|override|convenience|required|indirect|nonisolated)\s+)*"
TYPE = re.compile(r"^\s*" + ATTRIBUTES + r"public\s+" + MODIFIERS + r"(struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)")
FUNC = re.compile(r"^\s*" + ATTRIBUTES + r"public\s+" + MODIFIERS + r"(func\s+[^\s(<]+|init[?!]?|subscript)")

def declarations(root):
    for module in MODULES:
        for folder, _, files in os.walk(os.path.join(root, "Sources", module)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        if line.lstrip().startswith("//"):
                            continue
                        if m := TYPE.match(line):
                            yield module, "type", m.group(2), path, number
                        elif m := FUNC.match(line):
                            yield module, "function", m.group(1), path, number

def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = list(declarations(root))
    if "--list" in sys.argv:
        for module, kind, name, path, number in found:
            print(f"{module}:{os.path.relpath(path, root)}:{number}: {kind} {name}")
        return
    print(f"{'module':<20}{'types':>7}{'functions':>11}")
    for module in MODULES:
        types = sum(1 for m, k, *_ in found if m == module and k == "type")
        functions = sum(1 for m, k, *_ in found if m == module and k == "function")
        print(f"{module:<20}{types:>7}{functions:>11}")
    print(f"{'total':<20}{sum(1 for _, k, *_ in found if k == 'type'):>7}{sum(1 for _, k, *_ in found if k == 'function'):>11}")

if __name__ == "__main__":
    main()
