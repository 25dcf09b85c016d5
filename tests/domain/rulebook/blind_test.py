"""Blind test set (issue 25): never tune on it.

Written by the engineer `blindset` on 25 Nov 2026 from /work/wt/prompts/blind_list.txt alone
(the rules' numbers and titles and the situation guide's titles with the rules that decide
each), plus general poker knowledge. The writer had not read the rulebook's wording, its
worked examples, the seed data, the search code or any other query set. The queries are the
way floor staff, dealers and players describe a dispute at the table: sentences of what
happened, texts typed on a phone, slang, typos, and mixed Chinese and English. Each is labelled
with the one rule a floor person would want first. The set was written and committed before
any search ran on it, and no query was changed after a result was seen. The situations and
phrasings are different from the blind tuning set (blind_tune.py), which was written first.
"""

BLIND_TEST_ENGLISH: list[tuple[str, str]] = [
    # chips and words
    ("Blinds 200/400. Guy raises to 1200, next player silently puts out one 5000 chip. Dealer calls it a call, the raiser says its a raise.", "44"),
    ("facing 2k, he just drops a single black 10k on the felt. no talking. what is it", "44"),
    ("BB's 400 is still in front of him, someone makes it 1000 and he tosses in one 1000 chip without saying anything. call or raise to 1400?", "46"),
    ("player silently pushes four 500s when the bet is 1200, raise to 2000 or just a call", "45"),
    ("bet is 300, he cuts out a 500 and a 100 together in one motion, no word. is that a raise", "45"),
    ("He said 'two thousand' but the chips he pushed were 5000. Whats his bet", "36"),
    ("verbal beats chips? he said 'call' out loud but his hand had a raise's worth of chips going forward", "36"),
    ("guy said 'I raise' and put in one chip, its a 5k and the bet was 1k", "41"),
    ("he announced a raise, then counted out chips slowly, how much does he have to make it", "41"),
    ("string bet! he put in 1000 then went back for another handful, no raise declared", "50"),
    ("player did the hollywood thing, pushed half his chips, paused, then shoved the rest. one action or two?", "50"),
    ("bet is 3000, guy says call and only pushes 1500, claims he thought it was 1500", "38"),
    ("the guy next to me folded and his cards landed on mine, dealer says my hand is fouled now", "59"),
    ("he said all in, then tried to take it back when he saw the guy behind snap call", "38"),
    ("He bet and said 'one-five'. could be 150 or 1500, nobody at the table knows which", "51"),
    ("someone bets 600 and gets raised to 1500. what's the smallest legal reraise?", "42"),
    ("i want to make it the min raise after a 3bet, how do you count it", "42"),
    ("all in for less than a full raise, does that reopen betting for someone who already acted?", "43"),
    ("A bets 2000, B calls, C is all in for 2500. Can A re-raise now?", "43"),
    ("dude tosses in a 1000 chip vs a 250 bet and says 'change please'. is that a raise", "55"),
    ("sb says 'i'll call whatever you bet' before the button has acted. binding?", "53"),
    ("dealer counted the shove wrong, I called thinking it was 20k, it was 35k. stuck with it?", "48"),
    ("we're on 3 tables going 8-8-6, do we have to move someone and who goes", "9-C"),
    ("pot limit omaha, pot is 2400 after the bet, how much can I bet max", "49"),
    ("he moved tables and sat out a couple hands so he'd miss the big blind", "31"),
    ("limit holdem, guy wants to put in a fifth bet, isn't it capped", "47"),
    ("table 7 is breaking, how do those players get their new seats", "9"),
    ("facing a bet he pushes out exactly the call amount, says nothing. that's a call right", "40"),
    ("first to act on the river and he open folds when he could've checked", "52"),
    ("his shove got called, then the dealer found a 5k chip sitting behind his drink", "56"),
    ("can i get a count on the guy who shoved?", "54"),
    # out of turn
    ("seat 3 said 'call' while seat 1 was still thinking, then seat 1 raised. is seat 3 stuck?", "39"),
    ("player said raise out of turn, then the action in front of him checked. does he have to bet", "39"),
    ("dealer forgot the BB's option and put out the flop", "39-B"),
    ("seat 4 got skipped, seats 5 6 and 7 all called, now seat 4 wants to raise", "39-B"),
    ("guy threw chips into the pot before the raise in front of him, what happens to those chips", "39-C"),
    ("I bet, he called before I'd even said how much, my chips weren't all out yet", "37"),
    # dealing and exposed cards
    ("first card of the hand went to the wrong seat", "33"),
    ("dealer exposed two cards during the deal, is it a misdeal", "33"),
    ("dealer dealt an empty seat a hand and 4 players already acted, redeal?", "34"),
    ("dealer put out the flop with 4 cards, which card goes back", "35"),
    ("turn card came off before the cutoff had acted on the flop", "RP-5"),
    ("the stub fell and cards went everywhere before the river", "RP-4"),
    ("he showed one of his cards to the guy next to him mid hand", "62"),
    ("stud game, he folded by flipping his upcards face down", "60"),
    # showdown
    ("guy threw his hand into the muck at showdown, turns out he had the winner. can we dig it out?", "13"),
    ("called his hand 'two pair' but actually had a full house, the other guy mucked", "11"),
    ("after the river there was a bet and a call, who shows first", "15"),
    ("he called, opponent refuses to show first, says 'you called, you show'", "15"),
    ("all in on the flop and nobody turned their cards over, dealer just kept dealing", "14"),
    ("can I ask to see a called hand after the pot has already been pushed?", "16"),
    ("winner never tabled his hand, just told the dealer 'I have the ace', dealer shipped it to the other guy", "12"),
    ("I tabled my hand face up and was winning and the dealer still killed it", "12"),
    ("chopped 3 ways and theres odd chips, who gets them, closest to the button?", "18"),
    ("guy asked for a new deck after losing 3 hands in a row, do we have to", "24"),
    ("short stack all in for 3k, two bigger stacks keep betting, how are the pots built", "19"),
    ("dealer read the hands wrong and gave the pot to the worse hand, we noticed before the next shuffle", "20"),
    ("said I was playing the board, tossed my cards in, and now he says I don't get half", "17"),
    ("his cards touched the muck but you can still tell which ones they are", "13"),
    # seat and table
    ("player came back from the washroom after the first card was already dealt", "28"),
    ("he went out for a smoke with his hand still live", "29"),
    ("guy texting under the table while he's in a hand", "4"),
    ("player keeps speaking mandarin with his buddy at an english only table", "5"),
    ("his orange chips are stacked in the back where nobody can see them", "23"),
    ("player walked off to the cage with a 25k chip in his hand", "57"),
    ("a chip rolled off the table and the dealer picked it up a level later", "58"),
    ("jacket, phone and a big water bottle on the rail, no room to deal", "RP-3"),
    # conduct and penalties
    ("those two never raise each other, pretty sure its soft play", "63"),
    ("chip dumping? he called off his whole stack with 7-2 off against his roommate", "63"),
    ("player told the whole table what he folded while two players were still in the hand", "61"),
    ("slow rolled me at showdown, can floor do anything about it", "64"),
    ("gave him a one round penalty and he did it again, what now", "65"),
    ("he threatened the dealer, warning or DQ?", "65"),
    ("the rule says one thing but ruling it strictly would be totally unfair here, can the TD overrule", "1"),
    # clock and levels
    ("i called the clock, how much time does he get", "26"),
    ("level went up when the dealer was shuffling, which blinds for this hand", "21"),
    ("color up, i have 3 green chips left, do i get a black one", "22"),
    ("dealer push right before the break, should the new dealer come in now", "RP-7"),
    # seating and balancing
    ("two players were given the same seat", "6"),
    ("heads up now, does the button post the small blind", "32"),
]

BLIND_TEST_CHINESE: list[tuple[str, str]] = [
    # 筹码与口头宣告
    ("前面下注500，他一声不吭扔了一个1000的码，算跟注吧？", "44"),
    ("他嘴上说跟，结果推出去的筹码比跟注多一倍", "36"),
    ("他喊了raise但没说加多少，直接扔了个大码进去", "41"),
    ("他先推了一半，又回去拿筹码补进去，这算一次加注吗", "50"),
    ("跟注不够，他以为只要2000，其实是4000", "38"),
    ("别人弃的牌碰到我的牌了，荷官说我这手牌死了", "59"),
    ("他就说了个“三”，到底是三百还是三千", "51"),
    ("大盲1000，有人加到2500，再加最少加到多少", "42"),
    ("短码全下不够一个完整加注，前面跟过的人还能再加吗", "43"),
    ("他扔了个一万的码子说要找零，前面下注才两千", "55"),
    ("荷官报的数不对，我跟了才发现是三万不是三千", "48"),
    ("PLO最多能下多少，荷官帮我算一下pot", "49"),
    ("他不出声推了三个码子，加起来比跟注多", "45"),
    ("他全下被跟了，手底下又发现一个5000的码", "56"),
    ("我要求荷官数一下他后面还剩多少", "54"),
    # 顺序外行动
    ("还没轮到他他就把牌扔了", "39"),
    ("荷官漏了7号位，后面三个人都行动了", "39-B"),
    ("没轮到他就把筹码推出去了", "39-C"),
    ("没人下注他就把牌盖了扔进去", "52"),
    # 摊牌
    ("河牌他下注我跟了，谁先亮牌？", "15"),
    ("两个人全下，另一个人还没开牌荷官就发转牌了", "14"),
    ("他把牌盖着推给荷官，又说要亮，还算数吗", "13"),
    ("赢家的牌还没亮清楚就被荷官收了", "12"),
    ("对方秀牌赢了，我想看他另一手没亮的牌", "16"),
    ("三家平分，多出来一个100的码给谁", "18"),
    ("底池推错人了，下一手已经开始发牌", "20"),
    ("公共牌是顺子，两个人都打公共牌，要不要亮手牌", "17"),
    ("他自己说是两对，其实是葫芦，算他赢吗", "11"),
    ("三个人全下筹码量不一样，主池副池怎么分", "19"),
    # 发牌
    ("发牌的时候荷官把第一张牌翻开了", "33"),
    ("flop出来了四张牌", "35"),
    ("转牌发早了，还有人没说话", "RP-5"),
    ("他手牌还没打完就给旁边的人看了一张", "62"),
    # 座位、行为、计时
    ("发牌的时候他去上厕所了还没回来", "28"),
    ("打牌时戴着耳机听歌可以吗", "4"),
    ("他们两个是朋友，每次对上都check到底", "63"),
    ("已经弃牌的人在那说“我刚才有A”，牌还没打完", "61"),
    ("他慢摊，明明是坚果还拖着让我先亮", "64"),
    ("涨盲了，这手按新的盲注打吗", "21"),
    ("大盲出局了，下一手按钮怎么走", "30"),
]
