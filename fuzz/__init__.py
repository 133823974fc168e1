"""The fuzzing campaign of officers: every public parser, the JSON contract and the command line,
given random and mutated input for a long while (``python -m fuzz.campaign --budget N --seed S``;
docs/fuzzing.md).

- :mod:`fuzz.inputs`: what the cases are made of (texts near each notation, JSON values, random
  squares and games);
- :mod:`fuzz.targets`: what each target calls and checks (only the library's errors, bounded
  messages, round trips);
- :mod:`fuzz.cli`: argument vectors built from the real command grammar, run in-process;
- :mod:`fuzz.doors`: byte lines for a real ``officers engine`` and HTTP requests for the
  service's ASGI application, and what every answer must be;
- :mod:`fuzz.campaign`: the runner (one child process a target, a per-case deadline, a memory
  limit, a report).

The default test run uses the same targets with small budgets (tests/test_cli_fuzz.py,
tests/test_fuzz_doors.py).
"""
