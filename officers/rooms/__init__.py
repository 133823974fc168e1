"""Rooms: games held by the server, each seat shown only what it may see (docs/rooms.md)."""
