"""Second blind tuning set (issue 25): written from blind_list.txt by an engineer who had
not read the rulebook's wording nor the first blind sets; for tuning."""

BLIND_TUNE_2_ENGLISH: list[tuple[str, str]] = [
    # one big chip, no word
    ("guy tossed a single 5k chip in facing a 2k bet and didnt say anything, now he says it was a raise", "44"),
    ("facing the open he drops one orange chip way bigger than the bet, no word. call or raise?", "44"),
    ("dealer here, seat 4 put out one 25k chip vs an 8k bet, silent, what do i do", "44"),
    ("he slid one big chip over the line preflop without saying raise and wants it to be a raise", "44"),
    # several chips, no word
    ("he pushed out a handful of chips without a word, is that a call or a raise", "45"),
    ("villain threw three chips in silently, if you take one away its still enough to call", "45"),
    ("silently put in 4 black chips facing 250, now says he only meant to call", "45"),
    # calling
    ("he just put out exactly the amount of the bet, never said call, is that a call", "40"),
    ("player said 'im in' facing a bet, does that count as calling", "40"),
    # official words and gestures
    ("he tapped the table twice when it was his turn, does a knock mean check", "3"),
    ("guy said 'im good' and 'let's go' - which words are official at the table", "3"),
    # said one amount, pushed another
    ("said 'three thousand' but pushed 5k in chips, which one stands", "36"),
    ("he announced call but threw in enough chips for a raise", "36"),
    ("dealer: player said raise to 12 but only put 10 out", "36"),
    ("what he said and what he put in dont match, whats binding, verbal or chips", "36"),
    # raise without amount
    ("he said raise and nothing else then put in one chip", "41"),
    ("player says 'raise' but never says how much, what's the raise", "41"),
    ("how do you make a legal raise, say it or put it all out at once?", "41"),
    # string bet
    ("string bet! he put some chips in then reached back for more", "50"),
    ("dude pushed half his stack then went back and added more without ever saying raise", "50"),
    ("put in the call then reached back to his stack and added a raise, no verbal", "50"),
    ("stringing chips in, two motions, floor pls", "50"),
    # undercall
    ("facing 10k he put out 4k, says he didnt see the bet", "38"),
    ("guy called short, put in less than the bet, does he have to make it a full call", "38"),
    ("undercall on the river, the bet was way bigger than he thought", "38"),
    # unclear amount
    ("he said 'five' facing a 1500 bet, five hundred or five thousand??", "51"),
    ("player said 'bet two', 200 or 2000? he has both", "51"),
    ("ambiguous bet, he said 'one' and pushed nothing, blinds are 500/1000", "51"),
    # min raise
    ("whats the min click here, blinds 1k/2k, someone bet 5k", "42"),
    ("he tried to raise to 7 over a bet of 4, is that enough", "42"),
    ("what's the minimum reraise after a raise and a 3bet", "42"),
    ("his raise is short of the minimum, what happens to it", "42"),
    # short all-in, reopening
    ("short stack jams for a tiny bit more than the bet, can the original bettor reraise?", "43"),
    ("all in for less than a full raise, does the action reopen for the guy who already acted", "43"),
    ("guy went all in for 1500 over a 1000 bet, i already called, can i re-raise now", "43"),
    ("incomplete raise all-in, who gets to raise again", "43"),
    # betting for change
    ("player puts in a 5000 chip and says he needs change facing a 1000 bet", "55"),
    ("he bet a big chip and asked for change before saying call, opponent says its a raise", "55"),
    # conditional
    ("he said 'if you bet i'll raise' before it was his turn", "53"),
    ("guy says 'whatever you do im calling'", "53"),
    ("on the river he says if u check i check", "53"),
    # dealer wrong count
    ("dealer said the bet was 4k but it was 6k, guy called 4k", "48"),
    ("i asked the dealer how much it was, dealer told me wrong, i called because of that", "48"),
    ("player shoved based on a wrong count from the dealer, does it stand", "48"),
    # earlier bet still in front
    ("his first bet is still sitting in front of him, he pushes more chips, call or raise", "46"),
    ("dealer hadnt pulled in the earlier bet and the player tossed one chip on top of it", "46"),
    # pot limit
    ("PLO, how much can he pot here", "49"),
    ("pot limit omaha, he says 'pot', what's the max he can bet", "49"),
    # number of raises
    ("limit game, is there a cap on how many raises", "47"),
    ("fixed limit heads up, can they keep raising forever?", "47"),
    # chips found after all in
    ("all in was called and then we found a 5k chip behind his drink", "56"),
    ("he shoved, got called, then there were a couple more chips under his cards", "56"),
    # out of turn
    ("guy folded out of turn before utg even acted", "39"),
    ("seat 7 said call when it was seat 5's turn", "39"),
    ("OOT check, is it binding?", "39"),
    ("he acted out of turn and then the guy before him raised, does his action stand", "39"),
    # skipped player
    ("dealer skipped seat 3 and three ppl acted after, seat 3 didnt notice", "39-B"),
    ("player got skipped and then everyone behind him acted, what now", "39-B"),
    ("action went right past the button to the blinds, button never acted", "39-B"),
    # chips out of turn
    ("he put his chips in before it was his turn", "39-C"),
    ("chips pushed out of turn, can he take them back?", "39-C"),
    # acting before amount clear
    ("guy called before the dealer even counted the shove", "37"),
    ("he folded while the bettor was still counting out his chips", "37"),
    # non-standard fold
    ("he folded when it was checked to him", "52"),
    ("mucked with no bet in front of him, he was first to act", "52"),
    # misdeal
    ("dealer flashed the first card off the deck on the deal", "33"),
    ("two cards exposed during the deal, redeal?", "33"),
    ("dealer started dealing from the wrong seat, button was wrong", "33"),
    ("a hand got dealt to an empty seat", "33"),
    # substantial action
    ("three guys already acted when we saw he only had one card, still a misdeal?", "34"),
    ("misdeal found after two people put money in", "34"),
    # four card flop
    ("dealer put out 4 cards on the flop", "35"),
    ("the flop came with an extra card", "35"),
    # premature cards
    ("dealer burned and turned before the action was done on the flop", "RP-5"),
    ("river got dealt before the last guy acted on the turn", "RP-5"),
    # stub
    ("dealer dropped the deck on the floor mid hand", "RP-4"),
    ("stub got knocked over and the cards are all mixed up", "RP-4"),
    # exposed with action pending
    ("he flashed his hand to the guy next to him mid hand", "62"),
    ("player showed his cards while someone was still deciding", "62"),
    ("guy folded face up with two players still in the hand", "62"),
    # stud
    ("in stud he flipped his upcards face down, is that a fold", "60"),
    # cards speak
    ("he said i got two pair, turns out he had a wheel", "11"),
    ("he miscalled his hand at showdown, said flush, didnt have it", "11"),
    ("guy announced the wrong hand and the other guy mucked because of it", "11"),
    # showdown order
    ("who has to show first on the river", "15"),
    ("nobody wants to turn their cards over at showdown", "15"),
    ("last aggressor shows first?", "15"),
    # all-in face up
    ("both all in, do they have to flip their cards now", "14"),
    ("all in and call, one guy doesnt want to show before the runout", "14"),
    ("everyone's all in, turn em up?", "14"),
    # asking to see
    ("can i ask to see the called hand that got mucked", "16"),
    ("he wants to see my cards even though i mucked after he showed", "16"),
    # live cards at showdown
    ("he pushed his cards face down toward the dealer then grabbed them back to show", "13"),
    ("his cards touched the muck but the dealer can still tell which ones they are", "13"),
    # tabling / winning hand mucked
    ("winners hand got scooped before he tabled it", "12"),
    ("he tabled his hand then the dealer mucked it, he had the nuts", "12"),
    ("do you have to turn both cards up to win the pot?", "12"),
    # dealer killed hand
    ("dealer killed my hand by mistake while i was still in", "59"),
    ("dealer accidentally pulled in a live hand", "59"),
    # playing the board
    ("playing the board, do i need to show both cards", "17"),
    ("board is a straight, he just said i play the board", "17"),
    # odd chip
    ("chop with one leftover chip, who gets it", "18"),
    ("split pot odd chip hi lo", "18"),
    # side pots
    ("three players all in with different stacks, how do the side pots work", "19"),
    ("short stack all in, the two big stacks keep betting", "19"),
    ("someone won the side pot but lost the main, who gets what", "19"),
    # disputed pot
    ("dealer pushed the pot to the wrong guy and the next hand already started", "20"),
    ("pot dispute after the chips were already stacked", "20"),
    # at seat
    ("he wasnt at his seat when the last card went to the button", "28"),
    ("player came back from the bar after the deal, is his hand dead", "28"),
    # walked away
    ("guy got up and went to the bathroom while facing a bet", "29"),
    ("player leaves the table with his hand still live", "29"),
    # phones
    ("he's on his phone during the hand", "4"),
    ("headphones on while hes in a pot, allowed?", "4"),
    ("texting at the table while the action is on him", "4"),
    # language
    ("two players talking russian during the hand", "5"),
    ("english only at the table?", "5"),
    # chips visible
    ("he hides his big chips behind his stack", "23"),
    ("stack is a mess, cant count it", "23"),
    ("high denomination chips have to be in front?", "23"),
    # count
    ("can i ask for a count of his stack", "54"),
    ("asked the dealer how much he has behind", "54"),
    # chips off table
    ("he pocketed some tournament chips", "57"),
    ("ratholing chips into his jacket", "57"),
    # chip found
    ("found a 1000 chip on the floor under the table", "58"),
    # personal items
    ("a backpack and two beers on the felt", "RP-3"),
    # soft play
    ("those two buddies check it down every time theyre heads up, smells like soft play", "63"),
    ("soft play, checked it down with the nuts against his buddy", "63"),
    ("i think they're chip dumping", "63"),
    # coaching, one player to a hand
    ("his girlfriend is behind him telling him what to do", "61"),
    ("guy on the rail is coaching", "61"),
    ("players discussing the hand while its live, one said 'i folded a king'", "61"),
    # etiquette
    ("player keeps swearing at the dealer", "64"),
    ("he slow rolled the nuts", "64"),
    ("he's berating another player after every hand", "64"),
    # penalties
    ("he threw his cards at the dealer", "65"),
    ("how long is the penalty for throwing chips", "65"),
    ("third warning, can i DQ him", "65"),
    ("give him a one round penalty?", "65"),
    # floor decisions
    ("the rule says one thing but it'd be unfair here", "1"),
    ("is the floor's decision final?", "1"),
    # player responsibilities
    ("whose job is it to protect your hand and know when its your turn", "2"),
    # clock
    ("call the clock on this guy", "26"),
    ("he's been tanking for 3 minutes", "26"),
    ("how long do players get once the clock is called", "26"),
    ("he tanks every single hand, even preflop folds", "26"),
    # level change
    ("blinds went up during the hand, what are the blinds next hand", "21"),
    ("the level ended mid-hand", "21"),
    # color up
    ("color up, he has 3 odd 25 chips", "22"),
    ("can the chip race knock someone out?", "22"),
    # rebuy
    ("can i rebuy now", "25"),
    # deck change
    ("player wants a new deck after losing three hands", "24"),
    # rabbit
    ("can we see what the river would have been", "27"),
    # dealer push
    ("dealer push 5 mins before break", "RP-7"),
    # seating
    ("he's been sitting in the wrong seat for three hands", "6"),
    ("seat card says 4 but he sat down in 6", "6"),
    ("late reg player, where does he get dealt in", "7"),
    ("re-entry seat assignment", "7"),
    ("we're breaking table 12, how do the players get moved", "9"),
    ("breaking a table, new seat from a predetermined card?", "9-B"),
    ("table 3 has 6 players and table 5 has 9", "9-C"),
    ("who moves when balancing tables", "9-C"),
    ("big blind busted last hand, where does the button go now", "30"),
    ("dead button?", "30"),
    ("moved from a broken table and wants to sit out the blinds", "31"),
    ("heads up now, who posts the small blind", "32"),
    ("HORSE: what happens to the button during the stud round", "9-A"),
    ("how many players at the final table", "10"),
    ("moved player is taking his sweet time getting to the new table", "RP-6"),
    ("wheelchair user needs an end seat", "8"),
    # all-in button, bringing in bets
    ("where is the all in marker for this guy", "RP-1"),
    ("dealer should pull in the bets at the end of each round?", "RP-2"),
]

BLIND_TUNE_2_CHINESE: list[tuple[str, str]] = [
    ("他一句话没说扔了一个大码进来，对面下注才两千", "44"),
    ("面对加注他直接丢了一个5000的筹码，没出声，算跟还是算加", "44"),
    ("荷官：3号位推了一个大额码不说话，怎么判", "44"),
    ("他一声不吭推了一堆筹码出来，是跟注还是加注", "45"),
    ("没说话扔了四个黑码，他说只是想跟", "45"),
    ("敲桌子算过牌吗", "3"),
    ("他嘴上说跟，手上推的是加注的量", "36"),
    ("喊了三千，结果推出去五千的码，按哪个算", "36"),
    ("说了加注但是没说加多少", "41"),
    ("只喊了一声raise就停了", "41"),
    ("拖拉下注，先推一点又回去拿", "50"),
    ("他分两次推码，中间没说加注", "50"),
    ("跟注不够，对面下了一万他只放了四千", "38"),
    ("他没看清下注额，推少了", "38"),
    ("他说“五”，到底是五百还是五千", "51"),
    ("说了个数字不清楚，算多少", "51"),
    ("最小加注是多少，盲注1000/2000，前面下了5000", "42"),
    ("min raise不够怎么办", "42"),
    ("短码梭哈不够一个完整加注，前面跟过的人还能再加吗", "43"),
    ("全下金额不足一个加注，行动重新开放吗", "43"),
    ("他推个大码说要找零", "55"),
    ("他说你过牌我就过牌", "53"),
    ("还没轮到他就说“你下我就加”", "53"),
    ("荷官报错了下注额，他按荷官说的跟了", "48"),
    ("之前下的码还在他前面没收，他又丢了一个码", "46"),
    ("底池限注最多能下多少，PLO", "49"),
    ("限注局最多能加几次", "47"),
    ("梭哈被跟了之后发现他杯子后面还有一个码", "56"),
    ("还没轮到他就弃牌了", "39"),
    ("抢先行动，3号还没说话7号就跟了", "39"),
    ("荷官跳过了一个人，后面已经有三个人行动了", "39-B"),
    ("有人被跳过了，怎么办", "39-B"),
    ("没轮到他就把码推出去了", "39-C"),
    ("下注额还没数清楚他就跟了", "37"),
    ("没人下注他就盖牌了", "52"),
    ("发牌时第一张牌翻开了", "33"),
    ("荷官发牌露了两张", "33"),
    ("已经好几个人行动了才发现发错牌，还算误发吗", "34"),
    ("flop出来四张牌，荷官多翻了一张", "35"),
    ("转牌发早了，还有人没行动", "RP-5"),
    ("荷官把牌堆掉地上了", "RP-4"),
    ("他在还有人没行动的时候亮牌给旁边的人看", "62"),
    ("七张梭哈里他把明牌翻过去了，算弃牌吗", "60"),
    ("他报了两对，其实是顺子", "11"),
    ("河牌check check，谁先开牌", "15"),
    ("都梭哈了，要开牌吗", "14"),
    ("全下了必须马上秀牌吗", "14"),
    ("我想看他被跟注的那手牌", "16"),
    ("他盖牌推出去又拿回来想亮", "13"),
    ("赢家还没亮牌，荷官就把牌收了", "12"),
    ("荷官误收了我的牌，我还在局里", "59"),
    ("牌面就是顺子，他说play the board，手牌要不要开", "17"),
    ("chop的时候多了一个25的码，给谁", "18"),
    ("三个人都all in了，码量都不一样，side pot怎么算", "19"),
    ("荷官把pot推给输的那个了，已经开始发下一手", "20"),
    ("发完牌他人还在吧台，这手牌还算吗", "28"),
    ("面对下注他起身去厕所了", "29"),
    ("他在牌局里一边打电话一边看牌", "4"),
    ("两个人牌局中讲粤语，其他人听不懂", "5"),
    ("他把大码藏在后面，看不清有多少", "23"),
    ("他all in了多少，叫荷官数一下", "54"),
    ("他把几个大码揣兜里去抽烟了", "57"),
    ("保洁在椅子下面捡到一个1000的码", "58"),
    ("他把书包和奶茶都放在桌上", "RP-3"),
    ("这两个是一起来的，对上了就check到底，明显在放水", "63"),
    ("他女朋友在后面教他打", "61"),
    ("他一直骂荷官", "64"),
    ("慢摊牌，拿着坚果半天不开", "64"),
    ("他摔牌扔筹码，罚多久", "65"),
    ("规则是这么写的，但这么判对他不公平，floor能不能变通", "1"),
    ("他拖时间，叫计时", "26"),
    ("这手牌打到一半时间到了，下一手盲注按哪个级别", "21"),
    ("要colour up了，剩下的25小码怎么比", "22"),
    ("刚输光了，还能再买一次吗", "25"),
    ("连输几手，他说这副牌不吉利要换", "24"),
    ("牌都结束了他非要荷官翻一下river看看", "27"),
    ("还有五分钟break，荷官还要push吗", "RP-7"),
    ("他坐了三手才发现不是他的座位", "6"),
    ("late reg的新玩家给他安排哪个位子", "7"),
    ("12号桌要拆了，这些人怎么安排", "9"),
    ("拆桌的人抽座位卡去新桌可以吗", "9-B"),
    ("3号桌只剩6个人，5号桌坐满9个，要不要移人", "9-C"),
    ("大盲出局了，按钮怎么走", "30"),
    ("他换桌故意拖着，等大盲过去再坐下", "31"),
    ("只剩两个人了，button下大盲还是小盲", "32"),
    ("混合游戏打stud的时候按钮怎么办", "9-A"),
    ("final table坐几个人，9个还是10个", "10"),
    ("叫他换桌，他还在那慢慢装码聊天", "RP-6"),
    ("有个坐轮椅的玩家，能给他靠边的位子吗", "8"),
    ("荷官，他跟住了还是加住了？就扔了一个大马", "44"),
    ("他跟对面讲：你check我也check，这种话算数吗", "53"),
    ("他shove了，被call，然后不肯亮牌", "14"),
    ("那人又在拖时间，每手都想半天", "26"),
    ("他盖牌的时候把牌亮给下家看了", "62"),
    ("slow roll，人家all in他跟了半天才秀牌", "64"),
    ("骂人了，说荷官是衰神", "64"),
    ("刚才那手明明是我赢，荷官把我的牌混进废牌堆了", "12"),
    ("他看牌的时候手机放在桌上一直在响还在回微信", "4"),
    ("旁边观众一直在说他应该弃牌", "61"),
]
