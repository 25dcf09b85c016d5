"""Blind structures: the generator's properties, validation, templates, CSV and JSON files."""

from __future__ import annotations

import json
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.domain.structures import (
    MESSAGES,
    TEMPLATES,
    LevelSpec,
    StructureError,
    from_csv,
    from_json,
    generate,
    template_levels,
    to_csv,
    to_json,
    validate,
)

CHIP_SETS = [
    (25, 100, 500, 1000, 5000, 25000),
    (25, 100, 500, 1000, 5000),
    (100, 500, 1000, 5000, 25000),
    (5, 25, 100, 500, 1000),
    (1, 5, 25, 100, 500),
    (20, 50, 100, 1000),
    (1000, 5000, 25000),
    (25,),
]

settings_st = st.fixed_dictionaries({
    "starting_stack": st.integers(1_000, 200_000),
    "target_minutes": st.integers(30, 720),
    "level_minutes": st.integers(3, 60),
    "chip_set": st.sampled_from(CHIP_SETS),
    "ante_from_level": st.none() | st.integers(1, 10),
    "ante_type": st.sampled_from(["bba", "classic", "none"]),
    "break_every_minutes": st.none() | st.integers(30, 180),
    "break_minutes": st.integers(5, 20),
    "color_up": st.booleans(),
})


def play(sb: int, bb: int, ante: int = 0, ante_type: str = "none", minutes: float = 20) -> LevelSpec:
    return LevelSpec("play", sb, bb, ante, ante_type, round(minutes * 60))  # type: ignore[arg-type]


def pause(minutes: float = 15, color_up: tuple[int, ...] = ()) -> LevelSpec:
    return LevelSpec("break", duration=round(minutes * 60), color_up=color_up)


def codes(error: StructureError) -> list[tuple[int | None, str]]:
    return [(problem.line, problem.code) for problem in error.errors]


def chips_in_play_by_level(levels, chip_set):
    """The smallest chip in play at each level, after the colour-ups before it."""
    chips = sorted(chip_set)
    for level in levels:
        chips = [chip for chip in chips if chip not in level.color_up]
        yield level, chips[0]


# --- the generator --------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_every_generated_structure_validates(kwargs):
    validate(generate(**kwargs), chip_set=kwargs["chip_set"])


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_first_big_blind_is_about_a_hundredth_of_the_stack(kwargs):
    first = generate(**kwargs)[0]
    smallest = min(kwargs["chip_set"])
    target = kwargs["starting_stack"] / 100
    if target < 2 * smallest:  # the stack is too short for the chips: start at the smallest chip
        assert first.small_blind == smallest
    else:
        assert target / 1.5 <= first.big_blind <= target * 1.5
    assert first.big_blind == 2 * first.small_blind


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_blinds_rise_every_level_by_a_standard_step(kwargs):
    plays = [level for level in generate(**kwargs) if not level.is_break]
    for before, after in zip(plays, plays[1:], strict=False):
        assert after.small_blind > before.small_blind
        assert after.big_blind == 2 * after.small_blind
        assert after.small_blind <= 2 * before.small_blind


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_blinds_and_antes_are_multiples_of_the_smallest_chip_in_play(kwargs):
    for level, smallest in chips_in_play_by_level(generate(**kwargs), kwargs["chip_set"]):
        for amount in (level.small_blind, level.big_blind, level.ante):
            assert amount % smallest == 0


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_antes_start_at_the_chosen_level(kwargs):
    plays = [level for level in generate(**kwargs) if not level.is_break]
    start = kwargs["ante_from_level"]
    for number, level in enumerate(plays, start=1):
        if start is None or number < start or kwargs["ante_type"] == "none":
            assert (level.ante, level.ante_type) == (0, "none")
        elif kwargs["ante_type"] == "bba":
            assert (level.ante, level.ante_type) == (level.big_blind, "bba")
        elif level.ante:  # classic: 6-20% of the big blind, when the chips allow it
            assert level.ante_type == "classic"
            assert level.big_blind / 16 <= level.ante <= level.big_blind / 5


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_breaks_come_about_every_break_every_minutes(kwargs):
    levels = generate(**kwargs)
    every, length = kwargs["break_every_minutes"], kwargs["level_minutes"]
    stretches, played = [], 0
    for level in levels:
        if level.is_break:
            assert level.duration == kwargs["break_minutes"] * 60
            stretches.append(played)
            played = 0
        else:
            played += level.duration // 60
    assert not levels[-1].is_break
    if not every:
        assert stretches == []
        return
    for stretch in stretches:
        assert every <= stretch < every + length
    assert played < every + length


@settings(max_examples=150, deadline=None)
@given(settings_st)
def test_structure_plays_past_the_target(kwargs):
    plays = [level for level in generate(**kwargs) if not level.is_break]
    assert all(level.duration == kwargs["level_minutes"] * 60 for level in plays)
    target_levels = math.ceil(kwargs["target_minutes"] / kwargs["level_minutes"])
    assert len(plays) >= target_levels + 4
    assert sum(level.duration for level in plays) >= kwargs["target_minutes"] * 60


@settings(max_examples=100, deadline=None)
@given(settings_st)
def test_no_colour_up_when_turned_off(kwargs):
    kwargs["color_up"] = False
    assert all(not level.color_up for level in generate(**kwargs))


def test_regular_template_reads_like_a_standard_structure():
    levels = template_levels("regular")
    blinds = [(level.small_blind, level.big_blind) for level in levels if not level.is_break]
    assert blinds[:12] == [
        (100, 200), (150, 300), (200, 400), (250, 500), (300, 600), (400, 800),
        (500, 1000), (600, 1200), (800, 1600), (1000, 2000), (1500, 3000), (2000, 4000),
    ]
    assert levels[3].ante_type == "bba" and levels[2].ante == 0
    # The 25s go at the first break once 250/500 (the last level needing them) is played.
    first_break = next(level for level in levels if level.is_break)
    assert first_break.color_up == (25,)


def test_with_hundreds_as_the_smallest_chip_blinds_skip_odd_values():
    levels = generate(starting_stack=20_000, target_minutes=240, level_minutes=20,
                      chip_set=(100, 500, 1000, 5000), ante_from_level=None)
    small_blinds = [level.small_blind for level in levels if not level.is_break]
    assert small_blinds[:14] == [100, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500,
                                 3000, 4000, 5000]


def test_classic_antes_are_about_an_eighth_to_a_tenth_of_the_big_blind():
    levels = generate(starting_stack=20_000, target_minutes=480, level_minutes=20,
                      chip_set=(25, 100, 500, 1000, 5000), ante_type="classic", ante_from_level=1)
    antes = {level.big_blind: level.ante for level in levels if not level.is_break}
    assert antes[200] == 25
    assert antes[400] == 50
    assert antes[1000] == 100
    assert antes[2000] == 200


def test_colour_up_waits_until_no_later_level_needs_the_chip():
    levels = generate(starting_stack=20_000, target_minutes=480, level_minutes=20,
                      chip_set=(25, 100, 500, 1000, 5000), ante_type="classic", ante_from_level=1)
    # Classic antes of 150 (BB 1200) need the 25s, so they stay past the first break.
    breaks = [index for index, level in enumerate(levels) if level.is_break]
    assert levels[breaks[0]].color_up == ()
    assert levels[breaks[1]].color_up == (25,)
    later = levels[breaks[1]:]
    assert all(level.ante % 100 == 0 and level.small_blind % 100 == 0 for level in later)


def test_generator_settings_are_checked():
    with pytest.raises(StructureError) as caught:
        generate(starting_stack=0, target_minutes=60, level_minutes=-1, chip_set=(),
                 ante_type="straddle")
    assert {(problem.field, problem.code) for problem in caught.value.errors} == {
        ("starting_stack", "not_positive"),
        ("level_minutes", "not_positive"),
        ("chip_set", "empty_chip_set"),
        ("ante_type", "unknown_ante_type"),
    }


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_templates_validate_against_their_chip_set(name):
    template = TEMPLATES[name]
    levels = template_levels(name)
    validate(levels, chip_set=template.chip_set)
    assert template.label
    assert levels[0].big_blind * 100 == pytest.approx(template.starting_stack, rel=0.5)


def test_unknown_template():
    with pytest.raises(StructureError) as caught:
        template_levels("marathon")
    assert codes(caught.value) == [(None, "unknown_template")]
    assert "marathon" in caught.value.errors[0].message


# --- validation -----------------------------------------------------------


def test_a_sound_structure_passes():
    validate([play(100, 200), play(200, 400, 400, "bba"), pause(color_up=(25,)),
              play(300, 600, 100, "classic"), play(300, 600, 600, "bba")],
             chip_set=(25, 100, 500))


def test_validation_reports_every_problem_with_its_line():
    levels = [
        play(100, 200),
        play(100, 50),                      # 2: big blind below small blind, blinds go down
        play(0, 200, minutes=0),            # 3: no small blind, no time
        play(200, 400, -5, "classic"),      # 4: negative ante
        play(200, 400, 50),                 # 5: ante without a type
        play(200, 400, 0, "bba"),           # 6: ante type without an ante
        LevelSpec("play", 300, 600, color_up=(25,), duration=60),  # 7: colour-up on a play level
        LevelSpec("pause", duration=60),    # 8: unknown kind
        LevelSpec("break", 100, 200, duration=60),                 # 9: blinds on a break
        play(400, 800, 0, "straddle"),      # 10: unknown ante type
    ]
    with pytest.raises(StructureError) as caught:
        validate(levels, chip_set=None)
    assert codes(caught.value) == [
        (2, "bb_below_sb"),
        (2, "blinds_decrease"),
        (3, "duration_not_positive"),
        (3, "sb_not_positive"),
        (3, "blinds_decrease"),
        (4, "ante_negative"),
        (5, "ante_type_missing"),
        (6, "ante_missing"),
        (7, "color_up_not_on_break"),
        (8, "unknown_kind"),
        (9, "break_has_blinds"),
        (10, "unknown_ante_type"),
    ]
    decrease = caught.value.errors[1]
    assert decrease.params["previous_line"] == 1
    assert decrease.message == "The blinds 100/50 are lower than 100/200 on line 1."
    assert str(decrease) == "Line 2: " + decrease.message


def test_at_least_one_play_level():
    for levels in ([], [pause()]):
        with pytest.raises(StructureError) as caught:
            validate(levels, chip_set=None)
        assert codes(caught.value) == [(None, "no_play_levels")]


def test_colour_up_of_a_chip_not_in_the_set():
    with pytest.raises(StructureError) as caught:
        validate([play(100, 200), pause(color_up=(50,))], chip_set=(25, 100, 500))
    assert codes(caught.value) == [(2, "color_up_unknown_denomination")]
    assert caught.value.errors[0].params == {"denomination": 50}


def test_colour_up_needed_by_a_later_level_names_the_level_and_the_break():
    levels = [play(100, 200), pause(color_up=(25,)), play(200, 400), play(300, 600, 75, "classic"),
              play(400, 800)]
    with pytest.raises(StructureError) as caught:
        validate(levels, chip_set=(25, 100, 500))
    assert codes(caught.value) == [(4, "color_up_still_needed")]
    problem = caught.value.errors[0]
    assert problem.field == "ante"
    assert problem.params == {"amount": 75, "denomination": "25", "break_line": 2}
    assert problem.message == "75 can't be made without the 25 chips coloured up on line 2."


def test_colour_up_is_not_checked_against_chips_without_a_chip_set():
    validate([play(100, 200), pause(color_up=(25,)), play(150, 300)], chip_set=None)


def test_blinds_the_chip_set_cannot_make():
    with pytest.raises(StructureError) as caught:
        validate([play(50, 100), play(150, 300)], chip_set=(100, 500))
    assert codes(caught.value) == [(1, "amount_not_expressible"), (2, "amount_not_expressible")]


def test_payable_amounts_need_not_be_multiples_of_the_smallest_chip():
    # 25 and 100 gone: 500 and 1500 chips still make 2000, 2500, 3000...
    validate([play(1000, 2000), pause(color_up=(25, 100)), play(1000, 2000),
              play(1500, 3000)], chip_set=(25, 100, 500, 1500))


def test_colouring_up_twice_or_everything():
    with pytest.raises(StructureError) as caught:
        validate([play(100, 200), pause(color_up=(25,)), play(200, 400), pause(color_up=(25, 100)),
                  play(300, 600)], chip_set=(25, 100))
    assert codes(caught.value) == [(4, "color_up_repeated"), (4, "color_up_removes_all")]


def test_every_message_is_a_short_sentence():
    for code, template in MESSAGES.items():
        shown = re.sub(r"\{\w+\}", "12345", template)
        assert shown.endswith(".") and len(shown) < 100, code


# --- CSV and JSON ---------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(settings_st)
def test_generated_structures_survive_a_csv_and_json_round_trip(kwargs):
    levels = generate(**kwargs)
    assert from_csv(to_csv(levels), chip_set=kwargs["chip_set"]) == levels
    assert from_json(to_json(levels), chip_set=kwargs["chip_set"]) == levels


@given(st.lists(st.integers(1, 4 * 3600), min_size=1, max_size=20))
def test_any_whole_second_duration_survives_the_round_trip(durations):
    levels = tuple(LevelSpec("play", 100, 200, duration=seconds) for seconds in durations)
    assert from_csv(to_csv(levels)) == levels
    assert from_json(to_json(levels)) == levels


def test_csv_layout():
    text = to_csv([play(100, 200, 200, "bba"), pause(10, (25, 100)), play(200, 400, minutes=0.5)])
    assert text.splitlines() == [
        "kind,small_blind,big_blind,ante,ante_type,minutes,color_up",
        "level,100,200,200,bba,20,",
        "break,,,,,10,25 100",
        "level,200,400,0,none,0.5,",
    ]


def test_csv_import_is_forgiving_about_layout():
    text = (
        "\ufeffKind, Minutes, Big_Blind, Small_Blind, Notes\n"
        "play, 15, 200, 100, first level\n"
        "\n"
        "break, 0.5,,,\n"
        "PLAY, 12.25, 400, 200,\n"
    )
    assert from_csv(text) == (
        play(100, 200, minutes=15), pause(0.5), play(200, 400, minutes=12.25),
    )


def test_empty_csv():
    for text in ("", "  \n\n", ",,,\n"):
        with pytest.raises(StructureError) as caught:
            from_csv(text)
        assert codes(caught.value) == [(None, "empty_file")]


def test_csv_missing_columns_point_at_the_header():
    with pytest.raises(StructureError) as caught:
        from_csv("\nkind,small_blind,minutes\nplay,100,20\n")
    assert codes(caught.value) == [(2, "missing_column")]
    assert caught.value.errors[0].message == 'The column "big_blind" is missing.'


def test_bad_csv_rows_give_the_file_line_and_the_reason():
    text = (
        "kind,small_blind,big_blind,ante,ante_type,minutes,color_up\n"
        "play,100,200,0,none,20,\n"
        "play,1OO,200,0,none,20,\n"       # 3: letter O for zero
        "round,100,200,0,none,20,\n"      # 4: unknown kind
        "play,,400,0,none,20,\n"          # 5: missing small blind
        "play,200,400,0,none,twenty,\n"   # 6: bad minutes
        "break,,,,,10,25 x\n"             # 7: bad denomination
        "play,300,600,0,none,20,,extra\n"  # 8: too many values
        "play,300,600,0,classic,20,\n"    # 9: no ante for a classic-ante level
    )
    with pytest.raises(StructureError) as caught:
        from_csv(text)
    assert codes(caught.value) == [
        (3, "bad_number"), (4, "unknown_kind"), (5, "missing_value"), (6, "bad_number"),
        (7, "bad_number"), (8, "too_many_values"),
    ]
    assert str(caught.value.errors[0]) == 'Line 3: "1OO" is not a valid number.'


def test_csv_validation_errors_are_on_file_lines():
    text = (
        "kind,small_blind,big_blind,minutes\n"
        "play,100,200,20\n"
        "\n"
        "play,50,100,20\n"
        "play,200,400,0\n"
    )
    with pytest.raises(StructureError) as caught:
        from_csv(text)
    assert codes(caught.value) == [(4, "blinds_decrease"), (5, "duration_not_positive")]
    assert caught.value.errors[0].params["previous_line"] == 2
    assert caught.value.errors[1].field == "minutes"


def test_csv_import_checks_colour_ups_against_the_chip_set():
    text = to_csv([play(100, 200), pause(color_up=(25,)), play(150, 300)])
    assert from_csv(text)  # no chip set, no chip check
    with pytest.raises(StructureError) as caught:
        from_csv(text, chip_set=(25, 100))
    assert codes(caught.value) == [(4, "color_up_still_needed")]
    assert caught.value.errors[0].params["break_line"] == 3


def test_json_layout_and_alternatives():
    levels = (play(100, 200, 200, "bba"), pause(10, (25,)), play(200, 400, minutes=0.5))
    data = json.loads(to_json(levels))
    assert data["levels"][1] == {"kind": "break", "small_blind": 0, "big_blind": 0, "ante": 0,
                                 "ante_type": "none", "minutes": 10, "color_up": [25]}
    assert data["levels"][2]["minutes"] == 0.5
    bare = json.dumps([{"kind": "play", "small_blind": 100.0, "big_blind": 200,
                        "duration": 90}])
    assert from_json(bare) == (LevelSpec("play", 100, 200, duration=90),)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", [(None, "empty_file")]),
        ('{"levels": [', [(None, "not_json")]),
        ('{"rounds": []}', [(None, "bad_json_shape")]),
        ("[]", [(None, "no_play_levels")]),
        ('[{"kind": "play", "small_blind": 100, "big_blind": 200, "minutes": 20}, 7]',
         [(2, "bad_level")]),
        ('[{"kind": "play", "small_blind": true, "big_blind": "2e2", "minutes": 20}]',
         [(1, "bad_number"), (1, "bad_number")]),
        ('[{"kind": "play", "small_blind": 100, "big_blind": 200}]', [(1, "missing_value")]),
        ('[{"kind": "play", "small_blind": 200, "big_blind": 100, "minutes": 20}]',
         [(1, "bb_below_sb")]),
    ],
)
def test_bad_json_files(text, expected):
    with pytest.raises(StructureError) as caught:
        from_json(text)
    assert codes(caught.value) == expected


def test_json_syntax_error_gives_its_position():
    with pytest.raises(StructureError) as caught:
        from_json('{\n  "levels": [,]\n}')
    assert caught.value.errors[0].params == {"json_line": 2, "json_column": 14}


def test_payability_is_exact_for_awkward_chip_sets():
    # With 6, 9 and 20 chips, 43 is the largest amount no stack of chips makes.
    validate([play(44, 88, 0)], chip_set=(6, 9, 20))
    with pytest.raises(StructureError) as caught:
        validate([play(43, 88)], chip_set=(6, 9, 20))
    assert codes(caught.value) == [(1, "amount_not_expressible")]
    assert caught.value.errors[0].field == "small_blind"


# --- Files as people make them (issue 13, item 5) ---------------------------------


def test_level_and_play_both_read_as_a_play_level_in_any_case_or_language():
    text = "kind,small_blind,big_blind,minutes\nLevel,100,200,20\nplay,200,400,20\n休息,,,10\n级别,300,600,20\nBREAK,,,5\n"
    kinds = [level.kind for level in from_csv(text)]
    assert kinds == ["play", "play", "break", "play", "break"]
    # And files are written with the editor's words.
    assert to_csv(from_csv(text)).splitlines()[1].startswith("level,")
    assert json.loads(to_json(from_csv(text)))["levels"][0]["kind"] == "level"
    assert from_json(to_json(from_csv(text))) == from_csv(text)


def test_excel_csv_with_a_bom_crlf_and_semicolons_and_a_decimal_comma():
    text = ("\ufeffKind;Small blind;Big blind;Ante;Ante type;Minutes;Colour up;;\r\n"
            "Level;100;200;0;none;20;;;\r\n"
            "Level;1.000;2.000;2.000;bba;12,5;;;\r\n"
            "Break;;;;;15;25;;\r\n"
            ";;;;;;;;\r\n")
    assert from_csv(text) == (
        LevelSpec("play", 100, 200, duration=1200),
        LevelSpec("play", 1000, 2000, 2000, "bba", 750),
        LevelSpec("break", duration=900, color_up=(25,)),
    )


def test_tab_separated_and_quoted_thousands():
    assert from_csv("kind\tsmall_blind\tbig_blind\tminutes\nlevel\t100\t200\t20\n") == (
        LevelSpec("play", 100, 200, duration=1200),)
    assert from_csv('kind,small_blind,big_blind,minutes\nlevel,"1,500","3,000",20\n') == (
        LevelSpec("play", 1500, 3000, duration=1200),)


@given(st.lists(st.tuples(st.booleans(), st.integers(1, 10_000)), min_size=0, max_size=12),
       st.integers(-1, 14))
def test_next_level_doubles_the_big_blind_of_the_last_play_level_before_it(rows, after):
    from tournament.domain.structures import next_level

    levels = [LevelSpec("break", duration=600) if is_break else
              LevelSpec("play", big // 2 or 1, big, 0, "none", 900) for is_break, big in rows]
    new = next_level(levels, None if after < 0 else after)
    end = len(levels) if after < 0 else min(after + 1, len(levels))
    before = [level for level in levels[:end] if not level.is_break]
    assert new.kind == "play"
    if before:
        assert (new.small_blind, new.big_blind) == (before[-1].big_blind, 2 * before[-1].big_blind)
        assert new.duration == before[-1].duration
    else:
        assert (new.small_blind, new.big_blind, new.duration) == (100, 200, 1200)
