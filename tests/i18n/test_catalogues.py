"""The catalogues follow the code: every sentence the code marks (`say`, `N_`) has an Italian translation that
keeps its placeholders, none is fuzzy, and the compiled .mo files and the page's JSON export are those the
.po files make now (`python -m controller.i18n.catalogues all` brings them up to date)."""
from __future__ import annotations

import json
import string

import pytest

from controller.i18n import catalogues
from controller.i18n.translate import LANGUAGES, SOURCE

TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
PYTHON = next(d for d in catalogues.DOMAINS if d.name == "soccerboard")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.fixture(scope="module")
def marked() -> set[str]:
    """The templates the Python code marks now."""
    return {m.id for m in catalogues.extract(PYTHON) if m.id and isinstance(m.id, str)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_sentence_has_a_translation(marked: set[str], lang: str) -> None:
    catalog = catalogues.read(catalogues.po_path("soccerboard", lang))
    have = catalogues.translated(catalog)
    missing = sorted(marked - have.keys())
    assert not missing, f"{len(missing)} sentences have no {lang} translation (run `python -m " \
                        f"controller.i18n.catalogues update` and translate them): {missing[:10]}"
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy in {lang}: {fuzzy[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_template(lang: str) -> None:
    for domain in catalogues.DOMAINS:
        path = catalogues.po_path(domain.name, lang)
        if not path.exists():
            continue
        wrong = {msgid: msgstr for msgid, msgstr in catalogues.translated(catalogues.read(path)).items()
                 if _fields(msgid) != _fields(msgstr)}
        assert not wrong, f"{path.name}: {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogues_are_those_of_the_po_files(lang: str) -> None:
    for domain in catalogues.DOMAINS:
        po = catalogues.po_path(domain.name, lang)
        if po.exists():
            mo = po.with_suffix(".mo")
            assert mo.exists() and mo.read_bytes() == catalogues.mo_bytes(catalogues.read(po)), \
                f"{mo.name} is stale: python -m controller.i18n.catalogues compile"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_page_export_is_that_of_the_po_files(lang: str) -> None:
    exported = catalogues.EXPORT_DIR / f"{lang}.json"
    assert exported.exists(), "python -m controller.i18n.catalogues export"
    assert exported.read_text(encoding="utf-8") == catalogues.export_doc(lang), \
        f"{exported.name} is stale: python -m controller.i18n.catalogues export"
    doc = json.loads(exported.read_text(encoding="utf-8"))
    assert doc["Yellow card for {pawn}"] == "Cartellino giallo per {pawn}"
