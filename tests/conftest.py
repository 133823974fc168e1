"""The Hypothesis profiles of the suite (``CI`` set in the environment: more examples).

Strategies are in :mod:`tests.strategies`, shared helpers in :mod:`tests.helpers`, and the two
independent solvers the tests check officers against in the package ``oracles`` beside
``officers``; test modules import those, never this file.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
