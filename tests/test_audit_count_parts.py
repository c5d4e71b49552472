"""A count far below a listing is a part of it; a state's verb forms name one state.

Held-out measure behind the first rule: on six blind sets, each run at the commit it was
first measured on, every count found wrong at half its listing or less (a listing of five
or more) was an honest part the reply picked out in words the auditor did not read; no
injected miscount was that far off. Sentences of our own; rows are (reply, expected).
"""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

# Nine lines of a door controller's log: a few kinds, none named by "alerts" or "retries".
DOOR_LOG = ok("door_controller_log", "\n".join([
    "06:01 D-1 opened badge=4471", "06:03 D-1 closed", "06:10 D-4 opened badge=1020",
    "06:11 D-4 held open 45s", "06:12 D-4 closed", "06:30 D-2 opened badge=8810",
    "06:31 D-2 reader timeout, second attempt ok", "06:32 D-2 closed",
    "06:40 D-3 forced open",
]))

PYTEST_TAIL = ok("pytest", "\n".join([
    "collected 64 items", "", "tests/test_sync.py ....F.....F",
    "FAILED tests/test_sync.py::test_resume - assert 3 == 4",
    "FAILED tests/test_sync.py::test_partial - KeyError: 'etag'",
    "======== 2 failed, 62 passed in 4.12s ========",
]))


@pytest.mark.parametrize(("reply", "expected"), [
    # Parts of the nine lines, in words the log does not use: no finding.
    ("Two alerts this morning: D-4 was held open and D-3 was forced.", []),
    ("There was 1 retry at the D-2 reader, which then worked.", []),
    ("Hubo 2 alertas esta mañana: D-4 quedó abierta y D-3 fue forzada.", []),
    ("今早有 2 个告警：D-4 长时间未关，D-3 被强行打开。", []),
    # Said of the whole in words of totality: compared with the listing however far off.
    ("In total there were 2 entries in the log this morning.",
     [("count_mismatch", "count.item_count", "2 entries")]),
    ("En total hubo 2 entradas en el registro.",
     [("count_mismatch", "count.item_count", "2 entradas")]),
    ("今早日志一共 2 条记录。", [("count_mismatch", "count.item_count", "2 条记录")]),
    # A miscount of the whole misses by a little: still compared with the listing.
    ("The log has 8 entries this morning.",
     [("count_mismatch", "count.item_count", "8 entries")]),
    ("El registro tiene 11 entradas esta mañana.",
     [("count_mismatch", "count.item_count", "11 entradas")]),
])
def test_a_count_at_half_a_listing_or_less_is_a_part(reply: str, expected: Expected) -> None:
    """A count of at most half of a listing of five or more is read as a part of it, while
    a count near or above the listing's length is still compared with it."""
    assert expected == of_type("count_mismatch", reply, DOOR_LOG)


@pytest.mark.parametrize(("reply", "expected"), [
    ("2 tests are failing, both in test_sync.py.", []),
    ("3 tests are failing, all in test_sync.py.",
     [("count_mismatch", "count.item_count", "3 tests")]),
    ("Fallan dos tests, los dos en test_sync.py.", []),
    ("Fallan tres tests en test_sync.py.",
     [("count_mismatch", "count.item_count", "tres tests")]),
    ("62 个通过，2 个用例没过，都在 test_sync.py。", []),
    ("62 个通过，3 个用例没过，都在 test_sync.py。",
     [("count_mismatch", "count.item_count", "3 个用例没过")]),
    ("有 3 个用例未通过。", [("count_mismatch", "count.item_count", "3 个用例未通过")]),
])
def test_a_count_named_by_a_state_verb_meets_the_state_the_result_counts(
        reply: str, expected: Expected) -> None:
    """'failing' and 'failed' (and Spanish 'fallan') name one state: the count is compared
    with the number the result states for it, even below the half of the listing."""
    assert expected == of_type("count_mismatch", reply, PYTEST_TAIL)


# Six berths with no field that sorts them: which ones fit is the reply's own reading.
BERTHS = ok("berth_list", (
    '[{"berth": "P01", "length_m": 9.5}, {"berth": "P02", "length_m": 14.0},'
    ' {"berth": "P03", "length_m": 8.0}, {"berth": "P05", "length_m": 12.5},'
    ' {"berth": "P07", "length_m": 15.0}, {"berth": "P10", "length_m": 13.0}]'))


@pytest.mark.parametrize(("reply", "expected"), [
    # The count names its members, each one item of the listing: the members are its
    # evidence, not the listing's length.
    ("4 berths fit your boat: P02, P05, P07 and P10.", []),
    ("Caben en 4 amarres: P02, P05, P07 y P10.", []),
    ("有 4 个泊位放得下：P02、P05、P07 和 P10。", []),
    # Members one short or one over the count: the count is still compared.
    ("5 berths fit your boat: P02, P05, P07 and P10.",
     [("count_mismatch", "count.item_count", "5 berths")]),
    ("Caben en 5 amarres: P02, P05, P07 y P10.",
     [("count_mismatch", "count.item_count", "5 amarres")]),
    # A name that is no single item (P0 is in every berth) is no member.
    ("4 berths fit your boat: P0, P05, P07 and P10.",
     [("count_mismatch", "count.item_count", "4 berths")]),
])
def test_a_count_that_names_its_members_counts_them(reply: str, expected: Expected) -> None:
    """A count followed by a colon and exactly that many names, each naming one distinct
    item of a result, counts those items (a part the reply picked out), not the whole."""
    assert expected == of_type("count_mismatch", reply, BERTHS)


# Five replies to a call for volunteers, one person writing twice and one declining.
VOLUNTEER_MAIL = ok("mail_search", "\n".join([
    "2027-03-09 Lena Fisk <lena@example.net> Re: stall rota  I'll take the Saturday stall.",
    "2027-03-08 Omar Haddad <omar@example.org> Re: stall rota  Put me on Sunday.",
    "2027-03-07 Lena Fisk <lena@example.net> Re: stall rota  Actually Sunday suits better.",
    "2027-03-06 Pia Moreau <pia@example.com> Re: stall rota  Sorry, away that weekend.",
    "2027-03-05 Dev Rao <dev@example.com> Re: stall rota  Count me in for both days.",
]))


@pytest.mark.parametrize(("reply", "expected"), [
    # A table after a blank line, one row a member; Lena's two emails are one member.
    ("Three people so far:\n\n| Who | When |\n|---|---|\n| Lena | Sunday |\n"
     "| Omar | Sunday |\n| Dev | both days |\n\nPia can't make it.", []),
    # A bulleted listing after a blank line.
    ("Tres personas por ahora:\n\n- Lena, el domingo\n- Omar, el domingo\n- Dev, ambos días", []),
    # Members that between them hold every item: four people, five emails.
    ("Four people wrote back:\n- Lena (twice)\n- Omar\n- Pia, who is away\n- Dev", []),
    # A table one row short of its count: the count is compared with the listing.
    ("Four people so far:\n\n| Who | When |\n|---|---|\n| Lena | Sunday |\n"
     "| Omar | Sunday |\n| Dev | both days |",
     [("count_mismatch", "count.item_count", "Four people")]),
    # Members that share an item are not told apart ("Re" is in every email).
    ("Four people so far:\n\n- Re\n- Omar\n- Pia\n- Dev",
     [("count_mismatch", "count.item_count", "Four people")]),
])
def test_a_count_over_a_listing_of_members_counts_them(reply: str, expected: Expected) -> None:
    """A count whose colon opens a table or a bulleted listing (after a blank line too)
    counts its rows' members, a member holding several items of the result when no item is
    held by two members."""
    assert expected == of_type("count_mismatch", reply, VOLUNTEER_MAIL)


# Six products of a month's sales and a queue that states its total beside four reviewers.
BAKERY = ok("sales.report", "product,units,unit_price_eur\nbaguette,1840,3.20\n"
                            "croissant,2260,2.80\nsourdough,610,6.50\nrye,215,7.00\n"
                            "bread roll,3900,0.60\ncinnamon bun,880,3.50\n")
QUEUE = ok("review.queue", '{"pending_review": 1286, "by_reviewer": [{"who": "Ana", "n": 412},'
                           ' {"who": "Bo", "n": 398}, {"who": "Cy", "n": 351},'
                           ' {"who": "unassigned", "n": 125}]}')


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # A quantity a result states, or the reply works out, far above the listing's length.
    ("Bread rolls sold the most, 3,900 rolls, but at €0.60 they are a small share.",
     BAKERY, []),
    ("小餐包卖得最多（3,900 个），但单价低。", BAKERY, []),
    ("Croissants and baguettes together: 4,100 pastries.", BAKERY, []),
    # A quantity no figure of the turn grounds is still compared with the listing.
    ("There are 1,268 items waiting for review.", QUEUE,
     [("count_mismatch", "count.item_count", "1,268 items")]),
    ("审核队列里还有 1268 条待审。", QUEUE,
     [("count_mismatch", "count.item_count", "1268 条待审")]),
])
def test_a_count_far_above_the_listing_is_a_quantity(reply: str, event: object,
                                                     expected: Expected) -> None:
    """A count over three times a listing's length is a quantity, grounded like any value;
    one no result grounds is still a miscount."""
    assert expected == of_type("count_mismatch", reply, event)  # type: ignore[arg-type]


# Six shifts, each with one or two lifeguards: five different people in all.
SHIFTS = ok("roster.get", "shift,area,lifeguards\n06:30,main,Priya Nair; Tom Okello\n"
                          "06:30,learner,Hana Ito\n10:00,main,Priya Nair; Callum Reid\n"
                          "10:00,flumes,Josh Evans\n14:00,main,Callum Reid; Tom Okello\n"
                          "14:00,learner,Hana Ito\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Five different lifeguards are on across the day.", []),
    ("Hay cinco socorristas distintos a lo largo del día.", []),
    ("Seven different lifeguards are on across the day.",
     [("count_mismatch", "count.item_count", "Seven different lifeguards")]),
])
def test_a_count_of_different_things_counts_distinct_values(reply: str,
                                                            expected: Expected) -> None:
    """Said with a word of distinctness, a count is of a column's distinct values (a cell
    may hold several), not of the rows."""
    assert expected == of_type("count_mismatch", reply, SHIFTS)


# Eight rows of performer and show: five performers, three of them in two shows.
CAST = ok("staff.roster", "performer,show,performances\nLi Na,Faust,3\nLi Na,Hansel,2\n"
                          "Zhou Qiang,Faust,3\nWu Min,Hansel,3\nWu Min,Tinderbox,2\n"
                          "Sun Lei,Tinderbox,3\nZheng Jie,Faust,2\nZheng Jie,Hansel,3\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Five actors are on next week, three of them in two shows.", []),
    ("下周一共 5 位演员上场，其中 3 位要跨两部戏。", []),
    ("下周一共 6 位演员上场。", [("count_mismatch", "count.item_count", "6 位演员上场")]),
    ("The roster has 9 actors.", [("count_mismatch", "count.item_count", "9 actors")]),
])
def test_a_count_of_the_names_a_key_column_repeats(reply: str, expected: Expected) -> None:
    """The rows' first column repeats its names: a count of the distinct names counts
    what the rows are about, one per name."""
    assert expected == of_type("count_mismatch", reply, CAST)


ALARM_LOG = ok("tbm.event_log", "19:42 HYD-P3 pressure swing\n23:05 C2 belt drift\n"
                                "01:18 SC-1 torque high\n01:26 SC-1 torque back to 64%\n"
                                "04:51 P1 grout pressure low\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Four alarms or warnings overnight, plus one recovery line.", []),
    ("昨晚一共有4条报警/警告，外加一条恢复记录。", []),
    ("Hubo 4 avisos más una línea de recuperación.", []),
    # Added up, they are not the listing: still compared with it.
    ("Four alarms or warnings overnight, plus two recovery lines.",
     [("count_mismatch", "count.item_count", "Four alarms")]),
])
def test_a_count_and_one_added_to_it_split_the_listing(reply: str,
                                                        expected: Expected) -> None:
    """A count and the one its sentence adds right after it ("plus one") make the listing
    together: the reply splits it in two."""
    assert expected == of_type("count_mismatch", reply, ALARM_LOG)


COURSE = ok("cursillos.buscar", '[{"codigo": "NAT-INF-0127", "plazas": 12, "inscritos": 9}]',
            {"nivel": "iniciacion"})


@pytest.mark.parametrize(("reply", "expected"), [
    # What is left of the stated places once the stated enrolments are taken out.
    ("Quedan 3 plazas de 12 en el NAT-INF-0127.", []),
    ("There are 3 places left in NAT-INF-0127.", []),
    # Not what remains: the places are 12.
    ("El NAT-INF-0127 tiene 3 plazas.", [("count_mismatch", "count.item_count", "3 plazas")]),
    ("Quedan 4 plazas de 12 en el NAT-INF-0127.",
     [("count_mismatch", "count.item_count", "4 plazas")]),
])
def test_a_count_said_to_remain_is_a_stated_figure_less_another(
        reply: str, expected: Expected) -> None:
    """"Quedan 3 plazas de 12" over 12 places and 9 enrolled: what is left, worked out."""
    assert expected == of_type("count_mismatch", reply, COURSE)


RECEIVED = ok("purchase_orders.receive_status",
              "linea,articulo,pedido,recibido,pendiente,nota\n"
              "1,Cera estampada Layens (kg),120,120,0,\n"
              "2,Bloques de cera virgen 1 kg,50,36,14,resto en backorder\n"
              "3,Velas de cera (caja 24),10,10,0,2 cajas con golpes",
              {"pedido": "PO-77"})


@pytest.mark.parametrize(("reply", "expected"), [
    # The named row's quantity, though a note counts "2 cajas" of another kind.
    ("Las 10 cajas de velas llegaron, aunque 2 vienen con golpes.", []),
    ("Las 12 cajas de velas llegaron, aunque 2 vienen con golpes.",
     [("count_mismatch", "count.item_count", "12 cajas")]),
])
def test_a_count_that_is_a_cell_of_its_named_row(reply: str, expected: Expected) -> None:
    """"Las 10 cajas de velas" over the row of candles holding 10: that row's figure."""
    assert expected == of_type("count_mismatch", reply, RECEIVED)


FILAMENT = ok("inventario.consumo", "material,bobinas,gramos\nPLA,7,3120\nPETG,3,1240\n"
              "ASA,1,610", {"mes": "noviembre"})
TRUCK = ok("alquiler.pedido", '{"plataformas": 24, "peso_kg": 468, "carga_max_kg": 350}',
           {"pedido": "A-12"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # A fraction's denominator is no counted noun.
    ("El PLA se lleva casi dos tercios del total.", FILAMENT, []),
    ("PLA takes about two thirds of the total.", FILAMENT, []),
    # A sentence opened by a modal of advice counts what could be, in each clause.
    ("Tendrías que quitar, por ejemplo, 8 plataformas o hacer dos viajes.", TRUCK, []),
    ("You could drop 8 platforms or make two trips.", TRUCK, []),
    ("Hicimos dos viajes con las 24 plataformas.", TRUCK,
     [("count_mismatch", "count.item_count", "dos viajes")]),
])
def test_fractions_and_advice_are_no_counts(reply: str, event: object,
                                            expected: Expected) -> None:
    """"Dos tercios" is a share; "tendrías que … hacer dos viajes" is advice."""
    assert expected == of_type("count_mismatch", reply, event)


PAPER = ok("paper.stock", "品名,库存令\n内页 120g 双胶,6\n封面 250g 哑粉,2\n衬纸,1\n"
           "硫酸纸,3\n牛皮纸,4", {"仓": "A"})


@pytest.mark.parametrize(("reply", "expected"), [
    # The standard of a comparison (比…) is no count of the result.
    ("内页 6 令 × 500 = 3,000 张，比你要的 3,200 张少 200 张。", []),
    ("仓库里一共有 7 种纸。", [("count_mismatch", "count.item_count", "7 种纸")]),
])
def test_the_standard_of_a_chinese_comparison_is_no_count(reply: str,
                                                          expected: Expected) -> None:
    """"比你要的 3,200 张少": what the stock is compared with, not a count of it."""
    assert expected == of_type("count_mismatch", reply, PAPER)


EXPIRY = ok("pharmacy.stock_expiry", "\n".join([
    "sku,product,batch,qty,expiry", "VP-1,Metacam 1.5 mg/ml 100 ml,MX4471,6,2026-12-09",
    "VP-2,Synulox 250 mg (10),SY0925,14,2026-12-18", "VP-3,Drontal Cat XL (2),DC7730,22,2026-12-31",
    "VP-4,Frontline Dog M (3),FL9183,17,2027-01-08", "VP-5,Cerenia 16 mg (4),CE5521,9,2027-01-15",
    "VP-6,Apoquel 5.4 mg (20),AP6612,8,2027-01-22"]))
ISSUES = ok("sentry_list_issues", '[{"shortId": "LEDGER-8C", "title": "IntegrityError", '
            '"count": "42", "userCount": 17}]')


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # The quantity of the row each list item names.
    ("Three lines run out this year:\n\n- Metacam 1.5 mg/ml 100 ml: 6 bottles, 9 Dec\n"
     "- Synulox 250 mg: 14 packs, 18 Dec\n- Drontal Cat XL: 22 packs, 31 Dec", EXPIRY, []),
    # A noun of the tool's name counts the listing's items, not a figure of one of them.
    ("There are 42 open issues for the IntegrityError (LEDGER-8C).", ISSUES,
     [("count_mismatch", "count.item_count", "42 open issues")]),
])
def test_a_rows_quantity_unless_the_noun_names_the_items(reply: str, event: object,
                                                         expected: Expected) -> None:
    """A figure of the named row is its quantity, unless the noun is what the tool lists."""
    assert expected == of_type("count_mismatch", reply, event)


SITES = ok("web_search", "1. Lough Erne Wildlife Area - permits\n2. Glenveagh Park - rules",
           {"query": "fishing sites"})


@pytest.mark.parametrize(("reply", "expected"), [
    # A number word and a capitalised noun: a name ("Three Lakes"), no count.
    ("Of the sites nearby, Three Lakes WMA needs a permit.", []),
    ("Three lakes need a permit.", [("count_mismatch", "count.item_count", "Three lakes")]),
])
def test_a_number_word_in_a_name_is_no_count(reply: str, expected: Expected) -> None:
    """"Three Lakes WMA" is a place; "Three lakes" counts."""
    assert expected == of_type("count_mismatch", reply, SITES)
