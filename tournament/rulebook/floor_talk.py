"""Floor talk: the words people use at the table for what the rulebook calls something else.

A floor person typing on a phone says "guy shoved", "cussing out the
dealer", "同花"; the rulebook says "all in", "clock", "abusive",
"露牌", "牌型". The search (``search.py``) rewrites a query through this table
before it scores it: every floor-talk phrase found in the query is replaced by
the rulebook's own term, so the usual field-weighted scoring finds the rule.

How the table was written: rule by rule through the house rulebook (and the
TDA 2024 text it follows), asking "what would a dealer, a player or a floor
person call this situation?" -- general poker jargon, slang, common
misspellings of poker words and everyday words for the situation. It was not
written from the misses of any held-out search set.

Data shape: ``(rulebook term, (floor-talk phrase, ...))``. The rulebook term
must be words the rulebook uses (a title or keyword, or words from them).
English phrases match whole words of the folded query (lower case, "all in"
joined as "allin" etc., see ``text._fold``), with an optional plain ending
("s", "es", "ed", "ing"); Chinese phrases match anywhere in the query. The
longest phrase wins where two overlap. Keep phrases that the rulebook itself
uses out of the table: they are found without it.
"""

from __future__ import annotations

FLOOR_TALK: tuple[tuple[str, tuple[str, ...]], ...] = (
    # 1 Floor decisions
    ("floor decision", ("director", "the td", "floor guy", "floor lady", "floorperson",
                        "overrule", "overruled", "rule book", "rulebook", "house rule")),
    ("裁判", ("地板", "主管", "现场经理", "经理", "裁判长", "找裁判", "叫裁判", "规则书")),
    # 2 Player responsibilities
    ("player responsibilities", ("whose turn", "not paying attention", "wasnt paying attention",
                                 "didnt know", "not watching")),
    ("保护手牌", ("护牌", "护好", "压牌", "没压住")),
    ("玩家责任", ("没注意", "没看到轮到", "不知道轮到")),
    # 3 Terms and gestures
    ("tap the table", ("knocked", "knocking", "rapped", "double tap", "tapped")),
    ("敲桌", ("敲了桌子", "敲桌子", "拍桌子", "拍桌")),
    # 4 Phones and devices
    ("electronic devices", ("airpods", "earbuds", "earphones", "headset", "ipad", "tablet",
                            "laptop", "smartwatch", "youtube", "video call", "facetime",
                            "calling someone", "taking a call")),
    ("耳机", ("听歌", "戴耳机", "耳塞")),
    ("电子设备", ("平板", "手表", "刷视频", "看视频", "玩手机", "发微信", "微信", "视频通话")),
    # 5 Official language
    ("foreign language", ("russian", "spanish", "french", "german", "korean", "japanese",
                          "vietnamese", "thai", "cantonese", "mandarin", "other language",
                          "another language", "own language")),
    ("外语", ("方言", "粤语", "广东话", "韩语", "日语", "外国话", "讲英文", "说英文")),
    # 6 Seating
    ("wrong seat", ("wrong table", "wrong spot", "wrong chair", "sat in seat")),
    ("坐错座位", ("坐错桌", "坐错位子", "坐错地方", "走错桌", "坐错了")),
    ("抽座位", ("抽位子", "抽号", "座位号")),
    # 7 Late registration, alternates, re-entries
    ("late registration", ("latereg", "late entry", "late entrant", "registering late", "bullet", "second bullet", "fire again",
                           "refire", "re fire")),
    ("re-entry", ("reenter", "re enter", "buy back in", "buyback")),
    ("迟到报名", ("晚到", "迟到", "补报名", "晚报", "延迟报名", "后报名")),
    ("重新参赛", ("再入场", "重新买入", "再买一次入场", "二次买入")),
    # 8 Special needs
    ("special needs", ("blind player", "cant see", "deaf", "hearing", "crutches", "handicap",
                       "handicapped", "mobility", "read his cards", "reading glasses", "elderly")),
    ("特殊需要", ("残疾", "盲人", "聋", "听不见", "看不清", "拐杖", "老年人", "腿脚不便")),
    # 9 Breaking tables; 9-A mixed games; 9-B break order
    ("breaking tables", ("table broke", "table breaking", "breaking the table", "break table",
                         "table is breaking", "collapse table")),
    ("拆桌", ("这桌要拆", "桌子拆", "拆了", "散了这桌", "合桌")),
    ("stud", ("razz", "stud8", "seven card", "7 card", "7card")),
    ("梭哈", ("七张", "换成梭哈", "razz")),
    ("庄位", ("庄家位", "小按钮")),
    ("break order", ("which table goes", "next table to break", "break next", "breaks next",
                     "breaks first", "break first")),
    ("拆桌顺序", ("先拆", "哪桌先", "哪张桌先", "下一张拆")),
    # 9-C Balancing
    ("balancing", ("even out", "evening out", "unbalanced", "short handed", "shorthanded",
                   "players short", "is short", "3 short", "two short", "2 short",
                   "move someone", "move a guy", "fill the seat", "empty seat to fill")),
    ("平衡牌桌", ("人少了", "少人", "缺人", "补人", "人不够", "调人", "移人", "人数不一样")),
    # 10 Final table
    ("final table", ("final nine", "final 9", "final eight", "final 8",
                     "official final")),
    ("决赛桌", ("决赛", "最后一桌", "钱圈桌")),
    # 11 Cards speak
    ("cards speak", ("called his hand wrong", "said he had", "said straight", "said flush",
                     "said two pair", "misread", "misreads", "read his hand wrong",
                     "miscalled", "announced wrong")),
    ("报错牌", ("报错", "说错牌", "喊错牌", "念错牌", "看错牌", "以为自己", "说两对", "说顺子",
              "说同花", "牌型报错")),
    ("牌面为准", ("同花", "顺子", "葫芦", "三条", "两对", "四条", "同花顺", "牌型")),
    # 12 Tabling and killing the winner
    ("kill winning hand", ("mucked the winner", "mucked the winning", "killed the winner",
                           "killed the winning", "mucking the winner", "pushed pot to wrong",
                           "wrong guy got the pot", "pushed the pot to the wrong")),
    ("误收赢牌", ("赢家的牌收", "收了赢家", "把赢家", "赢牌被收", "收错了")),
    # 13 Live cards at showdown
    ("retrieve cards", ("wanted it back", "wants it back", "take it back", "took it back",
                        "pull it out of the muck", "out of the muck", "threw his hand away",
                        "tossed his hand")),
    ("收回手牌", ("又想拿回来", "拿回来", "想要回", "捡回来", "扔了牌又")),
    # 14 Face up for all-ins
    ("all-in showdown", ("flip em", "flip them", "flip over", "turn em over", "turn them over",
                         "open your cards", "cards up", "hands up")),
    ("全下亮牌", ("开牌", "翻牌比", "全下被跟", "全下跟注", "亮出来比")),
    # 15 Showdown order
    ("who shows first", ("turns over first", "turn over first", "flips first", "shows first", "goes first at showdown", "first to show", "tables first")),
    ("谁先亮牌", ("谁先开", "谁先翻", "谁先亮", "谁先摊", "后手", "先手", "先亮")),
    # 16 Asking to see a hand
    ("ask to see a hand", ("see his cards", "see the mucked", "see the muck", "wanna see", "want to see", "see what he had", "what did he have")),
    ("要求看牌", ("想看他的牌", "看他的牌", "看看他的牌", "看一下他的牌", "让他亮", "看他什么牌")),
    # 17 Playing the board
    ("play the board", ("board is best", "both play the board",
                        "nuts on board", "both have the board")),
    ("打公共牌", ("牌面最大", "公牌最大", "桌面最大", "都打公牌", "都用公牌")),
    # 18 Odd chip
    ("odd chip", ("extra chip", "leftover", "left over", "odd one", "spare chip", "odd 25",
                  "extra 25", "extra 100", "cant split", "doesnt split evenly", "split evenly")),
    ("零头筹码", ("多出来", "多出一个", "分不均", "除不尽", "零头", "单出来")),
    ("split pot", ("chopped", "chopping", "split the pot", "tied")),
    ("平分底池", ("平分", "打平")),
    # 19 Side pots
    ("side pot", ("sidepot", "short stack all in", "shortstack allin",
                  "two pots", "second pot", "what can he win", "how much can he win")),
    ("边池", ("分几个池", "能赢多少")),
    # 20 Disputed pots
    ("disputed pot", ("complains pot", "complaint", "complained", "pot was pushed wrong",
                      "pushed wrong", "wrong pot", "after the next hand", "too late to complain",
                      "argue the pot", "arguing")),
    ("底池争议", ("分错了", "池子分错", "推错池", "争议", "投诉", "抗议", "下一手开始了")),
    # 21 New level
    ("new level", ("blinds went up", "level up", "next level", "level went up",
                   "timer hit zero", "clock hit zero", "time ran out on the level",
                   "mid hand level", "level changed")),
    ("涨盲", ("升级", "盲注涨了", "升盲了", "级别到了", "时间到了涨盲", "换级别", "下一个级别")),
    # 22 Chip race / color up
    ("chip race", ("racing off", "race the chips", "racing chips", "race off the",
                   "green chips", "red chips",
                   "the 25s", "the 100s", "small chips off", "take off the")),
    ("换色", ("换掉小", "小码", "小面值", "小筹码换", "去掉小")),
    # 23 Chips visible
    ("hiding chips behind", ("buried", "burying", "under his", "behind his", "hidden under",
                             "stack his chips", "messy stack", "messy chips", "sloppy stack",
                             "cant count his", "cant see his chips")),
    ("筹码可见", ("大码藏", "藏在后面", "藏起来", "码不整齐", "乱堆", "堆得乱", "看不到他的筹码",
              "大码放后面", "挡住")),
    # 24 Deck change
    ("deck change", ("fresh cards", "fresh deck", "new cards", "new set of cards",
                     "change the deck", "swap the deck", "marked card", "bent card",
                     "sticky cards", "dirty cards")),
    ("换牌", ("换一副", "新的一副", "换副", "牌脏了", "牌坏了", "牌有记号", "折角")),
    # 25 Rebuys and add-ons
    ("rebuy", ("buy more", "top up", "topup", "reload", "addon", "more chips now",
               "buy in again")),
    ("重购", ("再买", "补筹码", "买码", "加买", "再买筹码", "充值")),
    # 26 Clock
    ("call the clock", ("tanked", "taking forever", "takes forever",
                        "slow rolling the decision", "thinking too long", "thinks forever",
                        "hollywood", "hollywooding", "5 min", "five minutes",
                        "min to act", "minutes to act", "clock called", "clock on him",
                        "time on him", "put a clock")),
    ("叫时间", ("想得太久", "想了很久", "太慢", "磨蹭", "拖拉时间", "半天不动",
              "计时器", "上时间", "给他计时")),
    # 27 Rabbit hunting
    ("rabbit hunt", ("what would the", "would have come", "next card",
                     "run it", "run the board", "show the turn", "show the river",
                     "what came next", "what was coming")),
    ("兔子狩猎", ("如果发出来", "下一张是什么", "后面的牌", "本来是什么", "会发什么", "翻出来看看")),
    # 28 At your seat
    ("at your seat", ("bathroom", "restroom", "toilet", "smoke break", "smoking", "cig",
                      "outside", "away when", "wasnt there", "not there", "cards went out", "when the cards were dealt", "when cards were dealt",
                      "wasnt seated", "not seated")),
    ("不在座位", ("厕所", "洗手间", "卫生间", "抽烟", "出去了", "没回来", "人不在", "不在位",
              "不在座", "没在座位", "离开座位")),
    # 29 Stay at the table
    ("leave the table", ("went to smoke", "walked off", "went outside", "got up",
                         "left his seat", "stepped away", "wandered off", "went to the bar",
                         "went to the bathroom")),
    ("离开桌子", ("出去抽烟", "走了", "站起来走", "起身离开", "离开牌桌", "跑开", "出去")),
    # 30 Dead button
    ("dead button", ("button go", "button goes", "button move", "where is the button",
                     "busted on the big blind", "bust out on the big blind", "bb busted",
                     "busted in the bb", "big blind busts", "big blind busted")),
    ("死按钮", ("按钮怎么走", "按钮怎么", "庄怎么走", "大盲被淘汰", "大盲出局", "庄位怎么移")),
    # 31 Dodging blinds
    ("dodging blinds", ("wait for the button", "waited for the button", "waiting for the button",
                        "skip the big blind", "skip his blind", "skip the bb", "duck the blind",
                        "ducked the blind", "sit out the blind", "avoiding the blind",
                        "missed his blind", "post the blind", "posting")),
    ("躲避盲注", ("躲盲注", "故意躲", "不交盲", "不下盲", "逃避盲注", "跳过大盲", "补盲")),
    # 32 Heads-up
    ("heads up", ("hu", "1v1", "1 on 1", "one on one", "down to 2", "down to two",
                  "2 players left", "two players left", "2 left", "two left")),
    ("单挑", ("只剩两个人", "只剩两人", "剩两个", "两个人了", "最后两人", "两人")),
    # 33 Misdeal
    ("misdeal", ("flashed a card", "flashed card", "exposed a card pitching", "pitching",
                 "flipped a card", "card flipped", "card flew", "cards flew", "exposed on deal",
                 "dealt wrong", "dealing wrong", "deal again",
                 "missed a seat", "skipped a seat", "dealt to an empty seat", "too many cards",
                 "extra card")),
    ("误发", ("发牌露", "露了一张", "翻了一张", "发飞了", "发错了", "发错", "重新发",
            "漏发", "多发了一张手牌", "空位发了牌")),
    # 34 Substantial action
    ("substantial action", ("already acted", "people acted", "players acted", "too late to redeal",
                            "still redeal", "still a misdeal", "can we still")),
    ("实质性行动", ("都行动过", "已经行动", "行动过了", "几个人行动", "还能重发", "还算误发")),
    # 35 Four-card flop
    ("four card flop", ("5 cards on the flop", "five cards on the flop", "4 cards on the flop",
                        "four cards on the flop", "extra flop card", "flop had 4",
                        "flop had four")),
    ("四张翻牌", ("翻牌多发", "翻牌发了四张", "翻牌四张", "翻牌多了", "翻牌有四张")),
    # 36 Verbal and chip wagers
    ("verbal declaration", ("said 500", "said a number", "said one amount", "said one thing",
                            "said raise but", "said call but", "but put in",
                            "says one thing", "announced")),
    ("口头下注", ("说五百", "说了一个数", "嘴上说", "说的和推的", "喊了", "说一千", "说加注却",
              "说跟注却")),
    # 37 Acting in turn / 39 out of turn
    ("out of turn", ("before his turn", "before it was his turn", "before the guy",
                     "jumped the gun", "acted early", "acted too early", "acting early",
                     "not his turn", "wasnt his turn", "before the action got to him")),
    ("顺序外行动", ("没轮到", "还没轮到", "抢着", "抢先", "提前", "不是他的顺序", "插队")),
    # 39-B skipped player
    ("skipped player", ("got skipped", "skipped over", "missed him", "passed over",
                        "overlooked", "jumped over")),
    ("跳过玩家", ("跳过了", "被跳了", "漏了一个人", "漏掉", "越过了")),
    # 39-C chips out of turn
    ("out of turn chips", ("put chips out early", "chips out early", "pushed chips early")),
    # 38 Undercall / binding declaration
    ("undercall", ("short called", "didnt put enough", "not enough chips to call",
                   "called short", "underpaid", "under called")),
    ("跟注不足", ("跟少了", "没跟够", "跟注少了", "少给了")),
    # 40/41 methods of calling and raising
    ("methods of calling", ("just called", "silently called", "pushed one chip",
                            # saying "in" for a call, the way players do
                            "im in", "count me in", "ill see that", "ill see it", "i see you")),
    ("跟注的方式", ("我也来", "我也跟", "跟一手", "陪你", "陪一下", "我陪")),
    ("methods of raising", ("how do i raise", "say raise first", "raise properly")),
    # 42 Minimum raise
    ("minimum raise", ("mini raise", "minraise", "min bet", "smallest raise", "least raise",
                       "raise at least", "how much to re raise", "how much is the raise",
                       "min re raise", "minimum reraise", "3 bet", "3bet",
                       "three bet", "4bet", "4 bet", "min click", "minclick", "min clicks",
                       "min bump", "min raise it", "click it back", "click back")),
    ("最小加注", ("最少要加", "至少加", "最少加", "起码加", "最小能加", "最少加多少", "再加多少",
              "最少能加", "最小加", "加最少")),
    # 43 Re-opening
    ("reopen", ("re raise again", "raise again", "raise back", "reopened",
                "less than a raise", "less than a full raise", "not a full raise",
                "short shove")),
    ("重新开放下注", ("还能再加", "能再加", "再加吗", "不够一个加注", "不足一个加注", "不够加注",
                "不算加注", "不够一次加注")),
    # 44 Oversized chip
    ("oversized chip", ("single 1k chip", "1k chip", "5k chip",
                        "threw a chip", "tossed a chip", "one chip in", "big one in")),
    # (Silence alone is not an oversized chip: several chips or a call can be silent too;
    # the situation layer pairs "said nothing" with one chip or several.)
    ("大额筹码", ("大码", "一个大", "扔一个", "扔了一个", "丢一个")),
    # 45 Multiple chips
    ("multiple chips", ("bunch of chips", "pile of chips", "few chips", "stack of chips")),
    ("多枚筹码", ("一堆筹码", "几个筹码", "一把")),
    # 47 Raise cap
    ("raise cap", ("max raises", "raises allowed", "how many times", "cap it",
                   "capping", "limit raise")),
    ("加注上限", ("最多加几次", "加几次", "几次加注", "能加几次", "封顶了")),
    # 48 Accepted action
    ("accepted action", ("counted the bet wrong", "counted wrong", "miscounted",
                         "wrong amount", "called the wrong amount", "dealer said wrong")),
    ("接受行动", ("数错了", "数错", "点错", "算错", "报错了数")),
    # 49 Pot limit
    ("pot limit", ("omaha", "pot it", "max bet", "how much can i bet",
                   "potlimit")),
    ("底池限注", ("奥马哈", "最多能下", "最多下多少", "最大能下", "下满池", "满池")),
    # 50 String bets
    ("string bet", ("went back", "back for more", "reached back", "added more chips",
                    "two trips", "second motion", "extra chips after", "stringy")),
    ("拖拉下注", ("又回去拿", "回去拿", "又加了", "又推了", "再拿筹码", "两次推")),
    # 51 Unclear bets
    ("unclear bet", ("said five", "said 5", "said bet 5", "five or five hundred",
                     "500 or 5000", "didnt say how much", "unclear", "ambiguous", "vague")),
    ("不明确下注", ("说不清", "不清楚", "没说清", "模糊")),
    # 52 Non-standard folds
    ("non-standard fold", ("folded when he could check", "folded to a check", "folded for free",
                           "open folded", "folded with no bet", "folded when checked",
                           "could have checked", "free card fold")),
    ("不规范弃牌", ("没人下注他就扔", "没人下注就弃", "能过牌却弃", "可以过牌却弃", "免费弃牌",
               "没人下注弃牌", "不下注就弃牌")),
    # 53 Conditional statements
    ("conditional statement", ("if you bet", "if you raise", "if you call", "if you go all in",
                               "if you shove", "ill raise", "ill call", "ill fold", "i raise if",
                               "i call if", "i fold if", "if he bets")),
    ("条件性宣告", ("你下注我就", "你下我就", "你加我就", "你跟我就", "你全下我就", "如果你")),
    # 54 Counting chips
    ("count opponent", ("how much do you have", "how much you got", "how much is that",
                        "how much behind", "count him", "count down", "stack count",
                        "how many chips")),
    ("点算筹码", ("还剩多少", "剩多少", "有多少", "多少筹码", "数一下", "点一下")),
    # 55 Betting for change
    ("betting for change", ("wanted change", "wants change", "change back", "get change", "gimme change")),
    ("找零", ("找钱", "找回", "找他", "退他")),
    # 56 Hidden chips after all-in
    ("chips found later", ("found a", "found chips under", "found more chips", "found more",
                           "extra chips after all in", "more chips behind", "under his cards",
                           "under cards")),
    ("后来发现的筹码", ("手底下还有", "底下还有", "后面还有", "还藏着", "又发现", "还有筹码")),
    # 57 Chips out of view
    ("chips in pocket", ("rathole", "ratholed", "ratholing", "rat hole", "rat holed",
                         "pocketed", "pocketing", "in his pocket", "took chips away",
                         "took chips off the table", "chips leave the table", "took chips with him")),
    ("口袋里的筹码", ("口袋", "揣兜", "兜里", "带走筹码", "拿走筹码")),
    # 58 Lost and found
    ("lost and found", ("whose chip", "whose chips", "chip on the ground", "on the ground",
                        "dropped a chip", "chip fell", "found on the floor")),
    ("捡到筹码", ("地上有", "掉在地上的筹码", "地上的筹码", "谁的筹码", "筹码掉了", "掉地上")),
    # 59 Killed hands
    ("killed hand", ("grabbed my cards", "took my cards", "took my hand", "scooped my hand",
                     "dealer took his cards", "dealer mucked", "mucked by accident", "by mistake")),
    ("误收手牌", ("被荷官收", "牌被收了", "把我的牌收", "荷官拿走", "收了我的牌")),
    # 60 Stud folds
    ("stud fold", ("fold in stud", "folding in stud", "upcard", "door card")),
    # 61 No disclosure / one player to a hand
    ("one player to a hand", ("railbird", "rail bird", "rail", "sweat", "sweating", "his buddy",
                              "his friend", "wife", "girlfriend", "telling him what to do",
                              "giving advice", "helping him", "backseat", "what he folded",
                              "what i folded", "talking about the hand", "tells what")),
    ("不得透露", ("教他", "指导", "旁边的人", "朋友", "告诉别人", "说出来", "讲他弃了", "弃了什么",
              "场外", "观众", "支招")),
    # 62 Exposing cards
    ("exposing cards", ("showing his cards", "showed his cards", "shows his cards", "flashing",
                        "flashed his", "showing one card", "show one card", "showed a card",
                        "show his neighbor", "to his neighbor", "peeking", "let him see")),
    ("露牌", ("亮给", "给别人看", "给旁边", "被别人看到", "被看到", "让人看", "偷看")),
    # 63 Ethical play
    ("collusion", ("team up", "teamed up", "teaming up", "working together", "partner",
                   "partners", "signals", "signaling", "dumping chips", "dumped chips",
                   "check it down", "checking it down")),
    ("串通", ("合伙", "联手", "打配合", "做局", "暗号", "互相不打", "过牌到底", "送码")),
    # 64 Etiquette
    ("abusive language", ("swearing", "swore", "swear", "cussing", "cussed", "cursing",
                          "cursed", "f word", "fword", "insulted", "insulting", "yelling",
                          "yelled", "screaming", "shouting", "berating", "trash talk",
                          "trashtalk", "needling", "mocking", "threatened", "threatening",
                          "drunk", "nasty", "angry", "cussing out")),
    ("辱骂", ("骂", "爆粗", "粗口", "吵架", "大喊", "大叫", "吼", "威胁", "喝醉",
            "嘲讽", "羞辱", "发火", "摔东西")),
    # 65 Penalties
    ("penalty", ("punish", "punished", "penalize", "penalise", "penalized", "sit him out",
                 "sit out a round", "one orbit", "an orbit", "orbit", "kick him out",
                 "throw him out", "ban", "banned", "dq him", "disqualify", "threw his cards",
                 "threw cards at", "tossed his cards", "tossed cards", "fired his cards", "slammed")),
    ("处罚", ("罚", "罚他", "罚一圈", "停一圈", "赶出去", "踢出", "罚多久",
            "扔牌罚", "砸牌", "摔牌", "丢牌")),
    # RP-1 All-in button
    ("all-in button", ("all in chip", "allin sign", "shove button")),
    # Going all in, in the floor's words (a rule about all-ins then matches "allin").
    ("all in", ("shove", "shoving", "jam", "jammed", "jamming", "ship it", "shipped it",
                "push all", "pushed all", "went all", "goes all")),
    # RP-2 Bringing in bets
    ("bringing in bets", ("pull in the bets", "dealer pulled the chips", "collect the chips",
                          "dealer scooping")),
    # RP-3 Personal items
    ("personal items", ("bag", "purse", "jacket", "coat", "drinks", "drink", "cup", "food",
                        "sunglasses", "card protector", "stuff on the table", "rail seat")),
    ("个人物品", ("包包", "背包放", "包放", "外套", "衣服", "饮料", "杯子", "吃的", "东西放", "水杯")),
    # RP-4 Dropped stub
    ("dropped deck", ("dropped the stub", "dropped the deck", "dropped the cards", "stub fell",
                      "deck fell", "cards fell on the floor", "spilled the deck")),
    ("牌堆掉落", ("剩下的牌掉", "牌掉了", "牌掉地上", "牌堆掉", "牌撒了", "牌散了")),
    # RP-5 Premature cards
    ("premature card", ("burned and turned", "burn and turn", "dealt the flop early",
                        "flop early", "turn early", "river early", "came out early",
                        "too early", "before the action was done", "before action finished",
                        "before everyone acted")),
    ("过早发牌", ("发早了", "提前发", "早发", "还没行动完就发", "没说话就发")),
    # RP-6 Moving players
    ("moving players", ("slow to get to", "taking his time moving",
                        "new table slow", "moving slow", "dawdling")),
    ("迅速移桌", ("换桌太慢", "移桌慢", "换桌慢", "搬得慢", "走得慢")),
    # RP-7 Dealer rotation
    ("dealer rotation", ("push dealer", "dealer swap", "new dealer",
                         "dealer switch")),
    ("换荷官", ("荷官换人", "换个荷官")),
)
