#!/usr/bin/env python3
"""Rewrites citations of the session's external spec notes (`../shared/specs/<topic>.md §N`) into
citations of the project's own rules (`docs/rules/<topic>.md §N`, anchor `#sN`).

The mapping table below is the whole rule: every topic file keeps its section numbers in
docs/rules/, except encryption-and-dash.md, which is split into two topic files. Section
references of the split file are renumbered through SPLIT. Run from the package root:
    python3 scripts/cite-rules.py [--check] PATH...
--check lists what would change and exits 1 when anything would. Only comment lines are
rewritten in code (string literals end up in reports, which stay byte-identical); the bare topic
names left in strings (`apple-playback.md §1.4`) name the docs/rules file of the same name.
"""
import re
import sys
from pathlib import Path

SAME_NUMBERS = {
    "dolby-vision": "docs/rules/dolby-vision.md",
    "hdr10plus": "docs/rules/hdr10plus.md",
    "hls-signalling": "docs/rules/hls-signalling.md",
    "apple-playback": "docs/rules/apple-playback.md",
    "devices": "docs/rules/devices.md",
    "pitfalls": "docs/rules/pitfalls.md",
    "peers": "docs/rules/peers.md",
    "report-contract": "docs/report-contract.md",
    "corpus-recipes": "Corpus/README.md",
}
# encryption-and-dash.md §N -> (file, new section)
SPLIT = {
    "1": ("docs/rules/encryption-cmaf.md", "1"),
    "2": ("docs/rules/encryption-cmaf.md", "2"),
    "3": ("docs/rules/encryption-cmaf.md", "3"),
    "4": ("docs/rules/dash-signalling.md", "1"),
    "5": ("docs/rules/dash-signalling.md", "2"),
}
TOPICS = "|".join(map(re.escape, list(SAME_NUMBERS) + ["encryption-and-dash"]))
# `../shared/specs/x.md`, `shared/specs/x.md`, or a bare `x.md` not already inside a path.
CITATION = re.compile(r"(?:(?:\.\./)?shared/specs/|(?<![\w/.-]))(" + TOPICS + r")\.md(`?)( §(\d+)(?:\.\d+)*)?")


def rewrite(match: re.Match) -> str:
    topic, tick, section, top = match.group(1), match.group(2), match.group(3), match.group(4)
    if topic != "encryption-and-dash":
        return SAME_NUMBERS[topic] + tick + (section or "")
    if top is None:
        return "docs/rules/encryption-cmaf.md" + tick
    path, new = SPLIT[top]
    return path + tick + " §" + new + section[len(" §" + top):]


COMMENT = re.compile(r"^\s*(//|/\*|\*|#)")


def rewrite_line(line: str, suffix: str) -> str:
    """Comments only (Markdown: every line): string literals reach reports, which must not change."""
    if suffix != ".md" and not COMMENT.match(line):
        return line
    return CITATION.sub(rewrite, line)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    changed = 0
    for name in (a for a in argv if a != "--check"):
        for path in [Path(name)] if Path(name).is_file() else Path(name).rglob("*"):
            if not path.is_file() or path.suffix not in {".swift", ".yaml", ".md", ".py", ".sh"}:
                continue
            text = path.read_text(encoding="utf-8")
            new = "".join(rewrite_line(line, path.suffix) for line in text.splitlines(keepends=True))
            if new != text:
                changed += 1
                print(path)
                if not check:
                    path.write_text(new, encoding="utf-8")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
