"""The claim checks: each claim of the reply against the turn's evidence, as findings.

One module per finding family: ``tool_use`` (a call said to have run, a result presented
as done), ``counts``, ``absence``, ``universal_states`` ("every bay is occupied" beside a row in
another state), ``filter_denials`` (a negative quantifier over the bound
a call selected by, while it returned rows), ``values``, ``labelled`` (a bare number given for a
quantity a result labels, and different from it), ``timed_keys`` (a span of time given
for a key of that name and unit, and different from it), ``quoted_pairs`` (a result's
``key=value`` quoted with another value), ``score_pairs`` (a pair the results write as one
value, "13-11", quoted with other numbers), ``names`` (a result's Chinese name with one
character changed), ``sources``, ``actions`` (actions and
checks said done in any voice, linked to calls through the tools' metadata, and failure
disclosure) and ``failed_settings`` (a value a failed call was to set, said in force
now). :data:`CHECKS` runs them in a fixed order, because later checks read what
earlier ones left in the context (a failed call reported once, counts found wrong).
"""

from __future__ import annotations

from .absence import check_absences
from .actions import check_actions
from .base import Check, CheckContext
from .counts import check_counts
from .disclosure import check_undisclosed_failed_object, check_undisclosed_failure
from .failed_settings import check_failed_settings
from .filter_denials import check_filter_denials
from .labelled import check_labelled_numbers
from .names import check_near_names
from .quoted_pairs import check_quoted_pairs
from .score_pairs import check_score_pairs
from .sources import check_sources
from .threshold_absences import check_threshold_absences
from .timed_keys import check_timed_keys
from .tool_use import check_results, check_tool_uses
from .universal_states import check_universal_states
from .values import check_values

CHECKS: tuple[Check, ...] = (
    check_tool_uses,
    check_results,
    check_counts,
    check_threshold_absences,
    check_absences,
    check_universal_states,
    check_filter_denials,
    check_values,
    check_labelled_numbers,
    check_timed_keys,
    check_quoted_pairs,
    check_score_pairs,
    check_near_names,
    check_sources,
    check_actions,
    check_failed_settings,
    check_undisclosed_failure,
    check_undisclosed_failed_object,
)


def run_checks(context: CheckContext) -> None:
    """Run every check, in order, on one reply."""
    for check in CHECKS:
        check(context)


__all__ = ["CHECKS", "Check", "CheckContext", "run_checks"]
