"""The shipped packs in ``templates/`` are exactly what the renderers generate today.

The packs are data (an installed gridsight reads them, never the renderers); the test kit's
``build_packs`` makes them from our own skins. Regenerating them into a temporary folder must
give the same files byte for byte: a renderer changed without regenerating the packs (or a
pack edited by hand) fails here.
"""

from __future__ import annotations

from pathlib import Path

from kit.build_packs import main as build_packs

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.suffix in (".json", ".png")}


def test_regenerating_the_packs_gives_the_shipped_files(tmp_path, capsys):
    assert build_packs(["--out", str(tmp_path)]) == 0
    made = _files(tmp_path)
    assert made, "nothing generated"
    # The folders the builder writes hold exactly what it writes (data written by hand, such
    # as the real Disco Zoo screen's facts, lives beside them).
    folders = {str(Path(name).parent) for name in made}
    shipped = {name: data for name, data in _files(TEMPLATES).items()
               if str(Path(name).parent) in folders}
    assert sorted(made) == sorted(shipped)
    changed = [name for name in made if made[name] != shipped[name]]
    assert not changed, f"regenerate the packs (python -m tests.kit.build_packs): {changed}"
