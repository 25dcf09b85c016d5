"""Held-out query set 4 for the rulebook search (measured, never tuned on).

Written by a helper session that had NOT seen the search's synonym table
(floor_talk.py), the search code, the earlier held-out / search query sets or
the rulebook tests. Queries were written from the house rulebook source
(shared/seeds 002_..., Chinese) and the rule catalogue (data/house.json:
numbers, titles, summaries), plus general floor vocabulary, the way a floor
person, dealer or player types on a phone in the moment: slang, abbreviations,
misspellings, situations described without the rulebook's words.

Each entry is (query, rule number a competent floor person would want first).
All queries were written and saved before the search was run on any of them;
the set is for measurement only and must never be used to tune the search.

Measured once (commit ac18ae8, session 4): English 24/40 first (60%), 34/40 in
the first three; Chinese 26/40 first (65%), 33/40 in the first three. Most
misses are situations told in words no rule uses (a silent one-chip call, an
unclear spoken amount, collusion told as "two friends never bet at each other").
"""

HELD_OUT_4_ENGLISH: list[tuple[str, str]] = [
    ("td overruled the written rule to be fair, can he do that", "1"),
    ("guy tapped the felt, was that a check", "3"),
    ("guys phone ringin loud mid hand", "4"),
    ("player been in wrong seat for 3 hands, his stack is right", "6"),
    ("lr guy drew seat btwn sb and btn deal him in?", "7"),
    ("tbl 14 closing, how do we send the players to new seats", "9"),
    ("horse switching to razz what happens w the dealer button", "9-A"),
    ("2 guys bust same hand with 10 left, how many at ft", "10"),
    ("he said 2 pair but actually has a str8, who gets the pot", "11"),
    ("he slid his cards fwd face down at sd then wants to flip them, still on the felt", "13"),
    ("river checked down who has to show first", "15"),
    ("i called his river bet, he doesnt want to show, can i make him", "16"),
    ("chop pot leftover 25 chip who gets it", "18"),
    ("3way allin diff stacks, which pot do i ship first", "19"),
    ("timer ran out mid hand, do the new blinds count now", "21"),
    ("coloring up the 25s how do we deal with the odd ones", "22"),
    ("guy been tanking 4 min what do i do", "26"),
    ("can he see what the river would of been", "27"),
    ("player walked back to his seat after cards were already out, is his hand live", "28"),
    ("bb busted, does the button go on the empty seat", "30"),
    ("down to hu who posts sb and who acts first postflop", "32"),
    ("dealer flipped 2 cards on the deal", "33"),
    ("dealer put out an extra card on the flop", "35"),
    ("mp mucked before utg even said how much he was raising", "37"),
    ("facing 800 hu he pushed 500 without saying anything", "38"),
    ("co bet before mp acted, then mp raised, what happens to co's chips", "39"),
    ("blinds 5k/10k, bet 120k, guy silently tosses one 5k chip", "40"),
    ("he bet 600 and the next guy made it 900, is that legal nl", "42"),
    ("short shove, can the first raiser go again?", "43"),
    ("threw in a 5k chip vs a 1k bet no word", "44"),
    ("facing 600 he drops a 500 and two 100s no talk", "45"),
    ("dealer told him 2k but it was really 4k allin, he already called", "48"),
    ("plo how much can i raise preflop", "49"),
    ("blinds 1k/2k guy says 'twelve' is that 1200 or 12k", "51"),
    ("facing shove, want exact count of his stack", "54"),
    ("after the call we found a 5k chip under his cards", "56"),
    ("dealer mucked my hand by accident, i had aces", "59"),
    ("his buddy on the rail keeps coaching him", "61"),
    ("guy keeps touching ppl's chips and wont shut up", "64"),
    ("dealer burned and dealt the turn before flop betting finished", "RP-5"),
]

HELD_OUT_4_CHINESE: list[tuple[str, str]] = [
    ("打牌不看 一直问荷官轮到谁了 玩家自己没义务注意吗", "2"),
    ("桌上两个人一直讲方言 听不懂 能管吗", "5"),
    ("有个坐轮椅的选手 能给安排个方便的位置吗", "8"),
    ("先散哪张桌 是随便挑还是有顺序", "9-B"),
    ("这桌就剩5个了 隔壁9个 要不要先别发", "9-C"),
    ("他只翻了一张就把牌扔过去了 说自己赢了", "12"),
    ("翻前两人推了 牌现在就得开吗", "14"),
    ("公共牌是皇家同花顺 我不亮牌也能分吗", "17"),
    ("钱都推给他了 下一把都开始洗牌了 另一个人才说分错了", "20"),
    ("对面把大码藏后面 看不清他有多少", "23"),
    ("他说这副牌太背 要换副新的", "24"),
    ("发牌前说了要rebuy 现在又不想买了", "25"),
    ("对面想了五分钟了 能叫时间吗", "26"),
    ("他all in了然后人跑出去抽烟 还没比牌", "29"),
    ("拆桌换过来的 故意晚坐下 就为了不交大盲 罚不罚", "31"),
    ("两个人过牌 一个弃牌 算够不够行动数", "34"),
    ("嘴里说一千 手里推了五百 算哪个", "36"),
    ("没人等我 我左边三个人都说完话了 我的牌还算吗", "39-B"),
    ("没轮到他 他把码直接推出来了 这些码怎么算", "39-C"),
    ("先喊加 推了跟注的量 又回去拿码补上 合法吗", "41"),
    ("前面下1000 我最少要加到多少", "42"),
    ("短码推了 只多了一点 先前下注的人能再加吗", "43"),
    ("他之前下的注还摆在面前没收 被人加注后他又往上堆码 算跟还是加", "46"),
    ("限注局两个人还有封顶吗", "47"),
    ("他推一点又回去拿一点 分好几次放 荷官要管吗", "50"),
    ("翻牌后第一个说话 明明能check 直接扔牌了", "52"),
    ("他说 你下我就推 这种话算数吗", "53"),
    ("跟注400 他扔了个500加个100 等荷官找他钱", "55"),
    ("有人把筹码揣兜里带走了", "57"),
    ("地上捡到一个码 给谁", "58"),
    ("stud面对下注 他把明牌全扣过去了", "60"),
    ("后面还有人没说话 他就把牌亮给大家看", "62"),
    ("俩人一伙的 一直不互相下注 还故意输给对方", "63"),
    ("罚一轮是罚几手 桌上8个人", "65"),
    ("荷官要不要在all in的人面前放个牌子", "RP-1"),
    ("荷官每个人下完就把码收进去 搞乱了", "RP-2"),
    ("桌上一堆东西 包 外卖 充电宝", "RP-3"),
    ("荷官把剩下的牌掉地上了 还没发河", "RP-4"),
    ("拆桌换过去的人磨磨蹭蹭 半天不过去", "RP-6"),
    ("快休息了 还换荷官吗", "RP-7"),
]
