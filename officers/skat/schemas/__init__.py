"""The JSON Schemas of Offiziersskat's documents and requests (package data; see docs/skat.md
and :mod:`officers.contract.schemas`, which reads them)."""
