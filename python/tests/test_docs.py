"""The examples in the package's docstrings run and print what they say."""

from __future__ import annotations

import doctest

import fray
from conftest import ROOT


def test_docstring_examples(monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name the repository's files
    failed, tried = doctest.testmod(fray, extraglobs={"fray": fray}, optionflags=doctest.ELLIPSIS)
    assert tried >= 8, "every command's docstring example is counted"
    assert failed == 0
