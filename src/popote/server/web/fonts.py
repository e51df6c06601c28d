"""The "Popote Signs" font: every card sign and page symbol, drawn from fonts the project ships.

The pictures draw suits, arrows, stars, a raised hand, an hourglass (``Face.sign``); the
pages draw a few symbols of their own (▶, ›, −). Left to the machine's fonts, a sign only
an emoji font holds (✋, ⌛) is an empty box where none is installed. So the static folder
carries subsets of free fonts holding exactly these characters, declared in ``popote.css``
as one family, "Popote Signs", first in the page's font stack, each file with a
``unicode-range`` of what it holds: the browser fetches a file only when a page shows one
of its characters, and every other character stays in the system's text font.

The characters are found in the sources themselves (``shipped_signs``): every symbol in the
games' and the browser client's files. Each comes from the first source font that has it:
DejaVu Sans (Debian's ``fonts-dejavu-core``; Bitstream Vera's licence, changes in the public
domain) for most, then Noto Sans Symbols 2 and Noto Sans Symbols (``fonts-noto-core``; SIL
Open Font License 1.1) for those DejaVu lacks. Their licences lie beside the subsets.

After adding a symbol to a game or a page, rebuild (needs the ``dev`` extra: fontTools and
brotli, and the two Debian packages, or their files under ``--fonts``)::

    python -m popote.server.web.fonts [--fonts /usr/share/fonts/truetype]

then paste the ``@font-face`` blocks it prints at the top of ``popote.css``.
``tests/web/test_glyphs.py`` fails until both are done. The build is reproducible: the same
source fonts give the same bytes (no time stamp is written).

>>> sorted(signs_in("Carte 10♠ — total −150 … ✋"))
['…', '−', '♠', '✋']
"""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

FAMILY = "Popote Signs"
WEB = Path(__file__).parent
FOLDER = WEB / "static" / "fonts"
SCANNED = (WEB.parent.parent / "games", WEB)
"""Where the signs are written: the games (their pictures and words) and the browser client."""
SUFFIXES = frozenset({".py", ".js", ".html"})


@dataclass(frozen=True)
class Source:
    """A free font a subset is cut from: its file under the fonts folder, the Debian package
    that installs it, and the name its subset keeps (file name and PostScript name)."""

    name: str
    path: str
    package: str
    full_name: str


SOURCES = (
    Source("dejavu", "dejavu/DejaVuSans.ttf", "fonts-dejavu-core", "DejaVu Sans"),
    Source(
        "noto-symbols2",
        "noto/NotoSansSymbols2-Regular.ttf",
        "fonts-noto-core",
        "Noto Sans Symbols 2",
    ),
    Source(
        "noto-symbols", "noto/NotoSansSymbols-Regular.ttf", "fonts-noto-core", "Noto Sans Symbols"
    ),
)


def is_sign(char: str) -> bool:
    """A symbol the text font may lack: past Latin-1, not a letter, digit, mark, space or
    control, and not a dash or quotation mark (U+2010–U+201F), which belong to the text."""
    code = ord(char)
    if code < 0x100 or 0x2010 <= code <= 0x201F:
        return False
    return unicodedata.category(char)[0] not in "LMNZC"


def signs_in(text: str) -> set[str]:
    """The signs ``text`` holds."""
    return {char for char in text if is_sign(char)}


def source_files() -> Iterator[Path]:
    for folder in SCANNED:
        for path in sorted(folder.rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                yield path


def shipped_signs() -> set[str]:
    """Every sign written in the games' and the browser client's sources."""
    found: set[str] = set()
    for path in source_files():
        found |= signs_in(path.read_text(encoding="utf-8"))
    return found


def file_name(source: Source) -> str:
    return f"popote-signs-{source.name}.woff2"


def unicode_range(chars: Iterable[str]) -> str:
    """CSS's ``unicode-range`` of exactly ``chars``, runs of consecutive code points joined.

    >>> unicode_range("♥♠♦♣✋")
    'U+2660, U+2663, U+2665-2666, U+270B'
    """
    codes = sorted({ord(char) for char in chars})
    runs: list[list[int]] = []
    for code in codes:
        if runs and runs[-1][-1] == code - 1:
            runs[-1].append(code)
        else:
            runs.append([code])
    return ", ".join(
        f"U+{run[0]:04X}" if len(run) == 1 else f"U+{run[0]:04X}-{run[-1]:04X}" for run in runs
    )


def font_face(source: Source, chars: Iterable[str]) -> str:
    """The ``@font-face`` block of one subset, as ``popote.css`` holds it."""
    return "\n".join(
        [
            "@font-face {",
            f'  font-family: "{FAMILY}";',
            f'  src: url("/static/fonts/{file_name(source)}") format("woff2");',
            f"  unicode-range: {unicode_range(chars)};",
            "  font-display: block;",
            "}",
        ]
    )


def share_out(wanted: set[str], cmaps: dict[str, set[int]]) -> dict[str, set[str]]:
    """Which characters each source gives: the first source holding a character gives it.
    A character no source holds is an error naming it (replace it in its presenter)."""
    given: dict[str, set[str]] = {}
    left = set(wanted)
    for source in SOURCES:
        given[source.name] = {char for char in left if ord(char) in cmaps[source.name]}
        left -= given[source.name]
    if left:
        names = ", ".join(f"{char} U+{ord(char):04X}" for char in sorted(left))
        raise SystemExit(f"no source font holds {names}")
    return given


def cut(path: Path, chars: set[str], source: Source, out: Path) -> set[str]:
    """Write the WOFF2 subset of ``path`` holding ``chars``, renamed "Popote Signs" (the
    licences ask a modified font not to carry the original's reserved names); the
    characters it holds (the subsetter adds a bracket's mirror: › brings ‹)."""
    # fontTools is the dev extra's: the server imports this module (FOLDER) without it.
    from fontTools import subset  # noqa: PLC0415
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    font = TTFont(str(path), recalcTimestamp=False)
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(char) for char in chars))
    subsetter.subset(font)
    names = font["name"]
    postscript = f"PopoteSigns-{source.full_name.replace(' ', '')}"
    renamed = {
        1: FAMILY,
        2: "Regular",
        3: f"{postscript};cut from {source.full_name}",
        4: f"{FAMILY} ({source.full_name})",
        6: postscript,
    }
    names.names = [n for n in names.names if n.nameID not in renamed]
    for name_id, value in renamed.items():
        names.setName(value, name_id, 3, 1, 0x409)
    font.flavor = "woff2"
    font.save(str(out), reorderTables=False)
    return {chr(code) for code in font.getBestCmap()}


def build(fonts: Path) -> list[str]:
    """Cut every subset into ``FOLDER``; the ``@font-face`` blocks for ``popote.css``."""
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    cmaps = {s.name: set(TTFont(str(fonts / s.path)).getBestCmap()) for s in SOURCES}
    given = share_out(shipped_signs(), cmaps)
    FOLDER.mkdir(exist_ok=True)
    blocks = []
    for source in SOURCES:
        out = FOLDER / file_name(source)
        if given[source.name]:
            held = cut(fonts / source.path, given[source.name], source, out)
            blocks.append(font_face(source, held))
        else:
            out.unlink(missing_ok=True)
    return blocks


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--fonts",
        type=Path,
        default=Path("/usr/share/fonts/truetype"),
        help="the folder holding dejavu/ and noto/ (default: Debian's)",
    )
    args = parser.parse_args(argv)
    print("\n".join(build(args.fonts)))


if __name__ == "__main__":
    main()
