"""Every TV layout fits every screen a room hangs, in every state the clock shows.

A room hangs 1080p and 4K TVs, an old 1366x768 set and a portrait screen. Each state
below (a big-blind ante with a colour-up announced, the colour-up break, hand-for-hand
with an announcement, the final table's redraw, a deal, long Chinese names) is loaded
once per layout (classic, compact, portrait, and the light theme); the viewport is then
resized through the four sizes. Nothing may run off the screen or be cut, and a move's
reason is read whole (never cut short with "…").
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [
    {"width": 1920, "height": 1080},
    {"width": 1366, "height": 768},
    {"width": 3840, "height": 2160},
    {"width": 1080, "height": 1920},
]
LAYOUTS = ["layout=classic", "layout=compact", "layout=portrait", "layout=classic&theme=light"]
NAMES = ["Daniel Negreanu", "Phil Ivey", "Vanessa Selbst", "Erik Seidel", "Jason Koon",
         "Maria Konnikova", "Fedor Holz", "Kristen Foxen", "Bryn Kenney", "Justin Bonomo",
         "Liv Boeree", "Adrian Mateos", "Stephen Chidwick", "Cary Katz", "Jake Schindler",
         "Mikita Badziakouski", "Isaac Haxton", "Nick Petrangelo", "Ali Imsirovic",
         "David Peters", "Sam Greenwood", "Alex Foxen", "Chance Kornuth", "Koray Aldemir",
         "Espen Jorstad"]
CHINESE = ["欧阳娜娜·司马相如·诸葛孔明", "上官婉儿·长孙无忌·慕容复", "皇甫嵩·东方不败·令狐冲",
           "司徒雷登·公孙胜·独孤求败", "夏侯惇·尉迟恭·欧阳修文", "端木蓉·呼延灼·南宫问天",
           "宇文化及·轩辕敬城·西门吹雪", "拓跋宏·诸葛亮亮·司空摘星", "钟离春·百里奚·闻人语",
           "公冶长·太史慈·赫连勃勃", "万俟卨·澹台灭明·申屠嘉", "张三丰·李四光·王五郎",
           "陈一二三四五六七八", "刘德华·周润发·梁朝伟", "黄飞鸿·霍元甲·陈真真",
           "林青霞·张曼玉·王祖贤", "赵云·马超·黄忠·魏延", "孙悟空·猪八戒·沙和尚",
           "唐三藏·白龙马·观世音", "杨过·小龙女·郭靖黄蓉", "乔峰·段誉·虚竹·阿朱",
           "韦小宝·双儿·建宁公主", "胡斐·程灵素·袁紫衣", "狄云·水笙·丁典·凌霜华",
           "石破天·石中玉·谢烟客"]


def _levels():
    """A big-blind ante at level 3, then a break that colours up the 25s."""
    from tests.conftest import brk, play

    return (play(100, 200), play(200, 400), play(300, 600, ante=600),
            brk(10, color_up=(25,)), play(400, 800, ante=800), play(500, 1000, ante=1000))


def _room(make_tournament, director, names, tables=3, **values):
    from tables.services import tables_add
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    values = {"late_reg_end_level": 6, "scheduled_start": None, "bounty": 50,
              "buy_in": 1000} | values
    tournament = make_tournament(levels=_levels(), **values)
    tables_add(actor=director, tournament_id=tournament.pk, count=tables)
    rng = random.Random(7)
    for name in names:
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    return tournament


def _counted(tournament) -> None:
    """Chip counts for every player, so that the chip leaders show."""
    from tournament.models import Entry

    for i, entry in enumerate(Entry.objects.filter(tournament=tournament, status="seated")):
        Entry.objects.filter(pk=entry.pk).update(chips=1_234_567 + 98_765 * i)


def _bust(tournament, director, count: int) -> None:
    from tables.services.busts import entry_bust
    from tournament.models import Entry

    rng = random.Random(11)
    for _ in range(count):
        entry = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                 .order_by("table__number", "seat").first())
        entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk, rng=rng)


def _levels_on(tournament, director, count: int) -> None:
    from tournament.services.clock import clock_next_level

    for _ in range(count):
        clock_next_level(tournament_id=tournament.pk, actor=director)


def ante_and_colour_up(make_tournament, director):
    # Level 3: BB ante, the colour-up of the next break announced, and moves after a break.
    tournament = _room(make_tournament, director, NAMES)
    _bust(tournament, director, 7)
    _counted(tournament)
    _levels_on(tournament, director, 2)
    return tournament


def colour_up_break(make_tournament, director):
    tournament = _room(make_tournament, director, NAMES)
    _bust(tournament, director, 7)
    _counted(tournament)
    _levels_on(tournament, director, 3)
    return tournament


def hand_for_hand(make_tournament, director):
    from tables.services.floor import hand_for_hand_set
    from tournament.services.tournaments import tournament_announce

    tournament = _room(make_tournament, director, NAMES)
    _bust(tournament, director, 7)
    _counted(tournament)
    _levels_on(tournament, director, 2)
    hand_for_hand_set(actor=director, tournament_id=tournament.pk, on=True)
    tournament_announce(actor=director, tournament_id=tournament.pk, minutes=None,
                        text="Two places from the money: every table waits for the others "
                             "before dealing the next hand. Dinner vouchers at the cage.")
    return tournament


def final_table(make_tournament, director):
    tournament = _room(make_tournament, director, NAMES[:10], tables=2)
    _counted(tournament)
    _bust(tournament, director, 1)  # ten to nine: the final table's redraw
    _levels_on(tournament, director, 2)
    return tournament


def deal(make_tournament, director):
    from tournament.selectors.money import deal_inputs
    from tournament.services import deals

    tournament = _room(make_tournament, director, NAMES[:10], tables=2,
                       payout_percentages=[40, 25, 15, 10, 6, 4])
    _bust(tournament, director, 7)
    inputs = deal_inputs(tournament)
    stacks = {entry.pk: 0 for entry in inputs.players}
    for pk, chips in zip(stacks, (120_000, 100_000, 80_000), strict=True):
        stacks[pk] = chips
    share = inputs.money_left // 3
    amounts = dict(zip(stacks, (inputs.money_left - 2 * share, share, share), strict=True))
    deals.deal_record(actor=director, tournament_id=tournament.pk, method="chip", unit=1,
                      keep=0, stacks=stacks, amounts=amounts, accept_chip_difference=True)
    return tournament


def chinese_names(make_tournament, director):
    tournament = _room(make_tournament, director, CHINESE,
                       name="二〇二六年冬季扑克锦标赛·主赛事·第一轮·深筹码无限注德州扑克")
    _bust(tournament, director, 7)
    _counted(tournament)
    _levels_on(tournament, director, 2)
    return tournament


STATES = [ante_and_colour_up, colour_up_break, hand_for_hand, final_table, deal, chinese_names]

OVERFLOW = """() => {
  const W = window.innerWidth, H = window.innerHeight, bad = [];
  const describe = (el, why) => `${why} ${el.tagName.toLowerCase()}.${el.className}: `
    + el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50);
  const clips = (v) => v === 'hidden' || v === 'clip';
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.sound-options, [hidden]')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > W + 1 || r.left < -1) bad.push(describe(el, 'sideways'));
    if (r.bottom > H + 1 || r.top < -1) bad.push(describe(el, 'below'));
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
      bad.push(describe(el, 'cut short'));
    }
    // Text hidden by a box that clips it: each line a person reads is whole.
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text) continue;
    for (let box = el.parentElement; box; box = box.parentElement) {
      const s = getComputedStyle(box), b = box.getBoundingClientRect();
      if ((clips(s.overflowX) && (r.left < b.left - 1 || r.right > b.right + 1))
          || (clips(s.overflowY) && (r.top < b.top - 1 || r.bottom > b.bottom + 1))) {
        bad.push(describe(el, 'cut'));
        break;
      }
    }
  }
  return bad;
}"""


def _settle(tv: Page) -> None:
    # The fit runs on resize; two frames later the layout is the one a person sees.
    tv.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


@pytest.mark.parametrize("state", STATES, ids=[s.__name__ for s in STATES])
def test_every_tv_layout_fits_every_screen(live_server, new_page, director, make_tournament,
                                           artifacts, state):
    tournament = state(make_tournament, director)
    problems = []
    for layout in LAYOUTS:
        tv = new_page(viewport=SIZES[0], locale="zh-CN" if state is chinese_names else "en-GB")
        tv.goto(f"{live_server.url}/t/{tournament.pk}/tv/?{layout}")
        expect(tv.locator('[data-clock="wall"]')).not_to_be_empty()
        for size in SIZES:
            tv.set_viewport_size(size)
            _settle(tv)
            name = f"tv-{state.__name__}-{layout.replace('&', '-').replace('=', '-')}-{size['width']}x{size['height']}"
            tv.screenshot(path=str(artifacts / f"{name}.png"))
            problems += [f"{layout} {size['width']}x{size['height']}: {p}"
                         for p in tv.evaluate(OVERFLOW)]
            # What the state is about is on the screen.
            if state is ante_and_colour_up and "compact" not in layout:
                expect(tv.locator('.tv-level [data-clock="colour-up"]')).to_be_visible()
        tv.context.close()
    assert problems == [], "\n".join(problems[:40])


def test_a_moved_player_who_busts_leaves_the_tvs_move_list(live_server, new_page, director,
                                                            make_tournament):
    from tables.models import Move
    from tables.services.busts import entry_bust
    from tables.services.floor import move_confirm

    tournament = _room(make_tournament, director, NAMES)
    _bust(tournament, director, 7)  # table 3 breaks: its players move
    moves = list(Move.objects.filter(tournament=tournament, status="pending")
                 .select_related("entry__player").order_by("-pk"))
    moved, gone = moves[0], moves[1]
    move_confirm(actor=director, tournament_id=tournament.pk, move_id=moved.pk)
    move_confirm(actor=director, tournament_id=tournament.pk, move_id=gone.pk)
    tv = new_page(viewport=SIZES[0])
    tv.goto(f"{live_server.url}/t/{tournament.pk}/tv/")
    listed = tv.locator(".moves li .name")
    expect(listed.filter(has_text=gone.entry.player.name)).to_have_count(1)
    # The player busts at the new table: the TV's next poll drops the move, keeps the others.
    entry_bust(actor=director, tournament_id=tournament.pk, entry_id=gone.entry_id,
               rng=random.Random(3))
    expect(listed.filter(has_text=gone.entry.player.name)).to_have_count(0)
    expect(listed.filter(has_text=moved.entry.player.name)).to_have_count(1)
