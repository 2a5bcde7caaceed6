"""Réveil's hooks for the exact analyses (readings, claims, witnesses): levels, games, the deck."""

from __future__ import annotations

from songe.analysis.kit import ExactKit
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.trace import deck

#: Levels are the set-ups; levels with one hand limit share memos (a state's value does not
#: depend on the Lucidité the game started with).
# deck takes only Réveil games: ExactKit's Game-typed slot cannot say so.
KIT = ExactKit(setups=lambda spec, level: setups(spec, level), make_game=make_game, deck=deck,  # type: ignore[arg-type]
               label=lambda st: st.level, share=lambda st: st.hand_limit)
