"""Fair dealing you can check: the server commits to each hand's deck before the deal.

Two schemes, told apart by the record's ``_scheme`` (docs/fairness.md). ``splitpot-deal-v1``
(:mod:`.v1`, records without ``_scheme``) commits to a seed and reveals it after the hand, which
gives away every card, folded hands' too; it is still verified. ``splitpot-deal-v2`` (:mod:`.v2`,
the web table's) commits to each card of the deck under one root, lets the players' values cut
the deck, and opens to each reader only the cards that reader saw. :func:`verify` checks a
record of either.
"""

from __future__ import annotations

import dataclasses

from splitpot.fairness import v1, v2
from splitpot.fairness.v1 import (
    SCHEME,
    FairnessError,
    Problem,
    Shuffle,
    Verdict,
    commit,
    deck,
    new_shuffle,
    opens,
    order,
    preimage,
    record_for,
)
from splitpot.fairness.v2 import (
    SCHEME_V2,
    SealedDeck,
    check_entropy,
    cut,
    leaf,
    new_entropy,
    new_sealed_deck,
    root,
    sealed_record,
)
from splitpot.notation import HandRecord

__all__ = [
    "SCHEME",
    "SCHEME_V2",
    "FairnessError",
    "Problem",
    "SealedDeck",
    "Shuffle",
    "Verdict",
    "check_entropy",
    "commit",
    "cut",
    "deck",
    "leaf",
    "new_entropy",
    "new_sealed_deck",
    "new_shuffle",
    "opens",
    "order",
    "preimage",
    "record_for",
    "root",
    "sealed_record",
    "verify",
]


def verify(
    record: HandRecord, *, commitment: str | None = None, entropy: str | None = None
) -> Verdict:
    """Check one hand record by the scheme it names (none: ``splitpot-deal-v1``); see
    :func:`.v1.verify` and :func:`.v2.verify_v2`. ``commitment``: the one published before the
    hand, if the reader kept it; ``entropy``: the value the reader sent for a v2 deal."""
    scheme = record.fields.get("_scheme")
    if scheme is None:
        verdict = v1.verify(record, commitment=commitment)
        if entropy is None:
            return verdict
        why = "a splitpot-deal-v1 deal takes no players' values: it was not cut by yours"
        return dataclasses.replace(
            verdict, status="mismatch", problems=(*verdict.problems, Problem("fields", why))
        )
    if scheme == SCHEME_V2:
        return v2.verify_v2(record, commitment=commitment, entropy=entropy)
    why = f"_scheme {scheme!r} is not one this splitpot knows ({SCHEME}, {SCHEME_V2})"
    return Verdict("unverifiable", (Problem("fields", why),), record.commitment)
