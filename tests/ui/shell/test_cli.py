"""The command line (ui/shell/cli): `--lesson PRESET` opens a game's lesson;
a game without one is refused with the games that have one, exit code 2."""

from __future__ import annotations

import pytest

from rummy_gui.play.lessons import GAMES
from rummy_gui.ui.shell.cli import parse


def test_a_lesson_is_named_by_its_preset() -> None:
    assert parse(["--lesson", GAMES[0]]).lesson == GAMES[0]
    assert parse([]).lesson is None


@pytest.mark.parametrize("preset", ["gin", "", "-x", "x" * 500])
def test_an_unknown_lesson_is_refused_with_the_valid_ones(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(["--lesson", preset])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--lesson" in err
    assert f"lessons: {', '.join(GAMES)}" in err
    assert len(err.splitlines()[-1]) < 200  # a long name is not said back whole


def test_a_lesson_opens_no_other_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(["--lesson", GAMES[0], "--demo"])
    assert exit_.value.code == 2
    assert "not with --demo" in capsys.readouterr().err
