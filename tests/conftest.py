"""The Hypothesis profiles of the suite (``CI`` set in the environment: 200 examples a property,
else 50), their examples kept in the user's cache.

Strategies are in :mod:`tests.strategies`, shared helpers in :mod:`tests.helpers`, and the two
independent solvers the tests check officers against in the package ``oracles`` beside
``officers``; test modules import those, never this file.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir
from platformdirs import user_cache_dir

# What Hypothesis keeps between runs (the examples to try first, its caches) lives in the
# user's cache, never in the checkout (``OFFICERS_HYPOTHESIS_HOME`` names another folder).
set_hypothesis_home_dir(
    os.environ.get("OFFICERS_HYPOTHESIS_HOME") or Path(user_cache_dir("officers")) / "hypothesis"
)

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# A newcomer's run is quick (the README says how long it takes); CI (``CI`` set) tries four times
# the examples of each property that does not name its own number.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
