"""The verbs every game with the capability gets through the shared interface: graph, simulate, trace.

``graph`` and the generic ``simulate`` and ``trace`` handlers see a game only
through :class:`~songe.engine.interface.Game` and its family's plugin object,
so a new family gets them by declaring the capability.
"""

from __future__ import annotations

import random
from fractions import Fraction

import click

from songe.cli.common import frac, load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.lang import resolve
from songe.cli.options import (
    GAMES,
    TEXT,
    agents_option,
    budget_option,
    game_argument,
    jobs_option,
    json_option,
    out_option,
    seed_option,
    setup_options,
    spec_options,
)
from songe.cli.output import echo, emit_json
from songe.cli.types import command
from songe.engine.explore import Actions, Simulation, replay
from songe.engine.explore import simulate as run_games
from songe.engine.interface import ChanceMode
from songe.errors import BudgetError, OptionError
from songe.files import atomic_write
from songe.games.plugin import Capability, Family, Lang
from songe.solve.flat import exported, graph_facts, graphml_chunks, write_chunks
from songe.solve.graph import state_graph, write_graphml
from songe.stats import mean_interval


def build_game(family: Family, spec, level, lucidity, hand_limit, cards_file, players):
    """The game of one set-up with the user's overrides (only those given reach the factory)."""
    options = {k: v for k, v in (("lucidity", lucidity), ("hand_limit", hand_limit), ("cards", cards_file),
                                 ("players", players)) if v is not None}
    return family.game(spec, level, **options)


@command()
@game_argument
@out_option("GraphML file to write.", required=True)
@setup_options
@spec_options
@budget_option
@json_option
def graph(game, **options):
    """Write GAME's whole state graph for one set-up (default: the first) as GraphML."""
    dispatch(Capability.GRAPH, game, **options)


def graph_explicit(family, out, level, lucidity, hand_limit, cards_file, players, spec_file, readings, max_states,
                   as_json):
    """The state graph of any game whose chance is explicit, explored by the shared walk."""
    spec = load_game_spec(family.id, spec_file, readings)
    g_ = build_game(family, spec, level, lucidity, hand_limit, cards_file, players)
    if g_.info.chance is not ChanceMode.EXPLICIT:
        raise OptionError(f"{family.id!r} samples its chance events: its state graph cannot be listed")
    where = family.setup(spec, level).id
    with progress(f"exploring {family.title}, set-up {where}") as advance:
        flat = exported(g_, max_states, progress=lambda n: advance(10_000))  # arrays, streamed out
        if flat is not None:
            advance(0, description=f"writing {out}")
            atomic_write(out, lambda tmp: write_chunks(tmp, graphml_chunks(flat)))
            nodes, edges, kinds = graph_facts(flat)
        else:
            g, _ = state_graph(g_, max_states, progress=lambda n: advance(10_000))
            advance(0, description=f"writing {out}")
            atomic_write(out, lambda tmp: write_graphml(g, tmp))
            nodes, edges, kinds = g.number_of_nodes(), g.number_of_edges(), {}
            for _, d in g.nodes(data=True):
                kinds[d["kind"]] = kinds.get(d["kind"], 0) + 1
    info = {"game": family.id, "setup": where, "out": out, "nodes": nodes, "edges": edges, "kinds": kinds}
    if as_json:
        emit_json(info)
    else:
        echo(f"{out}: {info['nodes']:,} states ({', '.join(f'{v:,} {k}' for k, v in kinds.items())}), "
                   f"{info['edges']:,} edges")


@command()
@game_argument
@click.option("--games", type=GAMES, required=True, help="Number of games.")
@seed_option()
@agents_option()
@click.option("--jekyll", type=TEXT, default=None, help="Jekyll vs Hyde: Jekyll's agent (default greedy).")
@click.option("--hyde", type=TEXT, default=None, help="Jekyll vs Hyde: Hyde's agent (default greedy).")
@jobs_option()
@setup_options
@spec_options
@json_option
def simulate(game, **options):
    """Play many seeded games of GAME between named policies; each figure with its 95% interval."""
    dispatch(Capability.SIMULATE, game, **options)


def _policies_for(family: Family, spec, names: list[str]):
    makers = [family.policy(spec, n) for n in names]

    def make(game, rng: random.Random):
        return [m(game, rng) for m in makers]
    return make


def simulate_generic(family, games, seed, agents, jobs, level, lucidity, hand_limit, spec_file, readings, as_json):
    """Seeded games through the shared explorer: each seat's mean return with its 95% interval."""
    spec = load_game_spec(family.id, spec_file, readings)
    g = build_game(family, spec, level, lucidity, hand_limit, None, None)
    n = g.info.num_players
    names = [a.strip() for a in agents.split(",")] if agents else ["optimal" if n == 1 else "random"] * n
    if len(names) == 1:
        names *= n
    if len(names) != n:
        raise OptionError(f"--agents needs {n} names (or one for every seat), got {agents!r}")
    sim = Simulation(g, _policies_for(family, spec, names))
    with progress(f"{games} games of {family.title}", total=games) as advance:
        try:
            returns = run_games(sim, games, seed=seed, jobs=jobs or 1, tick=advance)
        except BudgetError:  # simulate has no --max-states to raise: say what the user can change
            raise OptionError(f"a policy of {', '.join(sorted(set(names)))} solves the game exactly and its search "
                              f"passed the state budget; simulate a smaller set-up (--lucidity, --hand-limit) "
                              f"or another policy") from None
    seats = []
    for p in range(n):
        values = [r[p] for r in returns]
        mean, lo, hi = mean_interval(values)
        seats.append({"seat": p, "policy": names[p], "mean_return": mean, "mean_return_95": [lo, hi],
                      "total": frac(sum(values, Fraction(0)))})
    out = {"game": family.id, "setup": family.setup(spec, level).id, "games": games, "seed": seed,
           "readings": dict(spec.chosen), "seats": seats}
    if as_json:
        emit_json(out)
        return
    echo(f"{family.title}: {games} games, seed {seed}")
    for s in seats:
        echo(f"  seat {s['seat']} ({s['policy']}): mean return {s['mean_return']:.4f} "
                   f"[{s['mean_return_95'][0]:.4f}, {s['mean_return_95'][1]:.4f}] (95%, n={games})")


def trace_script(family, moves, seed, agents, lang, level, lucidity, hand_limit, cards_file, players, spec_file,
                 readings, as_json):
    """Replay a script of moves, then seeded chance and the named policies, with every event rendered."""
    spec = load_game_spec(family.id, spec_file, readings)
    g = build_game(family, spec, level, lucidity, hand_limit, cards_file, players)
    if moves and family.parse_script is None:
        raise OptionError(f"{family.id!r} has no script format for --moves")
    script = family.parse_script(g, moves) if moves else Actions(())
    n = g.info.num_players
    names = [a.strip() for a in agents.split(",")] if agents else ["random"] * n
    if len(names) == 1:
        names *= n
    rng = random.Random(seed if seed is not None else 0)
    policies = _policies_for(family, spec, names)(g, rng)
    lines = replay(g, script, policies, rng=rng)
    language = Lang(resolve(lang))
    render = family.render_event
    out = []
    for line in lines:
        steps = []
        for st in line.steps:
            steps.append({"player": st.player, "move": st.label, "scripted": st.scripted,
                          "events": [render(e, spec, language) if render else str(e) for e in st.events]})
        out.append({"probability": frac(line.probability), "steps": steps,
                    "returns": [frac(x) for x in line.returns] if line.returns else None})
    if as_json:
        emit_json({"game": family.id, "seed": seed, "agents": names, "lines": out})
        return
    for line in out:
        echo(f"line with probability {line['probability']}:")
        for st in line["steps"]:
            who = "chance" if st["player"] < 0 else f"player {st['player']}"
            echo(f"  {who}: {st['move']}" + ("" if st["scripted"] else " (policy)" if st["player"] >= 0 else ""))
            for e in st["events"]:
                echo(f"      {e}")
        echo(f"  returns: {', '.join(line['returns'] or [])}")
