"""The rulebook: every rule that reads names from the text and decides who is who, each a small
named object — what it decides, the general pattern it covers, and golden cases (input text →
expected entries) from at least two authors — as pySBD holds its segmentation rules against a
"golden rules" table. The code that applies a rule names it, so a book's decisions are counted
rule by rule and a rule can be switched off to see what it does. ``docs/rules.md`` is generated
from here (``python -m saadi_desktop.eval.rulebook docs``).

Data only: nothing here imports the code that applies the rules, which imports this.
"""

from __future__ import annotations

from saadi_desktop.state.rulebook.clustering import *  # noqa: F403
from saadi_desktop.state.rulebook.core import STAGES, Case, Rule, counting, decided, on, without
from saadi_desktop.state.rulebook.identity import *  # noqa: F403
from saadi_desktop.state.rulebook.mining import *  # noqa: F403
from saadi_desktop.state.rulebook.types import *  # noqa: F403

RULES: tuple[Rule, ...] = tuple(rule for rule in list(globals().values()) if isinstance(rule, Rule))

__all__ = ["RULES", "STAGES", "Case", "Rule", "counting", "decided", "on", "without"]
