"""The situation guide: browse the rulebook by what happened, as the floor meets a dispute.

Eight categories, each a short list of situations; a situation names the rule
or rules that decide it (the first one first) and, where one applies, the
calculator that works the numbers out ("one big chip pushed without a word"
leads to the wager reader). Titles are in English and Simplified Chinese,
like the rulebook's own text (``catalog.Text``). Pure data: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.rulebook.catalog import Text

__all__ = ["GUIDE", "Category", "Situation", "category", "situation"]


@dataclass(frozen=True, slots=True)
class Situation:
    slug: str
    title: Text
    rules: tuple[str, ...]
    calculator: str | None = None


@dataclass(frozen=True, slots=True)
class Category:
    slug: str
    title: Text
    situations: tuple[Situation, ...]


def _s(slug: str, en: str, zh: str, rules: str, calculator: str | None = None) -> Situation:
    return Situation(slug, Text(en, zh), tuple(rules.split()), calculator)


GUIDE: tuple[Category, ...] = (
    Category("chips-and-words", Text("Chips and words", "筹码与口头宣告"), (
        _s("one-chip-silent", "One big chip pushed without a word", "不出声推出一个大额筹码", "44 40", "wager"),
        _s("chips-silent", "Several chips pushed without a word", "不出声推出多枚筹码", "45 40", "wager"),
        _s("said-and-pushed", "Said one amount, pushed another", "嘴上说的和推出的不一样", "36", "wager"),
        _s("raise-without-amount", "Said 'raise' with no amount", "说了“加注”没说多少", "41 44", "wager"),
        _s("string-bet", "Went back to the stack for more", "分几次推码（拖拉下注）", "50 41", "wager"),
        _s("undercall", "Put in less than the call", "推出的不够跟注", "38", "wager"),
        _s("unclear-amount", "An unclear amount ('five')", "金额说不清（“五”）", "51", "wager"),
        _s("minimum-raise", "How much is the minimum raise?", "最小加注是多少？", "42", "betting"),
        _s("short-all-in", "Short all-in: can they raise again?", "短码全下后还能再加吗？", "43", "betting"),
        _s("betting-for-change", "Bet big chips hoping for change", "多推筹码等找零", "55", "wager"),
        _s("conditional", "'If you bet, I raise'", "“你下注我就加注”", "53"),
        _s("wrong-count", "The dealer gave a wrong count", "荷官报错了下注额", "48", "wager"),
        _s("earlier-bet-in-front", "Earlier bet still in front of the player", "先前下注的筹码还在面前", "46", "wager"),
        _s("pot-limit", "How much can I bet in pot-limit?", "底池限注最多下多少？", "49", "betting"),
    )),
    Category("out-of-turn", Text("Acting out of turn", "顺序外行动"), (
        _s("acted-out-of-turn", "Acted before it was their turn", "还没轮到就行动了", "39", "wager"),
        _s("skipped", "A player was skipped", "有玩家被跳过", "39-B 34", "wager"),
        _s("chips-out-of-turn", "Chips pushed out of turn", "顺序外推出筹码", "39-C 39", "wager"),
        _s("acted-before-amount", "Acted before the bet's amount was clear", "下注金额还没说清就行动", "37"),
        _s("folded-for-free", "Folded when nobody had bet", "没人下注就弃牌", "52", "penalty"),
    )),
    Category("cards", Text("Cards exposed or misdealt", "露牌与误发"), (
        _s("card-exposed-on-deal", "A card exposed or dealt wrong on the deal", "发牌时露牌或发错", "33", "misdeal"),
        _s("too-late-for-misdeal", "Several players acted already: still a misdeal?", "已有人行动还算误发吗？", "34 33", "misdeal"),
        _s("four-card-flop", "Four cards on the flop", "翻牌发了四张", "35", "misdeal"),
        _s("premature-card", "Flop, turn or river dealt too early", "公共牌发早了", "RP-5", "misdeal"),
        _s("dropped-stub", "The dealer dropped the stub", "剩余牌堆掉了", "RP-4", "misdeal"),
        _s("player-exposed", "A player showed cards with action pending", "玩家在有待行动时亮牌", "62", "penalty"),
        _s("stud-fold", "Stud: upcards turned face down", "梭哈：明牌翻下去", "60"),
    )),
    Category("showdown", Text("At showdown", "摊牌时"), (
        _s("miscalled", "Called the hand wrong", "报错了牌型", "11", "showdown"),
        _s("who-shows-first", "Who shows first?", "谁先亮牌？", "15", "showdown"),
        _s("all-in-face-up", "All-in: turn the cards up?", "全下后要开牌吗？", "14", "showdown"),
        _s("see-a-hand", "A player asks to see a hand", "要求看对方的牌", "16", "showdown"),
        _s("pushed-face-down", "Cards pushed face down, then wants them back", "盖牌推出后又想亮", "13", "showdown"),
        _s("winner-killed", "The winning hand was mucked", "赢家的牌被收了", "12 59", "showdown"),
        _s("dealer-killed", "The dealer killed a hand by mistake", "荷官误收了手牌", "59", "showdown"),
        _s("play-the-board", "Playing the board", "打公共牌", "17", "showdown"),
        _s("odd-chip", "Split pot with an odd chip", "平分底池多出零头", "18", "pots"),
        _s("side-pots", "Several all-ins: side pots", "多人全下：边池", "19", "pots"),
        _s("disputed-pot", "The pot went to the wrong player", "底池分错了", "20", "pots"),
    )),
    Category("seat-and-table", Text("At the seat and at the table", "座位与牌桌"), (
        _s("away-when-dealt", "Not in the seat when the cards were dealt", "发牌时不在座位", "28"),
        _s("left-all-in", "Walked away with action pending", "有待行动时离开牌桌", "29", "penalty"),
        _s("phone", "Phone or earbuds at the table", "牌桌上用手机或耳机", "4"),
        _s("language", "Speaking another language", "讲其他语言或方言", "5"),
        _s("chips-hidden", "Big chips hidden, stack cannot be counted", "大码藏着、筹码看不清", "23 54"),
        _s("count-request", "A player asks for a count", "要求点对手的筹码", "54 48"),
        _s("chips-found", "Chips found after an all-in was called", "全下被跟后发现还有筹码", "56", "pots"),
        _s("chips-pocketed", "Chips taken off the table", "把筹码带离牌桌", "57", "penalty"),
        _s("chips-on-floor", "A chip found on the floor", "地上捡到筹码", "58"),
        _s("personal-items", "Bags and drinks on the table", "桌上放包和饮料", "RP-3"),
    )),
    Category("conduct", Text("Conduct and penalties", "行为与处罚"), (
        _s("soft-play", "Friends going easy on each other", "朋友之间互相放水", "63", "penalty"),
        _s("disclosure", "Talking about a live or folded hand, coaching", "谈论手牌、场外指导", "61", "penalty"),
        _s("abuse", "Swearing or abuse", "骂人或辱骂", "64", "penalty"),
        _s("slow-roll", "Slow roll, delaying the game", "慢摊牌、拖延比赛", "64 26", "penalty"),
        _s("threw-cards", "Threw cards or chips", "摔牌、扔筹码", "65", "penalty"),
        _s("penalty-size", "How long is the penalty?", "罚多久？", "65", "penalty"),
        _s("floor-discretion", "The written rule would be unfair", "按条文处理不公平", "1"),
    )),
    Category("clock-and-levels", Text("Clock and levels", "计时与级别"), (
        _s("call-the-clock", "Taking too long: call the clock", "想太久：叫时间", "26", "shot-clock"),
        _s("new-level", "The level changed during a hand", "一手牌中途涨盲", "21"),
        _s("color-up", "Color-up and chip race", "换色与比码", "22", "chip-race"),
        _s("rebuy", "A rebuy or add-on", "重购或加买", "25"),
        _s("deck-change", "A player wants a new deck", "玩家要求换牌", "24"),
        _s("rabbit-hunt", "What would the next card have been?", "想看下一张是什么", "27"),
        _s("dealer-push", "Dealer push near a break", "快休息时换荷官", "RP-7"),
    )),
    Category("seating", Text("Seating and balancing", "座位与平衡"), (
        _s("wrong-seat", "Player in the wrong seat", "玩家坐错位置", "6"),
        _s("late-entry", "Late registration or re-entry seat", "迟到报名或重新参赛的座位", "7", "button"),
        _s("table-breaks", "A table breaks", "拆桌", "9 9-B"),
        _s("balancing", "Tables out of balance", "各桌人数不平衡", "9-C"),
        _s("dead-button", "The big blind busted: where does the button go?", "大盲出局：按钮怎么走？", "30", "button"),
        _s("dodging-blinds", "Dodging the blinds on a move", "移桌时躲盲", "31", "penalty"),
        _s("heads-up", "Down to heads-up", "进入单挑", "32", "button"),
        _s("mixed-games", "Mixed games: the button in stud", "混合游戏：梭哈时的按钮", "9-A", "button"),
        _s("final-table", "How many at the final table?", "决赛桌几个人？", "10"),
        _s("moving-slowly", "A moving player is slow to get there", "移桌的玩家磨蹭", "RP-6"),
        _s("special-needs", "A player with special needs", "有特殊需要的玩家", "8"),
    )),
)


def category(slug: str) -> Category | None:
    return next((c for c in GUIDE if c.slug == slug), None)


def situation(category_slug: str, slug: str) -> tuple[Category, Situation] | None:
    found = category(category_slug)
    if found is None:
        return None
    chosen = next((s for s in found.situations if s.slug == slug), None)
    return (found, chosen) if chosen else None
