"""Plots for the rulebooks and the CLI (matplotlib, drawn off-screen)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path


def balance_plot(rows: list[dict], path: Path) -> Path:
    """Expected round score of each role against p, for the first player count in ``rows``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    players = rows[0]["players"]
    fig, ax = plt.subplots(figsize=(7, 4))
    for role in dict.fromkeys(r["role"] for r in rows):
        pts = [(float(Fraction(r["p"])), r["expected_score_decimal"]) for r in rows
               if r["role"] == role and r["players"] == players]
        ax.plot([x for x, _ in pts], [y for _, y in pts], marker="o", label=role)
    ax.set_xlabel("p (right answer per card)")
    ax.set_ylabel("expected round score")
    ax.set_title(f"{players} players")
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def probability_bars(levels: list[str], series: dict[str, list[float]], ylabel: str, path: Path,
                     legend_size: int = 7) -> Path:
    """Grouped bars: one group per level, one bar per series (a probability in [0, 1])."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / len(series)
    for i, (name, ys) in enumerate(series.items()):
        ax.bar([x + i * width for x in range(len(levels))], ys, width, label=name)
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(levels))], levels)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=legend_size, ncol=2)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
