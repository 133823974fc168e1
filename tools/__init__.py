"""The checkout's own tools, not part of the package: the compiled modules' build
(``build_extension``, which the wheel's build hook runs), the release's checks (``check_dist``,
``smoke``) and a throwaway PostgreSQL server (``postgres_cluster``) that the tests and the
benchmarks both start. Import them from the root of the checkout (``python -m pytest``,
``python -m benchmarks.NAME``); the scripts run as ``python tools/NAME.py``."""
