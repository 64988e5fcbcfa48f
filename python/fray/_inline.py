"""A report page as HTML that a notebook keeps: the page's body inline in one ``<div>``,
its stylesheet written into each element's ``style``, each SVG chart an ``<img>`` of a
``data:`` URL.

JupyterLab sanitizes the HTML of an output it does not trust, which is every output of a
notebook reopened from disk that this user's server did not sign: it drops ``<iframe>``
(and so ``srcdoc``), ``<style>`` and ``<svg>``, and keeps plain tags, ``style``
attributes and an ``<img>``'s ``src``. A page inline takes the height of its content, as
any output does; nothing in it runs or is fetched."""

from __future__ import annotations

import base64
import html
import re
from html.parser import HTMLParser
from typing import List, Optional, Tuple

#: One compound selector of the page's stylesheet: a tag and classes (``th``,
#: ``.points``, ``table.whole``); a selector is such compounds apart by spaces.
_COMPOUND = re.compile(r"([a-z][a-z0-9]*)?((?:\.[A-Za-z_][\w-]*)*)")
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
#: The stand-in for a chart while the rest of the page is parsed.
_CHART = "fray-chart"

Compound = Tuple[Optional[str], frozenset]


def _compound(text: str) -> Optional[Compound]:
    m = _COMPOUND.fullmatch(text)
    if not m or not (m.group(1) or m.group(2)):
        return None
    return m.group(1), frozenset(c for c in m.group(2).split(".") if c)


def _rules(css: str) -> List[Tuple[List[Compound], str]]:
    """The stylesheet's rules as (selector, declarations), one a selector; a selector of a
    form this does not read (``>``, ``:hover``...) is left out, so its rule is lost,
    never misapplied."""
    out = []
    for selectors, declarations in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        declarations = declarations.strip().rstrip(";")
        for selector in selectors.split(","):
            parts = [_compound(p) for p in selector.split()]
            if parts and all(parts):
                out.append((parts, declarations))
    return out


def _matches(compound: Compound, tag: str, classes: frozenset) -> bool:
    return (compound[0] is None or compound[0] == tag) and compound[1] <= classes


class _Inliner(HTMLParser):
    """The body rebuilt with each rule's declarations in the style of what it selects."""

    def __init__(self, rules: List[Tuple[List[Compound], str]], charts: List[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.rules, self.charts = rules, charts
        self.out: List[str] = []
        self.open: List[Tuple[str, frozenset]] = []

    def _style(self, tag: str, classes: frozenset) -> str:
        found = []
        for parts, declarations in self.rules:
            if not _matches(parts[-1], tag, classes):
                continue
            ancestors = iter(reversed(self.open))
            if all(any(_matches(p, *a) for a in ancestors) for p in reversed(parts[:-1])):
                found.append(declarations)
        return ";".join(found)

    def _start(self, tag: str, attrs: list, void: bool) -> None:
        named = dict(attrs)
        if tag == _CHART:
            svg = self.charts[int(named["n"])]
            size = {k: v for k, v in re.findall(r'\b(width|height)="(\d+)"', svg.split(">", 1)[0])}
            title = re.search(r"<text\b[^>]*>\s*([^<]*?)\s*</text>", svg)
            data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
            style = self._style("svg", frozenset()) or "max-width:100%;height:auto"
            self.out.append(
                f'<img src="data:image/svg+xml;base64,{data}" width="{size.get("width", "")}" '
                f'height="{size.get("height", "")}" alt="{html.escape(title.group(1) if title else "chart")}" '
                f'style="{html.escape(style)}">'
            )
            return
        classes = frozenset((named.get("class") or "").split())
        style = ";".join(s for s in (self._style(tag, classes), named.pop("style", None)) if s)
        shown = tag
        if tag == "body":  # the page's body is the output's container
            shown, named = "div", {"class": "fray-report"}
        if style:
            named["style"] = style
        text = "".join(f' {k}="{html.escape(v or "")}"' for k, v in named.items())
        self.out.append(f"<{shown}{text}>")
        if not void:
            self.open.append((tag, classes))

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs, tag in _VOID or tag == _CHART)

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs, True)

    def handle_endtag(self, tag):
        if tag == _CHART or tag in _VOID:
            return
        if self.open:
            self.open.pop()
        self.out.append("</div>" if tag == "body" else f"</{tag}>")

    def handle_data(self, data):
        self.out.append(html.escape(data, quote=False))


_VOID = {"br", "hr", "img", "wbr", "meta", "input", "col", "area", "source", "track"}


def inline(page: str) -> str:
    """``page`` (a whole report page) as HTML that survives a notebook's sanitizer."""
    css = "".join(re.findall(r"<style\b[^>]*>(.*?)</style>", page, re.S))
    body = re.search(r"<body\b[^>]*>.*</body>", page, re.S)
    content = body.group(0) if body else f"<body>{page}</body>"
    charts: List[str] = []

    def chart(m: "re.Match[str]") -> str:
        charts.append(m.group(0))
        return f'<{_CHART} n="{len(charts) - 1}"></{_CHART}>'

    inliner = _Inliner(_rules(css), charts)
    inliner.feed(_SVG.sub(chart, content))
    inliner.close()
    return "".join(inliner.out)
