"""Popote's online server: tables over HTTP and WebSockets, every action kept in a database.

The server adds no rules: it holds each table's :class:`popote.Match`, keeps its action log,
and sends each seat only ``view(seat)`` and the events it may see. See ``docs/protocol.md``.
"""
