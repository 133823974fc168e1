"""officers' benchmarks: how fast it answers, and how it compares with other solvers.

Run each from the repository root as a module, so that ``officers`` and the test oracles
(the package ``oracles``, beside ``officers``) import from the checkout::

    python -m benchmarks.bench_engine
    python -m benchmarks.bench_census --grades
    python -m benchmarks.coverage_checks --write docs/coverage.md

The benchmarks never import the tests.
"""
