"""Who answers whom: a speech that calls a name, and the next paragraph's named speaker."""

from __future__ import annotations

from saadi_desktop.state.dialogue import answered_under

NAMES = ["Dounia", "Avdotya Romanovna", "Dmitri Prokofitch", "Kitty", "Lydia", "Jane"]


def test_a_call_and_the_answer_under_another_name() -> None:
    text = (
        "She began. “I’ll be open with Dmitri Prokofitch, Dounia?”\n\n"
        "“Of course, mother,” said Avdotya Romanovna emphatically.\n\n"
        "“Where are you going, Avdotya Romanovna?”\n\n"
        "“I want to see her,” Dounia articulated faintly."
    )
    # 'with Dmitri Prokofitch' names someone spoken of, not called
    assert answered_under(text, NAMES) == [
        ("Dounia", "Avdotya Romanovna"),
        ("Avdotya Romanovna", "Dounia"),
    ]


def test_the_speaker_named_before_the_speech_and_plain_quotes() -> None:
    text = '"Come here, Kitty!"\n\nJane answered: "She is out."'
    assert answered_under(text, NAMES) == [("Kitty", "Jane")]


def test_two_called_or_no_speaker_named_gives_nothing() -> None:
    assert answered_under("“Kitty, Lydia, hush!”\n\n“No,” said Kitty.", NAMES) == []
    assert answered_under("“Hush, Kitty!”\n\n“No,” she said.", NAMES) == []
    assert answered_under("“Hush, Kitty!” said Jane. Then Lydia laughed.", NAMES) == []
