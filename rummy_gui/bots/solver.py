"""The exact meld solver: the best split of a hand into melds and leftovers.

One solver serves every bot; its parts live by what they do:

- `best_split(rules, hand, table)` (split_solver.py) — the split with the
  highest score: melded points minus leftover points in the 500 family,
  minus the leftover penalty in the contract family. Cards that can be laid
  off on the table melds count as melded.
- `contract_layout(rules, hand, round)` (contract_solver.py) — whether and
  how the round's contract can be laid down with its exact sizes (the
  engine's `round_contract`), least leftover penalty first.
- `contract_distance(rules, hand, round)` (contract_solver.py) — how many
  cards the hand lacks for the contract (0: it can be laid down, ignoring
  the run-gap and same-rank-set rules), a planning estimate for the bots.
- templates.py — what both are built from: hands packed in an integer
  (3 bits per distinct card code), every meld a hand can make precomputed
  as such an integer plus its joker count, and the lay-off fits of table
  melds (`fits_alone`).
"""

from __future__ import annotations

from .contract_solver import ContractLayout, contract_distance, contract_layout, round_melds
from .contract_solver import forget as _forget_contracts
from .split_solver import best_split, card_values
from .split_solver import forget as _forget_splits
from .templates import LAYOFF, PlannedMeld, Split, card_value, fits_alone
from .templates import forget as _forget_fits


def forget() -> None:
    """Drop the remembered lay-off fits, meld lists and contract distances
    (answers are the same without them; they are only faster)."""
    _forget_fits()
    _forget_splits()
    _forget_contracts()


__all__ = [
    "LAYOFF",
    "ContractLayout",
    "PlannedMeld",
    "Split",
    "best_split",
    "card_value",
    "card_values",
    "contract_distance",
    "contract_layout",
    "fits_alone",
    "forget",
    "round_melds",
]
