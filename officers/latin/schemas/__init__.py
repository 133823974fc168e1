"""The JSON Schemas of the Latin squares' documents and requests (package data; see
docs/mathematics.md, docs/mols.md and :mod:`officers.contract.schemas`, which reads them)."""
