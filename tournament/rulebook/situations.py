"""Situations: what happened at the table, told in the floor's own words, mapped to rules.

``floor_talk.py`` adds the rulebook's term beside one word or phrase of floor
talk. A situation is more than one word: "guy threw one big chip in facing a
raise and said nothing" is *one chip* + *no word* (rule 44), "two friends
obviously going easy on each other" is *people who know each other* + *soft*
(rule 63), "他说你过牌我就过牌" is *you ... I then ...* (rule 53). Here each
situation is a small conjunction of concepts; a query that holds every concept
of a situation gives that rule a boost in ``search.py``.

How it was written: concept by concept from poker floor practice and public
poker glossaries (slang for chips, actions, hands, people and places, in
English and Simplified Chinese), and rule by rule from "how would a dealer,
player or floor person describe this happening?", as facts, not copied text.
Its misses were checked against the issue-25 *tuning* set
(tests/domain/rulebook/situations_tune.py) only; the test sets were not read
for it.

Data shape:
- ``CONCEPTS``: name -> alternatives. An alternative is a regular-expression
  fragment; Latin ones match whole words of the folded query (see
  ``text._fold``: lower case, apostrophes dropped, "all in" -> "allin",
  "re raise" -> "reraise") with an optional plain ending (s, es, ed, d, ing);
  Chinese ones match anywhere.
- ``SITUATIONS``: (rule number, (concept, ...)[, strength]): every concept must
  be found. Its strength is the number of concepts unless given. A situation of
  one concept is a phrase that names the situation on its own.

Longer than 400 lines because it is data: the lexicon in both languages (about a
hundred concepts and their alternatives, and the situations built from them);
the code is the last hundred lines. Amount comparison is ``amounts.py``; English
words in Chinese queries and 梭哈-the-verb are ``mixed.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import fuzz, process

from tournament.rulebook.amounts import amount_concepts
from tournament.rulebook.mixed import mix_in_chinese

__all__ = ["CONCEPTS", "SITUATIONS", "situation_scores"]

_HAND_NAMES = (
    r"(?:one |a )?pair", r"two ?pair", r"2 ?pair", r"trips", r"a set", r"three of a kind",
    r"straight", r"str8", r"flush", r"full ?house", r"boat", r"quads", r"four of a kind",
    r"straight ?flush", r"royal", r"the nuts", r"nut flush", r"wheel", r"high card",
    r"ace high", r"king high", r"kings full", r"aces full",
    "一对", "对子", "两对", "三条", "顺子", "同花", "葫芦", "四条", "同花顺", "皇家", "高牌", "坚果",
)

CONCEPTS: dict[str, tuple[str, ...]] = {
    # --- words and chips ------------------------------------------------------------
    "silent": (
        r"said nothing", r"saying nothing", r"says nothing", r"without (?:a |saying (?:a |any)?)?word",
        r"no words?", r"not a word", r"no verbal", r"nonverbal", r"without saying(?: anything)?",
        r"didnt say(?: anything| a word| nothing)?", r"doesnt say(?: anything)?", r"silent(?:ly)?",
        r"quiet(?:ly)?", r"no talk(?:ing)?", r"wordless(?:ly)?", r"not saying(?: anything)?",
        r"never said(?: anything)?", r"no declaration", r"no announcement", r"w/?o saying",
        r"mute", r"no call(?:ing)? out", r"no word said", r"zero words",
        "没说话", "没出声", "不说话", "一声不吭", "没吭声", "不吭声", "没说", "没讲", "默默", "没声",
        "什么都没说", "一句话没说", "没宣告", "不出声", "不吭", "一言不发", "啥也没说",
    ),
    "one_chip": (
        r"(?:one|single|a|1|lone|just one|only one)(?: (?:big|large|huge|high|higher|bigger|"
        r"oversized|black|purple|yellow|orange|pink|blue|green|red|\d+k?|[a-z]+))? chip(?!s)",
        r"(?:a|one|single|1) (?:\d+k|\d{3,6}) chip(?!s)",
        r"(?:a|one|single|1) \d+k(?! (?:bet|call|raise|blind|open|chips))",
        r"big chip(?!s)", r"(?:big|large|high|single) denomination",
        "一个大码", "大码", "大筹码", r"一(?:个|枚|颗|只|块)[^ ]{0,6}(?:码|筹码)", "单个筹码",
        r"(?:五千|一万|一千|五百|两千|两万|2万|1万|5千|1千)的码",
    ),
    "several_chips": (
        r"(?:two|three|four|five|six|several|few|multiple|bunch of|pile of|stack of|handful of|"
        r"some|2|3|4|5|6)(?: [a-z0-9]+)? chips", r"\d+ (?:\d+k?|green|red|black) chips",
        r"and a \d+k?", r"plus a \d+k?", r"(?:two|three|four|five|2|3|4|5) \d+k?(?! (?:bet|call|raise|blind|players|people))",
        r"a \d+k? and a \d+k?", r"[两二三四五几]个\d+",
        r"几个码", r"一把码", r"多个筹码", r"一堆码", r"一堆筹码", r"几个筹码", r"两个码", r"三个码",
        r"多枚", r"[两二三四五几][个枚]",
    ),
    "facing_bet": (
        r"facing", r"vs", r"versus", r"to call", r"a call", r"the call", r"bet (?:was|is|of)",
        r"against (?:a|the|his) (?:bet|raise)", r"raise (?:was|is|of)", r"over (?:a|the|his) bet",
        r"for (?:a|the) \d+k? (?:call|bet)", r"call(?:ing)? (?:a|the|of) ",
        "面对", "跟注", "对面下", "面对加注", "要跟", "对手下", "下注后", "前面下", "别人下",
    ),
    "raise_word": (
        r"raise", r"reraise", r"3 ?bet", r"4 ?bet", r"bump", r"min ?raise",
        "加注", "加", "再加", "反加",
    ),
    "said": (
        r"said", r"says", r"say", r"announce", r"declare", r"yell", r"shout", r"call(?:ed)? out",
        r"verbal(?:ly)?", r"told (?:the dealer|us|everyone)", r"claim", r"stat(?:e|ed)",
        r"went", r"goes",
        "说", "喊", "报", "宣告", "嘴上", "嘴里", "口头", "讲",
    ),
    "pushed": (
        r"push", r"put (?:in|out|forward|into)", r"puts? (?:in|out)", r"threw", r"throw", r"toss",
        r"drop", r"slid", r"slide", r"moved (?:in|out|forward)", r"only (?:pushed|put|had|moved)",
        r"chips? (?:in|out|forward)", r"shoved",
        "推", "扔", "放了", "拿出", "丢", "手里", "摆出",
    ),
    "contrast": (
        r"but", r"then", r"instead", r"while", r"though", r"actually", r"only", r"really",
        r"and (?:then )?pushed", r"yet",
        "但", "却", "结果", "可是", "实际", "其实", "然后", "手里", "又",
    ),
    "amount": (
        r"\d+k?", r"one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty",
        r"thousand|hundred|grand|k",
        r"[一二两三四五六七八九十百千万]+", r"多少",
    ),
    "no_amount": (
        r"no amount", r"without (?:an |the |saying (?:an |the |how much|a number))?amount",
        r"didnt say how much", r"didnt say (?:an |the )?(?:amount|number|size)", r"no number",
        r"without (?:saying )?(?:how much|a number|a size)", r"not saying how much",
        r"never said how much", r"didnt specify",
        "没说多少", "没说数", "没报数", "不说多少", "没说金额", "没说加多少", "没讲多少",
        r"nothing else", r"(?:and|then) (?:just )?stopped", r"never finished",
        "就停了", "没下文", "就不说了", "没说别的", "没再说",
    ),
    "back_for_more": (
        r"went back", r"goes back", r"came back for", r"comes back for", r"reach(?:ed|es)? back",
        r"back to (?:his|her|the) (?:stack|chips)", r"back for more", r"for more chips",
        r"second (?:trip|motion|move)", r"two (?:trips|motions|moves|movements)",
        r"(?:2|two|3|three|multiple|several) (?:trips|motions|moves|goes)", r"twice",
        r"in (?:two|2|three|3|several|multiple) (?:trips|motions|moves|goes|steps|parts)",
        r"added (?:more|some|a few)(?: chips)?", r"more chips after", r"grabbed more",
        r"dribbl", r"bit by bit", r"a few at a time", r"piece by piece", r"string",
        r"one (?:chip )?at a time", r"chip by chip", "一个一个", "慢慢推", "分开推",
        "回去拿", "又拿", r"分[两二三几好多]次", "又推", "再拿", r"[两二三几]次推", "补上", "又回去",
        "一点一点", "又往前", "再推", "又加了", "拿了两次", "推一点",
    ),
    # --- hands and showdown ---------------------------------------------------------
    "hand_name": _HAND_NAMES,
    "actually": (
        r"actually", r"really", r"in fact", r"turns? out", r"turned out", r"but (?:he )?(?:had|has|it)",
        r"when (?:he |she )?actually", r"misread", r"misca?ll", r"wrong", r"only (?:had|has)",
        r"but (?:its|it was|was)", r"didnt have", r"doesnt have", r"not (?:a|really)",
        "其实", "实际", "结果是", "可是", "但是", "不是", "没有", "以为", "看错", "报错", "说错", "喊错",
    ),
    "showdown": (
        r"showdown", r"show ?down", r"at sd", r"river (?:check|call)", r"called on the river",
        r"turn (?:over|em|them|up)", r"flip", r"table(?:d|s)? (?:his|their|the) (?:hand|cards)",
        r"show (?:his|their|the) (?:hand|cards)", r"open (?:the|his) (?:hand|cards)",
        "摊牌", "比牌", "亮牌", "开牌", "翻牌比", "秀牌", "翻开",
    ),
    "first_to_show": (
        r"(?:who|which (?:player|one)) (?:has to |needs to |should |must |is )?(?:show|flip|turn|table|open|go)s?(?: (?:his|their|cards|hand|over|em|them|up))* first",
        r"(?:show|flip|turn over|table) first", r"first to (?:show|flip|table)",
        r"谁先[亮开翻摊秀]", "先亮", "先开", "谁先", "亮牌顺序",
    ),
    "want_to_see": (
        r"(?:want|wanna|wants|wanted|ask(?:ed|s)?|can i|may i|let me|request(?:ed)?|demand(?:ed)?)"
        r"(?: to)? see",
        r"see (?:his|her|their|the (?:losers?|mucked|other)|a (?:mucked|losing)) (?:hand|cards)",
        r"see (?:what he|what she)", r"see the losers", r"losers? (?:hand|cards)",
        "看他的牌", "看输家", "要求看", "想看", "看对方的牌", "看看他", "看一下他的牌", "让他亮",
    ),
    "muck": (
        r"muck", r"fold(?:ed|s|ing)?", r"threw (?:his|her|the) (?:hand|cards) (?:away|in)",
        r"toss(?:ed)? (?:his|her|the) (?:hand|cards)", r"pitched (?:his|her) (?:hand|cards)",
        r"discard", "扔牌", "弃牌", "盖牌", "扣牌", "丢牌", "扔了牌", "把牌扔",
    ),
    "get_back": (
        r"get (?:em|them|it|his cards|the cards|his hand) back", r"take (?:em|them|it) back",
        r"retriev", r"still (?:live|retrievable|on the table|in front|not in the muck)",
        r"didnt (?:hit|touch|reach|make it to) the muck", r"not (?:in|touching) the muck",
        r"pull (?:em|them|it) back", r"changed his mind", r"grab(?:bed)? (?:em|them|it) back",
        r"(?:wants|wanted|tried) (?:them|em|it|his cards|his hand) back",
        "拿回来", "拿回", "要回", "捡回", "反悔", "还没进", "没进牌堆", "又想亮",
    ),
    "winner": (
        r"winn(?:er|ing)", r"best hand", r"the nuts", r"better hand", r"winning hand",
        r"should have won", r"had him beat", r"had the best",
        "赢家", "赢牌", "最大的牌", "更大的牌", "本来赢", "应该赢",
        r"i won", r"my hand won", r"i had (?:the )?(?:better|best|winning)",
        "明明是我赢", "明明我赢", "本该我赢", "我的牌大", "我牌大", "我的牌更大",
    ),
    "killed": (
        r"muck", r"kill", r"scoop", r"swept", r"took (?:his|her|the|my)", r"grab",
        r"threw (?:away|in)", r"mixed (?:in|into|up)", r"into the (?:muck|deck)",
        r"pushed (?:the )?pot to", r"pushed it to", r"shipped (?:it|the pot) to",
        "收走", "收了", "收掉", "扔进", "混进", "推给", "推错", "拿走", "混了",
    ),
    "dealer": (r"dealer", r"the deal(?:ing)?", r"dlr", "荷官", "发牌员"),
    "accident": (
        r"accident(?:ally|al)?", r"by mistake", r"mistaken(?:ly)?", r"on accident", r"by error",
        r"not on purpose", r"inadvertent(?:ly)?", r"misread",
        r"mistook", r"thought (?:it|they) (?:was|were) (?:folded|a fold|mucked|dead)",
        "不小心", "误", "搞错", "错把", "没注意", "失误", "当成", "以为是", "当作",
    ),
    "all_in": (
        r"allin", r"shove", r"jam", r"push(?:ed)? all", r"all his chips", r"everything in",
        r"went all", r"put (?:it|him) all", r"stack in",
        "全下", "梭哈", "全押", "推了", "all ?in", "推光", "打光",
    ),
    "face_up": (
        r"face ?up", r"turn (?:em|them|the cards|their cards|his cards|over)", r"flip",
        r"show (?:em|them|the cards|their cards|his cards|hands)", r"open",
        r"wont (?:show|turn|flip|open)", r"doesnt want to (?:show|turn|flip|open)",
        "开牌", "亮牌", "翻开", "不开牌", "翻牌", "摊开", "亮出", "不亮",
    ),
    "board_best": (
        r"board (?:is|plays|has|was) (?:the )?(?:best|nuts|a royal|royal|straight|flush|full)",
        r"play(?:s|ing)? the board", r"nuts on (?:the )?board", r"board has (?:a|the) (?:royal|straight|flush|nuts|boat|quads)",
        r"royal on (?:the )?board", r"both play", r"everyone plays the board",
        "公共牌最大", "打公共牌", "公牌最大", "公共牌是", "桌面最大", "用公共牌", "都打公共",
    ),
    "chop": (
        r"chop", r"split", r"tie", r"tied", r"even split", r"split pot", r"hi ?lo",
        "平分", "分池", "打平", "分钱", "平局",
    ),
    "odd_chip": (
        r"odd chip", r"(?:one |an )?extra chip", r"leftover", r"left over", r"remaining chip",
        r"spare chip", r"one more chip", r"odd (?:\d+|one)", r"extra \d+k?",
        r"doesnt (?:split|divide)", r"cant (?:split|divide)", r"uneven",
        r"(?:\d+|one|two|three) chips? (?:remain|left|left over|leftover)", r"remaining chips?",
        r"多了[一两二三几]个码", r"还?剩(?:下)?一个[^ ]{0,4}码", "多一个码", "多出", "零头", "分不均", "除不尽", "单出来", "多的码", "多一个",
    ),
    "multi_all_in": (
        r"(?:3|three|4|four|multiple|several|2|two) ?(?:way|ways|people|players|guys)? all ?in",
        r"(?:3|three|4|four|multiple) way", r"different (?:stacks|stack sizes)", r"main pot",
        r"side ?pot", r"short (?:stack|guy) (?:wins|won)", r"two all ?ins",
        r"(?:three|3|multiple|several) allins", r"multiway allin",
        "边池", "主池", "分池", r"[三四几多]个人全下", r"[三四几多]人全下", "筹码不一样", "分几个池",
    ),
    "complain": (
        r"complain", r"argu", r"dispute", r"protest", r"shorted", r"short ?changed",
        r"pushed (?:the pot )?wrong", r"wrong pot", r"too late", r"contest",
        "分错", "争议", "投诉", "抗议", "少给", "不服", "有意见", "吵",
    ),
    "after_next_hand": (
        r"next (?:hand|shuffle|deal)", r"after the (?:hand|shuffle|pot)", r"already (?:shuffled|pushed|dealt)",
        r"hand (?:is )?(?:done|over)", r"hands done", r"later", r"new hand",
        "下一把", "下一手", "洗牌", "已经推", "推给他了", "结束了", "之后",
    ),
    # --- clock and levels --------------------------------------------------------------
    "level_change": (
        r"blinds? (?:went|go|goes|going|gone) up", r"level (?:went|goes|ended|changed|up|over|ran)",
        r"(?:clock|timer|level) (?:ran out|hit zero|expired|ended|went off|went to zero|buzzed|hit 0)",
        r"new level", r"next level", r"level change", r"blinds (?:changed|increase)",
        r"time ran out", r"level", r"blinds up",
        "涨盲", "升盲", "级别", "升级", "盲注涨", "换级别", "时间到",
    ),
    "mid_hand": (
        r"mid ?hand", r"middle of (?:a|the) hand", r"during (?:a|the) hand", r"in the middle",
        r"while (?:they|we) (?:were )?(?:playing|in)", r"hand in progress", r"during play",
        r"next hand", r"mid",
        "打一半", "中途", "一半", "打到一半", "这一手", "手中", "牌局中", "打着", "下一把", "下一手", "这手牌",
    ),
    "tank": (
        r"tank", r"forever", r"taking (?:so |too )?(?:long|ages|forever)", r"thinking", r"(?:so|too|really|super) slow",
        r"(?:\d+|five|ten|two|three|four) min(?:ute)?s?", r"long time", r"stall",
        r"time on", r"call (?:the )?(?:time|clock)", r"hollywood", r"ages", r"wont act",
        r"not acting", r"hasnt acted",
        "拖时间", "想了好久", "想了很久", "想了半天", "太久", "磨蹭", "叫时间", "计时", "拖延",
        "半天", "很久", "好久", "不行动", r"[一二两三四五六七八九十几0-9]+分钟",
    ),
    "rabbit": (
        r"what (?:the )?(?:turn|river|flop|next card|card)s? (?:would|wouldve|would of|would have|was going to|is)",
        r"(?:would|wouldve|would of|would have) (?:been|come|hit)", r"next card", r"see the (?:turn|river|rest)",
        r"run (?:it|the board|out|the river|the turn|the rest)", r"rabbit", r"show (?:me|us) the (?:river|turn|next card|rest|flop)", r"for curiosity", r"just to see what", r"what was coming", r"what came next",
        r"(?:河牌|转牌|翻牌|下一张)(?:会)?是什么", "看看河牌", "看河牌", "下一张", "后面的牌", "兔子", "本来是什么", "会发什么", "会是什么", "发出来看看", "看看后面",
    ),
    # --- seat and table --------------------------------------------------------------
    "away": (
        r"not (?:in|at) (?:his|her|their|the) (?:seat|chair|table)", r"away from (?:the|his|her) (?:seat|table)",
        r"bathroom", r"restroom", r"toilet", r"smok", r"outside", r"walked (?:away|off)",
        r"got up", r"left (?:the table|his seat|her seat|the room)", r"wasnt (?:there|seated|at)",
        r"(?:was|were) (?:only )?gone", r"离开[^ ]{0,4}(?:分钟|一会)",
        r"at the (?:bar|cashier|cage|bathroom|restroom|toilet|buffet)", r"(?:went|go|goes|gone) to the bar",
        r"grab(?:bing)? a drink", r"getting (?:food|a drink)", r"not there", r"stepped (?:away|out)", r"came back", r"returned", r"absent", r"missing",
        r"gone", r"left", r"leaves", r"walk(?:ed|s)? off",
        "不在座位", "不在位", "厕所", "洗手间", "卫生间", "抽烟", "出去", "离开", "跑", "走了",
        "人不在", "不在", "回来", "吧台", "起身", "买烟", "去外面",
    ),
    "cards_dealt": (
        r"(?:cards?|hand) (?:went out|were dealt|was dealt|got dealt|dealt)", r"last card",
        r"(?:when|after|before) (?:the )?(?:cards|deal|dealer dealt|hand started)",
        r"dealt (?:in|out|him)", r"first card", r"hand (?:is )?dead", r"dead hand", r"during the deal",
        r"after the deal", r"at the deal", r"hand (?:got |was )?(?:killed|dead|mucked)", "作废",
        "发牌", "发完", "发牌时", "发了牌", "牌发", "死牌", "牌都发", "牌已经发", "牌已发",
    ),
    "pending": (
        r"allin", r"action pending", r"hand (?:not|isnt|wasnt) (?:over|done|finished)",
        r"still in the hand", r"in a hand", r"pending", r"still (?:going|live)", r"mid hand",
        r"before (?:the )?showdown", r"not over",
        r"facing (?:a |the |his |her )?(?:bet|raise|shove|allin)", r"action (?:was )?on (?:him|her)",
        "全下", "梭哈", "还没比牌", "还没结束", "手牌还在", "没打完", "比牌前", "还在打",
        "面对下注", "面对加注", "轮到他", "该他说话", "该他行动",
    ),
    "bb_bust": (
        r"(?:bb|big blind|bigblind) (?:player )?(?:is |was |got |gets )?(?:bust|busted|eliminated|knocked out|is out|went out|lost|out)",
        r"bust(?:ed)? (?:on|in|from) the (?:bb|big blind)", r"(?:bb|big blind) (?:player )?bust",
        r"(?:bb|big blind|sb|small blind) (?:seat )?(?:is )?(?:empty|gone)",
        "大盲出局", "大盲被淘汰", "大盲淘汰", "大盲走了", "大盲位出局", "大盲位淘汰",
    ),
    "button": (r"button", r"btn", r"dealer button", "按钮", "庄位", "庄"),
    "dodge": (
        r"dodg", r"duck", r"avoid", r"skip", r"wait(?:ed|ing)? (?:for|until|till|to sit|to be seated)",
        r"miss(?:ed)? (?:his|the|her) (?:bb|big blind|blind)", r"sit(?:ting)? out", r"not post",
        r"didnt post", r"wont post", r"sat down late", r"sit down (?:until|after)",
        r"until the button passed", r"after the button",
        "躲", "逃", "不交", "不下盲", "跳过", "故意晚", "等按钮", "晚坐", "故意等", "不补盲",
    ),
    "blind": (r"blind", r"bb", r"sb", r"post", "盲", "大盲", "小盲"),
    "two_left": (
        r"headsup", r"hu", r"down to (?:2|two)", r"(?:2|two) (?:players|people|guys) left",
        r"(?:2|two) left", r"last (?:2|two)", r"1v1", r"one on one",
        "单挑", "只剩两", "剩两个", "两个人了", "最后两人", "两人",
    ),
    # --- dealing -----------------------------------------------------------------------
    "exposed_deal": (
        r"flash", r"expos", r"flip(?:ped)? (?:a |one |the )?card", r"turn(?:ed)? (?:over )?(?:a |one |the )?card",
        r"card (?:face ?up|flipped|turned over|flew|showed)", r"showed (?:a|one|the) card",
        r"face ?up (?:card|in the deal|on the deal)", r"boxed card",
        r"(?:dealt|deal|dealing) (?:a |one |two |2 |his |the )?(?:cards?|hole cards) face ?up",
        "亮了一张", "翻了一张", "露了一张", "露牌", "翻过来", "亮了", "露了", "翻开了",
    ),
    "deal_error": (
        r"(?:gave|dealt) (?:seat \d+|him|her|a player|someone|the player) (?:three|3|one|only one|1|an extra|too many|extra)",
        r"(?:three|3) cards", r"too many cards", r"only one card", r"extra card", r"skipped (?:a |seat|him|her)",
        r"wrong seat first", r"started (?:dealing )?(?:with|at) the wrong", r"dealt to (?:an )?empty",
        r"missed (?:a )?seat", r"dealt (?:out of order|wrong|the wrong)", r"first card to the wrong",
        r"(?:first )?card (?:went|goes|was dealt|dealt) to the wrong (?:seat|player|person|guy)",
        "多发", "少发", "漏发", "发了三张", "只发了一张", "发错", "发飞", "空位发", "发错位置", "重发",
    ),
    "acted_already": (
        r"(?:already|had) acted", r"acted", r"half the table", r"(?:several|two|three|2|3) players",
        r"people (?:acted|called|folded)", r"after (?:a |the )?(?:few|some|two|couple)",
        r"(?:\d|two|three|four|five|several|a few|a couple of) (?:people|players|guys|seats)(?: had| have)?(?: already)? (?:called|acted|bet|folded|limped|put money in|put chips in)",
        r"substantial",
        "行动过", "已经行动", "都说话了", "几个人", "实质", r"[两三四五几]个人(?:都)?(?:下注|行动|跟|说话|弃牌)",
    ),
    "misdeal": (
        r"misdeal", r"redeal", r"re deal", r"deal again", r"start over",
        "误发", "重发", "重新发", "重来",
    ),
    "four_flop": (
        r"(?:4|four|5|five) cards? (?:on|in) the flop", r"flop (?:had|has|came (?:out )?with) (?:4|four|5|five)",
        r"extra (?:card )?(?:on|in) the flop", r"(?:4|four) card flop", r"flop (?:of|with) (?:4|four)",
        r"put (?:4|four) cards on the flop", r"flop (?:has|had|with|came with|came out with) (?:too many|extra|an extra|one too many) cards?",
        r"too many cards on the flop",
        r"翻牌(?:发了)?[四4五5]张", "翻牌多", "四张翻牌", "翻牌有四张", "翻牌多发",
    ),
    "early_card": (
        r"(?:flop|turn|river|board|card) (?:came |was dealt |dealt |out )?(?:early|too soon|too early|before)",
        r"before (?:the )?(?:betting|action) (?:was )?(?:done|finished|over|complete)",
        r"before (?:everyone|all) (?:acted|had acted)", r"premature", r"burned and turned",
        r"dealt (?:the )?(?:flop|turn|river) (?:early|before)",
        "发早了", "提前发", "早发", "还没行动完", "没说话就发", "发早", r"没(?:下注|行动|说话|下)完.{0,8}发",
    ),
    # --- turns -------------------------------------------------------------------------
    "out_of_turn": (
        r"out of turn", r"out ?(?:ta|a) turn", r"before (?:it was )?(?:his|her|their) turn", r"before it got to (?:him|her)",
        r"not (?:his|her) turn", r"wasnt (?:his|her) turn", r"before (?:the )?(?:guy|player|seat|utg|action|person|man)",
        r"jumped the gun", r"too early", r"acted early", r"early", r"before (?:his|her) (?:right|left)",
        r"before (?:he|she) (?:was|should)", r"before (?:the|his) opponent",
        r"before (?:the )?(?:hijack|hj|cutoff|co|lojack|lj|mp|utg|button|btn|sb|bb|small blind|big blind|seat \d+)",
        # acting while someone before him is still deciding
        r"while (?:the )?(?:player|guy|person|man|lady|villain|seat \d+|he|she|someone|somebody)"
        r"(?: (?:on|to) (?:his|her) (?:right|left)| before (?:him|her)| ahead(?: of (?:him|her))?)?"
        r" (?:was|is) still (?:thinking|deciding|acting|tanking|in the tank|considering|counting)",
        r"before (?:the )?(?:player|guy|person|seat \d+) (?:on|to) (?:his|her) (?:right|left) (?:acted|had acted|decided)",
        "没轮到", "还没轮到", "抢先", "不是他", "提前", "抢着", "顺序外", "前面还有人", "不按顺序",
        r"when it was (?:seat ?\d+s?|(?:the )?(?:utg|bb|sb|button|cutoff|villain|other guys?|someone elses|somebody elses))s? turn",
        r"(?:it was|still) (?:seat ?\d+s?|someone elses|somebody elses) (?:turn|to act)",
        "轮到别人", "别人的轮次", "还是别人",
    ),
    "act": (
        r"fold", r"check", r"bet", r"raise", r"call", r"shove", r"act", r"muck", r"push", r"jam",
        r"allin", r"action", r"jamm(?:ed|ing)",
        "弃牌", "过牌", "下注", "加注", "跟注", "全下", "梭哈", "行动", "扔牌", "推", "说话",
    ),
    "skipped": (
        r"skipped", r"skipped over", r"passed over", r"overlooked", r"missed (?:him|her|me|a player)",
        r"nobody waited", r"didnt wait for", r"jumped over", r"went past", r"never (?:got to )?act(?:ed)?",
        r"didnt get to act", r"(?:wasnt|was not) given (?:a )?(?:chance|turn)", "没让他行动",
        "跳过", "被跳", "漏了", "没人等", "越过",
    ),
    "prior_bet": (
        r"(?:earlier|previous|prior|first|original|old) bet (?:was )?(?:still )?(?:in front|sitting|there|out)",
        r"chips (?:still )?(?:in front of|sitting in front)", r"bet (?:was )?still (?:in front|sitting|there|out)",
        r"not (?:pulled|brought) in", r"hadnt been (?:pulled|collected)",
        r"chips from (?:the|his|her) (?:last|earlier|previous|first) bet", r"(?:last|earlier|previous) bet (?:was |were )?still out",
        "之前下的注", "还摆在面前", "面前的码", "没收", "前面的注",
    ),
    # --- betting sizes -----------------------------------------------------------------
    "how_much_raise": (
        r"how much (?:can|do|should|must|to|is)(?: i| he| you)?(?: have to)? (?:raise|reraise|make it|bet)",
        r"min(?:imum)? ?(?:re)?raise", r"is (?:that|it) (?:enough|a (?:full|legal) raise|legal)",
        r"enough (?:for|to be) a raise", r"smallest raise", r"at least", r"raised? to \d+k? over",
        r"least (?:he|i) can raise",
        "最小加注", "最少加", "至少加", "最少要加", "加多少", "最小能加", "起码加", "加到多少",
    ),
    "short_allin": (
        r"short (?:all ?in|allin|shove|stack (?:all ?in|shove|jam))", r"less than a (?:full )?raise",
        r"not a full raise", r"(?:doesnt|didnt|does not) (?:make|count as|equal) a (?:full )?raise",
        r"incomplete raise", r"(?:allin|shove) for less",
        "短码", "不够一个加注", "不足一个加注", "不够加注", "不算加注", "只多了一点", "不够一次",
    ),
    "reopen": (
        r"reraise", r"re ?raise", r"raise again", r"go again", r"reopen", r"(?:can|may) (?:he|she|i|they|the)[a-z ]* raise",
        r"action (?:is )?(?:re)?open",
        "再加", "能再加", "还能加", "重新开放", "再加注",
    ),
    "limit_raises": (
        r"how many (?:raises|times|bets)", r"raise cap", r"capped", r"cap", r"max(?:imum)? (?:number of )?raises",
        "加几次", "几次加注", "封顶", "最多加几次", "能加几次",
    ),
    "dealer_wrong": (
        r"dealer (?:said|told|announced|called|gave|quoted|read)[a-z ]* (?:wrong|\d+k?)",
        r"wrong (?:amount|number|bet size|count)", r"miscount", r"counted (?:wrong|it wrong)",
        r"it was (?:really |actually )?\d+k?", r"(?:really|actually) \d+k?",
        "荷官报错", "荷官说错", "数错", "点错", "报错了", "算错", "荷官说", "其实是",
        r"dealer said [a-z0-9 ]{0,24}(?:actually|really|but it was)",
    ),
    "pot_limit": (
        r"pot ?limit", r"plo", r"omaha", r"pot (?:it|bet|size)", r"max(?:imum)? (?:bet|raise)",
        r"how much can (?:i|he|you) (?:bet|raise)", r"pot sized?",
        "底池限注", "奥马哈", "最多能下", "最多下多少", "满池", "最大能下", "最多下",
    ),
    "unclear_amount": (
        r"(?:says|said) (?:five|twelve|one|two|three|four|ten|fifteen|twenty|\d+)\b(?! ?(?:k|thousand|hundred|grand))",
        r"what did he mean", r"(?:meant|mean) (?:\d+|five|the)",
        r"(?:says|said) (?:bet |raise )?(?:five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|one|two|three|four)\b(?! ?(?:k|thousand|hundred|grand))", r"unclear", r"ambiguous", r"vague",
        r"(?:500|5) or (?:5000|5k|500)", r"or \d+k\b", r"at \d+k/\d+k", r"bet \d\b",
        "说不清", "没说清", "不清楚", "模糊", "五还是五千", "还是五千", "是多少", "算多少",
    ),
    "free_fold": (
        r"no bet(?: yet)?", r"could(?:ve| have)? (?:just )?check", r"check(?:ed)? to him", r"first to act",
        r"for free", r"free card", r"open ?fold", r"check(?:ed)?[ -]to", r"checked around", "被过牌", "过牌给他", r"when (?:he|she) could check", r"nobody bet",
        "没人下注", "能过牌", "可以过牌", "能check", "可以check", "免费", "第一个说话",
    ),
    "conditional": (
        r"if (?:you|u|he|she|they)", r"ill (?:raise|call|fold|check|bet|shove|go)", r"i will (?:raise|call|fold|check)",
        r"(?:raise|call|fold|check) if",
        r"你[^ ]{0,4}我就", r"如果你", r"要是你", r"你敢", r"他[^ ]{0,4}我就",
        r"whatever (?:you|u|he|she|they) do", r"no matter what", r"(?:calling|raising|folding|call|raise|fold) regardless",
        # "你check我也check": English words typed in Chinese get their Chinese beside them,
        # spaced (mixed.py); the promise names an action
        r"你[^，。,.!?；;]{0,16}我(?:也|就|肯定|直接|跟着) ?(?:过|跟|加|弃|全下|下注|梭|推|check|call|raise|fold|bet|shove)",
        r"不管你", r"无论你",
    ),
    "how_much_have": (
        r"how much (?:do you|does he|you|he|she|they|is (?:that|he|it)|behind|ya|u)", r"count (?:down|it|his|her|the|them)",
        r"how many chips", r"stack (?:size|count)", r"(?:a |an exact )?count (?:of )?(?:his|her|the) (?:stack|chips)", r"asked (?:me|him|her)? ?how much",
        "还剩多少", "剩多少", "有多少", "多少筹码", "数一下", "点一下", "多少码", "点算",
    ),
    "change": (
        r"change (?:back|for)", r"(?:asked|ask|wait(?:ed)?|wanted|wants|get|gimme|needs) (?:for )?change",
        r"make change", r"for change", r"break (?:a|the|his) \d+k?",
        "找零", "找钱", "找他钱", "找回", "等荷官找",
    ),
    "found_chips": (
        r"found (?:\d+|a|some|more|two|extra|another|hidden)?[a-z ]{0,12}chips? (?:under|behind|in|later)",
        r"chips? (?:found|were found|was found|discovered)", r"found (?:a |an )?(?:extra )?\d+k?",
        r"(?:more|extra|hidden) chips (?:under|behind)", r"under (?:his|her) (?:cards?|card protector|hand|hands)",
        r"turned out he had more",
        r"(?:saw|found|noticed|discovered) (?:\d+k? )?(?:more|extra|another)", r"more (?:chips )?under (?:his|her)",
        r"下面还有", "又发现", "后来发现", r"发现[^ ]{0,3}(?:码|筹码)", "底下发现", "在底下", "底下还有", "后面还有", "还藏着", "还有筹码", "发现的筹码", "手底下",
    ),
    "pocket": (
        r"pocket(?:ed|s)?", r"in (?:his|her) (?:jacket|bag|purse|pocket|coat)", r"rat ?hol(?:e|ed|ing)",
        r"took chips (?:home|away|with|off)", r"chips (?:off|leave|left) the table", r"walked off with",
        r"took (?:some )?chips", r"carried", r"bag", r"walked (?:away|off) with (?:\d+k? )?(?:in )?chips",
        r"with chips in (?:his|her) (?:hand|pocket)", r"took chips with",
        "兜里", "口袋", "揣兜", "带走", r"带着[^ ]{0,3}(?:筹码|码)[^ ]{0,2}走", "拿着筹码走", "拿走筹码", "装进", "包里",
    ),
    "chip_floor": (
        r"(?:on|off) the (?:floor|ground)", r"fell (?:off|on|to)", r"dropped (?:a )?chip", r"chip fell",
        r"nobody (?:claims|claimed|owns)", r"under the table", r"stray (?:\d+k? )?chip",  "桌子底下", r"(?:whose|who owns) (?:chip|it|this)", r"unclaimed", r"lost chip",
        "地上", "掉地上", "掉在地上", "谁的", "没人认", "掉了", "捡到",
    ),
    "chips": (r"chips?", r"码", "筹码", r"\d+k"),
    # Found from the numbers, not from words (amounts.py): less, or more, went in than the bet.
    "short_of_bet": (),
    "over_bet": (),
    # --- conduct ------------------------------------------------------------------------
    "friends": (
        r"friends?", r"buddy", r"buddies", r"pals?", r"cousins?", r"brothers?", r"wife", r"husband",
        r"girlfriend", r"boyfriend", r"teammates?", r"partners?", r"(?:two|2|these|those) (?:guys|players|dudes|of them|people)",
        r"each other", r"know each other", r"one another", r"mates?", r"same (?:team|group|crew|stable)",
        r"dad|father|son|uncle|family",
        "朋友", "兄弟", "两个人", "两人", "二人", "俩", "哥们", "老婆", "亲戚", "一伙", "互相", "对方", "同伴", "熟人",
        "两个", "他们", "老乡", "一起来",
    ),
    "soft": (
        r"going easy", r"easy on", r"soft", r"never (?:bet|raise|raised|bets|raises|attack)",
        r"wont (?:bet|raise|attack)", r"dont (?:bet|raise|attack)", r"not betting", r"not raising",
        r"check(?:ed|ing)? (?:it )?down", r"dump", r"pass(?:ed|ing)? chips", r"give (?:him )?chips",
        r"help(?:ing)? each other", r"collu", r"team(?:ed|ing)? up", r"signal", r"working together",
        r"protecting each other", r"gentle", r"go easy", r"not attack", r"no action between",
        r"never play(?:s|ed)? (?:pots? )?against", r"(?:wont|dont|never) (?:play|tangle|mix it up|go after|tangle with)",
        "放水", "软打", "不互相", "不打对方", "不下注", "不加注", "过牌到底", "送码", "让着", "不攻击",
        "故意输", "打配合", "串通", "互相让", "合伙", "联手", "暗号",
    ),
    "soft_strong": (
        r"soft ?play", r"chip ?dump", r"collu", r"team(?:ed|ing)? up", r"working together",
        "放水", "软打", "打配合", "串通", "合伙", "联手", "送码", "做局", "互相让", "不互相", "一伙", "同伙",
        r"play(?:ing)? as a team",
    ),
    "partial_table": (
        r"only (?:showed|shows|tabled|turned (?:over|up)|flipped|opened) (?:one|1|a single) card",
        r"(?:showed|tabled|flipped) (?:just )?one card", r"one card (?:face ?)?up",
        r"只亮了?一张", r"只翻了?一张", r"只开了?一张", r"亮了一张就",
        # must both cards be shown to win
        r"(?:have|has|need|needs|must) (?:to )?(?:show|turn|table|flip|open)[a-z]* (?:up |over )?both (?:hole |of (?:his|her|my|the) )?cards",
        r"both (?:hole )?cards (?:face ?up )?to (?:win|get|take)",
        r"(?:必须|需要|要|得)两张牌?都(?:亮|翻|开|摊)", r"两张牌?都要(?:亮|翻|开|摊)", r"(?:必须|需要|得)(?:亮|翻|开|摊)两张",
    ),
    "face_down_push": (
        r"(?:pushed|slid|threw|tossed|mucked) (?:his |her |the )?(?:cards?|hand) (?:face ?down|forward face ?down)",
        r"face ?down (?:toward|to|at|into) (?:the )?(?:dealer|muck)",
        r"盖着推", r"盖着扔", r"扣着推", r"盖牌推", r"把牌盖着", r"扣着扔",
    ),
    "conceded": (
        r"you got it", r"you win", r"good hand", r"nice hand", r"thought (?:he|she) (?:lost|was beat)", r"conced",
        r"gave up the pot", "你赢了", "以为输了", "认输", "你的了",
    ),
    "pull_bets": (
        r"pull(?:s|ing|ed)? (?:the |all the )?bets? in", r"pull(?:s|ing|ed)? in (?:the )?bets", r"(?:bringing|bring|brings|collect(?:s|ing)?) (?:the )?bets? in",
        r"rak(?:e|es|ing|ed) (?:in )?(?:the )?bets", "收码", "把码收进", "每人下完就收", "收进底池",
    ),
    "button_move": (
        r"button (?:skip|move|go|goes|jump|stay)", r"where (?:does|should|do) (?:the )?button", r"skip the button",
        "按钮怎么", "按钮放哪", "按钮移", "按钮跳",
    ),
    "bust_any": (r"bust", r"eliminat", r"knocked out", "淘汰", "出局"),
    "showed_hand": (
        r"show(?:ed|ing|s)? (?:his|her|one|a|their|the)? ?(?:hand|cards?|hole cards)", r"flash(?:ed|ing)? (?:his|her)",
        r"expos(?:ed|ing) (?:his|her)", r"let (?:him|her) see", r"peek",
        "亮牌", "秀牌", "亮给", "给[^ ]{0,4}看", "露牌", "让人看", "偷看",
    ),
    "to_someone": (
        r"to (?:the )?(?:guy|player|neighbor|neighbour|friend|buddy|rail|table|person|man|lady|girl|wife)",
        r"next to (?:him|her)", r"neighbo(?:u)?r", r"rail", r"(?:mid|during the|while the|live) hand",
        r"(?:hand|action) (?:still )?(?:going|live|in progress|was going)",
        "旁边", "朋友", "给别人", "邻座", "其他人", "大家看", "还有人没说话",
    ),
    "disclose": (
        r"told (?:everyone|the table|us|them|his friend)", r"telling (?:the table|everyone|his|her)",
        r"talk(?:ed|ing)? about (?:the|his|her) hand", r"what (?:he|she|i) (?:folded|had|mucked)",
        r"(?:said|says) (?:what he|he had|he folded)", r"coach", r"advice", r"helping him",
        r"telling him (?:to|what)", r"(?:told|tells|telling) him to", r"backseat",
        r"说[^ ]{0,4}(?:扔|弃|丢)了什么", "扔了什么", "弃的什么", "说出", "弃了什么", "支招", "指导", "教他", "告诉", "场外", "讲他",
    ),
    "hand_live": (
        r"hand (?:is )?still (?:going|live|on)", r"still in (?:the|a) hand", r"during the hand",
        r"mid hand", r"hand in progress", r"while (?:the|a) hand", r"others still in",
        r"(?:was|is) still going", r"(?:was|is) going",
        "还在打", "牌局进行", "还没结束", "后面还有人", "手牌进行",
    ),
    "slowroll": (
        r"slow ?roll", r"slowroll", r"tanked with the nuts", r"took forever to show",
        r"wouldnt show (?:the )?nuts", r"slow (?:show|reveal|to show|tabling)",
        "慢摊", "慢开", "慢亮", "故意不亮", "慢慢亮", "墨迹亮牌",
    ),
    "abuse": (
        r"curs", r"swear", r"swore", r"f ?bombs?", r"fuck", r"dropp(?:ed|ing) f", r"cuss", r"insult", r"(?:yell|scream|shout)(?:ed|ing|s)? at", r"berat",
        r"abus", r"rude", r"threat", r"trash ?talk", r"needl", r"taunt", r"mock", r"harass",
        r"throw(?:ing)? chips", r"threw chips", r"splash", r"f word", r"pissed", r"angry", r"drunk",
        r"touch(?:ing)? (?:other|people|ppl|his)[a-z ]*chips", r"wont shut up", r"celebrat",
        "骂", "爆粗", "粗口", "吵架", "大喊", "威胁", "喝醉", "嘲讽", "羞辱", "发火", "摔东西",
        "辱骂", "骂人", "挑衅",
    ),
    "penalty_word": (
        r"penal", r"punish", r"how long", r"sit (?:him )?out", r"orbit", r"round penalty", r"kick",
        r"ban", r"dq", r"disqualif", r"warn", r"what do i do", r"what should i do",
        "罚", "处罚", "罚多久", "警告", "取消资格", "赶出", "罚一圈", "罚一轮",
    ),
    "throw_cards": (
        r"threw (?:his |her |the )?cards (?:at|across)", r"throw(?:ing)? (?:his |her |the )?cards (?:at|across)",
        r"fired (?:his )?cards", r"slam", r"throw(?:s|ing)? (?:his |her )?cards(?! (?:away|in|into|face))", r"toss(?:ed)? (?:his )?cards at", r"cards (?:flew|off the table)",
        "摔牌", "砸牌", "扔牌", "甩牌", "丢牌",
    ),
    # --- table talk -------------------------------------------------------------------
    "phone": (
        r"phone", r"cell", r"mobile", r"earbud", r"airpod", r"headphone", r"earphone", r"text(?:ing)?",
        r"facetime", r"video call", r"ipad", r"tablet", r"laptop", r"device", r"music",
        "手机", "耳机", "电话", "平板", "微信", "视频", "听歌", "刷",
    ),
    "language": (
        r"language", r"russian", r"spanish", r"french", r"german", r"korean", r"japanese", r"vietnamese",
        r"thai", r"cantonese", r"mandarin", r"chinese", r"english only", r"foreign",
        "方言", "外语", "粤语", "广东话", "韩语", "日语", "英文", "外国话", "听不懂",
    ),
    "wrong_seat": (
        r"wrong (?:seat|table|chair|spot)", r"(?:seat|table) card says", r"card says (?:seat|table)",
        r"(?:sitting|sat|sits) (?:in|at) (?:seat|table) \d+ but", r"not his seat", r"someone elses seat",
        r"seat \d+ but", r"assigned (?:seat|table)",
        "坐错", "走错桌", "座位号不对", "不是他的座位", r"坐到别(?:的|人的)(?:桌|位)", "坐别人的位",
        r"sat (?:at|in) (?:the )?(?:wrong|another|other|someone elses) (?:table|seat)",
    ),
    "special_needs": (
        r"wheelchair", r"disab", r"handicap", r"crutch", r"blind player", r"deaf", r"cant see",
        r"mobility", r"special need", r"accessib",
        "轮椅", "残疾", "盲人", "聋", "拐杖", "腿脚不便", "行动不便",
    ),
    "table_count": (
        r"table \d+ (?:only )?has \d+", r"(?:only|just) \d+ (?:players|people|guys) (?:at|on)",
        r"\d+ (?:handed|players) (?:and|vs|while) ", r"unbalanced", r"short table", r"short handed",
        r"(?:table|tbl) \d+ has \d+", r"has \d+ (?:and|while|but) ", r"balance",
        r"这桌(?:就)?剩", r"(?:第[一二三四五六七八九十0-9]+|[0-9]+号?)桌[^ ]{0,3}(?:只|就)?剩",
        r"只剩[三四五六七3-7]个人", "人少了", "缺人", "人不够", "隔壁", "人数不一样", r"平衡", r"[一二三四五六七八九0-9]个人.*[一二三四五六七八九0-9]个",
    ),
    "deck": (
        r"(?:new|fresh|another|change the|different|swap the) (?:deck|cards)", r"marked", r"bent card",
        r"deck (?:change|is )", r"card dead", r"(?:torn|damaged|sticky|dirty|nicked) card", r"new set of cards",
        "换牌", "换副", "换一副", "新牌", "牌有记号", "折角", "牌坏", "牌脏", "太背",
    ),
    "rebuy": (
        r"rebuy", r"add ?on", r"buy (?:more|back|again)", r"top ?up", r"reload",
        "重购", "加买", "再买", "补码", "买码", "rebuy",
    ),
    "race": (
        r"chip race", r"racing", r"race (?:off|the)", r"colou?r(?:ing)? ?up", r"colorup",
        r"(?:remove|removing|take off|taking off) (?:the )?(?:\d+s|small|red|green|smallest)",
        r"(?:remove|removing|take off|taking off|colou?r(?:ing)? up) (?:the |all the )?(?:\d+|small|smallest|lowest) chips",
        "换色", "比码", "比小码", "去掉小", "小码换", "换掉小",
    ),
    "hidden_stack": (
        r"(?:big|large|high) chips (?:stuffed |hidden |tucked )?behind", r"hid(?:e|ing|den)? (?:his |her )?(?:big |high )?chips",
        r"stack(?:s)? (?:is |are )?hidden", r"cant (?:count|see) (?:his|her|the) (?:stack|chips)",
        r"cant see (?:his|her|the) (?:big|high|larger) chips", r"(?:big|high) chips (?:are |were )?(?:in the back|hidden|behind)",
        r"in the back", r"behind the (?:little|small)", r"stuffed behind", r"chips (?:are )?all over the place",
        r"messy", r"cant tell how much (?:he|she) has", "乱七八糟", "数不清", "码很乱", "堆得乱", r"messy stack", r"cant count",
        r"hid(?:e|es|ing|den)? (?:his |her )?(?:\d+k? )?(?:chips|stack)", r"behind (?:his|her|the) (?:\d+k? )?(?:stack|little|small|smaller)",
        r"大码[^ ]{0,4}后面", "小码后面", "放在后面",
        r"大码[^ ]{0,3}藏", r"藏[^ ]{0,2}大码", "藏起来", "挡住", "看不清他有多少", "码不整齐", "看不到他的筹码",
    ),
    "moving_slow": (
        r"slow walk", r"slow(?:ly)? (?:to|moving|getting)", r"taking (?:his|her) time (?:moving|getting)",
        r"new table (?:slow|late)", r"dawdl", r"moved player", r"(?:took|taking|takes) [a-z0-9 ]{0,14} to (?:reach|get to|find) (?:his|her|the) new (?:seat|table)",
        "移桌的人", r"moving (?:to (?:his|a|the) new table )?slow",
        "换桌太慢", "移桌慢", "换桌慢", "走得慢", "磨磨蹭蹭", "去新桌", "半天不过去",
        # a moved player (被移桌的/换桌的 ...) who then dawdles (磨蹭/拖/慢/半天/才过去 ...)
        r"(?:被移桌|移桌的|换桌的|被换桌|被移走|被换过去|拆桌过来的|换过来的)[^ ]{0,14}(?:磨蹭|拖|慢|才过去|半天|不过去|不去|迟迟)",
        r"(?:moved|relocated|new) (?:player|guy|seat)[a-z0-9 ]{0,30} (?:took|takes|taking) (?:forever|ages|so long|too long|\d+ min(?:ute)?s?)",
    ),
    "break_table": (
        r"table (?:is )?(?:break|breaking|broke|closing)", r"break(?:ing)? (?:the|a|this) table", r"table break",
        r"tbl \d+ closing", r"(?:table|tbl) \d+ (?:is )?(?:break|breaking|broke|closing|closed)",
        "拆桌", "散桌", "合桌", "拆哪", "散哪",
    ),
    "break_order": (
        r"which table (?:breaks|goes|closes|to break)", r"break order", r"next table to (?:break|close)",
        r"(?:breaks|closes|goes) (?:next|first)", r"order (?:of|to) break",
        "先拆哪", "哪桌先", "哪张桌先", "先散哪", "拆桌顺序", "下一张拆", "哪桌拆",
    ),
    "said_call": (r"(?:said|says|say|announced|declared) (?:i |a )?call", "说跟注", "说了跟", "喊跟", "说跟"),
    "floor_override": (
        r"against the (?:written )?rules?", r"overrul", r"floor (?:made|decided|changed|ruled|went against)",
        r"(?:td|director) (?:decided|ruled|overruled|changed)", r"final say", r"to be fair",
        "裁判决定", "裁判说了算", "违背规则", "不按规则",
        r"(?:would be|itd be|it would be|seems|feels|is it) unfair", r"unfair (?:here|in this case|to apply)",
        r"spirit of the (?:rules?|game)", r"letter of the (?:rules?|law)", r"rules? says? [a-z ]{0,30} but",
        "感觉不公平", "这样不公平", "规则是这样", "规则这么写", "按规则是",
    ),
    "call_amount": (
        r"(?:exact(?:ly)? )?(?:the )?call(?:ing)? amount", r"amount (?:of|to) (?:the )?call",
        r"(?:exact(?:ly)? )?(?:the )?amount to call", r"just (?:the )?call", r"exact(?:ly)? the call", r"the exact call",
        "跟注的码", "跟注的量", "跟注额", "跟注的数",
        r"exact(?:ly)? (?:the )?(?:amount|size) of (?:the )?(?:bet|raise)", r"(?:just |exactly )?match(?:ed|es|ing)? (?:the )?(?:bet|raise)",
        r"same amount as (?:the )?(?:bet|raise)", r"exactly (?:the )?(?:bet|raise) amount",
        "正好是下注", "刚好是下注", "和下注一样", "跟下注一样", "正好跟", "刚好跟",
    ),
    "before_amount": (
        r"before (?:the )?(?:bettor|raiser|he|she|guy|player|utg|bb|sb)[a-z ]{0,12} (?:said|declared|announced|stated) (?:how much|the amount|an amount)",
        r"before (?:the )?amount (?:was )?(?:clear|declared|said|known)",
        r"before the (?:raise |bet )?(?:amount|size) was (?:announced|declared|said|clear|known|stated)", r"before (?:he|she) (?:finished|completed) (?:his|her) (?:bet|raise)",
        r"before (?:he|she|the (?:bettor|raiser|guy|player)) (?:finished|completed|was done|got to) (?:saying|declaring|announcing|stating|telling)(?: (?:how much|the amount|the size|his amount|her amount))?",
        "没说多少就", "还没说多少", "还没说完",
        r"before (?:the )?(?:dealer|bettor|raiser|he|she|they|anyone|it)(?: even| had| could| was)? (?:counted|count|counting|verified|confirmed|finished counting)",
        r"while (?:the )?(?:bettor|raiser|dealer|guy|player|villain|he|she) (?:was|is) still (?:counting|stacking|cutting|putting)",
        "还没数", "没数清", "没数完", "还在数", "没点清", "没点完",
    ),
    "wrong_award": (
        r"(?:pushed|shipped|gave|awarded|sent) (?:the )?pot to the wrong", r"wrong (?:player|guy|person|seat) (?:got|won|was given)",
        r"pot (?:went|was pushed|was shipped) to the wrong",
        "推错", "分错", "给错", "池子给错",
    ),
    "said_amount": (
        r"(?:said|says|announced|declared|called out) (?:\d+k?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty)(?: (?:thousand|hundred|grand|k))?",
        r"(?:said|says|announced|declared) (?:raise|bet|make it|raise to|bet of) (?:to )?(?:\d+k?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty)",
        r"(?:说|喊|报)了?[一二两三四五六七八九十百千万0-9]+",
    ),
    "pushed_amount": (
        r"(?:pushed|put (?:in|out)|threw(?: in| out)?|tossed(?: in)?|slid|moved) (?:out |in )?(?:only )?\d+k?",
        r"(?:推|放|扔|拿)了?[一二两三四五六七八九十百千万0-9]+",
    ),
    "exposed_own": (
        r"fold(?:s|ed)? face ?up", r"show(?:s|ed|ing)? (?:his |her )?(?:hand|cards)", r"expos(?:es|ed|ing) (?:his |her )?(?:hand|cards)",
        r"turn(?:s|ed)? (?:his |her )?(?:cards|hand) (?:face ?)?up", r"flip(?:s|ped|ping)? (?:his |her )?(?:cards|hand)(?: face)?(?: up)?",
        r"tabled (?:one|a|his|her) cards?", r"show(?:ed|s)? (?:one|a) card",
        "亮牌", "亮了牌", "把牌亮", "露牌", "翻开自己",
    ),
    "action_pending": (
        r"(?:still|theres|there is|there was) (?:action|betting)", r"action (?:is |still )?pending",
        r"with action (?:pending|left|behind)", r"others? (?:still )?(?:to act|left to act)", r"still to act",
        r"before (?:the )?(?:others|everyone|the rest) (?:acted|had acted)", r"hand (?:is )?still (?:going|live|on)",
        "别人还没行动", "还有人没说话", "还有人没行动", "还没行动完", "别人还没", "后面还有人",
        r"(?:guy|player|person|people|someone|others?|seat \d+) (?:behind (?:him|her)|after (?:him|her)|left) (?:still )?(?:had|has|have|needed|needs) to act",
        r"(?:still|yet) (?:had|has|have|needed|needs) to act",
    ),
    "limit_game": (
        r"(?<!pot )(?<!no )limit (?:game|holdem|hold ?em|poker|round|stud)", r"fixed ?limit", r"raise forever",
        r"unlimited raises", r"keep (?:re)?raising", r"(?<!pot )(?<!no )(?<!pot)限注局", "固定限注",
    ),
    "nobody_shows": (
        r"nobody (?:wants to |will |wanna )?(?:show|flip|turn)", r"(?:neither|no one|noone) (?:wants to |will |wanna )?(?:show|flip|turn)",
        r"both (?:refuse|wont|dont want|refused) to (?:show|flip)", r"(?:neither|nobody) (?:player )?(?:showed|shows|flipped)",
        r"refus(?:es|ed|ing)? to (?:show|table|turn|flip)", r"(?:wont|doesnt want to|didnt want to) (?:show|table|flip)",
        "不肯亮", "不愿意亮", "拒绝亮牌", "都不想亮", "没人亮", "都不亮", "谁都不开", "都不开", "谁也不亮", "都不想开",
    ),
    "between_sb_button": (
        r"between (?:the )?(?:sb|small blind) (?:and|&) (?:the )?(?:button|btn|dealer)",
        r"btwn (?:the )?(?:sb|small blind) (?:and|&) (?:the )?(?:button|btn)",
        r"小盲(?:和|与|跟)(?:按钮|庄位|庄)之间",
    ),
    "newcomer": (
        r"new (?:player|guy|entrant|entry)", r"late (?:reg|registration|entry|entrant)", r"latereg", r"alternate",
        r"reentry", r"re entry", r"\blr\b", r"just (?:bought|registered|arrived)",
        "新来的", "迟到", "晚报名", "重新买入", "候补", "新报名",
    ),
    "mixed_game": (
        r"horse", r"mixed games?", r"switch(?:ing|es|ed)? (?:to|from|over to) (?:stud|razz|holdem|hold ?em|omaha)",
        r"razz", r"stud rounds?", r"game chang(?:e|es|ed)", "混合游戏", "混合赛", "混合局", "混合比赛", "混合赛制", "换成梭哈", "换成七张", "换游戏",
    ),
    "quick_act": (
        r"(?:folded|called|acted|mucked|checked) (?:immediately|right away|quickly|instantly|at once)",
        r"(?:immediately|quickly|instantly|right away) (?:folded|called|acted|mucked)",
        "马上弃牌", "马上弃", "立刻弃牌", "马上跟", "立刻跟", "马上扔",
    ),
    "rp_allin_button": (r"all ?in (?:button|sign|marker|chip)", r"allin (?:button|sign|marker)", "全下标志", "全下牌子", "牌子"),
    "stuff_on_table": (
        r"bags?", r"purse", r"jacket", r"coat", r"drinks?", r"cups?", r"food", r"stuff on the table",
        r"charger", r"backpack",
        "包", "外卖", "充电宝", "饮料", "杯子", "东西", "衣服", "外套",
    ),
    "dropped_deck": (
        r"dropped (?:the )?(?:deck|stub|cards)", r"drop(?:s|ping)? (?:the )?(?:deck|stub)", r"(?:deck|stub) (?:fell|dropped|on the floor)", r"spilled (?:the )?deck",
        # a family: knocked / spilled / fumbled / scattered ... the deck, the stub, the rest of the cards
        r"(?:knock|spill|fumbl|scatter|dropp?|flipp?|tipp?)(?:s|ed|ing)? (?:over )?(?:the |his |her )?(?:rest of the |remaining |whole )?(?:deck|stub|undealt cards|remaining cards)",
        r"(?:deck|stub|rest of the deck|remaining cards) (?:went |go |goes |fell |fall |falls |spilled |landed )?(?:onto|on|to|all over) the (?:floor|ground|table)",
        "牌掉", "剩下的牌掉", "牌撒", "牌散", "牌堆掉", r"(?:牌堆|剩下的牌|整副牌|牌)(?:弄|碰|打|撒|掉)(?:到|在)?(?:了)?(?:地上|地下|桌上|一地)",
        r"把(?:牌堆|剩下的牌|整副牌)(?:弄|碰|打)(?:掉|翻|乱|散)",
    ),
    "dealer_change": (r"dealer (?:rotation|change|swap|push)", r"new dealer", r"push the dealer", "换荷官", "荷官换"),
    "undercall": (
        r"said call (?:then|and then|but) (?:tried|wanted|wants) to (?:fold|take)", r"(?:said|says) call (?:then|and) (?:fold|mucked)",
        r"call(?:ed)? (?:then|and then) (?:changed|tried)", r"put in less than (?:the )?call", r"short call",
        r"(?:said|says) call[a-z ]* (?:less|short|only)", r"takes? it back",
        r"(?:half|part|less than|short of|some) (?:of )?the call", r"not (?:the )?(?:full|whole) call",
        "不够跟注", "不足跟注", "只推了一半", "推了一半",
        "说了跟注", "说跟", "跟少了", "没跟够", "反悔",
        "推少了", "推少", "放少了", "给少了", "少推", "少放", "少给", "下少了",
    ),
}

SITUATIONS: tuple[tuple, ...] = (
    # chips and words
    ("44", ("one_chip", "silent")),
    ("44", ("one_chip", "facing_bet")),
    ("44", ("one_chip", "raise_word"), 4),
    ("45", ("several_chips", "silent")),
    ("45", ("several_chips", "facing_bet")),
    ("36", ("said", "amount", "pushed", "contrast")),
    ("36", ("said_call", "pushed", "raise_word"), 4),
    ("36", ("said_amount", "pushed_amount"), 4),
    ("36", ("said_call", "pushed", "contrast"), 3),
    ("40", ("silent", "call_amount"), 3),
    ("37", ("act", "before_amount"), 3),
    ("1", ("floor_override",), 2),
    ("41", ("said", "raise_word", "pushed")),
    ("41", ("raise_word", "no_amount")),
    ("41", ("said", "raise_word", "several_chips")),
    ("50", ("back_for_more",)),
    ("38", ("undercall",)),
    ("38", ("short_of_bet",), 3),  # the numbers say less went in than the bet (amounts.py)
    ("42", ("how_much_raise",)),
    ("43", ("short_allin", "reopen")),
    ("46", ("prior_bet",), 3),
    ("47", ("limit_raises",)),
    ("48", ("dealer_wrong", "act"), 3),
    ("49", ("pot_limit",)),
    ("51", ("unclear_amount",)),
    ("52", ("free_fold", "muck")),
    ("53", ("conditional",), 4),
    ("54", ("how_much_have",), 2),
    ("55", ("change",), 3),
    ("56", ("found_chips",), 2),
    ("57", ("pocket", "chips"), 3),
    ("58", ("chip_floor", "chips"), 3),
    # out of turn
    ("39", ("out_of_turn", "act")),
    ("39-B", ("skipped",), 2),
    ("39-C", ("out_of_turn", "chips"), 3),
    # cards exposed or misdealt
    ("33", ("dealer", "exposed_deal")),
    ("33", ("exposed_deal", "cards_dealt")),
    ("33", ("deal_error",), 2),
    ("34", ("acted_already", "misdeal")),
    ("35", ("four_flop",), 3),
    ("RP-5", ("early_card",)),
    ("RP-4", ("dropped_deck",)),
    # showdown
    ("11", ("hand_name", "actually")),
    ("11", ("hand_name", "said", "contrast")),
    ("12", ("winner", "killed")),
    ("13", ("muck", "get_back")),
    ("14", ("all_in", "face_up")),
    ("15", ("first_to_show",)),
    ("16", ("want_to_see",), 2),
    ("17", ("board_best",), 2),
    ("17", ("board_best", "face_up"), 3),
    ("18", ("odd_chip", "chop")),
    ("18", ("odd_chip", "chips")),
    ("19", ("multi_all_in",)),
    ("20", ("complain", "after_next_hand")),
    ("20", ("complain", "chop")),
    ("20", ("wrong_award",)),
    ("20", ("wrong_award", "after_next_hand"), 3),
    ("59", ("dealer", "killed", "accident")),
    # seat and table
    ("28", ("away", "cards_dealt")),
    ("29", ("away", "pending")),
    ("4", ("phone",)),
    ("5", ("language",)),
    ("RP-3", ("stuff_on_table",)),
    # conduct and penalties
    ("63", ("friends", "soft")),
    ("63", ("soft_strong",), 2),
    ("12", ("partial_table",), 3),
    ("13", ("face_down_push", "showdown"), 3),
    ("13", ("face_down_push", "get_back"), 3),
    ("62", ("showed_hand", "to_someone")),
    ("62", ("exposed_own", "action_pending"), 4),
    ("13", ("conceded", "winner"), 3),
    ("13", ("conceded", "get_back"), 3),
    ("16", ("want_to_see", "muck"), 3),
    ("RP-2", ("pull_bets",), 2),
    ("30", ("button_move", "bust_any"), 3),
    ("30", ("button_move", "blind"), 2),
    ("29", ("away", "all_in"), 3),
    ("38", ("undercall", "facing_bet"), 3),
    ("47", ("limit_game", "raise_word")),
    ("47", ("limit_game", "limit_raises"), 3),
    ("15", ("nobody_shows",), 2),
    ("7", ("between_sb_button",), 2),
    ("7", ("between_sb_button", "newcomer"), 3),
    ("56", ("all_in", "found_chips"), 3),
    ("34", ("acted_already", "deal_error"), 3),
    ("61", ("disclose",)),
    ("61", ("muck", "disclose", "hand_live")),
    ("64", ("slowroll",), 3),  # a named act: outranks all in + shown (14) told beside it
    ("64", ("abuse",)),
    ("65", ("throw_cards",), 2),
    ("65", ("abuse", "penalty_word")),
    ("65", ("throw_cards", "penalty_word")),
    # clock and levels
    ("21", ("level_change", "mid_hand")),
    ("22", ("race",)),
    ("22", ("race", "odd_chip"), 3),
    ("9-A", ("mixed_game",)),
    ("9-A", ("mixed_game", "button"), 3),
    ("37", ("raise_word", "no_amount", "quick_act"), 3),
    ("26", ("tank",)),
    ("27", ("rabbit",), 2),
    ("24", ("deck",)),
    ("25", ("rebuy",), 2),
    ("23", ("hidden_stack",), 3),
    # seating and balancing
    ("6", ("wrong_seat",)),
    ("8", ("special_needs",)),
    ("9", ("break_table",)),
    ("9-B", ("break_order",), 2),
    ("9-C", ("table_count",)),
    ("30", ("bb_bust",)),
    ("30", ("button", "bb_bust")),
    ("31", ("dodge", "blind")),
    ("31", ("dodge", "button")),
    ("32", ("two_left",)),
    ("RP-1", ("rp_allin_button",)),
    ("RP-6", ("moving_slow",), 2),
    ("RP-7", ("dealer_change",)),
)

# Chinese typed by pinyin input slips to a same-sounding character: the poker
# words' common slips, as the word meant.
ZH_VARIANTS: dict[str, str] = {
    "跟住": "跟注", "加住": "加注", "下住": "下注", "盲住": "盲注", "前住": "前注",
    "弃排": "弃牌", "亮排": "亮牌", "开排": "开牌", "扣排": "扣牌", "盖排": "盖牌",
    "荷关": "荷官", "合官": "荷官", "筹马": "筹码", "筹吗": "筹码", "唆哈": "梭哈",
    "索哈": "梭哈", "缩哈": "梭哈", "底尺": "底池", "边尺": "边池", "主尺": "主池",
    "全压": "全下", "按扭": "按钮", "裁叛": "裁判", "摊排": "摊牌", "比排": "比牌",
}
_ZH_VARIANT = re.compile("|".join(map(re.escape, sorted(ZH_VARIANTS, key=len, reverse=True))))


def normalize_variants(text: str) -> str:
    """``text`` with the common same-sounding slips of Chinese poker words corrected,
    and English poker words in a Chinese sentence given their Chinese (mixed.py)."""
    return mix_in_chinese(_ZH_VARIANT.sub(lambda m: ZH_VARIANTS[m[0]], text))


_CJK = re.compile(r"[\u3400-\u9fff]")


def _alternative(fragment: str) -> str:
    if _CJK.search(fragment):
        return f"(?:{fragment})"
    return rf"(?<![a-z0-9])(?:{fragment})(?:s|es|ed|d|ing)?(?![a-z0-9])"


@cache
def _compiled() -> tuple[dict[str, re.Pattern[str]], dict[str, re.Pattern[str]]]:
    """Each concept as two patterns, its Latin and its Chinese alternatives: a query
    runs only the half its script needs."""
    latin: dict[str, re.Pattern[str]] = {}
    chinese: dict[str, re.Pattern[str]] = {}
    for name, fragments in CONCEPTS.items():
        for target, wanted in ((latin, False), (chinese, True)):
            chosen = [f for f in fragments if bool(_CJK.search(f)) == wanted]
            if chosen:
                target[name] = re.compile("|".join(_alternative(f) for f in chosen))
    return latin, chinese


_WORD = re.compile(r"[a-z]+")


@cache
def _lexicon_words() -> tuple[str, ...]:
    """The plain English words the concepts are written with, for typo correction."""
    words = {w for fragments in CONCEPTS.values() for f in fragments for w in _WORD.findall(f)}
    words = {w + end for w in words if len(w) >= 4 for end in ("", "s", "ed", "ing", "ly")}
    return tuple(sorted(words))


@lru_cache(maxsize=1024)
def correct_typos(folded: str, known: frozenset[str] = frozenset()) -> str:
    """``folded`` with each unknown word of 5+ letters replaced by the nearest lexicon word.

    A word is known when the lexicon or ``known`` (the rulebook's own words) has it;
    the nearest lexicon word must be within a letter or two ("sliently" ->
    "silently", "frends" -> "friends").
    """
    def fix(match: re.Match[str]) -> str:
        word = match[0]
        if len(word) < 5 or word in known:
            return word
        return _nearest(word)

    return _WORD.sub(fix, folded)


@lru_cache(maxsize=4096)
def _nearest(word: str) -> str:
    lexicon = _lexicon_words()
    if word in _lexicon_set():
        return word
    best = process.extractOne(word, lexicon, scorer=fuzz.ratio, score_cutoff=84)
    return best[0] if best else word


@cache
def _lexicon_set() -> frozenset[str]:
    return frozenset(_lexicon_words())


@lru_cache(maxsize=1024)
def concepts_in(folded: str) -> frozenset[str]:
    """The concepts found in a folded query (see ``text._fold``)."""
    latin, chinese = _compiled()
    found: set[str] = set()
    if _WORD.search(folded) or any(c.isdigit() for c in folded):
        found.update(name for name, pattern in latin.items() if pattern.search(folded))
    if _CJK.search(folded):
        found.update(name for name, pattern in chinese.items()
                     if name not in found and pattern.search(folded))
    return frozenset(found | amount_concepts(folded))


@dataclass(frozen=True, slots=True)
class SituationMatch:
    number: str
    concepts: tuple[str, ...]
    strength: float


def situation_matches(folded: str, extra: Iterable[tuple[str, tuple[str, ...]]] = ()) -> list[SituationMatch]:
    """Every situation whose concepts are all in ``folded``, most concepts first."""
    found = concepts_in(folded)
    matches = [
        SituationMatch(number, concepts, float(weight[0] if weight else len(concepts)))
        for number, concepts, *weight in (*SITUATIONS, *extra)
        if all(c in found for c in concepts)
    ]
    matches.sort(key=lambda m: -m.strength)
    return matches


def situation_scores(folded: str, known: frozenset[str] = frozenset()) -> dict[str, float]:
    """Rule number -> strength of its best situation found in ``folded`` (typos corrected)."""
    scores: dict[str, float] = {}
    for match in situation_matches(correct_typos(folded, known)):
        scores[match.number] = max(scores.get(match.number, 0.0), match.strength)
    return scores
