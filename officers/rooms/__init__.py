"""Rooms: games held by the server, each seat shown only what it may see (docs/rooms.md).

Beside the contract and below the service (:mod:`officers.serve` makes them HTTP endpoints
and a WebSocket), in the order of their imports:

- :mod:`~officers.rooms.errors`: :class:`~officers.rooms.errors.RoomError`, a refusal with a
  code of the contract;
- :mod:`~officers.rooms.adapter`: the :class:`~officers.rooms.adapter.Adapter` protocol a game
  brings to the rooms, found through the registry of games (``Registered.rooms``), and
  :class:`~officers.rooms.adapter.StateAdapter`, what every game's adapter does alike;
  :mod:`~officers.rooms.officers`, :mod:`~officers.rooms.eightoff` and
  :mod:`~officers.rooms.skat` are the adapters of Euler's Officers, Eight Off and
  Offiziersskat;
- :mod:`~officers.rooms.store`: the :class:`~officers.rooms.store.Store` protocol and its
  SQLite backend;
- :mod:`~officers.rooms.validate`: the requests held to their JSON Schemas (``schemas/``);
- :mod:`~officers.rooms.room`: :class:`~officers.rooms.room.Rooms`, rooms, seats, moves and
  events;
- :mod:`~officers.rooms.live`: the live protocol of one connection.
"""
