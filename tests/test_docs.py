"""The README is the front door and docs/ holds the rest: every link between them must lead
somewhere, and the README must stay short enough to be read.

Links are checked the way GitHub renders them: a relative path must name a file of the
repository, and a ``#fragment`` must be the slug of one of that file's headings (lower case,
punctuation other than hyphens and underscores dropped, spaces turned into hyphens).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def heading_slugs(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    slugs = set()
    in_code = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not line.startswith("#"):
            continue
        title = line.lstrip("#").strip().lower()
        slug = re.sub(r"[^\w\- ]", "", title).replace(" ", "-")
        slugs.add(slug)
    return slugs


def test_heading_slugs_follow_github() -> None:
    """The slug rule itself, on a heading with code, parentheses, slashes and dots."""
    page = ROOT / "docs" / "performance.md"
    assert "analyze-benchbench_analyzepy" in heading_slugs(page)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path_part, _, fragment = target.partition("#")
        linked = (page.parent / path_part).resolve() if path_part else page
        if not linked.exists():
            broken.append(f"{target}: no file {linked.relative_to(ROOT)}")
        elif fragment and linked.suffix == ".md" and fragment not in heading_slugs(linked):
            broken.append(f"{target}: no heading '#{fragment}' in {linked.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_readme_is_a_front_door() -> None:
    """About 200 lines: what it does, install, the demo, one example per game, links."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 230
    for page in ("thrill-digger", "disco-zoo", "tile-path", "pentomino", "minesweeper",
                 "real-games", "screen-reading", "live", "performance", "limits", "testing"):
        assert f"docs/{page}.md" in readme, f"the README does not link docs/{page}.md"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    unlinked = [p.name for p in PAGES[1:] if f"docs/{p.name}" not in readme]
    assert not unlinked, f"docs pages nobody can find from the README: {unlinked}"
