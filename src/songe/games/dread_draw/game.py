"""Dread Draw for 2..N players on a user's card list, behind the one game interface.

Every choice the text gives a player is a decision node of that player (draw
or summon from the reserves, play an optional ability or not, name the next
summoner, keep a life card drawn for damage); every shuffle is chance, resolved
card by card when a card is seen (see :mod:`~songe.games.dread_draw.state`);
who starts is a chance node, uniform (the card list's first_player).
Deterministic work runs inside :meth:`DreadDrawGame.apply`, so every state
stands at a node. A gap of the text is an event (the spec's reading decides) or,
where the rules give no move, a terminal with that reason.

Information is perfect. The text hides only the life decks ("face cachée",
"Les joueurs ne peuvent jamais regarder les cartes de leur Deck de Vie") and
the draw deck: their cards are unseen by everyone, so they are chance, not
hidden. Reserves are read as face up: the text never turns them face down and
has them set apart "pour ne pas la confondre avec les cartes que vous invoquez"
(which are face up); the discard is public: the open point what_is_public of
the spec. An ability "look_top" does what the card list that invents it says
(its owner alone sees the top cards, which stay in place); no policy uses what
it shows. It is no question of the text, which names no such ability.

>>> from songe.spec.dread_draw import load, load_cards
>>> from songe.spec.sources import spec_dir
>>> spec = load()
>>> game = DreadDrawGame(spec, load_cards(spec_dir().parent / "docs/examples/dread_draw_cards.toml", spec))
>>> s = game.initial_state()
>>> game.current_player(s) == CHANCE, [game.action_label(s, a) for a, _ in game.chance_outcomes(s)]
(True, ['player 0 starts', 'player 1 starts', 'player 2 starts'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information
from songe.errors import IllegalMoveError, SpecError
from songe.games.dread_draw.state import CHANCE_OPS, End, EventKind, GapKind, Op, State
from songe.games.dread_draw.work import Work
from songe.spec.dread_draw import Action, ApresCoup, CardList, DreadDrawSpec, Keyword

#: The summon decision's action "reveal the top of the draw deck" (other actions: a reserve card's type).
DRAW = -1
#: The ability decision's actions.
DECLINE, USE = 0, 1

_NODE_OPS = frozenset({Op.SUMMON, Op.USE, Op.CHOOSE, Op.KEEP, Op.FIRST_PLAYER, Op.REVEAL, Op.LIFE_DRAW})


@dataclass(frozen=True)
class DreadDrawGame:
    """One Dread Draw set-up: the rules spec (under its readings), a card list, and the bound on summons.

    ``max_summons`` (default: the spec's ``[limits]``) ends a game that has
    not finished with the gap no_termination; it is part of the state, so the
    state graph is acyclic.
    """

    spec: DreadDrawSpec
    cards: CardList
    max_summons: int | None = None
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    strengths: tuple[int, ...] = field(init=False, repr=False, compare=False)
    damages: tuple[int, ...] = field(init=False, repr=False, compare=False)
    limit: int = field(init=False, repr=False, compare=False)
    _info: GameInfo = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        known = {w for w, _ in self.spec.quotes()}
        for kind in GapKind:
            what, _, name = kind.source.partition(" ")
            if f"{what} {name!r}" not in known:
                raise SpecError(self.spec.file, f"{what}s", f"the gap {kind.value!r} refers to {what} {name!r}, "
                                                            "which the spec does not have")
        if self.max_summons is not None and self.max_summons < 1:
            raise SpecError(self.spec.file, "max_summons", f"must be >= 1, got {self.max_summons!r}")
        cs = self.cards.cards
        object.__setattr__(self, "names", tuple(c.name for c in cs))
        object.__setattr__(self, "strengths", tuple(c.strength for c in cs))
        object.__setattr__(self, "damages", tuple(c.damage for c in cs))
        object.__setattr__(self, "limit", self.max_summons or self.spec.max_summons)
        object.__setattr__(self, "_info", GameInfo(self.n, ChanceMode.EXPLICIT, Information.PERFECT))

    @property
    def life_cards(self) -> int:
        """Life cards dealt to each player: the rules spec's, unless the card list declares a variant."""
        return self.cards.life_cards or self.spec.life_cards

    @property
    def n(self) -> int:
        """Number of players."""
        return self.cards.players or 2

    # ------------------------------------------------------------ interface

    @property
    def info(self) -> GameInfo:
        """Players from the card list; chance listed exactly; perfect information (see the module docstring)."""
        return self._info

    def initial_state(self) -> State:
        """Life decks dealt face down, the rest as the draw deck (hole draw_deck = "rest"), nobody started."""
        n, life = self.n, self.life_cards
        counts = tuple(Counter(self.cards.deck).get(i, 0) for i in range(len(self.cards.cards)))
        zeros = (0,) * len(counts)
        return State(life=((0,) * life,) * n, draw=(0,) * (sum(counts) - n * life), pools=(counts,),
                     discard=zeros, reserves=(zeros,) * n, rows=((),) * n, limbo=zeros, in_round=(True,) * n,
                     defeated=(False,) * n, current=-1, next_choice=None, round=0, summons=0,
                     work=((Op.FIRST_PLAYER,),))

    def current_player(self, s: State) -> int:
        """The player whose decision is pending, CHANCE at a shuffle's card or the first player, else TERMINAL."""
        if s.end is not None:
            return TERMINAL
        op = s.work[0]
        return CHANCE if op[0] in CHANCE_OPS else op[1]

    def decision(self, s: State) -> Op | None:
        """Which decision is pending (SUMMON, USE, CHOOSE or KEEP), or None at chance and terminal nodes."""
        if s.end is not None or s.work[0][0] in CHANCE_OPS:
            return None
        return Op(s.work[0][0])

    def legal_actions(self, s: State) -> tuple[int, ...]:
        """DRAW then reserve cards strong enough; USE, DECLINE; players in the round; drawn life cards."""
        kind = self.decision(s)
        if kind is None:
            return ()
        p = s.work[0][1]
        if kind is Op.SUMMON:
            last = self.strengths[s.rows[p][-1]] if s.rows[p] else None
            return (DRAW,) + tuple(t for t, k in enumerate(s.reserves[p]) if k and self._beats(self.strengths[t], last))
        if kind is Op.USE:
            return (USE, DECLINE)
        if kind is Op.CHOOSE:
            return tuple(q for q in range(self.n) if s.in_round[q])
        return tuple(t for t, k in enumerate(s.limbo) if k)

    def chance_outcomes(self, s: State) -> tuple[tuple[int, Fraction], ...]:
        """The first player, uniform; or the card under a face-down slot, by its count in that slot's shuffle."""
        if s.end is not None:
            return ()
        op = s.work[0]
        if op[0] == Op.FIRST_PLAYER:
            return tuple((q, Fraction(1, self.n)) for q in range(self.n))
        if op[0] == Op.REVEAL:
            pool = s.pools[s.draw[-1]]
        elif op[0] == Op.LIFE_DRAW:
            pool = s.pools[s.life[op[1]][-1]]
        else:
            return ()
        total = sum(pool)
        return tuple((t, Fraction(k, total)) for t, k in enumerate(pool) if k)

    def returns(self, s: State) -> tuple[Fraction, ...]:
        """1 to the winner, 0 to the others; 0 to everyone in a game the rules could not finish."""
        winner = s.end.winner if s.end is not None else None
        return tuple(Fraction(int(q == winner)) for q in range(self.n))

    def observation(self, s: State, player: int) -> State:
        """The whole state: nothing in it is hidden from any player (see the module docstring)."""
        return s

    def action_label(self, s: State, action: int) -> str:
        """'player 1 starts', a card's name, 'draw', 'reserve NAME', 'use', 'decline', 'player 1', 'keep NAME'."""
        op = s.work[0][0] if s.end is None and s.work else None
        if op == Op.FIRST_PLAYER:
            return f"player {action} starts"
        if op in (Op.REVEAL, Op.LIFE_DRAW):
            return self._name(action)
        if op == Op.SUMMON:
            return "draw" if action == DRAW else f"reserve {self._name(action)}"
        if op == Op.USE:
            return {USE: "use", DECLINE: "decline"}.get(action, str(action))
        if op == Op.CHOOSE:
            return f"player {action}"
        if op == Op.KEEP:
            return f"keep {self._name(action)}"
        return str(action)

    def apply(self, s: State, action: int, events: list | None = None) -> State:
        """The next state: the move or outcome, then the deterministic work up to the next node."""
        player = self.current_player(s)
        if player == TERMINAL:
            raise IllegalMoveError("the game is over")
        if player == CHANCE:
            if action not in dict(self.chance_outcomes(s)):
                raise IllegalMoveError(f"outcome {self.action_label(s, action)!r} cannot happen here")
        elif action not in self.legal_actions(s):
            legal = ", ".join(self.action_label(s, a) for a in self.legal_actions(s))
            raise IllegalMoveError(f"{self.action_label(s, action)!r} is not legal here; legal: {legal}")
        w = Work(s, events)
        op = w.work.pop(0)
        _MOVES[op[0]](self, w, op, action)
        while w.end is None and w.work[0][0] not in _NODE_OPS:
            op = w.work.pop(0)
            _STEPS[op[0]](self, w, op)
        return w.freeze()

    # ------------------------------------------------------------ helpers

    def _name(self, card: int) -> str:
        return self.names[card] if 0 <= card < len(self.names) else str(card)

    def _beats(self, strength: int, last: int | None) -> bool:
        if last is None:
            return self.spec.first_summon == "always_succeeds" or strength > 0
        return strength > last

    def total(self, s: State, player: int) -> int:
        """The summed strength of a player's summoned row."""
        return sum(self.strengths[c] for c in s.rows[player])

    def zones(self, s: State) -> Counter[int]:
        """Every card, seen or not, wherever it is (for conservation checks)."""
        out: Counter[int] = Counter()
        for counts in (*s.pools, s.discard, s.limbo, *s.reserves):
            out.update({t: k for t, k in enumerate(counts) if k})
        for row in s.rows:
            out.update(row)
        return out

    def _abilities(self, player: int, card: int, keyword: Keyword) -> list[tuple[int, ...]]:
        if keyword is Keyword.APRES_COUP and self.cards.apres_coup is not ApresCoup.WHEN_DISCARDED_FROM_ROW:
            return []
        return [(Op.USE, player, card, j) for j, ab in enumerate(self.cards.cards[card].abilities)
                if ab.keyword is keyword]

    def _lowest(self, w: Work, current: int, pool: list[int]) -> int:
        totals = {q: sum(self.strengths[c] for c in w.rows[q]) for q in pool}
        low = min(totals.values())
        tied = [q for q in pool if totals[q] == low]
        if current in tied:
            return current
        return next((current + k) % self.n for k in range(1, self.n + 1) if (current + k) % self.n in tied)

    def _gain_life(self, w: Work, p: int, amount: int) -> None:
        if len(w.draw) < amount:
            w.gap(GapKind.LIFE_GAIN_SHORT, p, amount, len(w.draw))
            if self.spec.life_gain_short == "reshuffle" and any(w.discard):
                top = w.draw
                w.reshuffle()
                w.draw = w.draw + top
        for _ in range(min(amount, len(w.draw))):
            w.life[p].append(w.draw.pop())
        self._emptied(w)

    def _emptied(self, w: Work) -> None:
        """Reading ``reshuffle_when = when_empty``: the discard is shuffled as soon as the draw deck runs out
        (under ``at_draw``, only when a summon needs a card)."""
        if not w.draw and any(w.discard):
            w.gap(GapKind.RESHUFFLE_WHEN, sum(w.discard))
            if self.spec.reshuffle_when == "when_empty":
                w.reshuffle()


# ------------------------------------------------------------ moves (decisions and chance outcomes)


def _first_player(g: DreadDrawGame, w: Work, op: tuple[int, ...], q: int) -> None:
    w.current, w.round = q, 1
    w.emit(EventKind.FIRST_PLAYER, player=q)
    w.push((Op.TURN,))


def _summon(g: DreadDrawGame, w: Work, op: tuple[int, ...], a: int) -> None:
    p = op[1]
    if not w.rows[p]:
        w.gap(GapKind.FIRST_SUMMON, p)
    if a != DRAW:
        w.reserves[p][a] -= 1
        w.rows[p].append(a)
        w.emit(EventKind.SUMMON_RESERVE, player=p, card=g.names[a], amount=g.strengths[a])
        w.push(*g._abilities(p, a, Keyword.INVOCATION), (Op.AFTER_TURN,))
        return
    if not w.draw and any(w.discard):
        w.reshuffle()
    if w.draw:
        w.push((Op.REVEAL, p))
        return
    w.gap(GapKind.NO_CARDS_TO_DRAW, p)
    if g.spec.void_round:
        w.push(*[(Op.ELIMINATE, q) for q in range(g.n) if w.in_round[q]], (Op.ROUND_END, p))
    elif g.spec.no_cards_to_draw == "round_ends":
        alive = [q for q in range(g.n) if w.in_round[q]]
        totals = {q: sum(g.strengths[c] for c in w.rows[q]) for q in alive}
        top = max(totals.values())  # the highest total wins; ties: the current player, then to the left
        best = next(q for q in ((p + k) % g.n for k in range(g.n)) if q in totals and totals[q] == top)
        w.push(*[(Op.ELIMINATE, r) for r in alive if r != best], (Op.ROUND_END, best))
    else:
        w.push((Op.ELIMINATE, p), (Op.AFTER_TURN,))


def _reveal(g: DreadDrawGame, w: Work, op: tuple[int, ...], card: int) -> None:
    p = op[1]
    w.reveal(w.draw.pop(), card)
    g._emptied(w)
    last = g.strengths[w.rows[p][-1]] if w.rows[p] else None
    if g._beats(g.strengths[card], last):
        w.rows[p].append(card)
        w.emit(EventKind.SUMMON, player=p, card=g.names[card], amount=g.strengths[card])
        w.push(*g._abilities(p, card, Keyword.INVOCATION), (Op.AFTER_TURN,))
        return
    w.emit(EventKind.FAIL, player=p, card=g.names[card], amount=g.strengths[card])
    if g.spec.failed_card == "discard":
        w.discard[card] += 1
    w.push((Op.ELIMINATE, p), (Op.AFTER_TURN,))


def _use(g: DreadDrawGame, w: Work, op: tuple[int, ...], a: int) -> None:
    p, card, j = op[1], op[2], op[3]
    ab = g.cards.cards[card].abilities[j]
    if a == DECLINE:
        w.emit(EventKind.DECLINE, player=p, card=g.names[card], action=ab.action.value, amount=ab.amount)
        return
    w.emit(EventKind.ABILITY, player=p, card=g.names[card], action=ab.action.value, amount=ab.amount)
    if ab.action is Action.GAIN_LIFE:
        g._gain_life(w, p, ab.amount)
    elif ab.action is Action.CHOOSE_NEXT and any(w.in_round):
        w.push((Op.CHOOSE, p))


def _choose(g: DreadDrawGame, w: Work, op: tuple[int, ...], q: int) -> None:
    w.next_choice = q
    w.emit(EventKind.CHOOSE_NEXT, player=op[1], other=q)


def _life_draw(g: DreadDrawGame, w: Work, op: tuple[int, ...], card: int) -> None:
    q, left = op[1], op[2]
    w.reveal(w.life[q].pop(), card)
    w.limbo[card] += 1
    w.push((Op.LIFE_DRAW, q, left - 1) if left > 1 else (Op.KEEP, q))


def _keep(g: DreadDrawGame, w: Work, op: tuple[int, ...], card: int) -> None:
    q = op[1]
    w.limbo[card] -= 1
    w.reserves[q][card] += 1
    w.emit(EventKind.KEEP, player=q, card=g.names[card], amount=sum(w.limbo))
    w.discard = [a + b for a, b in zip(w.discard, w.limbo, strict=True)]
    w.limbo = [0] * len(w.limbo)
    w.push(*g._abilities(q, card, Keyword.RESERVE))


# ------------------------------------------------------------ deterministic steps


def _turn(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    w.summons += 1
    if w.summons > g.limit:
        w.gap(GapKind.NO_TERMINATION, g.limit)
        return
    w.push((Op.SUMMON, w.current))


def _eliminate(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    p = op[1]
    w.in_round[p] = False
    row, w.rows[p] = w.rows[p], []
    for c in row:
        w.discard[c] += 1
    w.emit(EventKind.ELIMINATED, player=p)
    w.push(*[u for c in row for u in g._abilities(p, c, Keyword.APRES_COUP)])


def _after_turn(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    if sum(w.in_round) <= 1:
        w.push((Op.ROUND_END, w.in_round.index(True)))
        return
    if w.next_choice is not None:
        nxt, w.next_choice = w.next_choice, None
    else:
        literal = g._lowest(w, w.current, [q for q in range(g.n) if not w.defeated[q]])
        proposed = g._lowest(w, w.current, [q for q in range(g.n) if w.in_round[q]])
        if literal != proposed:
            w.gap(GapKind.TURN_CANDIDATES, literal, proposed)
        nxt = literal if g.spec.turn_candidates == "all_players" else proposed
    if not w.in_round[nxt]:
        w.gap(GapKind.NO_MOVE, nxt)
        return
    w.current = nxt
    w.push((Op.TURN,))


def _round_end(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    winner = op[1]
    dmg = sum(g.damages[c] for c in w.rows[winner])
    w.emit(EventKind.ROUND_WON, player=winner, amount=dmg, other=sum(w.in_round), detail=(w.round,))
    w.push(*[(Op.DAMAGE, (winner + k) % g.n, dmg) for k in range(1, g.n)], (Op.WINNER_DISCARD, winner),
           (Op.NEXT_ROUND, winner))


def _damage(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    q, dmg = op[1], op[2]
    if w.defeated[q] or (dmg == 0 and w.life[q]):
        return
    if dmg == 0:
        w.gap(GapKind.EMPTY_LIFE_DEFEAT, q)
        if g.spec.empty_life_defeat == "on_damage":
            return
    if not w.life[q]:
        w.defeated[q] = True
        w.emit(EventKind.DEFEATED, player=q)
        return
    if dmg > len(w.life[q]):
        w.gap(GapKind.DAMAGE_EXCEEDS_LIFE, q, dmg, len(w.life[q]))
    w.push((Op.LIFE_DRAW, q, min(dmg, len(w.life[q]))))


def _winner_discard(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    winner = op[1]
    row, w.rows[winner] = w.rows[winner], []
    for c in row:
        w.discard[c] += 1
    w.push(*[u for c in row for u in g._abilities(winner, c, Keyword.APRES_COUP)])


def _next_round(g: DreadDrawGame, w: Work, op: tuple[int, ...]) -> None:
    alive = [q for q in range(g.n) if not w.defeated[q]]
    if len(alive) == 1:
        w.emit(EventKind.GAME_WON, player=alive[0])
        w.end = End(alive[0])
        return
    w.current, w.round = op[1], w.round + 1
    w.in_round = [not d for d in w.defeated]
    if w.next_choice is not None:
        w.gap(GapKind.CHOICE_AFTER_ROUND, w.next_choice)
    if g.spec.choice_after_round == "lapses":  # reading choice_after_round
        w.next_choice = None  # named among the players of a round that is over: the choice lapses
    w.push((Op.TURN,))


# Keyed by Op, looked up by the int a work item starts with (an IntEnum member is that int).
_Move = Callable[[DreadDrawGame, Work, tuple[int, ...], int], None]
_Step = Callable[[DreadDrawGame, Work, tuple[int, ...]], None]
_MOVES: dict[int, _Move] = {Op.FIRST_PLAYER: _first_player, Op.SUMMON: _summon, Op.REVEAL: _reveal, Op.USE: _use,
                            Op.CHOOSE: _choose, Op.LIFE_DRAW: _life_draw, Op.KEEP: _keep}
_STEPS: dict[int, _Step] = {Op.TURN: _turn, Op.ELIMINATE: _eliminate, Op.AFTER_TURN: _after_turn,
                            Op.ROUND_END: _round_end, Op.DAMAGE: _damage, Op.WINNER_DISCARD: _winner_discard,
                            Op.NEXT_ROUND: _next_round}
