"""Blind tuning set 8 (issue 25): written from blind_list.txt by an engineer who had not
read the rulebook's wording nor any other search set; for tuning. Voice: the people around a
tournament who are not floor staff (a cash-game regular in his first event, a vlogger narrating
a hand, a partner on the rail, a cashier, a reporter), a few TDs in terse shorthand; in Chinese,
poker-forum and 小红书-style posts and live-stream comments."""

BLIND_TUNE_8_ENGLISH: list[tuple[str, str]] = [
    # 1: the floor's judgement over the letter of the rule
    ("reporter here, quick q for the TD: if going strictly by the book means the kid loses half his stack for the dealer's mistake, can you just rule what's fair and is that final?", "1"),
    ("my husband says the floor guy 'made something up' because the written rule didn't fit what happened. are they actually allowed to do that?", "1"),
    # 2: what the player owes the game
    ("vlogger voice: and now he's telling the floor 'nobody told me the rules'... guys, in a tournament isn't it on YOU to know them, follow the action and make your intentions clear?", "2"),
    ("cash regular, first tourney. dude says it's the dealer's job to tell him when it's his go and to keep an eye on his seat assignment. pretty sure that's on the player?", "2"),
    # 3: the words and gestures that count
    ("he just rapped his knuckles on the felt twice, didn't say a word, dealer took it as a check. does a table tap actually count?", "3"),
    ("old cash guy keeps saying 'I'm good', 'let's gamble' and 'sure' instead of normal betting words. which words does the tournament actually accept?", "3"),
    # 4: phones and devices
    ("my girlfriend was texting me from her seat in the middle of a hand and the floor came over and warned her. you can't be on your phone with cards in front of you??", "4"),
    ("TD: s4 on a FaceTime call with live cards + earbuds in both ears. ruling?", "4"),
    # 5: the table's language
    ("two Brazilian guys kept chatting in Portuguese while the hand was going and the rest of the table got annoyed. is it English only at the table?", "5"),
    ("chat, the floor literally just told these two to stop speaking Russian to each other while cards are out. is that a real rule??", "5"),
    # 6: seat draw and the wrong seat
    ("my buddy played three orbits in seat 7 at table 14 but his ticket says table 41 seat 7. the guy with the real ticket just showed up. what happens now", "6"),
    ("cashier question: player refuses the seat the system printed and wants to sit next to his mate. do we let people choose their own seat?", "6"),
    # 7: late registration, alternates, re-entries
    ("I bought in halfway through level 4 while registration was still open, do I get the whole starting stack and where do they put me?", "7"),
    ("guy busted and fired a second bullet at the cage 2 mins later. does he go back to his old chair or get a fresh random seat?", "7"),
    # 8: special needs
    ("a player in a wheelchair can't get into seat 5 at the corner table. can the floor give him a different spot?", "8"),
    ("my dad is hard of hearing and keeps missing the bet amounts. can he ask for a seat right next to the dealer as an accommodation?", "8"),
    # 9: a table breaks
    ("they just broke our table, handed out new seat cards and I landed straight in the big blind at my new table. is that legit?", "9"),
    ("how do they decide where everyone goes when a table closes? my friend says the big stacks get to pick", "9"),
    # 9-A: mixed games, button in stud
    ("HORSE event, switching from hold'em to stud this round. what happens to the dealer button during the stud part?", "9-A"),
    ("mixed game: we played razz and stud, now back to limit hold'em. does the button pick up where it stopped before the stud round?", "9-A"),
    # 9-B: fixed order of tables when breaking
    ("when a table gets broken, is there a fixed order for which tables the players go to, or does the floor just eyeball it?", "9-B"),
    ("TD q: breaking 3. use the pre-set break sheet for where players land or send them to whatever seats are open?", "9-B"),
    # 9-C: uneven tables
    ("our table is down to 6 and the table right next to us has 9 players. shouldn't someone get moved over here?", "9-C"),
    ("table 2 is short-handed at 7 and table 5 is full at 10. who gets sent over, the guy who'd be big blind next?", "9-C"),
    # 10: final table
    ("reporter: how many players sit down at the final table of this event, nine or ten?", "10"),
    ("we're 10 left across two tables, when do they combine everyone into one last table?", "10"),
    # 11: cards speak
    ("guy said 'flush' out loud but the board shows he only had a pair of kings, and the other player already mucked after hearing flush. who gets the pot?", "11"),
    ("vlog: he says 'nothing, I missed' and tosses his cards face up... he actually rivered a wheel lol. does he still win it?", "11"),
    ("my wife called her hand 'a pair' when she actually had trips. does the dealer go by what she said or by what's on the table?", "11"),
    # 12: tabling the hand, winning hand killed
    ("guy flipped only one card at showdown and the dealer swept his hand into the muck. he needed both to win. can the floor bring it back?", "12"),
    ("TD: winner had both cards face up, dealer scooped them before reading, cards clearly identifiable. award?", "12"),
    ("is it on the player to turn BOTH cards face up before the dealer pushes him the pot? my boyfriend only showed the ace", "12"),
    # 13: cards pushed face down at showdown
    ("at showdown he slid his cards face down toward the dealer then went 'wait I want to show'. dealer hadn't touched them yet. is his hand still alive?", "13"),
    ("she pushed her cards forward face down like she was giving up, then snatched them back to show a flush. do those cards still play?", "13"),
    # 14: all-in, cards face up
    ("watching from the rail: all in and a call, nobody else can bet, and the dealer made both of them turn their cards up before the turn even came. is that a rule? in our home game we keep them hidden", "14"),
    ("vlogger: all-in on the flop, and the caller wants to keep his hand hidden until the river. can he do that?", "14"),
    # 15: who shows first
    ("river goes check check and then both guys just sit there staring at each other waiting for the other to show lol. who actually has to go first?", "15"),
    ("he bet the river, I called, and he says I have to show first because 'the caller shows'. isn't it the other way round?", "15"),
    ("TD: 3-way, checked thru on the river, order of show?", "15"),
    # 16: asking to see a hand
    ("after the river call the winner wants to see the loser's cards that he mucked face down. is he allowed?", "16"),
    ("first live tourney: I paid him off on the river and he just mucked face down without showing. in cash I can ask to see it, same here?", "16"),
    # 17: playing the board
    ("board is a straight, I said 'playing the board' and flipped one card. dealer killed my hand. is that right?", "17"),
    ("to chop when the board is the best hand do you have to show both of your hole cards?", "17"),
    # 18: odd chip
    ("chopped pot 2 ways and there's one lonely 25 chip that won't split. who gets it? they gave it to the guy left of the button??", "18"),
    ("two-way chop in the hi-lo game, leftover chip. does it go high or low?", "18"),
    # 19: side pots
    ("three way all in with three different stack sizes, dealer made like 3 little piles. how does that work, can the short guy win the big pile?", "19"),
    ("reporter: short stack all-in, two bigger stacks kept betting. how many pots is that and who can win what?", "19"),
    ("wife asks: why did the guy with the best hand only win part of the chips?", "19"),
    # 20: pot pushed to the wrong player
    ("dealer pushed the pot to the wrong guy and he already stacked it. can we still fix it?", "20"),
    ("I had the better hand but the chips went to the other guy and they're already shuffling for the next one. how long do I have to complain?", "20"),
    ("TD: pot to wrong player, next hand not dealt yet. correct?", "20"),
    # 21: a level starting mid-hand
    ("the blinds went up on the screen while we were mid-hand. do the new blinds count now or next hand?", "21"),
    ("dealer had already started shuffling when the level went up. does this hand play at the old blinds?", "21"),
    # 22: colouring up
    ("they're taking the 25s out of play. how does that work, who gets the odd leftover ones?", "22"),
    ("I had three orange 25s left and they got raced off. can you actually bust from that?", "22"),
    # 23: stack visible and countable
    ("guy keeps his 5k chips tucked behind his 100s so nobody can see them. allowed?", "23"),
    ("his stack is just a messy pile, nobody can tell how much he's got. doesn't he have to stack it properly?", "23"),
    # 24: new deck
    ("can I ask for a new deck just because I've lost every hand this level?", "24"),
    ("deck has a chipped corner on one card, player wants it swapped out right now. what's the policy?", "24"),
    # 25: rebuys
    ("when can you rebuy? I busted but the dealer already dealt the next hand.", "25"),
    ("cashier: guy wants to buy more chips while his current stack is still in a hand. do I sell it to him?", "25"),
    # 26: the clock
    ("dude's been in the tank for like 5 minutes on the river, whole table is sighing. can I get someone to put a timer on him?", "26"),
    ("TD: clock called on s3, how long does he get?", "26"),
    ("vlog: the guy just asked the floor to time his opponent. how many seconds is standard for that?", "26"),
    ("can someone who's not even in the hand call the clock on a player?", "26"),
    # 27: the next card
    ("after everyone folded he begged the dealer 'just show me what was coming on the turn'. dealer said no. is that a rule?", "27"),
    ("my friend wanted to see the next card after the hand ended, dealer refused. why?", "27"),
    # 28: at the seat for the deal
    ("I was in the bathroom when the cards went out and the dealer killed my hand, even though I came back before anyone acted. fair?", "28"),
    ("he was walking back from the cage and got his butt in the chair right as the dealer pitched the last card. live hand or dead?", "28"),
    # 29: leaving with action pending
    ("guy stood up and went to the bar while he still had to act. what happens to his hand?", "29"),
    ("he called the flop bet and then walked off to the bathroom before the turn. can he do that?", "29"),
    # 30: dead button
    ("the big blind busted last hand. now where does the button go? is it going to skip someone?", "30"),
    ("TD: SB busted, BB moves, button stays dead?", "30"),
    # 31: dodging blinds
    ("moved from a broken table, he sat out until the blinds passed him on purpose. isn't that dodging?", "31"),
    ("guy got moved from the big blind spot at one table and timed it so he'd skip paying at the new one. penalty?", "31"),
    # 32: heads-up button
    ("reporter: we're heads up for the title now. who posts what, does the button take the small blind?", "32"),
    ("going from 3-handed to heads up, the guy who was big blind last hand would have to be big blind again? how does the button work with two left", "32"),
    # 33: misdeals
    ("dealer flashed the very first card he pitched, face up, to seat 1. do they redeal or does he just get it?", "33"),
    ("new dealer started pitching to the button instead of the small blind lol. re-deal?", "33"),
    ("cards flying everywhere, dealer flipped two of them face up while dealing. redo the whole deal or not?", "33"),
    # 34: substantial action
    ("by the time anyone noticed seat 6 had only one card, three people had already acted. still a redeal?", "34"),
    ("TD: BB dealt 1 card, 2 players acted before, misdeal?", "34"),
    ("a dealing error was found after a raise and a call. too late to call a misdeal?", "34"),
    # 35: four-card flop
    ("the dealer spread FOUR cards on the flop lmao. what do they do now?", "35"),
    ("TD: 4 cards on the flop, which one becomes the burn? scramble and pick?", "35"),
    # 36: said one amount, pushed another
    ("he said 'twelve hundred' out loud and then put out 1500 in chips. which one counts?", "36"),
    ("my boyfriend said 'call' but then pushed in a pile that's basically a raise. does he get the call or the raise?", "36"),
    ("vlog: guy says 'five thousand' and only slides out three. floor comes over... do they make him put in the full five?", "36"),
    ("TD: verbal 2k, chips 4k, no other action yet. which one stands?", "36"),
    # 37: acted before the amount was clear
    ("seat 3 said 'bet' and seat 4 instantly said 'call' before 3 even said how much. now 3 says 'ten thousand'. is 4 stuck calling ten?", "37"),
    ("he called before the guy in front of him had finished counting out his bet. does the call stand whatever the number turns out to be?", "37"),
    # 38: less than the call, binding words
    ("first tournament for me: guy says 'call' but only slides in half the bet, like he misread it. in cash they'd let him sort it out, here does he have to complete it?", "38"),
    ("player facing 2000 tossed in 1000, says he didn't see the raise. can he just take it back and fold?", "38"),
    ("TD: undercall, no verbal, ~60% of the bet. full call enforced?", "38"),
    ("he said 'I call' in turn and then tried to take it back when the next guy shoved. binding or not?", "38"),
    # 39: out of turn
    ("TD: CO folds OOT before UTG acts, UTG then raises. fold binding?", "39"),
    ("cash regular here, we just ignore it when someone acts early. what happens in a tournament when you fold before your turn?", "39"),
    ("the guy checked when it wasn't his turn yet, then the player before him bet. can the early guy now raise or is he stuck?", "39"),
    ("he said raise before the person on his right acted, then that person bet instead of checking. is his raise still locked in?", "39"),
    ("vlog: dude in seat 9 announces 'call' while the action's still on seat 6 lol. does that count when it gets to him?", "39"),
    # 39-B: skipped player
    ("dealer skipped right past me and two people acted after me. do I still get to act?", "39-B"),
    ("action went around the guy in seat 2 who hadn't done anything yet, seat 3 raised and seat 4 called. now what?", "39-B"),
    ("TD: player skipped, 2 acted behind him incl. a raise. action back? their actions stand?", "39-B"),
    # 39-C: chips out of turn
    ("rail question: my partner pushed her chips forward before the man on her right had done anything. the dealer left them there. is she committed to that?", "39-C"),
    ("guy threw 5k into the middle before the player on his right acted, then the player on his right bet 8k. what happens to the 5k?", "39-C"),
    ("vlog: look at this, chips are already sitting in the pot before it's even his turn. do they count?", "39-C"),
    # 40: how a call is made
    ("first tournament: do I have to actually say 'call', or can I just slide the right amount of chips in?", "40"),
    ("dealer here (cash side, filling in): player tossed in exactly the amount to call without a word. that's a call, right?", "40"),
    ("in cash I just slide my stack over the line to call. does the tourney accept that, or what are the ways you're allowed to call here?", "40"),
    # 41: how a raise is made
    ("he said 'raise' and dropped a single 1000 chip facing 500. what's his raise?", "41"),
    ("guy said 'raise' but didn't say any amount, then started pushing chips. how much is it?", "41"),
    ("do you have to say 'raise' before you put in the extra chips, or can you just put them in in one go?", "41"),
    ("TD: verbal raise, no amt, facing 1k. what's he in for?", "41"),
    # 42: minimum raise
    ("200/400 level, somebody opens to 1000, what's the smallest 3-bet I can make? dealer and my neighbour gave me different numbers", "42"),
    ("cash regular q: what's the least I can raise after someone bet 1500?", "42"),
    ("first guy bet 500, next guy made it 1200. how much is the min re-raise now?", "42"),
    ("reporter: in no limit, is the smallest raise always double the last bet?", "42"),
    # 43: short all-in and reopening
    ("guy went all in for less than a full raise. can the first raiser go over the top again?", "43"),
    ("short stack shoved for 1200 over a 1000 bet. now it's back to the opener. can he raise?", "43"),
    ("TD: short AI over a bet, does it reopen for the original bettor?", "43"),
    ("vlog: tiny all-in, barely more than the call. everyone's arguing if the original bettor can jam again", "43"),
    # 44: one big chip
    ("cash reg: in my card room if you drop one big chip it's whatever you want lol. here a guy dropped a 5k chip on my 1k bet and said nothing. call or raise?", "44"),
    ("one big chip and no words, dealer said call, the player insists he meant to raise. who's right?", "44"),
    ("my girlfriend put one 25k chip in to open without saying anything. is that a bet of 25k?", "44"),
    ("TD: OS chip, no declaration, facing a bet. call?", "44"),
    # 45: several chips
    ("he tossed 4 chips in without a word. the bet was 1500 and his chips added up to 2500. call or raise?", "45"),
    ("partner on the rail: he kind of dumped a handful of mixed colours in the middle, not a word, more than the bet. the dealer said 'call'. why not a raise?", "45"),
    ("player put two 1k chips in facing a 1200 bet without talking. is that just a call?", "45"),
    ("TD: multi-chip push, silent, over the call by less than half a min raise. call?", "45"),
    # 46: earlier chips still in front
    ("his first 500 was still sitting in front of him when he pushed out 2000 more. is his total 2500 or 2000?", "46"),
    ("dealer hadn't pulled in the first bet yet when the player added more chips on the reraise. how do we count it?", "46"),
    # 47: number of raises
    ("how many raises allowed in limit hold'em? guy just capped it, and the last guy wants to raise again", "47"),
    ("no-limit, is there any limit on how many times we can keep re-raising each other?", "47"),
    # 48: the dealer's wrong count
    ("I asked the dealer how much the bet was, he said 3000, I called, turns out it was 5000. do I have to put in 5000?", "48"),
    ("dealer said 'bet is 2k' but it was actually 4k, the guy called. is he on the hook for the full amount?", "48"),
    # 49: pot limit
    ("first PLO event, I said 'pot' facing a 300 bet with 900 in the middle and the dealer did some maths. how is the max worked out?", "49"),
    ("PLO, facing a bet of 500 into 1000, what's the most I can raise?", "49"),
    # 50: going back to the stack
    ("partner watching: he put some chips in, then reached back to his pile and added more without saying anything. is that a call or a raise?", "50"),
    ("string bet? guy put out 1k then reached back for another 2k without saying raise.", "50"),
    ("vlog: classic string — he drops in the call, pauses, then goes back for more. does the raise stand?", "50"),
    ("what's a string raise exactly? guy did two motions and the dealer said it's only a call", "50"),
    # 51: unclear amount
    ("he said 'five' with blinds at 500/1000. is that 500 or 5000?", "51"),
    ("player just said 'ten'. what's ten? 10k or 1k?", "51"),
    ("TD: unclear verbal 'two' facing 1k. 2k or 200?", "51"),
    # 52: folding with no bet
    ("1st tourny, checked around to the kid on the button and he just... folded?? nobody bet. is that even alowed", "52"),
    ("the guy mucked his cards face down when nobody had bet, it was checked to him! weird but is there a penalty?", "52"),
    # 53: conditional statements
    ("he said 'if you bet, I'll raise' before the guy to his right acted. is that binding?", "53"),
    ("guy kept saying 'whatever you do, I'll call' before the other guy had even acted. does it count?", "53"),
    # 54: counting an opponent's chips
    ("I asked the guy how much he's got behind and he just shrugs and covers his stack with his hands. can I make him count it or have the dealer do it?", "54"),
    ("can i make the dealer count down the other guys stack b4 i call his jam or do i have to eyeball it", "54"),
    # 55: betting for change
    ("he tossed in a 5000 chip to call 1200 and said 'change please'. call or raise?", "55"),
    ("cashier but I was watching: lady puts a 1k chip on a 300 bet and holds her hand out for change. call or raise?", "55"),
    # 56: chips found after the all-in
    ("his all in got called and then we found a hidden 1000 chip behind his cup. is it in the pot?", "56"),
    ("after the call the dealer found a couple more chips under his card protector. do they count toward the all in or does he keep them?", "56"),
    # 57: chips off the table
    ("guy pocketed a stack of chips and took them to the bathroom with him. is that allowed??", "57"),
    ("moving tables, he carried his chips in a rack but kept some in his jacket. legit?", "57"),
    # 58: chips on the floor
    ("found a chip on the carpet under table 3 during the break. who's it go to, the closest player?", "58"),
    ("cashier: a player brought me a 5k chip he found by the rail. what do I do with it, cash it? hand it to a floor?", "58"),
    # 59: dealer killed a hand
    ("dealer scooped my cards into the muck while I was glancing at the TV. they were live, I hadn't folded! what now?", "59"),
    ("my sister's cards got swept into the muck by the dealer while she was still in the hand, now they're all mixed up. can they fish them out?", "59"),
    # 60: stud folds
    ("stud question from a hold'em guy: the player flipped his up cards over face down. is that him folding?", "60"),
    ("seven card stud, turning your door card face down, is that a fold?", "60"),
    # 61: talking about hands, coaching
    ("two guys at the table were talking about what they folded while the hand was still going. allowed?", "61"),
    ("my husband was coaching me from the rail during a hand. is that against the rules?", "61"),
    ("my friend folded and then leaned over and showed his hand to the guy next to him who was still playing. ok??", "61"),
    ("vlog: he literally said 'I folded the ace' with three players still in the hand. penalty?", "61"),
    # 62: showing cards with action pending
    ("he showed one card to the guy next to him while the hand was still going. is that a problem?", "62"),
    ("cash regular: guy flashed his cards to the whole table mid-hand to get a read, in cash that's a thing. in a tourney is that a penalty?", "62"),
    ("reporter: he folded face up with two players still to act, showing AK. is that penalized?", "62"),
    ("TD: s8 exposed cards w/ action pending, hand still live, pen?", "62"),
    # 63: soft play, collusion
    ("two friends checked it down with the nuts against each other. soft play?", "63"),
    ("reporter: big stack shoved light into his buddy three times and folded the river every time. chip dumping? what does the floor do?", "63"),
    ("my brother and his friend are not betting each other at the final table. is that collusion?", "63"),
    ("TD: soft play suspected seats 2/7. action?", "63"),
    # 64: etiquette
    ("dude sat there with the nut flush, made the other guy show first, then took like 30s before tabling it. is slow rolling actually against any rule?", "64"),
    ("guy dropped f-bombs at the dealer after a bad beat, like really nasty. is that penalized or just a warning?", "64"),
    ("player keeps splashing chips and being rude to everyone. what can the floor do?", "64"),
    ("vlog: he berated the other player for the bad call for like a full minute. penalty?", "64"),
    # 65: penalties
    ("my boyfriend got a penalty for throwing his cards at the muck too hard. how long is he out, and can it be longer next time?", "65"),
    ("TD: player threw cards at dealer, 1 round pen?", "65"),
    ("he threw his chips at the dealer. can they DQ him?", "65"),
    # RP-1: all-in button
    ("shouldn't there be a little button in front of the player who's all in?", "RP-1"),
    ("dealer put a marker in front of the all in player. what's that thing for?", "RP-1"),
    # RP-2: bringing in bets
    ("dealer keeps leaving everybody's flop bets in front of them and it's getting confusing. aren't they meant to collect after every round?", "RP-2"),
    ("when should the dealer pull everyone's bets into the middle, after each street or only at the end?", "RP-2"),
    # RP-3: personal items
    ("is it ok to put ur backpack + a big water bottle up on the table? guy next to me has his whole lunch out", "RP-3"),
    ("girlfriend brought her purse and put it on the felt. allowed?", "RP-3"),
    # RP-4: dropped stub
    ("dealer knocked the leftover deck off the table mid-hand, cards all over the floor. what happens with the rest of the hand?", "RP-4"),
    ("TD: stub dropped and mixed, turn + river still to come. reshuffle the stub?", "RP-4"),
    # RP-5: premature board cards
    ("dealer burned and turned the flop before the last player acted. what now?", "RP-5"),
    ("vlog: the dealer rolled the turn while seat 2 was still thinking lol. what do they do with that card?", "RP-5"),
    # RP-6: moving promptly
    ("the guy moving from the broken table is taking forever. can he be penalized?", "RP-6"),
    ("player moving tables stopped to chat with his friends. do they start dealing without him?", "RP-6"),
    # RP-7: dealer push before breaks
    ("reporter: all the dealers rotated 5 min before the break. is there a set procedure for when they push around a break?", "RP-7"),
    ("why did they change dealers 5 minutes before the break? seems pointless", "RP-7"),
    # a few more of the frequent ones
    ("cashier overheard it: guy said 'all in' but only pushed half his stack forward. is he all in or not?", "36"),
    ("my husband put a single yellow chip out after a raise and the dealer said 'that's just a call'. he wanted to reraise. how does that work?", "44"),
    ("partner POV: the guy to my boyfriend's left folded before my boyfriend acted, and then my bf bet. does that early fold still count?", "39"),
    ("reporter: player announced 'straight' at showdown but was actually holding a flush. dealer read it as a straight. does the better hand still count?", "11"),
    ("dealer pitched three cards to seat 4 in hold'em by accident and nobody's acted yet. redeal?", "33"),
]

BLIND_TUNE_8_CHINESE: list[tuple[str, str]] = [
    # 1
    ("论坛求助：裁判说按条文本来该那样判，但对那位玩家明显不公平，于是他自己拍板改判了。现场裁判有这个权力吗？最后算谁的？", "1"),
    # 2
    ("小红书｜第一次陪男朋友打比赛，他说轮到谁行动要自己盯着，荷官没义务提醒，座位也要自己核对，真的是这样吗😅", "2"),
    # 3
    ("弹幕：他敲了两下桌子算过牌吗？？一句话都没说啊", "3"),
    # 4
    ("现场有人手里还有牌，一边戴着耳机刷抖音一边打，裁判不管的吗", "4"),
    # 5
    ("同桌两个人整手牌一直用粤语嘀嘀咕咕，其他人都听不懂，能要求他们换成大家都懂的语言吗", "5"),
    # 6
    ("萌新求问：坐了两圈才发现坐错桌了，座位卡写的18桌我坐在81桌，之前打的那几手怎么算？", "6"),
    # 7
    ("迟到报名进去筹码是满的吗？还有re-entry之后是回原来的座位还是重新抽一个？", "7"),
    # 8
    ("朋友坐轮椅，抽到的位置轮椅进不去，可以给他换个方便的座位吗", "8"),
    # 9
    ("我们桌被拆了，拿到新座位卡一坐下就是大盲，这合理吗？有没有懂哥", "9"),
    # 9-A
    ("混合赛HORSE，轮到打stud那几手的时候庄家按钮怎么处理？停着不动吗", "9-A"),
    # 9-B
    ("拆桌的时候被拆的人去哪张桌子，是有一张事先排好的顺序表，还是裁判临时安排？", "9-B"),
    # 9-C
    ("我们桌就剩6个人了，隔壁桌坐满9个，不用匀一下吗？一般挪谁过来", "9-C"),
    # 10
    ("记者提问：这个赛事决赛桌是9人还是10人？剩多少人合成一桌？", "10"),
    # 11
    ("小红书｜他亮牌时喊了一句“同花”，实际上只有一对K，对手一听就把牌扔了。这锅谁背？底池给谁？", "11"),
    ("主播报错牌型了！嘴上说三条其实是葫芦，荷官是按牌算还是按嘴算？", "11"),
    # 12
    ("摊牌只翻了一张就被荷官收走了，他那两张牌其实能赢，还能找回来吗", "12"),
    ("赢家两张牌都亮在桌上了，荷官手快直接收进废牌堆了，这还能判给他吗", "12"),
    # 13
    ("论坛：摊牌时他把牌盖着往前推了一下，荷官还没碰到，他又说要亮，这牌还算不算？", "13"),
    # 14
    ("弹幕：都梭哈了为什么还不开牌？？不是应该马上翻吗", "14"),
    ("全下被跟了以后，两个人都要马上亮牌吗？他想等河牌发完再翻", "14"),
    # 15
    ("河牌两边都过牌了，谁先亮牌啊？两个人僵在那互相等", "15"),
    ("河牌他下注我跟了，他非说跟注的人先亮，对吗？", "15"),
    # 16
    ("我河牌跟注输了，把牌盖着扔了，旁边早就弃牌的人说要看我的牌，他有权看吗", "16"),
    # 17
    ("牌面是顺子，我说打公共牌只翻了一张，荷官就把我的牌收了，是要两张都亮才能分吗", "17"),
    # 18
    ("平分底池多出来一个25的筹码分不开，这个给谁？", "18"),
    # 19
    ("三个人全下筹码都不一样，荷官分了好几个池子，看不懂，短码最多能赢多少？", "19"),
    # 20
    ("荷官把底池推给了错的人，下一手已经在洗牌了，还能改吗", "20"),
    ("论坛求助：明明我牌大，荷官把池子推给对面了，我当时没反应过来，下一手都发完了，还能申诉吗？", "20"),
    # 21
    ("涨盲的时候正好在打一手牌，这手按新盲注还是旧的？", "21"),
    # 22
    ("比赛中要把小面额筹码拿掉，多出来零零散散的25怎么处理？比码能把人比出局吗", "22"),
    # 23
    ("隔壁那个人把大额筹码藏在小码后面，根本看不出有多少，这允许吗", "23"),
    # 24
    ("输了一晚上，能要求换一副新牌转转运吗？", "24"),
    # 25
    ("收银台这边问一下：客人说要重购，可是他那手牌还没打完，能先卖给他吗", "25"),
    # 26
    ("有人每手都想两三分钟，拖时间拖得全桌都烦，能叫裁判给他计时吗？", "26"),
    ("直播：对手tank了快5分钟了，叫clock之后一般给多久？", "26"),
    # 27
    ("一手牌结束了他让荷官把下一张翻出来看看是什么，荷官拒绝了，这是规矩吗", "27"),
    # 28
    ("去了趟厕所回来，荷官说发牌时我不在座位，手牌作废了，可我回来时还没人行动啊", "28"),
    # 29
    ("他手上还有牌要行动，直接起身出去抽烟了，这手怎么处理？", "29"),
    # 30
    ("大盲出局了，下一手按钮怎么走？会不会有人少交盲注", "30"),
    # 31
    ("拆桌换到新桌，他故意慢慢走，等大盲过去了才坐下，这算躲盲吧", "31"),
    # 32
    ("打到单挑了，按钮位是下小盲还是大盲？", "32"),
    # 33
    ("荷官发第一张牌就翻开了，要重发吗", "33"),
    ("发牌的时候荷官把两张牌都翻开了，算不算误发？", "33"),
    # 34
    ("都已经有三个人行动了才发现有一家只发了一张牌，还能重发吗", "34"),
    # 35
    ("翻牌一下子发了四张出来，现在怎么办", "35"),
    # 36
    ("他嘴上说“一万二”，结果推出去一万五的筹码，按哪个算？", "36"),
    ("男朋友说的是“跟”，结果推出去的码是加注的量，到底算跟还是加", "36"),
    ("直播间：他喊all in了但只推了一半的码，这算全下吗", "36"),
    # 37
    ("3号说“下注”还没报数，4号就抢着说“跟”，然后3号说一万，4号必须跟一万吗？", "37"),
    # 38
    ("他说“跟”，但只推了一半的量，要补齐吗？", "38"),
    ("论坛：对手加注到2000我没看到，扔了1000进去，可以收回来直接弃牌吗", "38"),
    # 39
    ("还没轮到他他就弃牌了，这个弃牌算数吗", "39"),
    ("弹幕：9号提前喊了call，行动还在6号呢，这算不算？", "39"),
    # 39-B
    ("荷官把我跳过去了，后面两个人都行动完了，我还能行动吗", "39-B"),
    ("裁判速记：2号被跳过，3号加注4号跟注，回到2号？后面的行动作数吗", "39-B"),
    # 39-C
    ("我右手边的人还没动，他就把筹码推出去了，这些筹码算下注吗", "39-C"),
    # 40
    ("第一次打比赛，跟注一定要说“跟”吗，还是直接推出刚好的筹码就行？", "40"),
    # 41
    ("他说了“加注”但没说多少，然后开始推码，算加多少？", "41"),
    ("加注一定要先说“加”吗？不说话直接一次推出去行不行", "41"),
    # 42
    ("盲注200/400，有人开到1000，我最少要再加到多少？荷官和邻座说的不一样", "42"),
    ("家人们谁懂啊，前面有人下注200，下一家直接加到1200，我想再加，最少得加到多少？", "42"),
    # 43
    ("短码全下只比下注多一点点，前面下注的人轮回来还能再加吗", "43"),
    ("有人all in不够一个完整加注，原来下注的人回来只能跟或弃？", "43"),
    # 44
    ("面对1000的下注，他扔了一个5000的筹码，一句话没说，算跟还是加？", "44"),
    ("小红书｜男朋友扔了个大码进去想加注，荷官说不出声就只算跟注，气死了😤", "44"),
    # 45
    ("他不说话推了一把不同颜色的筹码进去，比跟注多一些，算加注吗", "45"),
    ("面对1200的下注，有人默默放了两个1000的码，这是跟注还是加注？", "45"),
    # 46
    ("他之前下的500还在面前没收，又推了2000，总共是2500还是2000？", "46"),
    # 47
    ("限注德州一轮最多能加几次？有人已经封顶了还想再加", "47"),
    # 48
    ("我问荷官下注多少，他说3000，我跟了，结果其实是5000，我要补吗", "48"),
    # 49
    ("PLO里我喊pot，最多能下多少，怎么算？", "49"),
    # 50
    ("他先推了一部分筹码，又回去拿了一把，全程没说加注，这算什么", "50"),
    ("直播间都在刷string bet，到底什么样算分几次推码？", "50"),
    # 51
    ("盲注500/1000，他就说了个“五”，到底是500还是5000？", "51"),
    # 52
    ("没人下注他就把牌弃了，明明可以过牌，这算违规吗", "52"),
    # 53
    ("他在别人行动前说“你下我就加”，这句话算数吗", "53"),
    # 54
    ("对手全下，我想让荷官数一下他有多少，他捂着不让数，可以吗", "54"),
    # 55
    ("跟1200他扔了个5000的码说“找零”，是跟注还是加注？", "55"),
    # 56
    ("他全下被跟了，后来在水杯后面发现还有一个1000的码，这个算不算进去？", "56"),
    # 57
    ("有人把筹码装口袋里带出去上厕所，这允许吗", "57"),
    # 58
    ("地上捡到一个筹码，交给谁？归谁？", "58"),
    # 59
    ("荷官把我的牌当废牌收走了，我还没弃牌呢，怎么办", "59"),
    # 60
    ("stud里他把明牌翻过去扣着了，这是弃牌的意思吗", "60"),
    # 61
    ("旁边两个人在牌局进行中聊自己弃了什么牌，这不违规吗", "61"),
    ("老公在场边一直给我递眼色、小声指导，这样会被罚吗", "61"),
    # 62
    ("他在还有人要行动的时候给邻座看了一张牌，算什么", "62"),
    ("论坛：有人在行动中故意秀牌给对手看，想诱导对方弃牌，要罚吗", "62"),
    # 63
    ("两个朋友在决赛桌碰上了互相不下注，一直过牌，这算放水吧", "63"),
    ("有人故意把筹码输给自己朋友，算不算chip dumping", "63"),
    # 64
    ("慢摊牌！拿着坚果同花磨了半分钟才亮，这算违规吗", "64"),
    ("有人输了大池子对着荷官骂脏话，算违反礼仪吗", "64"),
    # 65
    ("扔牌被罚了一轮，下次再犯会罚多久？会被取消资格吗", "65"),
    ("他把筹码砸向荷官，直接DQ吗", "65"),
    # RP-1
    ("全下的人面前放了个小牌子，那是干嘛的", "RP-1"),
    # RP-2
    ("荷官每轮下注结束不收码，桌上乱七八糟，该什么时候收进池子？", "RP-2"),
    # RP-3
    ("桌上能放包和奶茶吗", "RP-3"),
    # RP-4
    ("荷官把剩下的牌掉地上了，转牌河牌还没发，怎么办", "RP-4"),
    # RP-5
    ("还有人没行动荷官就把翻牌发出来了，怎么处理", "RP-5"),
    # RP-6
    ("移桌的那个人慢吞吞的还跟朋友聊天，会被罚吗", "RP-6"),
    # RP-7
    ("为什么休息前5分钟还要换荷官", "RP-7"),
]
