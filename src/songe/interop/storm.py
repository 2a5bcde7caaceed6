"""Storm, the probabilistic model checker: a game as a DRN file, PCTL checked exactly through stormpy.

The DRN (Storm's explicit format) is written from :mod:`songe.interop.explicit`
with exact rational probabilities and rewards, so Storm's exact engine answers
with the same fraction songe's solver gives. stormpy is optional (the
``songe[storm]`` extra); without it :func:`check` raises
:class:`StormMissing`, which tells how to install it.

>>> from songe.interop.explicit import ExplicitModel, Choice
>>> from fractions import Fraction as F
>>> m = ExplicitModel(None, (0, 1, 2), (-1, -4, -4),
...     ((Choice(None, ((1, F(1, 3)), (2, F(2, 3))), ()),), (Choice(None, ((1, F(1)),), ()),),
...      (Choice(None, ((2, F(1)),), ()),)), (("init",), ("end", "win"), ("end", "loss")), (), ({}, {}, {}))
>>> print(drn_text(m).expandtabs(4), end="")  # DRN indents with tabs
// songe: 3 states, 3 choices
@type: MDP
@parameters
<BLANKLINE>
@reward_models
<BLANKLINE>
@nr_states
3
@nr_choices
3
@model
state 0 init
    action chance
        1 : 1/3
        2 : 2/3
state 1 end win
    action end
        1 : 1
state 2 end loss
    action end
        2 : 1
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

from songe.engine.interface import TERMINAL
from songe.errors import SongeError
from songe.files import atomic_write
from songe.interop.explicit import REWARD_KINDS, ExplicitModel, identifier

INSTALL_HINT = "pip install 'songe[storm]' (or: pip install stormpy)"


class StormMissing(SongeError):
    """stormpy is not installed: the message says how to install it."""


class PropertyError(SongeError, ValueError):
    """A PCTL property Storm cannot parse or check on this model."""


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _rewards(values: tuple[Fraction, ...]) -> str:
    return f" [{', '.join(_num(v) for v in values)}]" if values else ""


def drn_lines(model: ExplicitModel) -> Iterator[str]:
    """The DRN file, line by line (with newlines)."""
    yield f"// songe: {len(model.states)} states, {model.num_choices} choices\n"
    yield "@type: MDP\n@parameters\n\n@reward_models\n"
    yield " ".join(model.reward_names) + "\n"
    yield f"@nr_states\n{len(model.states)}\n@nr_choices\n{model.num_choices}\n@model\n"
    zero = tuple(Fraction(0) for _ in model.reward_names)
    for u, choices in enumerate(model.choices):
        labels = " ".join(model.labels[u])
        yield f"state {u}{_rewards(zero)}{' ' + labels if labels else ''}\n"
        for i, c in enumerate(choices):
            yield f"\taction {identifier(model.choice_label(u, i))}{_rewards(c.rewards)}\n"
            for v, p in c.transitions:
                yield f"\t\t{v} : {_num(p)}\n"


def drn_text(model: ExplicitModel) -> str:
    """The whole DRN file as one string (small models, doctests)."""
    return "".join(drn_lines(model))


def write_atomically(path: Path, lines: Iterator[str]) -> None:
    """Write through a temporary file beside ``path``, then rename (:func:`songe.files.atomic_write`)."""
    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding="utf-8") as out:
            _write(out, lines)

    atomic_write(path, write)


def _write(out: TextIO, lines: Iterator[str]) -> None:
    """Lines or whole chunks, written about a megabyte at a time (never the whole file held)."""
    buf: list[str] = []
    held = 0
    for line in lines:
        buf.append(line)
        held += len(line)
        if held >= 1 << 20:
            out.write("".join(buf))
            buf.clear()
            held = 0
    out.write("".join(buf))


def stormpy_module() -> Any:
    """stormpy, or :class:`StormMissing` saying how to install it."""
    try:
        import stormpy
    except ImportError:
        raise StormMissing(f"this needs Storm's Python bindings (stormpy), which are not installed: "
                           f"{INSTALL_HINT}") from None
    return stormpy


def load_exact(model: ExplicitModel, drn: Path | None = None) -> tuple[Any, float]:
    """The model in Storm with exact rationals (built from a DRN file written for it); seconds Storm took."""
    if drn is None:
        return load_lines(drn_lines(model))
    return _parse(Path(drn))


def load_lines(lines: Iterator[str]) -> tuple[Any, float]:
    """A DRN text, written to a temporary file as it comes, in Storm with exact rationals; seconds Storm took."""
    with tempfile.TemporaryDirectory(prefix="songe-storm-") as tmp:
        path = Path(tmp) / "model.drn"
        write_atomically(path, lines)
        return _parse(path)


def _parse(path: Path) -> tuple[Any, float]:
    stormpy = stormpy_module()
    from stormpy.numbers import Rational

    start = time.perf_counter()
    sparse = stormpy.build_model_from_drn[Rational](str(path))
    return sparse, time.perf_counter() - start


@dataclass(frozen=True)
class Decision:
    """One decision of a scheduler, in songe's words."""

    state: int
    features: dict[str, int | bool]
    options: tuple[str, ...]
    chosen: str
    reach: Fraction


@dataclass(frozen=True)
class CheckResult:
    """A property's exact value at the initial state, what it took, and (if asked) the optimal scheduler."""

    property: str
    value: Fraction
    states: int
    transitions: int
    storm_build_seconds: float
    check_seconds: float
    scheduler: tuple[Decision, ...] | None = field(default=None)
    export_seconds: float = 0.0


def parse_property(prop: str) -> Any:
    """Storm's parse of one PCTL property; :class:`PropertyError` if it does not parse."""
    stormpy = stormpy_module()
    from stormpy import developer

    level = developer.get_log_level()
    developer.set_log_level(developer.LogLevel.OFF)  # the error is ours to report, in one line
    try:
        props = stormpy.parse_properties(prop)
    except (RuntimeError, TypeError, ValueError) as exc:  # stormpy raises each for some texts
        raise PropertyError(f"Storm cannot parse the property {prop!r}: {_first_line(exc)}") from None
    finally:
        developer.set_log_level(level)
    if len(props) != 1:
        raise PropertyError(f"give one property, got {len(props)} in {prop!r}")
    return props[0]


def _fraction(x: Any) -> Fraction:
    text = str(x)
    if text in ("inf", "-inf"):
        raise PropertyError(f"the property's value is {text} (the target may not be reached almost surely)")
    return Fraction(text)


def check(model: ExplicitModel, prop: str, *, scheduler: bool = False, storm_model: Any = None) -> CheckResult:
    """Check one PCTL property with Storm's exact engine; the value at the initial state as a Fraction.

    ``storm_model`` reuses a model :func:`load_exact` built (several properties, one build).
    """
    build = 0.0
    if storm_model is None:
        storm_model, build = load_exact(model)
    parsed = parse_property(prop)
    _refuse_missing(prop, model.label_names(), list(model.reward_names), model.available_labels,
                    model.available_rewards)
    for name in sorted(names_in(prop)[1]):
        k = model.reward_names.index(name)
        if not any(c.rewards[k] for cs in model.choices for c in cs):
            raise _empty_reward(name)
    res, value, seconds = _model_check(storm_model, parsed, prop, scheduler)
    decisions = None
    if scheduler:
        if not res.has_scheduler:
            raise PropertyError(f"Storm gives no scheduler for {prop!r} (only min/max properties have one)")
        decisions = tuple(_decisions(model, res.get_scheduler()))
    return CheckResult(prop, value, storm_model.nr_states, storm_model.nr_transitions, build, seconds, decisions)


def check_game(game: Any, prop: str, *, scheduler: bool = False, max_states: int | None = None) -> CheckResult:
    """Build the game's model with just what ``prop`` names (labels, reward models), then :func:`check` it.

    ``export_seconds`` is songe's walk of the game; ``storm_build_seconds``
    Storm's parse of the DRN; ``check_seconds`` Storm's model checking.
    """
    from songe.engine.explore import DEFAULT_MAX_STATES
    from songe.interop.explicit import build
    from songe.solve.flat import exported

    labels, rewards = names_in(prop)
    start = time.perf_counter()
    if not scheduler and game.info.num_players == 1:  # the scheduler is told in the model's own objects; a value alone comes from the arrays
        flat = exported(game, max_states or DEFAULT_MAX_STATES)
        if flat is not None:
            return _check_flat(flat, prop, labels, rewards, time.perf_counter() - start)
    model = build(game, max_states or DEFAULT_MAX_STATES, rewards=sorted(r for r in rewards if r), labels=labels)
    walked = time.perf_counter() - start
    storm_model, parse = load_exact(model)
    res = check(model, prop, scheduler=scheduler, storm_model=storm_model)
    return dataclasses.replace(res, storm_build_seconds=parse, export_seconds=walked)


def _check_flat(flat: Any, prop: str, labels: set[str], rewards: set[str], walked: float) -> CheckResult:
    """:func:`check_game` from the game's flat arrays: a DRN with just what ``prop`` names, streamed to Storm."""
    from songe.interop.drn import drn, edge_rewards, for_property

    parsed = parse_property(prop)
    every = drn(flat)[0]  # the labels and reward models the whole model has (its text is never made)
    _refuse_missing(prop, every.labels, every.reward_names, every.labels, every.reward_names)
    kept = for_property(flat, labels, rewards)
    owner = kept.owner()
    for name in sorted(rewards):
        feature = next(k for k in kept.features for kind in REWARD_KINDS if f"{identifier(k)}_{kind}" == name)
        kind = name[len(identifier(feature)) + 1:]
        if not edge_rewards(kept, feature, kind, owner, kept.child).any():
            raise _empty_reward(name)
    storm_model, parse = load_lines(drn(kept, rewards)[1])
    _, value, seconds = _model_check(storm_model, parsed, prop, False)
    return CheckResult(prop, value, storm_model.nr_states, storm_model.nr_transitions, parse, seconds, None, walked)


def _refuse_missing(prop: str, labels: Sequence[str], rewards: Sequence[str], shown_labels: Sequence[str],
                    shown_rewards: Sequence[str]) -> None:
    """:class:`PropertyError` naming what ``prop`` asks that the model (its ``labels`` and ``rewards``) lacks,
    with every label and reward model the game could have (``shown_…``)."""
    asked_labels, asked_rewards = names_in(prop)
    unknown = sorted(asked_labels - set(labels)) + sorted(asked_rewards - set(rewards))
    if unknown:
        raise PropertyError(f"the property {prop!r} names what the model does not have: {', '.join(unknown)}; "
                            f"labels: {', '.join(shown_labels)}; reward models: {', '.join(shown_rewards) or 'none'}")


def _empty_reward(name: str) -> PropertyError:
    return PropertyError(f"the reward model {name!r} is 0 in every state of this model, and Storm refuses "
                         "an empty reward model (every accumulated reward here is 0)")


def _model_check(storm_model: Any, parsed: Any, prop: str, scheduler: bool) -> tuple[Any, Fraction, float]:
    """Storm's exact check of a parsed property: its result, the value at the initial state, the seconds."""
    stormpy = stormpy_module()
    start = time.perf_counter()
    try:
        res = stormpy.model_checking(storm_model, parsed, extract_scheduler=scheduler,
                                     environment=stormpy.environments.exact())
    except RuntimeError as exc:
        raise PropertyError(f"Storm cannot check {prop!r} on this model: {_first_line(exc)}") from None
    seconds = time.perf_counter() - start
    return res, _fraction(res.get_value(storm_model.initial_states[0])), seconds


def _first_line(exc: Exception) -> str:
    lines = [x.strip() for x in str(exc).splitlines() if x.strip()]
    return lines[0] if lines else type(exc).__name__


def names_in(prop: str) -> tuple[set[str], set[str]]:
    """The labels and the reward models a PCTL property names (what a model built for it must hold).

    >>> names_in('R{"lucidity_lost"}min=? [F "end"]')
    ({'end'}, {'lucidity_lost'})
    """
    rewards = set(re.findall(r'R\{"([^"]*)"\}', prop))
    labels = set(re.findall(r'"([^"]*)"', re.sub(r'R\{"[^"]*"\}', "", prop)))
    return labels, rewards


def _decisions(model: ExplicitModel, sched: Any) -> Iterator[Decision]:
    """The scheduler's choice at every decision it can reach with a real option, with its reach probability."""
    reach: dict[int, Fraction] = {0: Fraction(1)}
    order = _topological(model, sched)
    for u in order:
        p = reach.get(u, Fraction(0))
        if not p:
            continue
        k = sched.get_choice(u).get_deterministic_choice() if len(model.choices[u]) > 1 else 0
        c = model.choices[u][k]
        if len(model.choices[u]) > 1:
            yield Decision(u, dict(model.features[u]), tuple(model.choice_label(u, i) for i in
                                                             range(len(model.choices[u]))),
                           model.choice_label(u, k), p)
        if model.players[u] == TERMINAL:
            continue
        for v, q in c.transitions:
            reach[v] = reach.get(v, Fraction(0)) + p * q


def _topological(model: ExplicitModel, sched: Any) -> list[int]:
    """States reachable under the scheduler, parents before children (games are acyclic but for end loops)."""
    seen, post = {0}, []
    stack: list[tuple[int, Iterator[int]]] = [(0, iter(_succ(model, sched, 0)))]
    while stack:
        u, it = stack[-1]
        for v in it:
            if v not in seen:
                seen.add(v)
                stack.append((v, iter(_succ(model, sched, v))))
                break
        else:
            stack.pop()
            post.append(u)
    return post[::-1]


def _succ(model: ExplicitModel, sched: Any, u: int) -> list[int]:
    if model.players[u] == TERMINAL:
        return []
    k = sched.get_choice(u).get_deterministic_choice() if len(model.choices[u]) > 1 else 0
    return [v for v, _ in model.choices[u][k].transitions]

