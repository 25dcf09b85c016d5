"""Blind tuning set 11 (issue 25): written from blind_list.txt by an engineer who had not
read the rulebook's wording nor any other search set; for tuning. Floor staff thumbing a rules
tool on a phone in a hurry (fragments, typos, shorthand) and a director's training quiz for new
floor staff ("What do you rule when ..."; 如果……应该怎么判)."""

BLIND_TUNE_11_ENGLISH: list[tuple[str, str]] = [
    # 1 floor decisions
    ("rule says one thing but its clearly unfair, can i override", "1"),
    ("What do you rule when following the book word for word gives an obviously unfair result?", "1"),
    ("td ovrrule written rule best interest of game", "1"),
    # 2 player responsibilities
    ("player didnt protect his hand, whose fault", "2"),
    ("guy says nobody told him action was on him, wasnt paying attn", "2"),
    ("What do you rule when a player complains his seat and chip count were wrong on the registration slip he never checked?", "2"),
    # 3 official terms and gestures
    ("tapped table twice is that a check", "3"),
    ("player said bump it, real raise word?", "3"),
    ("local slang word for call, does it count", "3"),
    # 4 phones
    ("guy on phone w live cards", "4"),
    ("earbuds in during hand allowed??", "4"),
    ("player facetiming at table in a hand", "4"),
    ("What do you rule when a player takes a call at the table while he still has cards?", "4"),
    # 5 official language
    ("2 players talkin spanish mid hand", "5"),
    ("english only at table? guys chatting mandarin during hand", "5"),
    # 6 seating
    ("player sat wrong seat played 3 hnds", "6"),
    ("seat card says 4 hes in 6", "6"),
    ("What do you rule when a player is found in the wrong seat after several hands?", "6"),
    # 7 late reg, alternates, re-entries
    ("late reg guy where to seat him", "7"),
    ("reentry gets new random seat or same tbl", "7"),
    ("alternate list who gets next open seat", "7"),
    # 8 special needs
    ("wheelchair player needs end seat", "8"),
    ("player bad eyesight wants seat next to dealer", "8"),
    # 9 breaking tables
    ("tbl breaking how do i reseat ppl", "9"),
    ("broken table players new seats random?", "9"),
    ("What do you rule when players from a broken table draw seats and one lands straight in the big blind?", "9"),
    # 9-A mixed games, button in stud
    ("horse game button during stud round", "9-A"),
    ("8 game where does button go after razz stud", "9-A"),
    # 9-B which table breaks
    ("which table breaks next, set order?", "9-B"),
    ("who decides break order for tables", "9-B"),
    # 9-C balancing
    ("tbl 3 has 6 ppl tbl 5 has 9 move who", "9-C"),
    ("balancing which player moves, the one in bb?", "9-C"),
    ("What do you rule when two tables are three players apart and nobody has balanced them?", "9-C"),
    # 10 final table
    ("how many at final table 9 or 10", "10"),
    ("ft 8 handed or 9 handed", "10"),
    # 11 cards speak
    ("said 2 pair actualy had straight", "11"),
    ("player misread hand didnt see his flush", "11"),
    ("announced wrong hand at sd who wins", "11"),
    ("What do you rule when a player calls his hand as one pair but his cards make a full house?", "11"),
    # 12 tabling cards, killing winning hands
    ("winner mucked before dealer read em", "12"),
    ("dealer pushed pot before both cards tabled", "12"),
    ("showed 1 card at sd then mucked, still win?", "12"),
    ("must u show both cards to take the pot", "12"),
    # 13 live cards at showdown
    ("slid cards facedown to dealer then wants em back", "13"),
    ("cards pushed in but not in muck yet still live?", "13"),
    ("What do you rule when a player pushes his cards face down at showdown, they haven't touched the muck, and he now wants to turn them over?", "13"),
    # 14 face up for all-ins
    ("allin called, player wont flip", "14"),
    ("all in no more betting both hands face up?", "14"),
    ("player refuses turn hand up allin before river", "14"),
    ("What do you rule when betting is over with one player all in and his opponent keeps his cards face down?", "14"),
    # 15 showdown order
    ("who shows first river no bet", "15"),
    ("last aggressor show first?", "15"),
    ("river checked around who flips frst", "15"),
    ("What do you rule when the river is bet and called and both players wait for the other to show?", "15"),
    # 16 asking to see a hand
    ("can i see the called hand he mucked", "16"),
    ("player asks see losers cards after river", "16"),
    ("guy keeps asking to see every hand he lost, abuse?", "16"),
    # 17 playing the board
    ("playing the board still gotta show?", "17"),
    ("board plays, he threw cards away, still chop?", "17"),
    # 18 odd chips
    ("split pot odd chip who gets it", "18"),
    ("chop leftover 25 chip", "18"),
    ("What do you rule when a pot is split two ways and one small chip is left over?", "18"),
    # 19 side pots
    ("3 way allin side pot calc", "19"),
    ("short stack eligible for which pot", "19"),
    ("two all ins diff stacks how to split pots", "19"),
    ("main pot vs side pot who wins what", "19"),
    # 20 disputed pots
    ("pot pushed to wrong guy, already stacked it", "20"),
    ("dealer gave pot to wrong player next hand started", "20"),
    ("how long can a player argue pot after", "20"),
    # 21 new hand and new level
    ("lvl went up mid hand which blinds", "21"),
    ("clock hit zero during shuffle, new blinds?", "21"),
    ("when does new hand begin, first riffle?", "21"),
    # 22 chip race and color-up
    ("color up race off 25s", "22"),
    ("chip race player with odd chips", "22"),
    ("What do you rule when the race off could knock out a player who has only one small chip?", "22"),
    # 23 chips visible and countable
    ("big chips hidden behind stack", "23"),
    ("stacks messy cant count em", "23"),
    ("yellow chips buried under reds", "23"),
    # 24 deck changes
    ("player wants new deck bad luck", "24"),
    ("guy lost 3 flips in a row demands fresh cards", "24"),
    # 25 rebuys
    ("can he rebuy while hes still got chips in a hand", "25"),
    ("addon player forgot to take, too late?", "25"),
    # 26 clock
    ("guy tanking 3 min call clock", "26"),
    ("how long is clock countdown", "26"),
    ("who can call time on a tanker", "26"),
    ("clock called time runs out what happens", "26"),
    ("What do you rule when a player tanks on every street and the table wants the clock?", "26"),
    # 27 rabbit hunting
    ("show me what the next card woulda been", "27"),
    ("rabit hunt after fold ok?", "27"),
    # 28 at your seat
    ("not in seat when dealt, hand dead?", "28"),
    ("player back from bathroom cards already out", "28"),
    ("must he be in his chair when last card dealt", "28"),
    # 29 stay at the table
    ("player walked away mid hand w live cards", "29"),
    ("left table still in hand action pending", "29"),
    # 30 dead button
    ("bb busted last hand where button go", "30"),
    ("bb n sb both busted same hand, button placement", "30"),
    ("sb busted does button move twice", "30"),
    # 31 dodging blinds
    ("moved tables and skipped bb on purpose", "31"),
    ("player stalling at new table to avoid blind", "31"),
    ("What do you rule when a player keeps missing his blind by wandering off right before it reaches him?", "31"),
    # 32 heads-up button
    ("going heads up who has button", "32"),
    ("hu button bb sb order", "32"),
    # 33 misdeals
    ("first card dealt face up misdeal?", "33"),
    ("2 cards flashed on the deal", "33"),
    ("dealer skipped a seat pitching cards", "33"),
    ("dealt wrong number of cards", "33"),
    ("What do you rule when the dealer exposes the button's first card on the deal?", "33"),
    # 34 substantial action
    ("misdeal found after 3 players acted still misdeal?", "34"),
    ("seat 1 got 3 cards, utg raised n mp called, redeal?", "34"),
    ("dealer pitched a card to empty seat, noticed after 2 players bet", "34"),
    # 35 four-card flop
    ("dealer flopped 4 cards", "35"),
    ("4 card flop how fix", "35"),
    ("What do you rule when the dealer spreads four cards on the flop?", "35"),
    # 36 verbal and chip wagers
    ("said 500 pushed 1000", "36"),
    ("verbal vs chips which counts", "36"),
    ("called out 2k but put only 1k chips", "36"),
    ("said 1200 then dumped a whole stack", "36"),
    ("player said raise 3k then bet less", "36"),
    ("What do you rule when a player says 'three thousand' but puts out five thousand?", "36"),
    # 37 acting in turn
    ("acted before the bet was clear", "37"),
    ("player folded before bet amt known", "37"),
    ("he called before i said how much", "37"),
    # 38 binding declarations and undercalls
    ("said call but put in short amt", "38"),
    ("undercall facing allin", "38"),
    ("threw 1 chip facing big bet not enough", "38"),
    ("said call then only slid half the chips in", "38"),
    ("What do you rule when a player facing a 5,000 bet puts out 2,000 and says nothing?", "38"),
    # 39 action out of turn
    ("acted out of turn binding?", "39"),
    ("oot fold before action gets there", "39"),
    ("guy checkd oot then someone bets", "39"),
    ("out of turn raise then action changes", "39"),
    ("player folds out of turn penalty", "39"),
    ("What do you rule when a player bets out of turn and the player before him then checks?", "39"),
    # 39-B skipped player
    ("dealer skipped a player during action", "39-B"),
    ("player got skipped, 2 guys acted after", "39-B"),
    ("skipped seat others acted what now", "39-B"),
    # 39-C chips out of turn
    ("chips pushed out of turn then bet in front", "39-C"),
    ("oot chips in front stay in?", "39-C"),
    ("threw chips in before his turn", "39-C"),
    # 40 methods of calling
    ("said call, just pushed 1 chip", "40"),
    ("how to call properly, verbal or chips", "40"),
    ("silent chip slide = call?", "40"),
    # 41 methods of raising
    ("said raise no amount", "41"),
    ("said raise then went back for chips", "41"),
    ("said raise but only call amt in", "41"),
    ("What do you rule when a player says 'raise' and then puts out only one chip?", "41"),
    # 42 minimum raise
    ("min raise amt after a raise", "42"),
    ("min click how much", "42"),
    ("raise to 2.5k after 1k bet legal?", "42"),
    ("min 4bet after a 3bet to 3k from 1k open", "42"),
    ("What do you rule when a raise comes up short of the minimum?", "42"),
    # 43 re-opening the bet
    ("short allin reopens betting?", "43"),
    ("can i reraise after short allin", "43"),
    ("half raise allin reopen?", "43"),
    ("What do you rule when a player calls, an all-in for less than a full raise comes behind, and the action returns to him?", "43"),
    # 44 oversized chip
    ("one big chip no word facing raise", "44"),
    ("single 5k chip slid no word facing bet", "44"),
    ("oversize chip first bet counts as?", "44"),
    ("dropped one black chip facing a bet said nothin", "44"),
    ("big chip tossed preflop silent", "44"),
    ("1 orange chip over the line after raise, says he meant raise", "44"),
    ("What do you rule when a player facing a bet puts in one large chip and says nothing?", "44"),
    # 45 multiple-chip wagers
    ("threw multiple chips no word", "45"),
    ("several chips in one motion call or raise", "45"),
    ("bunch of chips facing bet, half rule", "45"),
    ("What do you rule when a player silently puts out several chips that come to more than the call?", "45"),
    # 46 prior-bet chips not pulled in
    ("his earlier bet still in front, raised, does it count", "46"),
    ("chips from prior bet not collected, 1 chip added", "46"),
    ("prior chips in front plus oversize chip", "46"),
    # 47 number of raises
    ("raise cap limit game", "47"),
    ("limit holdem 4th raise, is it capped", "47"),
    # 48 accepted action
    ("dealer said wrong bet size i called", "48"),
    ("dealer said 2k it was 5k", "48"),
    ("asked count got wrong number then called", "48"),
    ("What do you rule when the dealer gives a wrong count and a player acts on it?", "48"),
    # 49 pot limit
    ("plo max bet pot", "49"),
    ("pot size bet how calc", "49"),
    ("pot limit raise pot how much", "49"),
    # 50 string bets
    ("string bet went back twice", "50"),
    ("stringy raise no announce", "50"),
    ("2 motions chips", "50"),
    ("pushed chips forward then added more", "50"),
    ("What do you rule when a player pushes a stack forward and then reaches back for more?", "50"),
    # 51 unclear bets
    ("said five, 500 or 5k?", "51"),
    ("said 'two' unclear amt", "51"),
    ("said 'ten' blinds 500 1000", "51"),
    ("What do you rule when a player says 'fifteen' and the blinds are 100-200?", "51"),
    # 52 non-standard folds
    ("first to act on river just mucked, nobody bet", "52"),
    ("folds facing a check", "52"),
    ("mucked cards when he could check", "52"),
    # 53 conditional statements
    ("if you bet i raise", "53"),
    ("he goes if u check ill check too, binding?", "53"),
    ("'if u shove im calling' said before action, hold him to it?", "53"),
    # 54 counting an opponent's chips
    ("can i ask for a count", "54"),
    ("how much does he have behind", "54"),
    ("player wants exact count of allin stack", "54"),
    # 55 betting for change
    ("betting with big chip hoping for change", "55"),
    ("threw 5k chip to make change for 2k bet", "55"),
    ("making change from pot mid hand", "55"),
    # 56 chips found after all-in
    ("allin called then found extra chip behind", "56"),
    ("hidden chip found after allin call", "56"),
    ("What do you rule when an all-in is called and a 1,000 chip turns up under his card protector?", "56"),
    # 57 chips out of view, in transport
    ("saw player slip 2 chips into his jacket", "57"),
    ("player handed chips to his gf on the rail", "57"),
    ("moving tables carried chips in pockets", "57"),
    # 58 lost and found chips
    ("found a green chip under tbl 7 whose is it", "58"),
    ("lost chips during table move", "58"),
    # 59 accidentally killed or fouled hands
    ("dealer mucked players hand by mistake", "59"),
    ("dealer killed winning hand", "59"),
    ("cards fouled mixed w muck", "59"),
    ("What do you rule when the dealer pulls a player's live hand into the muck by accident?", "59"),
    # 60 folding in stud
    ("stud player turned upcards face down", "60"),
    ("stud fold upcards flipped down", "60"),
    # 61 no disclosure; one player to a hand
    ("player talking about folded hand", "61"),
    ("rail coaching player", "61"),
    ("guy telling what he folded while hand live", "61"),
    ("two players sharing info one hand", "61"),
    # 62 exposing cards, folding properly
    ("showed cards to neighbor mid hand", "62"),
    ("player flashed cards with action pending", "62"),
    ("player flipped one of his cards up mid hand, still live?", "62"),
    ("What do you rule when a player shows his hand to the table with betting still to come?", "62"),
    # 63 ethical play
    ("soft play friends checking down", "63"),
    ("guy dumped his stack to his buddy on purpose", "63"),
    ("two friends never raise each other", "63"),
    ("What do you rule when two buddies keep checking to each other every time they're heads-up in a pot?", "63"),
    # 64 etiquette violations
    ("slow roll at sd", "64"),
    ("player swearing at dealer", "64"),
    ("abusive chat at table", "64"),
    ("splashed pot", "64"),
    ("What do you rule when a player slow rolls the nuts on the river?", "64"),
    # 65 penalties
    ("threw cards at dealer penalty", "65"),
    ("penalty length round missed", "65"),
    ("DQ for abuse", "65"),
    ("warning then penalty how many hands", "65"),
    ("What do you rule when a player throws his chips across the table after a bad beat?", "65"),
    # RP-1 all-in button
    ("allin marker button where", "RP-1"),
    ("where does dealer put the allin puck", "RP-1"),
    # RP-2 bringing in bets
    ("dealer bring in bets to pot", "RP-2"),
    ("dealer leaving bets in front til end of street, should pull in?", "RP-2"),
    # RP-3 personal items
    ("backpack n water bottle on the felt", "RP-3"),
    ("spilled beer on felt, cups allowed on table?", "RP-3"),
    # RP-4 dropped stub
    ("dealer knocked rest of deck off table, cards on floor", "RP-4"),
    ("deck stub messed up", "RP-4"),
    # RP-5 premature cards
    ("turn dealt before betting done", "RP-5"),
    ("river dealt early", "RP-5"),
    ("dealer burned n flopped while last guy still thinking", "RP-5"),
    # RP-6 moving players promptly
    ("player slow moving to new table", "RP-6"),
    ("guy moved tbls went for a smoke first, new table waiting on him", "RP-6"),
    # RP-7 dealer rotation before breaks
    ("dealer push before break", "RP-7"),
    ("new dealer sat down 2 min before break, push him or not", "RP-7"),
]

BLIND_TUNE_11_CHINESE: list[tuple[str, str]] = [
    ("如果按条文判明显不公平，应该怎么判", "1"),
    ("自己没护好牌 谁的责任", "2"),
    ("敲两下桌子 算过牌吗", "3"),
    ("手里有牌还在接电话", "4"),
    ("桌上两人一直讲粤语", "5"),
    ("坐错位子已经打了几手", "6"),
    ("迟到报名 座位咋排", "7"),
    ("轮椅玩家要靠边的位子", "8"),
    ("如果一张桌拆了，玩家的新座位应该怎么安排", "9"),
    ("混合赛打stud时按钮咋走", "9-A"),
    ("下一张拆哪桌 谁定", "9-B"),
    ("一桌6人一桌9人 移谁", "9-C"),
    ("决赛桌坐几个", "10"),
    ("喊两对结果是顺子", "11"),
    ("赢家没亮牌就丢进废牌了", "12"),
    ("牌盖着推给荷官 又想翻开", "13"),
    ("如果全下被跟注后对方不肯开牌，应该怎么判", "14"),
    ("河牌都过 谁先亮", "15"),
    ("想看输家的底牌", "16"),
    ("打公共牌还要亮吗", "17"),
    ("平分多出一个小码", "18"),
    ("如果三个人全下筹码各不相同，边池应该怎么分", "19"),
    ("荷官把池子推给了输家", "20"),
    ("打到一半涨盲了", "21"),
    ("小码比码 怎么比", "22"),
    ("大码藏在后面看不见", "23"),
    ("手气差 要换副牌", "24"),
    ("牌局中能重购吗", "25"),
    ("他想了三分钟 叫钟", "26"),
    ("弃牌后想看下一张", "27"),
    ("如果发完牌时玩家还没回到座位，这手牌应该怎么判", "28"),
    ("牌没打完人走了", "29"),
    ("大盲出局 按钮咋走", "30"),
    ("换桌故意躲大盲", "31"),
    ("剩两人 谁拿按钮", "32"),
    ("发牌翻了一张", "33"),
    ("如果三个人已经行动才发现发错牌，还算误发吗", "34"),
    ("翻牌多发一张", "35"),
    ("嘴说五百 推了一千", "36"),
    ("还没报数他就跟了", "37"),
    ("说跟 推的不够", "38"),
    ("还没到他就弃了", "39"),
    ("荷官漏了一个人 后面都动了", "39-B"),
    ("没轮到先把码推出来", "39-C"),
    ("如果玩家只说了一声“跟”但没推筹码，应该怎么判", "40"),
    ("喊加 没报数", "41"),
    ("再加最少加多少", "42"),
    ("短码allin后还能反加吗", "43"),
    ("面对下注丢一个大码不吭声", "44"),
    ("一把码推出来不说话", "45"),
    ("前注没收 又扔一个码", "46"),
    ("限注加几次封顶", "47"),
    ("如果荷官报错了下注额，玩家按错的数跟了，应该怎么判", "48"),
    ("PLO 最多下多少", "49"),
    ("先推一摞又回去拿", "50"),
    ("说五 是五百还是五千", "51"),
    ("没人下注他弃了牌", "52"),
    ("他说你敢推我就跟", "53"),
    ("他还剩多少码 能问吗", "54"),
    ("扔大码等找零", "55"),
    ("如果全下被跟后，在护牌器下面又发现一个码，应该怎么判", "56"),
    ("筹码装兜里带走", "57"),
    ("地上捡到一个码", "58"),
    ("荷官把我的牌收了", "59"),
    ("stud 明牌扣下去了", "60"),
    ("旁边的人教他打", "61"),
    ("还有人没动 他亮牌", "62"),
    ("俩熟人一直过牌放水", "63"),
    ("骂荷官 咋处理", "64"),
    ("如果玩家输牌后把牌摔向荷官，应该怎么罚", "65"),
    ("allin牌子放哪", "RP-1"),
    ("荷官啥时候收码进池", "RP-2"),
    ("背包放牌桌上行吗", "RP-3"),
    ("剩下的牌掉地上了", "RP-4"),
    ("河牌发早了", "RP-5"),
    ("移桌的人磨磨蹭蹭", "RP-6"),
    ("快休息了还换荷官吗", "RP-7"),
]
