"""Results files: one row per hand with the facts worked out by hand in the golden records
(tests/golden, their comments), written and read as Parquet and CSV, and `splitpot report`."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from splitpot.cli import main
from splitpot.errors import SplitpotError
from splitpot.notation import load
from splitpot.records import replay_to_end
from splitpot.sim.results import RowWriter, columns, hand_row, read_results

GOLDEN = Path(__file__).parent / "golden"


def golden_row(name: str, bots: tuple[str, ...]) -> dict[str, object]:
    (record,) = load(GOLDEN / name)
    return hand_row(replay_to_end(record), 1, bots)


def test_a_buy_for_low() -> None:
    # OPR-207 Article 3 example (the record's comment): p1 pays the big bet, 10, throws the Kh
    # away and gets the 3d; declarations p2 high, p1 low; high half 29, low half 28.
    row = golden_row("stud5buy-article3-buy-for-low.phh", ("a", "b", "c"))
    assert row["trades"] == "p1 buys 3d for 10"
    assert (row["p1_bought"], row["p1_paid"], row["p2_bought"], row["p2_paid"]) == (1, 10, 0, 0)
    assert (row["p1_declaration"], row["p2_declaration"], row["p3_declaration"]) == (
        "lo",
        "hi",
        None,
    )
    assert (row["p1_low"], row["p2_high"], row["p1_high"], row["p2_low"]) == (28, 29, 0, 0)
    assert [row[f"p{s}_net"] for s in (1, 2, 3)] == [95 - 100, 106 - 100, 99 - 100]
    assert row["showdown"] is True
    assert (row["game"], row["hand"], row["p2_bot"]) == ("stud5buy", 1, "b")


def test_auction_picks_cost_their_bids() -> None:
    # OPR-657 Article 3 example: bids p1 3+1+2+1+2 = 9, p2 10, p3 7, p4 8; five cards each.
    row = golden_row("auction-article3-example.phh", ("x",) * 4)
    assert [row[f"p{s}_paid"] for s in (1, 2, 3, 4)] == [9, 10, 7, 8]
    assert [row[f"p{s}_bought"] for s in (1, 2, 3, 4)] == [5, 5, 5, 5]
    trades = str(row["trades"]).split("; ")
    assert trades[:4] == [
        "p2 picks Ah for 5",
        "p1 picks 9s for 3",
        "p4 picks 9d for 3",
        "p3 picks 3c for 1",
    ]
    assert len(trades) == 20
    assert [row[f"p{s}_declaration"] for s in (1, 2, 3, 4)] == ["hi", "lo", None, "hi"]
    assert (row["p1_high"], row["p2_low"]) == (22, 22)


def test_nasdaq_sales_and_the_excess_split() -> None:
    # The sealed-bid record: p2 buys 6h from p1 for 21 (15 to p1, 6 to the pot, ¶26); p4 buys
    # Kh from p2 for 5; p4's Kh goes unsold at 10, paid into the pot; p1 scoops 65.
    row = golden_row("nasdaq-sealed-excess-fold-skips.phh", ("x",) * 4)
    assert row["trades"] == (
        "p2 buys 6h from p1 for 21; p4 buys Kh from p2 for 5; p4 keeps Kh unsold, pays 10"
    )
    assert (row["p1_sold"], row["p1_received"]) == (1, 15)
    assert (row["p2_bought"], row["p2_paid"], row["p2_sold"], row["p2_received"]) == (1, 21, 1, 5)
    assert (row["p4_bought"], row["p4_paid"], row["p4_sold"]) == (1, 5, 0)
    assert row["p1_high"] + row["p1_low"] + row["p1_all"] == 65  # type: ignore[operator]
    assert [row[f"p{s}_net"] for s in (1, 2, 3, 4)] == [64, -32, -1, -31]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_simulate_out_matches_the_run_and_its_record(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"run{suffix}"
    phhs = tmp_path / "run.phhs"
    args = ["simulate", "--game", "auction", "--players", "3", "--hands", "40", "--seed", "2",
            "--bots", "random,random,heuristic", "--json",
            "--out", str(out), "--record", str(phhs)]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    net = json.loads(result.stdout)["net"]
    table = read_results(out)
    assert table.column_names == columns(3)
    rows = table.to_pylist()
    assert [r["hand"] for r in rows] == list(range(1, 41))
    assert [sum(r[f"p{s}_net"] for r in rows) for s in (1, 2, 3)] == net
    records = load(phhs)
    for row, record in zip(rows, records, strict=True):
        assert row["hand_seed"] == record.seed
        assert row["p3_bot"] == "heuristic"
        state = replay_to_end(record)
        assert row["showdown"] == any(a.verb == "sm" for a in state.log)
        # an auction deals five cards to each player still in at each auction (OPR-657 3.4)
        picks = [a for a in record.actions if a.verb == "pick"]
        assert sum(row[f"p{s}_bought"] for s in (1, 2, 3)) == len(picks)
        bids = sum(a.amount or 0 for a in record.actions if a.verb == "bid")
        assert sum(row[f"p{s}_paid"] for s in (1, 2, 3)) == bids  # every bid buys a card


def test_a_hand_won_by_folds_has_no_showdown_and_one_winner(tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    args = ["simulate", "--game", "stud8", "--players", "3", "--hands", "60", "--seed", "3",
            "--bots", "random", "--out", str(out)]  # fmt: skip
    assert CliRunner().invoke(main, args).exit_code == 0
    rows = read_results(out).to_pylist()
    folded_out = [r for r in rows if not r["showdown"]]
    assert folded_out
    assert len(folded_out) < len(rows)
    for row in folded_out:  # every other player folded: one seat takes the whole pot
        assert sum(1 for s in (1, 2, 3) if row[f"p{s}_all"]) == 1
        assert not any(row[f"p{s}_{h}"] for s in (1, 2, 3) for h in ("high", "low"))


def test_writer_round_trip_and_bad_files(tmp_path: Path) -> None:
    row = golden_row("auction-article3-example.phh", ("x",) * 4)
    for name in ("a.parquet", "a.csv"):
        with RowWriter(tmp_path / name, 4) as writer:
            writer.write([row, {**row, "hand": 2}])
        back = read_results(tmp_path / name).to_pylist()
        assert [r["hand"] for r in back] == [1, 2]
        assert back[0]["p2_paid"] == 10
        assert back[0]["trades"] == row["trades"]
    with pytest.raises(SplitpotError, match=r"ends in \.parquet or \.csv"):
        RowWriter(tmp_path / "a.json", 4)
    with pytest.raises(SplitpotError, match="no such file"):
        read_results(tmp_path / "missing.parquet")
    (tmp_path / "junk.parquet").write_text("not parquet")
    with pytest.raises(SplitpotError, match="not a splitpot results file"):
        read_results(tmp_path / "junk.parquet")


def test_report_prints_each_seat_with_its_interval_and_draws_a_chart(tmp_path: Path) -> None:
    out = tmp_path / "run.csv"
    args = ["simulate", "--game", "razz", "--players", "3", "--hands", "120", "--seed", "5",
            "--bots", "random,call,random", "--out", str(out)]  # fmt: skip
    assert CliRunner().invoke(main, args).exit_code == 0
    result = CliRunner().invoke(main, ["report", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["game"], summary["hands"]) == ("razz", 120)
    rows = read_results(out).to_pylist()
    for seat in summary["seats"]:
        values = [r[f"p{seat['player']}_net"] for r in rows]
        assert seat["net"] == sum(values)
        assert seat["mean"] == pytest.approx(statistics.fmean(values))
        # 95 %: 1.96 standard errors of the mean (normal approximation)
        assert seat["ci"] == pytest.approx(1.96 * statistics.stdev(values) / math.sqrt(120))
    assert [s["bot"] for s in summary["seats"]] == ["random", "call", "random"]
    png = tmp_path / "run.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 10_000  # a drawn chart, not an empty canvas
    text = CliRunner().invoke(main, ["report", str(out), "--png", str(tmp_path / "c.png")])
    assert text.exit_code == 0
    assert "p3" in text.stdout
    assert "95% CI" in text.stdout
    assert (tmp_path / "c.png").is_file()


def test_report_errors_are_one_line(tmp_path: Path) -> None:
    missing = CliRunner().invoke(main, ["report", str(tmp_path / "none.parquet")])
    assert missing.exit_code == 1
    assert "no such file" in missing.stderr
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    wrong = CliRunner().invoke(main, ["report", str(other)])
    assert wrong.exit_code == 1
    assert "not a splitpot results file" in wrong.stderr
    assert wrong.stderr.count("\n") == 1


def test_rows_are_written_in_batches_and_none_is_lost(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    row = golden_row("auction-article3-example.phh", ("x",) * 4)
    path = tmp_path / "b.parquet"
    with RowWriter(path, 4) as writer:
        writer.BATCH = 3
        for hand in range(1, 8):
            writer.write([{**row, "hand": hand}])
    assert [r["hand"] for r in read_results(path).to_pylist()] == list(range(1, 8))
    assert pq.ParquetFile(path).metadata.num_row_groups == 3  # 3 rows, 3 more, the last one
