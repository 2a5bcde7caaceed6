"""``songe graph`` and ``songe export`` streamed from flat arrays write the reference's bytes.

The reference is the interpreted machine walked by the shared explorer
(``compact=False``: no kernel involved), its networkx graph written by
:func:`~songe.solve.graph.write_graphml` and its model by
:func:`~songe.interop.storm.drn_text`. The compiled path (:meth:`PackedReveil.flat_graph`:
the graph kernel, the figures kernel, the features computed over columns)
must give the same files byte for byte; and a small game whose outcomes and
moves meet in one state checks the merging rules of both writers.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information
from songe.games.reveil import ReveilGame
from songe.interop.drn import drn
from songe.interop.explicit import build
from songe.interop.storm import drn_text
from songe.solve.flat import exported, flat_graph, graph_facts, graphml_chunks, walked
from songe.solve.graph import state_graph, write_graphml
from songe.spec.reveil import load


def _same(flat, game, tmp_path: Path) -> None:
    g, _ = state_graph(game, compact=False)
    write_graphml(g, tmp_path / "ref.graphml")
    ref = build(game, compact=False)
    info, chunks = drn(flat)
    assert "".join(chunks) == drn_text(ref)
    assert "".join(graphml_chunks(flat)) == (tmp_path / "ref.graphml").read_text(encoding="utf-8")
    assert (info.states, info.choices, info.labels, info.reward_names) == \
        (len(ref.states), ref.num_choices, tuple(ref.label_names()), ref.reward_names)
    nodes, edges, kinds = graph_facts(flat)
    ref_kinds: dict[str, int] = {}
    for _, d in g.nodes(data=True):
        ref_kinds[d["kind"]] = ref_kinds.get(d["kind"], 0) + 1
    assert (nodes, edges, kinds) == (g.number_of_nodes(), g.number_of_edges(), ref_kinds)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.tuples(st.integers(0, len(load().cards) - 1), st.integers(1, 2)), min_size=1, max_size=3),
       lucidity=st.integers(1, 3), hand=st.integers(0, 2))
def test_compiled_arrays_write_the_reference_files_on_small_decks(spec, tmp_path_factory, picks, lucidity,
                                                                  hand) -> None:
    """Any small deck: the kernel's arrays give the interpreted walk's GraphML and DRN, byte for byte."""
    copies = dict(picks)
    cards = tuple(dataclasses.replace(c, copies=copies[i]) for i, c in enumerate(spec.cards) if i in copies)
    game = ReveilGame(dataclasses.replace(spec, cards=cards), lucidity, hand)
    flat = flat_graph(game)
    assert flat is not None  # the compiled path (the shared walk's arrays are walked())
    _same(flat, game, tmp_path_factory.mktemp("flat"))


def test_a_level_with_the_shipped_deck(spec, tmp_path) -> None:
    """The whole deck at Lucidité 2 and no hand (every dream and feature; small decks above hold thoughts)."""
    game = ReveilGame(spec, 2, 0)
    _same(exported(game), game, tmp_path)


@dataclasses.dataclass(frozen=True)
class _Meet:
    """Two chance outcomes that land on one state, and two moves that do: the writers' merging rules."""

    info: GameInfo = GameInfo(1, ChanceMode.EXPLICIT, Information.PERFECT)

    def initial_state(self) -> str:
        return "start"

    def current_player(self, s: str) -> int:
        return CHANCE if s == "start" else 0 if s == "choose" else TERMINAL

    def legal_actions(self, s: str) -> tuple[int, ...]:
        return (0, 1, 2) if s == "choose" else ()

    def chance_outcomes(self, s: str) -> tuple[tuple[int, Fraction], ...]:
        return ((0, Fraction(1, 6)), (1, Fraction(1, 3)), (2, Fraction(1, 2))) if s == "start" else ()

    def apply(self, s: str, a: int, events: list | None = None) -> str:
        if s == "start":
            return "choose" if a < 2 else "lost"
        return "won" if a < 2 else "lost"

    def returns(self, s: str) -> tuple[Fraction]:
        return (Fraction(1) if s == "won" else Fraction(0),)

    def observation(self, s: str, player: int) -> str:
        return s

    def action_label(self, s: str, a: int) -> str:
        return f"{'draw' if s == 'start' else 'take'} <{a}> & co"

    def features(self, s: str) -> dict[str, int | bool]:
        return {"steps": ("start", "choose").index(s) + 1 if s in ("start", "choose") else 3,
                "over": s in ("won", "lost")}


def test_outcomes_and_moves_meeting_in_one_state(tmp_path) -> None:
    """One transition per state reached (its probabilities summed) in DRN; one GraphML edge per pair of states
    with the last outcome's data, as networkx keeps it; markup in labels escaped."""
    game = _Meet()
    flat = walked(game)
    assert flat is not None and flat.duplicated().tolist() == [0, 1]
    _same(flat, game, tmp_path)
    text = "".join(drn(flat)[1])
    assert "\t\t1 : 1/2\n" in text  # 1/6 + 1/3 to "choose"
    assert "&lt;1&gt; &amp; co" in "".join(graphml_chunks(flat))


def test_a_two_player_game_without_a_compiled_walk(tmp_path) -> None:
    """Dread Draw's tiny card list, from the shared walk: two players' returns, no features; the GraphML is
    networkx's (a DRN holds one-player games only)."""
    from songe.games.dread_draw.plugin import FAMILY
    from songe.spec.sources import spec_dir

    spec = FAMILY.load_spec(spec_dir() / FAMILY.spec_file, {})
    assert FAMILY.make_game is not None
    game = FAMILY.make_game(spec, FAMILY.setup(spec, None), {"cards": Path(__file__).parents[1] / "proofs"
                                                              / "dread_draw_tiny_cards.toml"})
    flat = exported(game, 10_000)
    assert flat is not None and len(flat.returns) == 2
    g, _ = state_graph(game, max_states=10_000)
    write_graphml(g, tmp_path / "ref.graphml")
    assert "".join(graphml_chunks(flat)) == (tmp_path / "ref.graphml").read_text(encoding="utf-8")
