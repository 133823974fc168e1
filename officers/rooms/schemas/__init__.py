"""The JSON Schemas of the rooms' requests and documents (package data; docs/rooms.md)."""
