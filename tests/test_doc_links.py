"""Every relative link in the repository's Markdown files points at a file of the repository that exists, and
at a heading of it when it names one (`file.md#anchor`); none leaves the repository (`../shared/...`)."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def markdown_files() -> list[Path]:
    """The Markdown files git knows of (committed or added), and any new one in the tree."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return sorted(ROOT / p for p in listed if (ROOT / p).is_file())


def anchors(path: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered."""
    seen: dict[str, int] = {}
    out = set()
    text = CODE.sub("", path.read_text(encoding="utf-8"))
    for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    out |= set(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
    return out


def links(path: Path) -> list[str]:
    text = CODE.sub("", path.read_text(encoding="utf-8"))
    return [a or b for a, b in LINK.findall(text)]


def test_there_are_markdown_files_with_links():
    assert ROOT / "README.md" in markdown_files()
    assert "docs/rules.md" in links(ROOT / "README.md")


@pytest.mark.parametrize("md", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(md: Path):
    problems = []
    for target in links(md):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):       # https:, mailto: ...: not a file of ours
            continue
        file_part, _, anchor = target.partition("#")
        dest = (md.parent / file_part).resolve() if file_part else md
        if not dest.is_relative_to(ROOT):
            problems.append(f"{target}: outside the repository")
        elif not dest.exists():
            problems.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert not problems, f"{md.relative_to(ROOT)}:\n  " + "\n  ".join(problems)


def source_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return sorted(ROOT / p for p in listed
                  if p.endswith((".py", ".js", ".sh", ".toml", ".html", ".css", ".md")) and "/vendor/" not in p
                  and p != "tests/test_doc_links.py" and (ROOT / p).is_file())


def test_sources_cite_documents_of_the_repository_that_exist():
    """A comment citing docs/<name>.md names a document that is there; none cites the specification folder
    outside the repository, which a reader of the repository does not have."""
    problems = []
    outside = re.compile(r"\.\./shared/|\bshared/spec/|\bspec/(?:RULES|BOARD)[\w-]*\.md")
    cited = re.compile(r"(?<![\w/.-])(docs/[\w.-]+\.md)")
    for path in source_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        name = path.relative_to(ROOT)
        problems += [f"{name}: cites {m.group(0)} (outside the repository)" for m in outside.finditer(text)]
        problems += [f"{name}: cites {doc}, which does not exist" for doc in set(cited.findall(text))
                     if not (ROOT / doc).is_file()]
    assert not problems, "\n".join(sorted(problems))
