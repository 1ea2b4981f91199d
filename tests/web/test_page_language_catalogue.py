"""The page's catalogue is complete: every string the page marks (`t("...")` in its JavaScript, `data-t...` in its
HTML) has an Italian translation in controller/i18n/locale/it/LC_MESSAGES/page.po, not fuzzy and with the same
placeholders, compiled into page.mo and exported into the JSON the page loads (controller/web/static/i18n/it.json)."""
from __future__ import annotations

import json
import re

from controller.i18n.catalogues import DOMAINS, EXPORT_DIR, ROOT, extract, mo_bytes, po_path, read, translated

PAGE = next(d for d in DOMAINS if d.name == "page")
PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")
# t("...") with a whole string literal first (one followed by + is a concatenation, extracted as the whole)
CALL = re.compile(r"""(?<![\w.$])t\(\s*"((?:[^"\\]|\\.)*)"(?!\s*\+)""")

# What puts text before a reader: an element's text or tooltip, a text node, a string handed to append & co.
LITERAL = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)"""
SINK = re.compile(r"""\.(?:textContent|innerText|title|placeholder|ariaLabel|alt)\s*=(?!=)"""
                  r"""|setAttribute\(\s*["'](?:title|aria-label|placeholder|alt)["']\s*,"""
                  r"""|createTextNode\(|\.(?:append|prepend|before|after|replaceChildren|replaceWith)\(""")
# literals that are no reader's words: the sentence t() translates, a tag or selector a DOM call is given
NOT_SAID = re.compile(r"""(?<![\w$])(?:t|createElement|createElementNS|querySelector|querySelectorAll|getElementById"""
                      r"""|closest|matches|getAttribute)\(\s*""" + LITERAL)
NON_WORDS = {"Soccerboard"}                  # the product's name is said as it is in every language


def test_the_extraction_sees_every_t_call_of_the_page():
    """Babel's extractor reads template strings its own way: a t() inside a quoted attribute, or after an object
    literal's braces, in a template is not seen; such a sentence would never be translated."""
    marked = {m.id for m in extract(PAGE) if m.id}
    sources = [*(ROOT / "controller/web/static/js").glob("*.js"), *(ROOT / "controller/games").glob("*/page.js")]
    unseen = []
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for m in CALL.finditer(text):
            if json.loads(f'"{m.group(1)}"') not in marked:
                unseen.append(f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(1)}")
    assert unseen == []


def unmarked_strings(text: str) -> list[tuple[int, str]]:
    """The string literals with a word in them that a statement shows a reader without t(): from each sink to the
    statement's end (its `;`), the literals left once t()'s and the DOM calls' are taken out; ${...} is code."""
    found = []
    for m in SINK.finditer(text):
        end = text.find(";", m.end())
        statement = NOT_SAID.sub("(", text[m.end(): end if end >= 0 else len(text)])
        for lit in re.findall(LITERAL, statement):
            words = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\$\{[^}]*\}", " ", lit[1:-1]))) - NON_WORDS
            if words:
                found.append((text.count("\n", 0, m.start()) + 1, lit))
    return found


def test_the_check_for_unmarked_strings_finds_them_and_only_them():
    shown = 'el.textContent = "Connect the die";\nb.title = `the ball on ${sq}`;\nrow.append(button, " ", s);\n'
    marked = 'el.textContent = t("Connect the die");\nli.append(document.createElement("li"), `${a}: ${b}`);\n'
    assert unmarked_strings(shown) == [(1, '"Connect the die"'), (2, "`the ball on ${sq}`")]
    assert unmarked_strings(marked + 'document.title = `Soccerboard: ${board}`;\n') == []
    either = 'x.title = cond ? t("Hint") :\n  "Light the best action";'
    assert unmarked_strings(either) == [(1, '"Light the best action"')]


def test_the_page_shows_no_english_string_left_unmarked():
    """A string a module puts before a reader (an element's text, a tooltip, a text node) is said with t(), so it
    reaches the catalogue and is translated; one written straight in stays English on every page."""
    sources = [*(ROOT / "controller/web/static/js").glob("*.js"), *(ROOT / "controller/games").glob("*/page.js")]
    unmarked = [f"{path.relative_to(ROOT)}:{line}: {lit}" for path in sorted(sources)
                for line, lit in unmarked_strings(path.read_text(encoding="utf-8"))]
    assert unmarked == []


def test_every_marked_page_string_has_an_italian_translation():
    marked = {m.id for m in extract(PAGE) if m.id}
    assert len(marked) > 400, len(marked)        # the extraction reads the page's JavaScript and HTML
    catalog = read(po_path("page", "it"))
    have = translated(catalog)
    assert sorted(marked - have.keys()) == [], "marked on the page, not translated in page.po"
    assert [m.id for m in catalog if m.id and m.fuzzy] == []
    assert sorted(have.keys() - marked) == [], "page.po translates what the page no longer says"


def test_each_translation_keeps_the_placeholders_of_its_english():
    for msgid, msgstr in translated(read(po_path("page", "it"))).items():
        assert set(PLACEHOLDER.findall(msgstr)) == set(PLACEHOLDER.findall(msgid)), (msgid, msgstr)


def test_the_page_loads_what_page_po_says():
    catalog = read(po_path("page", "it"))
    assert po_path("page", "it").with_suffix(".mo").read_bytes() == mo_bytes(catalog), "page.mo is not compiled"
    exported = json.loads((EXPORT_DIR / "it.json").read_text(encoding="utf-8"))
    stale = {k: (v, exported.get(k)) for k, v in translated(catalog).items() if exported.get(k) != v}
    assert stale == {}, "controller/web/static/i18n/it.json is not exported from page.po"
