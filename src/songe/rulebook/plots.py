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
