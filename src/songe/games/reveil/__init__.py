"""Réveil, the solo game: its state, its procedure, and how to set it up."""

from songe.games.reveil.machine import PASS, ReveilGame
from songe.games.reveil.state import Event, EventKind, Frame, State

__all__ = ["PASS", "ReveilGame", "Event", "EventKind", "Frame", "State"]
