"""The JSON Schemas of Eight Off's documents and requests (package data; see docs/eightoff.md
and :mod:`officers.contract.schemas`, which reads them)."""
