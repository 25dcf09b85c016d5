"""Blind tuning set 12 (issue 25): written from blind_list.txt by an engineer who had not
read the rulebook's wording nor any other search set; for tuning. Voice: a Las Vegas Strip poker
room during a summer series (floor staff, tourists, old regulars), mixed games and big-bet alike."""

BLIND_TUNE_12_ENGLISH: list[tuple[str, str]] = [
    # 1 floor decisions
    ("going by the book here would hand the pot to the guy who clearly angled it, can the TD just rule for fairness instead", "1"),
    ("new floor on the summer series, nothing in the book covers this weird spot in the 8-game, who gets the final say", "1"),
    ("player keeps yelling he wants a different supervisor because he doesnt like my ruling, is my call final", "1"),
    # 2 player responsibilities
    ("tourist never checked his receipt, sat down with the wrong name on the entry and now wants a refund after busting", "2"),
    ("regular says its not his job to keep track of whose turn it is, he just waits for the dealer to tell him", "2"),
    ("guy didnt protect his cards, left them loose in the middle of the felt and is mad they got scooped, whose fault", "2"),
    # 3 official terms and gestures
    ("in limit holdem he says 'I'll play' facing a bet, do we take that as a call", "3"),
    ("player knocked the table twice in the razz round, is that a check or just him being nervous", "3"),
    ("he said 'dub it' meaning double the bet, is that a word we accept for a raise", "3"),
    ("customer says 'I'm in' after a shove, dealer took it as all in but he meant call, which is it", "3"),
    # 4 phones
    ("kid facetiming his girlfriend at the table with cards in front of him during a stud hand", "4"),
    ("earbuds in both ears, hood up, he misses every action and the dealer keeps repeating the bet", "4"),
    ("player is texting under the table while still in the pot, can we make him put the phone away", "4"),
    # 5 language
    ("two brazilian guys chatting in portuguese in the middle of a PLO hand, rest of the table upset", "5"),
    ("couple of tourists talking in mandarin while both still in the hand, is that allowed or english only", "5"),
    ("guy keeps saying his action in spanish and the dealer doesnt understand it", "5"),
    # 6 seating
    ("tourist sat in seat 4 when his card said seat 7, played three hands before anyone noticed", "6"),
    ("guy played 20 minutes at table 42 when his ticket says table 24, what happens to his hands and chips", "6"),
    ("two friends asked to swap seats at the start of day 1 so they can sit together, allowed?", "6"),
    # 7 alternates, late reg, re-entry
    ("late reg still open on level 6, where do we put the new entries, just any empty seat?", "7"),
    ("busted re-entry guy came back 5 minutes later, does he get a new random seat and a full stack", "7"),
    ("alternates list for the satellite, seat opens up, who gets it and do they post", "7"),
    # 8 special needs
    ("player in a wheelchair needs an end seat near the aisle, can we move him off the random draw", "8"),
    ("older gentleman is hard of hearing and wants to sit next to the dealer so he can hear the bets", "8"),
    # 9 breaking tables
    ("breaking table 12 now, how do the players from it get their new seats", "9"),
    ("table broke and a player got the big blind right away on the new table, is that normal", "9"),
    ("we're breaking the back section, do the players draw new seat cards or do we just place them", "9"),
    # 9-A button freezes in stud
    ("HORSE going from hold'em to razz, does the button just sit there during razz and stud eight", "9-A"),
    ("8-game switching from seven stud back to limit holdem, where does the button start", "9-A"),
    ("mixed game question: in the stud rounds does the dealer button keep moving each hand?", "9-A"),
    # 9-B predetermined choice of table
    ("which table do we break next, is there a set order or whatever the floor feels like", "9-B"),
    ("TD wants to break table 3 but the posted breaking order says table 18 goes first", "9-B"),
    # 9-C balancing
    ("table 5 is down to six and table 9 still has nine, who moves", "9-C"),
    ("tables are out by three players for a while now, players complaining about short-handed blinds", "9-C"),
    ("when we move a player to even things out, which seat at the full table does the player come from", "9-C"),
    # 10 final table size
    ("how many do we seat at the final table of the 1500 no limit event, 9 or 10", "10"),
    ("stud event down to 10 players, do we redraw for an 8-handed final", "10"),
    # 11 cards speak
    ("guy said 'I got a flush' but he actually rolled a full house, dealer shipped it to the other player", "11"),
    ("in razz he announced an eight low but his hand was a seven low, does that matter", "11"),
    ("player said he missed and went to toss but the board paired and he had a boat, what now", "11"),
    ("he announced two pair but had a straight, his opponent mucked after hearing two pair", "11"),
    # 12 tabling / killing winning hands
    ("at showdown he only showed his cards to the guy next to him and then the dealer mucked them, he had the best hand", "12"),
    ("player tossed his winning hand face down at the dealer without turning it over, dealer killed it", "12"),
    ("he flipped one card, wouldn't turn the other, dealer pushed the pot to the opponent", "12"),
    # 13 live cards at showdown
    ("at showdown he slid his cards face down toward the dealer then grabbed them back to show, they never touched the muck", "13"),
    ("cards pushed face down forward but still clearly identifiable, can he still table them and win", "13"),
    # 14 face up for all ins
    ("all in and a call on the turn, one guy refuses to flip his cards until the river", "14"),
    ("PLO all in preflop, caller wants to keep his hand hidden, do both have to show right away", "14"),
    ("after the shove got called the dealer ran it out without anyone turning their cards up", "14"),
    # 15 showdown order
    ("river checks through, who has to show first", "15"),
    ("bet on the turn got called, river goes check check, who opens up their cards", "15"),
    ("seven stud showdown after a check on seventh street, who turns over first", "15"),
    ("nobody wants to show first after the river call, both just staring at each other", "15"),
    # 16 asking to see a hand
    ("can I see the hand that got called and mucked? he lost, it was my money too", "16"),
    ("player keeps asking to see every losing hand just to get reads, can the floor stop him", "16"),
    # 17 playing the board
    ("board is a broadway straight, guy just taps the table and wants to chop without showing", "17"),
    ("plays the board: does he have to turn both cards up to get half the pot", "17"),
    # 18 odd chips
    ("chopped pot in omaha 8 with one extra 25 chip left over, who gets it", "18"),
    ("split pot in stud, there's one odd chip, do we give it by high card by suit?", "18"),
    ("hi lo pot split in half but the high half has an odd chip, goes where", "18"),
    # 19 side pots
    ("three people all in for different amounts, help me build the side pots", "19"),
    ("short stack won the main, bigger stack won the side pot, dealer pushed everything to one guy", "19"),
    # 20 disputed pots
    ("the pot went to the wrong guy, he already stacked it and the next hand was dealt", "20"),
    ("player says he was shorted in the chop two hands ago, can we still fix it", "20"),
    # 21 new hand / new level
    ("level went up while the dealer was shuffling, do we play the next hand at the new blinds", "21"),
    ("clock hit zero right after the riffle but before the first card came off, which blinds", "21"),
    ("the limits went up mid hand in the limit event, do we switch now or next deal", "21"),
    # 22 chip race / color up
    ("coloring up the 25s at the break, can a player with only a couple of greens go bust in the race", "22"),
    ("we're racing off the 100s, how do the odd chips get handed out", "22"),
    # 23 chips visible
    ("guy keeps the orange 5k chips behind his stack where nobody can see them", "23"),
    ("his stacks are a total mess, piles all over, no way to count what he has", "23"),
    ("he keeps his big chips in a back row behind a bottle, tourist across the table can't see how much he's got", "23"),
    # 24 deck changes
    ("guy lost three pots in a row and demands a new deck", "24"),
    ("card has a bent corner and you can spot it from across the table, swap the deck?", "24"),
    # 25 rebuys
    ("rebuy event: can he rebuy while he still has some chips in front of him", "25"),
    ("add on at the first break, he missed it because he was in the bathroom, can he still take it", "25"),
    # 26 clock
    ("he's been tanking four minutes on the river in a min cash spot, somebody call the clock", "26"),
    ("guy tanks every single street, even preflop folds take a minute, the table wants time on him", "26"),
    ("how much time does he get after I call the clock on him?", "26"),
    ("old reg tanking forever in the razz, table asking for a clock", "26"),
    # 27 rabbit hunting
    ("he folded on the turn and wants the dealer to show what the river would've been", "27"),
    ("after the hand ended the guy asked to see the next card, dealer flipped it over", "27"),
    # 28 at your seat
    ("player came back from the cage after the last card was dealt to him, is his hand dead", "28"),
    ("tourist was standing behind the rail talking when the cards went out, he sat down before action got to him", "28"),
    # 29 stay at table with action pending
    ("guy got up and walked to the bathroom with a live hand still in front of him", "29"),
    ("he went to the bar with a hand in the middle of the action", "29"),
    # 30 dead button
    ("big blind busted last hand, do we have a dead button this time", "30"),
    ("two players busted on the same hand, where do the blinds and button go", "30"),
    # 31 dodging blinds
    ("player moved tables right after the BB and lands in the cutoff, he gets out of paying the blinds?", "31"),
    ("he keeps getting up right when the blinds come to him and sits back on the button", "31"),
    # 32 heads up
    ("down to two, which one posts the small blind, the button?", "32"),
    ("heads up now, one guy would have the big blind twice in a row, how do we set the button", "32"),
    # 33 misdeal
    ("dealer flipped the first card face up", "33"),
    ("dealer gave seat 3 an extra card preflop", "33"),
    ("dealer started the pitch from the wrong seat", "33"),
    ("dealer dealt a hand to an empty seat and skipped the guy who just sat down", "33"),
    # 34 substantial action
    ("two players had already acted before we noticed the misdeal, is it too late", "34"),
    ("big blind got skipped but three people already called and raised", "34"),
    # 35 four-card flop
    ("dealer spread four cards on the flop", "35"),
    ("flop had four cards showing and nobody's sure which one was the burn", "35"),
    # 36 verbal and chip wagers
    ("he said 'two thousand' out loud and put out 5000 in chips", "36"),
    ("said call out loud but then pushed in a raise", "36"),
    ("he said 'twelve hundred' but only slid out 800, which amount stands", "36"),
    ("he says raise and throws one chip at the same time, which counts first", "36"),
    # 37 acting in turn
    ("guy folded before the bettor had even finished saying the amount", "37"),
    ("player called before he knew the bet, turns out it was a shove", "37"),
    # 38 binding declarations and undercalls
    ("he said call and put in less than the bet", "38"),
    ("he declared all in but then only pushed half his stack", "38"),
    ("player put in 1000 to call a 2500 bet, didn't see the raise", "38"),
    # 39 out of turn
    ("player folded out of turn in hold'em", "39"),
    ("guy said raise before it was his turn, the guy in front of him hadn't acted yet", "39"),
    ("out of turn check in the PLO, does it bind him", "39"),
    # 39-B skipped player
    ("dealer skipped me and the next two people already acted", "39-B"),
    ("the guy to my right got skipped and then three people after him bet and called", "39-B"),
    # 39-C chips pushed out of turn
    ("he pushed chips forward out of turn while the player before him was still thinking", "39-C"),
    ("chips in the pot out of turn, then the guy before him bet, does his chip count as a call", "39-C"),
    # 40 methods of calling
    ("he just slid the right number of chips forward to match, no word, dealer asking if that was a call", "40"),
    ("he put out exactly the right amount and said nothing, dealer treated it as a raise", "40"),
    # 41 methods of raising
    ("tourist yells 'raise!' and then just sits there, no chips, no number", "41"),
    ("he said raise and put out chips, one stack, no number announced", "41"),
    # 42 minimum raise
    ("in no limit what's the minimum raise after a bet of 2000 and a raise to 5000", "42"),
    ("limit hold'em at 400/800 level, guy raised to 1000 on the turn, is that right", "42"),
    ("min raise facing a 1500 open with blinds 300/600", "42"),
    # 43 reopening the bet
    ("short all in didn't make a full raise, can the original raiser re-raise", "43"),
    ("guy shoves for a little more than the bet, action comes back to me, can I raise", "43"),
    ("limit game, short stack all in for half a bet, does that reopen", "43"),
    # 44 oversized chip
    ("1200 bet in front of him, he drops a single 5000 chip in, silent", "44"),
    ("guy tosses one big purple chip in facing a raise, says nothing", "44"),
    ("facing a bet he throws in a single 25k chip and says nothing", "44"),
    # 45 multiple chips
    ("he tossed in three chips, if you pull out one it's still enough to call, what is it", "45"),
    ("player threw a handful of chips in, silent, more than the call", "45"),
    ("several chips pushed without a word, enough to raise, does it count as a raise", "45"),
    # 46 prior bet chips not pulled in
    ("bet 500 earlier, raised to 2000, chips still in front, does it count", "46"),
    ("his first bet was still in front of him when he raised, how much is he in for", "46"),
    # 47 number of raises
    ("limit hold'em, bet and four raises, cap?", "47"),
    ("we're heads up in the stud event, can they keep raising past the cap", "47"),
    ("how many raises are allowed in limit razz", "47"),
    # 48 accepted action
    ("dealer said 3000 but it was 4000, I called", "48"),
    ("I called based on the dealer's count of his stack, but the count was wrong", "48"),
    ("dealer said the bet was 800 but it was 1800, he's already called", "48"),
    # 49 pot limit
    ("PLO, blinds 200/400, UTG limps, I'm on the button, what's the most I can make it", "49"),
    ("pot limit omaha, someone bet 500 into 1200, whats a full pot raise for me", "49"),
    ("in the big O event the guy just said 'pot' and the dealer has no idea how to figure the number", "49"),
    # 50 string bets
    ("he put chips in, then went back to his stack for more without saying anything, dealer let it go", "50"),
    ("string bet?? he put in the call then reached back and added more like a raise", "50"),
    ("he goes 'I call... and raise' while the chips are already hitting the felt", "50"),
    ("in the 2-7 triple draw guy dribbled chips in three trips, did he raise or just call", "50"),
    # 51 unclear bets
    ("he said 'five' — is that 500 or 5000, both colors are on the table", "51"),
    ("guy says 'one' facing the big blind, theres both 100s and 1000s in play, what did he bet", "51"),
    ("tourist just said 'a little' and pushed some chips, nobody knows what the bet is", "51"),
    # 52 non-standard folds
    ("he mucked his hand when nobody had bet yet, he could have checked", "52"),
    ("BB threw his cards in preflop in a limped pot, is that hand dead or does he get a warning", "52"),
    # 53 conditional statements
    ("before I acted, the guy behind me says 'you bet, I raise', is he stuck with that", "53"),
    ("he said if the guy behind him calls he's going to shove, does that bind him", "53"),
    ("'whatever you do I'm calling' from the regular in seat 2, and then he folded", "53"),
    # 54 counting chips
    ("can i get a count on his stack before I decide", "54"),
    ("player wants to know exactly how much the shover has, the guy won't say, who has to count", "54"),
    ("he asks me how much I got behind, do I have to tell him or can he just eyeball it", "54"),
    # 55 betting for change
    ("put out a 5000 chip to call 1500 and said 'change'", "55"),
    ("threw in a 25k chip and asked for change back, is that a call or a raise", "55"),
    ("he put a stack of big chips out and said 'take out what you need', what's his bet", "55"),
    # 56 chips found later
    ("after the all in got called he found a 1000 hiding under his cards", "56"),
    ("all in called, then there's a second little stack behind his drink cup, does the caller owe that too", "56"),
    # 57 chips out of view / transport
    ("player slipped some chips in his pocket during the dinner break", "57"),
    ("guy carried his stack to the new table in his cap and a few fell out on the way", "57"),
    ("regular walked off with a handful of greens to the rail to show his wife", "57"),
    # 58 lost and found chips
    ("found a chip on the floor under table 7, nobody claims it", "58"),
    ("black chip on the carpet between two tables, both guys say it's theirs", "58"),
    # 59 accidentally killed hands
    ("the dealer swept my cards into the muck while I was still thinking, I had a bet to call", "59"),
    ("another player's fold slid into his cards and now the dealer can't tell which two are his", "59"),
    ("dealer thought he folded and took his hand, he had kings, what do we do with his chips in the pot", "59"),
    # 60 folding in stud
    ("in stud he flipped his up cards face down when he folded, the guy after him wanted to see them", "60"),
    ("razz player turns his door card over when he folds, can he do that", "60"),
    # 61 no disclosure
    ("guy who folded said 'I had the ace of hearts' while two players were still in the hand", "61"),
    ("his buddy is coaching him from behind the rail during a hand", "61"),
    ("two tourists sharing one seat, the wife is telling him what to play", "61"),
    # 62 exposing cards
    ("he showed his cards to the guy next to him with a bet still out there", "62"),
    ("he flipped one hole card up to the table mid hand to get a reaction", "62"),
    ("player keeps flashing his cards when he folds, the guy still in the hand can see them", "62"),
    # 63 ethical play
    ("two friends obviously checking it down every time they're heads up", "63"),
    ("looked like chip dumping at the final table, short stack just gave it to his buddy", "63"),
    ("guy checks the nuts on the river against his buddy, clearly soft playing", "63"),
    # 64 etiquette violations
    ("player cussing out the dealer after a bad beat", "64"),
    ("he slow rolled the nut flush on the river and the table is furious", "64"),
    ("regular keeps talking trash to the tourists to tilt them", "64"),
    # 65 penalties
    ("threw his cards at the dealer, what's the penalty", "65"),
    ("how many rounds do we sit him out for tossing chips at the wall", "65"),
    ("second time today this guy has been warned, can we DQ him", "65"),
    # RP-1 all in button
    ("dealer forgot to put the little all-in marker in front of the guy who shoved", "RP-1"),
    ("nobody knew he was all in, there was no button out, the next guy bet into him", "RP-1"),
    # RP-2 bringing in bets
    ("dealer pulled everybody's chips in before the last guy called, now we can't tell what the raise was", "RP-2"),
    ("dealer scooped the street's bets into the middle too fast and nobody can count the raise", "RP-2"),
    # RP-3 personal items
    ("three cocktails and a purse covering half the table in seat 6", "RP-3"),
    ("player put his backpack on the felt and it's blocking the dealer", "RP-3"),
    # RP-4 stub dropped
    ("the deck stub slipped out of the dealer's hand and cards went everywhere", "RP-4"),
    ("rest of the deck fell off the table on fifth street in stud", "RP-4"),
    # RP-5 premature cards
    ("river came out before the guy finished acting on the turn", "RP-5"),
    ("dealer burned and turned the card while action on the flop was still going", "RP-5"),
    # RP-6 moving promptly
    ("player moved to table 30 is taking forever, still at the cashier", "RP-6"),
    ("guy moving tables stopped at the bar for a drink on the way, how long do we wait", "RP-6"),
    # RP-7 dealer rotation before breaks
    ("dealer relief coming five minutes before the break, should we push the dealer now", "RP-7"),
    ("the dealer swap is scheduled right before we go to dinner, do we still rotate", "RP-7"),
    # more: mixed games and the frequent disputes
    ("stud 8 hand, low card brings it in for 100, next guy completes to 400 and the third guy puts out 500, what is that", "42"),
    ("razz, the bring-in is the king, he put out the full completion by mistake and wants to take it back to just the bring in", "36"),
    ("in seven stud the bring-in guy said 'complete' but pushed only the bring-in amount", "36"),
    ("limit holdem, 5 players in, we're at bet raise raise raise, guy wants to raise again, can he", "47"),
    ("HORSE limit round, it got capped and then a short stack went all in, can the others keep betting", "47"),
    ("omaha 8 limit, the bet's been capped, then it's heads up on the river, can they raise more now", "47"),
    ("limit game: guy is all in for less than half a bet, next player wants to raise, is it a full bet or what", "43"),
    ("limit holdem 200/400, guy raises to 500 preflop, is that legal or does it have to be 600", "42"),
    ("in the limit event he threw out one big chip worth more than the bet, didn't say raise", "44"),
    ("PLO player said 'pot' but then put in more than pot", "49"),
    ("big bet vs limit: in no limit can I raise less than the last raise if I'm not all in", "42"),
    ("raised to 2200 over a 1000 bet, dealer says he has to make it 2000 more, who's right", "42"),
    ("he announced 'raise 3000' in NLH, means to 3000 or 3000 on top of the bet", "41"),
    ("seat 8 said 'call' but the guy in seat 7 hadn't even acted, then seat 7 raised", "39"),
    ("dealer points at seat 5 by mistake and seat 5 folds out of turn, then action backs up, is his fold binding", "39"),
    ("in the stud round, the player after the bring-in acted before the bring in was posted", "39"),
    ("the button checked out of turn on the river, then the BB bet, can the button now raise", "39"),
    ("he counted out chips and pushed them forward but it wasn't his turn yet", "39-C"),
    ("tourist in seat 2 shoves preflop before UTG even looked, UTG folds, what happens to seat 2's chips", "39-C"),
    ("dealer pitched two cards face up to seat 1 on the deal, redeal?", "33"),
    ("in razz the dealer gave a player his 3rd street cards all face up", "33"),
    ("in razz the dealer started third street from the wrong seat, everybody has cards now", "33"),
    ("flop came out before the preflop action was done, the BB hadn't acted", "RP-5"),
    ("at showdown he said 'I have two pair' and the other guy threw his hand away, then the first guy's real hand was trips", "11"),
    ("all in, called, the short stack mucked his cards face down before the river came", "14"),
    ("winner threw his cards face down into the muck before tabling them, the other guy had only shown a pair", "12"),
    ("in stud eight a player declared 'high only' but his cards make a low too, does he get the low half", "11"),
    ("he called the river, the other guy showed, and the caller threw his cards in the muck face down. can I make him show", "16"),
    ("all in preflop with 3 players, one busts, two side pots, dealer messed up the main pot", "19"),
    ("he said 'all in' and then pulled his chips back when the guy behind said call", "38"),
    ("said 'call' facing the shove, then tried to take it back when he saw he was beat", "38"),
    ("player called the clock on a guy who only took 20 seconds, can he do that", "26"),
    ("guy on the final table bubble tanking way too long every hand to stall, need time on him", "26"),
    ("he's been stalling the whole bubble on purpose, every fold takes him three minutes", "64"),
    ("guy threw his phone at the wall after his bustout, dealer ducked", "65"),
    ("tourist got in a shouting match with the dealer, second incident, how long does he sit out", "65"),
    ("dude keeps slamming the table and berating the tourist in seat 9 after every hand", "64"),
    ("two buddies at the same table keep chopping the blinds and never bet at each other", "63"),
    ("the railbird is giving hand signals to the player in seat 4", "61"),
    ("dealer killed the winner's cards before the guy flipped them over, they were clearly his", "59"),
    ("dealer read the hands wrong and shipped the pot to the second best hand, we caught it a couple minutes later", "20"),
    ("all in, called, he has another stack of purples hiding behind his sunglasses case", "56"),
    ("dealer miscounted the shove, said 6400, it was 16400, the guy called and now wants out", "48"),
    ("he turned over his cards at the table before the last guy acted on the river", "62"),
    ("the gal next to me looked at my folded cards and told the whole table what I folded", "61"),
    ("new floor here — the last guy to bet on the river was called, but he won't turn up first", "15"),
    ("dealer counted the pot wrong for the PLO pot bet and the guy already called", "49"),
    ("board plays, both players have the same straight, there's a 5 chip left over after the chop", "18"),
]

BLIND_TUNE_12_CHINESE: list[tuple[str, str]] = [
    ("按规定判的话明显对那个玩家不公平，主管可以不按条文来吗", "1"),
    ("游客说没人告诉他报名单上名字写错了，自己也没核对，出局后要退钱", "2"),
    ("他在限注德州里说“我玩”，这算跟注吗？", "3"),
    ("有人手里还有牌就在桌上刷抖音，还戴着耳机", "4"),
    ("两个大陆游客打牌时一直用中文讨论，别的玩家抗议说要讲英文", "5"),
    ("他坐到了4号位，票上写的是7号位，已经打了三手了", "6"),
    ("重新买入的玩家回来，座位怎么安排，直接坐原来的位子可以吗", "7"),
    ("坐轮椅的阿姨需要靠过道的位置，可以不抽签直接安排吗", "8"),
    ("12号桌要拆了，这桌的人怎么分到别的桌", "9"),
    ("HORSE打到梭哈和拉兹那几轮，庄家按钮是不是不动？", "9-A"),
    ("下一张该拆哪张桌子？有没有事先定好的顺序", "9-B"),
    ("5号桌只剩六个人，9号桌还是满的，要不要调人过去", "9-C"),
    ("这个1500的比赛决赛桌坐几个人，九个还是十个", "10"),
    ("他说自己是同花，其实是葫芦，荷官把池子推给了对手", "11"),
    ("赢的人把牌盖着扔给荷官，没翻开就被收掉了", "12"),
    ("摊牌时他把牌盖着往前推了一下，还没进废牌堆，又想拿回来亮", "13"),
    ("全下被跟了，对方就是不肯开牌，要等河牌发完再说", "14"),
    ("河牌大家都过牌，谁先亮牌啊", "15"),
    ("河牌被跟注的人直接扔牌了，我能要求看他的牌吗", "16"),
    ("公共牌就是顺子，他敲敲桌子就要分一半池", "17"),
    ("奥马哈高低分池，多出一个25的筹码给谁", "18"),
    ("三个人全下，筹码都不一样多，边池怎么算", "19"),
    ("池子推错人了，他已经收进筹码，下一手都发牌了", "20"),
    ("荷官洗牌的时候涨盲了，下一手按新的盲注吗", "21"),
    ("休息时换色，25的小码怎么比，会不会有人因为比码出局", "22"),
    ("他把5000的大码藏在后面，别人根本看不清他有多少", "23"),
    ("一个大叔连输三把，非要换一副新牌", "24"),
    ("重购赛里他手上还有筹码，可以现在就重购吗", "25"),
    ("他在河牌想了四五分钟还不动，能叫时间吗", "26"),
    ("他弃牌了还要荷官把河牌翻出来看看会是什么", "27"),
    ("他去换筹码回来时牌已经发完了，他这手牌还有效吗", "28"),
    ("牌还没打完，他就跑去洗手间了", "29"),
    ("上一手大盲出局了，这一手按钮怎么走，要不要死按钮", "30"),
    ("他换桌以后刚好坐在按钮前面，把盲注躲过去了", "31"),
    ("只剩两个人单挑了，按钮那边下小盲还是大盲", "32"),
    ("荷官发第一张牌的时候翻开了，要不要重发", "33"),
    ("已经有两三个人行动了才发现发错牌，还能算误发吗", "34"),
    ("荷官翻牌一下子翻了四张出来", "35"),
    ("他嘴上说两千，推出去的是五千的筹码", "36"),
    ("下注的人还没说多少，他就先弃牌了", "37"),
    ("他说跟注，可推出去的筹码不够", "38"),
    ("荷官，3号位还没说话，5号位的大哥就把牌扔进来了，这手怎么算", "39"),
    ("荷官跳过了我，后面两个人都已经下注了", "39-B"),
    ("前面的人还在想，他就把筹码推出去了", "39-C"),
    ("他一句话不说，推出刚好跟注的数目，算跟注吧？", "40"),
    ("游客喊了一声raise，然后就不动了，也没说加多少", "41"),
    ("无限注里前面下2000，有人加到5000，我最少要加到多少", "42"),
    ("短码全下没有加够一个完整加注，最先下注的人还能再加吗", "43"),
    ("对方下了1200，他一声不吭丢进来一个5000的，算跟还是加？", "44"),
    ("他不说话推了好几个筹码，拿掉一个还够跟注，这算什么", "45"),
    ("他之前下的500还摆在面前没收，又加到2000，一共算多少", "46"),
    ("Limit hold'em这一轮已经cap了，后面的人还能再raise吗", "47"),
    ("荷官报的是3000，实际是4000，我已经跟了", "48"),
    ("PLO底池限注，我最多能加多少", "49"),
    ("他先推了一点筹码，又回去拿了一把，算加注吗", "50"),
    ("桌上有100和1000两种码，老外只说了一句five，他到底下多少", "51"),
    ("明明可以过牌，他却直接把牌扔了", "52"),
    ("他说你下注我就加注，这句话算数吗", "53"),
    ("我想知道对面全下到底有多少，他不肯说", "54"),
    ("他扔了一个大码说找零，算跟注还是加注", "55"),
    ("全下被跟了以后，又在他牌下面发现一个1000的筹码", "56"),
    ("他把筹码装进口袋里拿出去了", "57"),
    ("6号桌和7号桌中间的地毯上有个黑色的码子，两边都说是自己的", "58"),
    ("荷官以为他弃牌了，把他的牌收走了", "59"),
    ("梭哈里他弃牌时把明牌翻过去盖着了", "60"),
    ("弃牌的人说我刚才有A，牌局还在进行", "61"),
    ("还有人要行动，他就把牌亮给旁边的人看", "62"),
    ("两个朋友一直互相放水，从来不对打", "63"),
    ("他河牌拿着坚果故意慢慢秀牌，全桌都火了", "64"),
    ("他把牌摔到荷官脸上，罚多久", "65"),
    ("荷官忘了在全下的人面前放全下牌", "RP-1"),
    ("荷官把大家的筹码收进池子太快了，现在不知道加注多少", "RP-2"),
    ("桌上全是包和饮料，荷官都没地方发牌了", "RP-3"),
    ("荷官手一滑，没发完的那叠牌掉到地上撒了一地", "RP-4"),
    ("转牌还没行动完，荷官就把河牌发出来了", "RP-5"),
    ("被调桌的玩家半天还没过去，还在吧台买酒", "RP-6"),
    ("Floor，这个dealer再过五分钟就break了，现在还要把下一个荷官push上来吗", "RP-7"),
]
