"""Blind tuning set 14 (issue 25): written from blind_list.txt by an engineer who had not
read the rulebook's wording nor any other search set; for tuning. Voice: old-school live pros
(terse, sarcastic, insider slang), a rules-lawyer player arguing his case at length, and a floor
manager's post-event review of disputed rulings; in Chinese, a club's dealers' WeChat group and
a regular player arguing with the 裁判."""

BLIND_TUNE_14_ENGLISH: list[tuple[str, str]] = [
    # 1 — the floor's own judgment
    ("Floor review: the book said one thing but applying it literally would have handed the pot to the angle shooter, so I overruled it in the interest of fairness. Was that within my authority?", "1"),
    ("player keeps saying 'show me where it's written' — what do I tell him when the situation just isn't covered anywhere", "1"),
    ("weird one, never seen it in 30 yrs. no rule fits. whos call is it, mine or the TD's and is it final", "1"),
    ("You can't overrule the written procedure just because you think it's fair, the TD has to follow the book, right? I want it on record.", "1"),
    # 2 — player responsibilities
    ("Guy didn't protect his cards, dealer scooped them with the muck, and now he's crying. Whose job was it to keep a hand on them?", "2"),
    ("I clearly said I didn't know it was my turn, nobody told me the action was on me — you can't expect me to follow every bet at a nine-handed table", "2"),
    ("dealer pushed the pot to the wrong guy, the kid next to him saw it and said nothing till later. aren't players supposed to speak up when they see a screwup?", "2"),
    # 3 — official terms and gestures
    ("old timer raps the felt twice when facing a bet, dealer took it as a check... there was a bet in front of him", "3"),
    ("He said 'I'm in' and now claims it meant call not all-in. Is 'I'm in' even an accepted word?", "3"),
    ("Post-event note: player used 'bump it' and 'go' interchangeably all night; we need to know which words we actually recognise as binding", "3"),
    # 4 — phones and devices
    ("dude was texting under the table with live cards, cards in front of him, phone in his lap. dead hand?", "4"),
    ("He had one earbud in and his phone on the rail while in the hand, I was watching him scroll, the whole time", "4"),
    ("You can't kill my hand for taking a call, I had already folded... oh wait, I guess I still had cards. But the dealer never warned me!", "4"),
    # 5 — language
    ("two guys at table 7 chatting in Russian during a hand they're both in. floor wants them to knock it off", "5"),
    ("Review: two players conversed in Cantonese mid-hand; another player complained of collusion. Which rule lets us require English while a hand is live?", "5"),
    # 6 — seating
    ("player played three orbits in seat 4 but his ticket says seat 6 at the same table. move him now? what about his chips", "6"),
    ("Two guys both holding tickets for table 12 seat 3. One's been playing an hour. Who gets the seat?", "6"),
    ("I drew my seat out of the box fair and square, you can't move me just because the TD sheet has me somewhere else", "6"),
    # 7 — alternates, late reg, re-entries
    ("late reg guy gets seated right between the button and small blind, does he get dealt in or sit out?", "7"),
    ("re-entry bought back in, walked straight to his old table and old seat, says he can have it back. no random draw?", "7"),
    ("alternate list: we have 5 waiting and 2 seats open — do alternates get a full starting stack or the blinded-off one", "7"),
    # 8 — special needs
    ("Wheelchair player needs seat 1 or 10 for access, table draw put him at seat 5. can we reseat him?", "8"),
    ("Floor review: a visually impaired player asked a dealer to read the board aloud each street. Is there a provision for that?", "8"),
    # 9 — breaking tables
    ("table 14 breaks, guy comes to our table and lands in the big blind immediately, he's furious he's posting right away", "9"),
    ("busting tables down, do the broken table's players go into open seats randomly or does the sheet decide?", "9"),
    ("They broke my table and put me straight into the BB, I want a different seat, that's clearly unfair positioning", "9"),
    # 9-A — mixed games, button in stud
    ("HORSE: we're on the stud round, do we keep moving the dealer puck or leave it where it was after the last O8 hand?", "9-A"),
    ("8-game rotation switches from razz back to hold'em — where does the button start, we didn't move it for the stud stuff", "9-A"),
    # 9-B — predetermined choice of tables
    ("how do we decide which table breaks next? players say we always break the ones near the bar first", "9-B"),
    ("Review: players accused us of picking which table to break to help a friend. Do we break tables in a set order announced beforehand?", "9-B"),
    # 9-C — balancing
    ("table 3 has 6, table 5 has 9. who moves and to what seat? the guy who's BB next or whoever?", "9-C"),
    ("we're three players out between tables, is it time to move someone? which player goes from the full table", "9-C"),
    ("I just got moved to balance tables and I'm going straight into the big blind again, this is the second time tonight", "9-C"),
    # 10 — final table size
    ("how many players do we need before we redraw for the final table — 9 or 10?", "10"),
    ("Two tables of 6 and 5 left. We going to an 11-handed final or wait until 9?", "10"),
    # 11 — cards speak
    ("Kid calls out 'two pair' at showdown, dealer looks again and it's a wheel straight. He still gets the wheel, yeah?", "11"),
    ("guy said 'i got nothing' and flipped over a flush lol. who wins", "11"),
    ("Dealer read the hand as trips, player called it as trips, but the board paired and it's a full house. Pot already pushed to the other guy.", "11"),
    ("I clearly said flush, you all heard it, and then the dealer reads it as a straight — you can't penalize me because the dealer misread", "11"),
    # 12 — tabling cards and killing winning hands
    ("he turned over one card and waited, the dealer mucked the other guy's hand. who wins that pot", "12"),
    ("winner's cards were face up on the table and the dealer swept them into the muck anyway. he obviously had the best hand", "12"),
    ("Post-event: dealer killed a hand that had been tabled face up and clearly won. We awarded the pot to the tabled hand. Correct?", "12"),
    ("showed one card, other card still face down, guy says 'just give me the pot'. do both cards have to be face up?", "12"),
    # 13 — live cards at showdown
    ("He slid his cards forward face down at showdown and then tried to flip them back over when he saw my hand. Still live?", "13"),
    ("Pushed cards toward the dealer face down, didn't touch the muck yet, now he wants to table them. Can he?", "13"),
    ("I never folded, I was just pushing them forward so the dealer could read them, face down, you can't say I mucked", "13"),
    # 14 — face up for all-ins
    ("all in and called, one guy refuses to flip his hand until the river. he has to show now right?", "14"),
    ("Both players all-in preflop, dealer ran the board without turning over their cards. Shouldn't they be on their backs before any board card?", "14"),
    ("All-in called, I want to keep my cards face down until the river, you can't make me expose my hand", "14"),
    # 15 — showdown order
    ("river checks through, who's supposed to show first, the button or the first guy left?", "15"),
    ("He bet the river, I called, he wants me to show first. Doesn't the guy who bet have to turn his over first?", "15"),
    ("Review: river bet and call, both players stared at each other for 40 seconds refusing to show. What's the order?", "15"),
    ("nobody wants to show first and everyone's waiting, last guy to raise was on the turn, river checked", "15"),
    # 16 — asking to see a hand
    ("I called the river and he mucked, I want to see his hand, I paid for it", "16"),
    ("Guy who folded preflop wants to see the loser's hand at showdown. Can he ask?", "16"),
    ("One reg asks to see every mucked hand at showdown, every single time. Can I stop him doing that?", "16"),
    # 17 — playing the board
    ("Royal flush on the board, guy throws his cards in face down and says he's playing the board. does he get a chop", "17"),
    ("Board plays for both of them but one guy mucked without showing. still split?", "17"),
    # 18 — odd chips
    ("chopped pot, one 25 chip left over, who gets it?", "18"),
    ("Split pot, 3-way, there's 100 left that can't be divided by 3. Where does the extra chip go in hold'em?", "18"),
    # 19 — side pots
    ("three people all-in with different stacks, the dealer made one big pot. how do we split it into the main and side pots", "19"),
    ("short stack shoved, two bigger stacks keep betting. Short stack has the best hand — what does he win?", "19"),
    ("Review: dealer combined the side pot into main pot and awarded it all to the short stack who had the best hand. How should it have been built?", "19"),
    # 20 — disputed pots
    ("10 mins after the hand a guy comes back saying he was shorted on the pot — cards for the next hand already dealt", "20"),
    ("The dealer pushed the pot to the wrong guy and the next hand's been shuffled already. Too late to fix?", "20"),
    ("Player complains pot was pushed wrong, the shuffle started but no cards out yet. Can we still fix it?", "20"),
    # 21 — new hand, new level
    ("clock hit zero while the dealer was mid-shuffle, do the new blinds apply to this hand or the next?", "21"),
    ("Level went up just as the cards were being pitched. Player's argument: the old blinds should stand for this hand. Are they right?", "21"),
    ("The dealer never announced the level change before dealing, so you can't make me post the new big blind on this hand", "21"),
    # 22 — chip race, color-up
    ("racing off the 25s at the break, guy with two odd reds loses the race and has zero chips left. is he out?", "22"),
    ("color up time, one player has three 100s. does he get a 500 or do we race them off", "22"),
    ("Review: during the chip race one player received two chips; another complained he should have gotten one max. What's the procedure?", "22"),
    # 23 — chips visible, countable
    ("guy keeps his 5k chips tucked behind a stack of 100s so nobody can see them. that's shady right", "23"),
    ("Stack is a mess, all mixed colours in one giant tower, nobody can tell what he has. can I make him restack?", "23"),
    ("he's got his biggest chips hidden under his card protector and his hand, always, every hand", "23"),
    # 24 — deck changes
    ("guy keeps asking for a new deck every time he loses a pot. do we have to give it to him?", "24"),
    ("card's got a bent corner, player wants the deck replaced mid-level. when do we swap decks?", "24"),
    # 25 — rebuys
    ("he busted and wants to rebuy but says he doesn't want to miss the next hand. can he sit out while the runner gets the chips?", "25"),
    ("Player announced add-on after the cards were dealt. Does he play this hand with the extra chips?", "25"),
    # 26 — calling the clock
    ("guy tanking for 3 minutes on the river every single hand. I'm calling the clock, how long does he get", "26"),
    ("clock called, floor gives him 30 secs, he doesn't act at the end. what happens to the hand", "26"),
    ("Somebody called time on me after like 20 seconds. You can't put a clock on me that fast, I'm allowed to think", "26"),
    ("Review: the floor counted down the final ten seconds and the player acted at 'one'. Opponent insisted he was too late. Timing of the countdown?", "26"),
    ("tank police at table 9 again, dude wants a clock on every decision. is there a minimum time before clock can be called", "26"),
    # 27 — rabbit hunting
    ("hand over, guy asks the dealer to show what the river would have been. dealer did it. allowed?", "27"),
    ("Everyone folded on the turn and the winner wants to see the next card just for fun. Can the dealer flip it?", "27"),
    # 28 — at your seat
    ("player was walking back from the bathroom when the cards hit his seat, sat down before the first action. live or dead?", "28"),
    ("Guy was standing behind his chair when the last card was dealt, he had a hand on the back of the seat. His hand live?", "28"),
    ("I was two steps from my seat when the dealer finished dealing, you can't kill my hand for that, I was basically there", "28"),
    # 29 — stay at the table with action pending
    ("he folded... no wait, he still had cards, he just got up and walked to the rail mid-hand with action to him", "29"),
    ("Player went to the bar while he was still in a hand, action was on him when he left. Do we kill it?", "29"),
    # 30 — dead button
    ("big blind busted last hand, where does the button go now? do we skip a seat", "30"),
    ("both blinds went out on the same hand, does the button move forward to an empty seat or stay", "30"),
    ("We have two busts in the blinds. Player in seat 5 says he shouldn't post the big blind twice. Dead button?", "30"),
    # 31 — dodging blinds
    ("guy getting moved from a broken table sat out until his new seat was past the blinds. that's dodging right", "31"),
    ("Player moved tables and took forever so he'd miss his big blind. What's the penalty", "31"),
    # 32 — heads up button
    ("down to two players, who is on the button? does the button post the small or big blind", "32"),
    ("Going heads-up from three-handed, the guy who just posted BB says he'd have to post it twice in a row", "32"),
    ("Heads up: small blind acts first preflop or last? Both players are arguing", "32"),
    # 33 — misdeals
    ("dealer flashed the first card to seat 1, face up on the felt. redeal?", "33"),
    ("Puck was in the wrong spot for the deal, somebody caught it before anybody acted. Redeal?", "33"),
    ("two cards came out face up in the deal, dealer kept going", "33"),
    ("dealer pitched seat 3 three cards and seat 4 one. Can we just fix it?", "33"),
    ("Review: the dealer dealt a player who had already busted, his seat got cards. We called a misdeal after the first bet. Right?", "33"),
    # 34 — substantial action
    ("dealer dealt the button wrong but UTG called, next guy raised and another called. redeal or play on?", "34"),
    ("How many people have to act before we can't call a misdeal anymore?", "34"),
    ("it's been bet, called and raised when someone notices the extra card — too late for a redeal?", "34"),
    # 35 — four card flop
    ("dealer turned four cards on the flop. which one comes off?", "35"),
    ("flop came out with 4 cards face up. what now, do we scramble them", "35"),
    ("Four cards hit the board instead of three before anyone could stop it. Player says the fourth should be the turn", "35"),
    # 36 — verbal vs chips
    ("he said 'call' and pushed out a raise worth of chips", "36"),
    ("Player said 'two thousand' while throwing out 3,500 in chips. Which one's the bet", "36"),
    ("I clearly said 'raise to ten', I only pushed 8 by accident, you can't lock me to the 8", "36"),
    ("dude says 'check' and puts out chips at the same time. what counts", "36"),
    ("guy says 'I bet a thousand' then changes it to 'no, two thousand' before putting chips in", "36"),
    ("Review: player verbally declared 'six hundred' then silently pushed 1,200. The dealer took the 1,200. Which should have governed?", "36"),
    ("said 'all in' and only pushed half his stack, then wants to take it back. its all in right?", "36"),
    # 37 — acting in turn
    ("Guy folded before the raise amount was even known. Then he says he'd have called if it was smaller", "37"),
    ("player called before the other guy finished saying how much, bet was way bigger than he thought. stuck with it?", "37"),
    ("You can't hold me to that call, the dealer never announced the amount, I didn't know it was 40k", "37"),
    # 38 — binding declarations, undercall
    ("facing a 1200 bet he pushed 800 and said nothing. what now", "38"),
    ("he said call but only put out half the bet, doesn't have to make up the rest does he?", "38"),
    ("Player threw in 4k against a 6k bet, said 'call'. Is he forced to make it 6k?", "38"),
    ("He said raise but then wanted to just call. Verbal means binding right?", "38"),
    ("Review: player said 'I call' and when he saw the size of the bet he tried to muck. We made him put in the full call.", "38"),
    # 39 — out of turn
    ("guy two seats down folded out of turn, the guy before him hadn't acted yet", "39"),
    ("He said raise out of turn, then the player before him checked. Is his raise still binding?", "39"),
    ("Someone called out of turn, then the guy in front of him raised. Can the out-of-turn guy take back his call?", "39"),
    ("player checked out of turn, then the actual guy bet. does his check still hold", "39"),
    ("I said call out of turn but then someone bet in front of me, the action changed, you can't hold me to it", "39"),
    ("Review: three OOT actions in one orbit by the same player. When is an out-of-turn bet binding and when can it be withdrawn?", "39"),
    # 39-B — skipped player
    ("dealer skipped seat 6, two players after him already called and bet. what about seat 6", "39-B"),
    ("The guy in seat 2 got passed over, three people acted after him. Does the action go back to him?", "39-B"),
    ("I got skipped! Nobody asked me, the dealer moved on and they all acted, you can't take my option away", "39-B"),
    ("seat 8 skipped, then a raise and a call out of turn. does seat 8 get to act and what happens to the raise", "39-B"),
    # 39-C — chips out of turn
    ("guy pushed chips in before it was his turn, the player before him hadn't checked yet", "39-C"),
    ("player tossed out a bet while the guy to his right was still thinking. the chips stay in?", "39-C"),
    ("Pushed chips into the pot out of turn, then the player before him bet. Do his chips count as a call?", "39-C"),
    ("Review: player put 5k across the line out of turn, preceding player then raised to 12k. How do we treat the 5k?", "39-C"),
    # 40 — methods of calling
    ("he just slid chips equal to the bet over the line without a word. that's a call, right?", "40"),
    ("facing a bet, player tosses out the exact amount silently. opponent says it's a raise attempt", "40"),
    ("what counts as calling if nobody speaks? chips equal to the bet? tapping?", "40"),
    ("Player matched the bet with chips but said nothing; then claimed he was going to raise and wasn't done. Call or not?", "40"),
    # 41 — methods of raising
    ("He said 'raise' and then started reaching back for more chips, is that allowed?", "41"),
    ("guy says raise but doesn't give a number, just pushes some chips. how much is the raise", "41"),
    ("Old-school move: one hand says 'raise', other hand drops a stack. Whatever lands is the raise?", "41"),
    ("I said raise, I didn't have to say the number right away, you can't limit me to a min raise because the dealer rushed me", "41"),
    ("Review: player announced 'raise' and pushed one stack of chips, then went back for a second. We held him to the first push. Right?", "41"),
    # 42 — minimum raise
    ("bet is 1k, guy raises to 1500. is that even a legal raise", "42"),
    ("blinds 200/400, someone opened to 1000, what's the min 3bet", "42"),
    ("He raised short of the minimum. Do we bump it to the min or make it a call?", "42"),
    ("Min-click math: open 2.5k, re-raise to 6k, what's the smallest 4-bet?", "42"),
    ("Review: player attempted to raise by less than the previous raise increment; dealer allowed it. What's the correct minimum?", "42"),
    # 43 — re-opening betting
    ("short stack jammed for slightly more than the bet, original bettor wants to re-raise. is the action reopened for him?", "43"),
    ("Guy all-in for less than a full raise. Can the player who already bet raise again?", "43"),
    ("a couple of tiny all-ins in a row, do they add up to reopen the betting?", "43"),
    ("You can't stop me re-raising, the all-in raised the bet, the action is back on me and I get to raise", "43"),
    # 44 — oversized chip
    ("facing a 3-bet, old man flicks in a lone 25k chip, mouth shut the whole time. he claims 4-bet", "44"),
    ("Single 5k chip into a 1k bet without a word. call or raise?", "44"),
    ("dropped one orange into the pot preflop, never said raise, thinks he raised", "44"),
    ("I tossed in one 10k chip, obviously I meant to raise, everyone knows I'm aggressive, you can't call that a call", "44"),
    ("Review: player placed a single oversized chip facing a bet and said 'raise' after it hit the felt. Call or raise?", "44"),
    # 45 — multiple chips
    ("facing 600, guy pushes out two 500s and says nothing", "45"),
    ("Bet is 1,000. He throws out three 500s silently. Call or raise?", "45"),
    ("several chips without a word — when is that a raise and when a call?", "45"),
    ("Review: silent pile of chips facing a bet, one chip fewer would still have covered the call. We ruled call.", "45"),
    # 46 — prior-bet chips not pulled in
    ("he had 500 in front from his bet, faced a raise to 2k and tossed in a 5k chip. raise or call?", "46"),
    ("Chips from his earlier bet still sitting there when he threw another chip in. Does the old bet count toward the call?", "46"),
    ("Player's blind still in front, he puts one big chip in after a raise. Dealer says raise. He says call.", "46"),
    # 47 — number of raises
    ("limit game: bet, raise, re-raise, cap — guy wants to put in a fifth bet. allowed?", "47"),
    ("Is there a cap on raises in no limit? Guy says you only get 3", "47"),
    ("Heads up in the limit event, is the raise cap still on?", "47"),
    # 48 — accepted action
    ("dealer said the bet was 3k, he called, turns out it was 5k. stuck paying 5k?", "48"),
    ("I asked the dealer how much it was, dealer said 2k, I called, now you want 4k? the dealer gave me the wrong number, I shouldn't pay for that", "48"),
    ("Review: dealer miscounted an all-in, caller relied on the miscount. We ruled the caller must pay the correct amount.", "48"),
    # 49 — pot limit
    ("PLO: he says pot, how much does the dealer calculate", "49"),
    ("Pot-limit game: guy says 'pot' after a raise, what's the max he can put in", "49"),
    ("Player in the PLO event bet more than the pot. Dealer didn't catch it. What's the max allowed?", "49"),
    # 50 — string bets
    ("he pushed in a stack, then went back for another stack and another, said nothing", "50"),
    ("dealer called string on him, he says he was only moving chips closer", "50"),
    ("Player dropped some chips, paused, went back to his stack for more. Raise or call?", "50"),
    ("I didn't string, it was one continuous motion, I was just slow. The dealer never announced string bet either", "50"),
    ("Review: dealer failed to call a string raise; opponent objected after. Who's responsible for calling string bets?", "50"),
    # 51 — unclear bets
    ("player says 'five' in a 100/200 level. 500 or 5000?", "51"),
    ("He said 'twelve' and put out 1200. Dealer says 12k. Confusing", "51"),
    ("Guy says 'make it 4' with 400/800 blinds. What does he mean?", "51"),
    ("Review: player said 'two fifty' when the bet was 2000. Nobody was sure if he meant 250 or 2500. How do we rule ambiguous amounts?", "51"),
    # 52 — folding when no bet
    ("nobody bet and he folded anyway. do we kill the hand or let him check?", "52"),
    ("Player folded out of turn with no bet in front of him, then wanted his cards back", "52"),
    ("guy mucks when checked to him. can't take it back right", "52"),
    # 53 — conditional statements
    ("he said 'if you bet, i raise', then the guy bet. is he raising now?", "53"),
    ("Player says 'if you shove I call'. Does he have to call when the guy shoves?", "53"),
    ("I said I'd probably call if he went all in, that's not a commitment, you can't make me call because of that", "53"),
    # 54 — counting opponent's chips
    ("player wants the dealer to count the all-in guy's stack before he decides", "54"),
    ("Can I ask how much the other guy has left? He's hiding it", "54"),
    ("Someone asked for a count, the opponent refused to show his stack. Do we force it?", "54"),
    # 55 — betting for change
    ("he threw a 5k chip and said 'change' facing a 2k bet. call or raise?", "55"),
    ("Player puts out big chips and says 'take 500 out of that'. What's the bet?", "55"),
    # 56 — chips found after all-in
    ("guy goes all-in, gets called, then we find a 1k chip under his cards. does it play?", "56"),
    ("Player was all in and called, at showdown a stack was behind his water bottle. Does that count?", "56"),
    # 57 — chips out of view
    ("guy pocketed a few chips during a break and brought them back later", "57"),
    ("Player walked to the cage with chips during play. That's allowed?", "57"),
    ("Review: player carried chips to a new table in his jacket pocket. Stack size ended different on arrival. How to treat it?", "57"),
    # 58 — lost and found chips
    ("found a black chip on the carpet near table 6. who gets it", "58"),
    ("Dealer found a chip under the rail, nobody claims it. what do we do with it", "58"),
    # 59 — accidentally killed hands
    ("dealer mucked my hand by mistake when I was still in the pot!", "59"),
    ("Dealer grabbed the wrong cards and killed a live hand. Can we fish them out?", "59"),
    ("My hand got fouled when the dealer swept a card into it. I should get my money back", "59"),
    # 60 — folding in stud
    ("stud: he turned his upcards over. did he fold?", "60"),
    ("Seven card stud player flipped his door card down. Hand dead?", "60"),
    # 61 — no disclosure, one player to a hand
    ("guy who folded keeps telling the guy next to him what he had during the hand", "61"),
    ("His buddy's behind him whispering advice while he's in the pot. Shut that down?", "61"),
    ("Player said 'I folded a king' with two players still in the hand. That's not allowed right?", "61"),
    ("Review: spectator leaned in and pointed at the board during a live hand. Player also asked his friend for advice. What's the rule?", "61"),
    # 62 — exposing cards
    ("guy flashed his hand to the player next to him while still in the pot", "62"),
    ("Player showed his cards to one opponent during the hand. What's the penalty?", "62"),
    ("dude flipped his cards face up while the other guy was still deciding to call", "62"),
    ("Review: player exposed his hole cards mid-hand, heads-up, to induce a fold. Penalty?", "62"),
    # 63 — ethical play
    ("those two drove in together and split gas money, and every time they tangle it's check-check-check. cmon floor", "63"),
    ("They never bet into each other, check it down every time they're heads up", "63"),
    ("guy dumping chips to his buddy late in the event — raising and folding", "63"),
    ("Review: two players with the same backer appeared to soft play and pass information. Action taken?", "63"),
    # 64 — etiquette violations
    ("He slow rolled the nuts, took forever before showing", "64"),
    ("player cursing at the dealer after every lost pot", "64"),
    ("guy keeps talking trash to the whole table, not directed at anyone", "64"),
    ("I didn't slow roll, I was just tired. You can't penalize me for being slow", "64"),
    ("Review: player berated an opponent's play after every pot ('how do you call with that garbage') and lectured the table. Behaviour rule?", "64"),
    # 65 — warnings and penalties
    ("He threw his cards at the dealer. How long is the penalty?", "65"),
    ("What's the penalty for a second warning — one round or more?", "65"),
    ("Can we DQ a player for repeated abuse after 3 penalties?", "65"),
    ("Review: player received a 1-round penalty but was dealt in anyway. How should penalty time be handled?", "65"),
    # RP-1 — all-in button
    ("dealer forgot to drop the marker in front of the guy who shoved, half the table thought he still had chips behind", "RP-1"),
    ("Where's the all-in marker? We need a chip in front to show he's all-in", "RP-1"),
    # RP-2 — bringing in bets
    ("dealer keeps pulling bets into the pot before the betting round ends", "RP-2"),
    ("new dealer sweeps the bets into the middle before the action's done, so I can't see what the raise was. he's supposed to leave them out till the round ends, no?", "RP-2"),
    # RP-3 — personal items
    ("guy has a bag, two drinks and a laptop on the table. limits?", "RP-3"),
    ("third spilled beer on the felt this level, guy's got a backpack, a tablet and a sandwich on the rail. how much junk can he keep up there", "RP-3"),
    # RP-4 — dropped stub
    ("dealer dropped the deck on the floor mid-hand", "RP-4"),
    ("The stub fell out of the dealer's hand and got scrambled with the muck", "RP-4"),
    # RP-5 — premature cards
    ("dealer burned and turned before the betting was finished", "RP-5"),
    ("flop came out early while someone was still deciding", "RP-5"),
    # RP-6 — moving promptly
    ("guy told to move tables and he's taking forever packing up", "RP-6"),
    ("Review: a player moved from table 4 stopped at the bar for a drink before taking his new seat; he missed two hands. How fast must moved players get there?", "RP-6"),
    # RP-7 — dealer rotation before breaks
    ("break is in 2 minutes, the new dealer just sat down. rotate now or after the break?", "RP-7"),
    ("Dealer pushes 5 mins before break. Players upset about a fresh dealer then a break.", "RP-7"),
    # extra, in voice
    ("Look, I clearly said 'pot' before I touched a chip, the dealer never announced the amount and now you want to hold me to a min bet because I only grabbed four chips?", "36"),
    ("old-school rule: one chip no word = call. kid dropped a yellow on a 2k raise and started celebrating his re-raise. floor?", "44"),
    ("Review: seat 2 announced 'raise' and while reaching back the dealer said 'string'. Player insists the word 'raise' protected him. Which method-of-raising rule decided it?", "41"),
    ("classic angle, he pushes half his stack in one go then 'oh and the rest' — two trips to the stack, dealer said nothing", "50"),
    ("you can't call that a fold, my cards went forward face down but they're sitting right in front of the dealer, not in the muck, I want to table them", "13"),
]

BLIND_TUNE_14_CHINESE: list[tuple[str, str]] = [
    ("裁判你这么判根本不公平，条文是条文，可这种情况明显是他在钻空子，你们现场能不能自己做主？", "1"),
    ("群里问下：客人说自己的牌没护好被荷官收走了，说是我们的责任，玩家自己不该看好自己的牌吗", "2"),
    ("他拿手指敲了两下桌子，前面明明有人下注了，荷官当成过牌，这个动作到底算什么", "3"),
    ("这手牌还没打完他就在桌下刷手机回微信，还戴着耳机，牌要不要作废", "4"),
    ("两个广东客人在手牌进行中一直讲粤语，别人听不懂投诉说他们串通，能不能要求只讲普通话或英文", "5"),
    ("那位大哥在4号位坐了三圈了，座位卡上写的是6号，现在要不要挪过去，筹码怎么办", "6"),
    ("晚报名的玩家被安排在按钮和小盲中间，这手能不能直接发牌给他", "7"),
    ("坐轮椅的客人抽到5号位进不去，能不能给他换到靠边的位置", "8"),
    ("12桌拆了，过来的人一坐下就是大盲，他说太亏了要换位置，拆桌过来的座位怎么定", "9"),
    ("混合赛打到梭哈那一轮了，按钮要不要继续往下转？还是停在原地等回到德州", "9-A"),
    ("有玩家说我们总是先拆靠门口那几桌，故意的，到底拆哪桌是提前定好的顺序吗", "9-B"),
    ("3桌只剩6个人，7桌满9个人，要调谁过去，调过去坐哪个位置", "9-C"),
    ("还剩11个人两桌，决赛桌到底几个人才合桌？九个还是十个", "10"),
    ("他自己报的是两对，其实牌面是顺子，荷官把池子推给了对手，现在怎么算", "11"),
    ("他只翻了一张牌就等着，荷官把赢家的牌收进废牌堆了，这锅到底算谁的", "12"),
    ("摊牌时他把牌盖着往前推了，还没碰到废牌堆，看到对手的牌又想翻开，还算活牌吗", "13"),
    ("两个人翻前都梭哈了，荷官直接发公共牌没让他们开牌，不是应该先亮牌吗", "14"),
    ("河牌他下注我跟了，他非要我先亮，我说你下注的你先开，到底谁先亮牌", "15"),
    ("我河牌跟注了，他直接丢牌不给看，我花了钱凭什么不能看他的牌", "16"),
    ("公共牌是同花顺，他说打公共牌然后盖牌扔了，还能分池吗", "17"),
    ("平分底池多出一个25的零头，给谁", "18"),
    ("三个人全下筹码都不一样，荷官全部混成一个池子了，主池边池要怎么分", "19"),
    ("池子推错人了，下一手已经开始洗牌了，现在投诉还来得及吗", "20"),
    ("荷官洗牌洗到一半计时器响了涨盲，这手按新的盲注还是旧的", "21"),
    ("休息换色比码，他只剩两个25的小码比码输了，一个筹码都没了，算出局吗", "22"),
    ("他的大码全藏在后面小码堆后面，谁也看不清他有多少，能不能让他摆出来", "23"),
    ("客人每输一个池就要换一副牌，我们必须换吗？什么时候才换牌", "24"),
    ("他输光了要重购，但是又不想错过下一手，筹码还没送到能不能先发牌给他", "25"),
    ("这人每手河牌都要想三分钟，我要叫时间，裁判给他多少秒", "26"),
    ("手牌都结束了，他要荷官把河牌翻出来看看是什么，荷官还真翻了，这能行吗", "27"),
    ("发完牌的时候他还在从洗手间往回走，坐下的时候还没人行动，这手牌算不算", "28"),
    ("轮到他行动了，他人站起来去吧台拿饮料了，这手牌怎么处理", "29"),
    ("群里问一下，大盲上一手出局了，按钮这手是正常往前走还是死按钮停一下", "30"),
    ("换桌的时候他故意磨蹭到大盲过了才坐下，这算躲盲吧，罚不罚", "31"),
    ("剩两个人单挑了，按钮是下小盲还是大盲？翻前谁先说话", "32"),
    ("@全体荷官 刚才3桌发第一张就翻面了，我直接喊了重发，没问题吧", "33"),
    ("发牌发错了位置，可是已经有人跟注有人加注了，还能重发吗", "34"),
    ("群里问下，翻牌手一抖翻了四张出来，现场裁判是把四张洗一下随机抽一张当烧牌吗", "35"),
    ("裁判你听清楚，我嘴上说的是两千，手上推多了是不小心，凭什么按三千五算", "36"),
    ("加注多少还没说清楚，他就先弃牌了，然后说要是少一点他会跟", "37"),
    ("对方下注1200，他推了800出来什么也没说，要不要补齐", "38"),
    ("他还没轮到就说加注了，前面的人过牌，他的加注还算不算", "39"),
    ("荷官跳过了6号位，后面两个人已经跟注加注了，6号位怎么办", "39-B"),
    ("前面那位还在想，他就把筹码推出去了，这些筹码留在池里吗", "39-C"),
    ("他一句话不说把跟注数额的筹码推过线了，算跟注吧", "40"),
    ("他说了加注但是没说多少，就往前推了一些筹码，加多少算", "41"),
    ("对方下注1000，他加到1500，这个加注合法吗？最小加多少", "42"),
    ("短码全下比下注多一点点，原来下注的人还能再加吗", "43"),
    ("对方加注，他不出声丢了一个5000的大码进去，是跟还是加", "44"),
    ("面对600的下注，他默默推了两个500出来，跟注还是加注", "45"),
    ("他前面的下注500还没收进池子，对方加到2000，他又丢了一个5000的码，算跟还是加", "46"),
    ("限注桌已经加到封顶了，他还想再加一次，可以吗", "47"),
    ("我问荷官多少，荷官说三千，我跟了，结果是五千，荷官报错凭什么要我补", "48"),
    ("奥马哈底池限注，他喊pot，最多能下多少，荷官怎么算", "49"),
    ("他推了一摞，又回去拿一摞，再拿一摞，一句话没说，荷官也没叫", "50"),
    ("100/200的级别他说“五”，到底是500还是5000", "51"),
    ("前面都没人下注他就把牌扔了，能让他收回来过牌吗", "52"),
    ("他说“你下注我就加注”，对方真下注了，他必须加吗", "53"),
    ("对方全下了，我想让荷官点一下他有多少筹码再决定，可以吧", "54"),
    ("对方下注2000，他扔一个5000的码说“找零”，这算跟还是加", "55"),
    ("他梭哈被跟了，开牌后才发现他牌底下还压着一个1000的码，这个码算不算在里面", "56"),
    ("休息的时候他把几个码揣兜里带走了，回来又拿出来，这怎么处理", "57"),
    ("6桌地毯上捡到一个黑码，没人认领，给谁", "58"),
    ("我还在池里，荷官把我的牌当成弃牌收走了！", "59"),
    ("七张梭哈他把明牌翻过去盖上了，这算弃牌吗", "60"),
    ("他已经盖牌了还在跟旁边的人说自己扔了什么，别人还在打，这不就是场外指导吗", "61"),
    ("他手牌还没打完就把牌亮给旁边的人看，要罚吗", "62"),
    ("那两个是朋友，单挑的时候从来不下注，每次都过牌过到底，明显放水", "63"),
    ("拿着坚果拖了半天才秀牌，故意恶心人，这种slow roll能罚吗", "64"),
    ("他把牌摔到荷官脸上了，罚几圈？", "65"),
    ("那个玩家全下了，荷官忘了放全下标志，大家都以为他还有码", "RP-1"),
    ("新来的荷官一轮下注没结束就把筹码收进池子里，加注多少都看不清了", "RP-2"),
    ("他在桌上放了包、两杯饮料还有平板电脑，桌面能放多少东西", "RP-3"),
    ("荷官手一滑剩下的牌掉地上了，牌全乱了，这手怎么办", "RP-4"),
    ("还有人没行动荷官就烧牌翻了转牌，公共牌发早了", "RP-5"),
    ("叫他换桌，他在那慢慢收拾东西拖时间，半天不过去，新桌都等着他", "RP-6"),
    ("还有两分钟就休息了，新荷官刚坐下，要不要换完再休息", "RP-7"),
]
