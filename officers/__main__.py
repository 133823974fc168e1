"""``python -m officers``: the command line."""

from officers.cli import main

raise SystemExit(main())
