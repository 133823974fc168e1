"""The JSON Schemas of the JSON contract (package data; see docs/json.md and
:mod:`officers.contract.schemas`, which reads them)."""
