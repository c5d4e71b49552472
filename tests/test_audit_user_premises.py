"""Figures the reply takes from elsewhere than a result: the user's time taken as its
premise ('for a 07:45 launch'), and its own arithmetic of a part and a whole it states."""

from __future__ import annotations

import json

import pytest

from tests.audit_rules import of_type, ok

TAF = ok("aviation_taf", json.dumps({"station": "EGGD", "wind": "220/08KT",
                                     "visibility_m": 9999, "cloud": "BKN035"}))


@pytest.mark.parametrize(("reply", "user"), [
    ("Weather looks fine for a 07:45 launch: wind 220 at 8 knots.",
     "are we good to fly the 07:45 slot tomorrow?"),
    ("With an 08:30 start the wind is 220 at 8 knots.", "forecast for race morning? start is 8:30"),
    ("Para la salida de las 7:45 el viento es de 220 a 8 nudos.",
     "¿Podemos volar a las 7:45 mañana?"),
])
def test_a_users_time_taken_as_the_replys_premise(reply: str, user: str) -> None:
    """The user's time after 'for a', 'with an', 'para la salida de las' frames the answer."""
    assert [] == of_type("ungrounded_value", reply, TAF, user=user)


def test_a_premise_the_user_never_gave_is_ungrounded() -> None:
    """A premise time no message and no result gives is still ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", "09:15")] == of_type(
        "ungrounded_value", "Weather looks fine for a 09:15 launch.", TAF,
        user="are we good to fly the 07:45 slot tomorrow?")


def test_a_users_time_attributed_to_a_source_is_checked() -> None:
    """'the TAF shows ... a 07:45 launch' reads the time off a source: the user's message
    never grounds it."""
    assert [("ungrounded_value", "value.not_in_results", "07:45")] == of_type(
        "ungrounded_value", "The TAF shows good conditions for a 07:45 launch.", TAF,
        user="are we good to fly the 07:45 slot tomorrow?")


FEES = ok("studio_enrolments", json.dumps({"course": "WT-SPR27", "fee_gbp": 185.0, "enrolments": [
    *({"student": name, "paid_gbp": 185.0, "status": "paid"}
      for name in ("Amira Haddad", "Ben Carver", "Chloe Dunn", "Hiro Tanaka", "Lena Fischer")),
    {"student": "Gemma Lloyd", "paid_gbp": 40.0, "status": "deposit"}]}, indent=2))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Gemma has only paid the £40 deposit, so she still owes £145 of the £185.", []),
    ("Gemma has only paid the £40 deposit, so she still owes £155 of the £185.",
     [("ungrounded_value", "value.not_in_results", "£155")]),
])
def test_a_part_before_the_value_and_its_whole_after(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """'£145 of the £185' after '£40 paid' is the whole less the part, both in its
    sentence; another difference is still ungrounded."""
    assert expected == of_type("ungrounded_value", reply, FEES)


CONCERT = ok("concert_budget", "item,gbp\norchestra,2400.00\nsoloists (4 x 350),1400.00\n"
                                "venue,650.00\nscores,120.00\nprinting,98.45\n"
                                "refreshments,135.00\nTOTAL,4803.45\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("**£4,803.45** all in.\n\n- Orchestra: £2,400\n- Soloists: £1,400\n- Venue: £650\n"
     "- Scores, printing and refreshments together: £353.45", []),
    ("**£4,803.45** all in.\n\n- Orchestra: £2,400\n- Soloists: £1,400\n- Venue: £650\n"
     "- Scores, printing and refreshments together: £412.80",
     [("ungrounded_value", "value.not_in_results", "£412.80")]),
])
def test_an_item_that_completes_its_lists_total(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """The last item of a list under a total is what the total leaves once the other items
    are counted; an item that does not add up is still ungrounded."""
    assert expected == of_type("ungrounded_value", reply, CONCERT)


MUSHROOMS = ok("pricing_wholesale", "producto,precio_kg_eur\nGírgola,\"7,80\"\n"
                                    "Melena de león,\"18,00\"\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Serían **150 €**:\n\n- 10 kg de gírgola a 7,80 € son 78 €.\n"
     "- 4 kg de melena de león a 18 € son 72 €.", []),
    ("Serían **160 €**:\n\n- 10 kg de gírgola a 7,80 € son 78 €.\n"
     "- 4 kg de melena de león a 18 € son 72 €.",
     [("ungrounded_value", "value.not_in_results", "160 €")]),
])
def test_a_total_that_opens_the_list_of_its_parts(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """A total on the line opening a list is the sum of its items' last figures; one that
    is not is still ungrounded."""
    assert expected == of_type("ungrounded_value", reply, MUSHROOMS)


ROOMS = ok("roombook_list", "ROOM      CAP  START  END    BOOKED BY\n"
                            "Boardroom 14   08:30  10:00  Tamsin Okafor\n"
                            "Snug      4    13:00  14:00  Marguerite Holm\n"
                            "Fishbowl  6    09:00  11:00  Ayo Bankole\n")


@pytest.mark.parametrize(("reply", "user", "expected"), [
    ("For 8 people at 1pm the Boardroom is the only room that fits.",
     "I need somewhere for 8 people around 1pm", []),
    ("There are 8 people booked in at 1pm.", "I need somewhere for 8 people around 1pm",
     ["count.item_count"]),
    ("For 8 people at 1pm the Boardroom is the only room that fits.",
     "what's free around 1pm?", ["count.item_count"]),
])
def test_a_count_the_user_set_as_the_replys_purpose(
        reply: str, user: str, expected: list[str]) -> None:
    """'For 8 people' restates what the user sized the request for; the same number said
    as a count of bookings, or one the user never gave, is still checked."""
    assert expected == [f[1] for f in of_type("count_mismatch", reply, ROOMS, user=user)]
