Feature: Variations
  The seed documents print three variations, each a ruleset option here:

  - S32, no upcard (upcard = false): no card is turned up after the deal; the
    first player must draw from the stock, and the discard pile begins with that
    player's discard.
  - S33, forced spreads (forced_spreads = true): holding a spread in the hand is
    illegal, except three aces: the hand kept when a turn ends may hold no other
    spread, and a player holding one may not knock. Hitting is never forced.
  - S34, new-spread double (tonk_out_double = new_spread): going out without a
    discard pays double only if the player laid a new spread in that turn, and
    single if that turn used only hits.

  The house rules found elsewhere (V1-V40 of the rules brief) follow: jokers and
  wild deuces, the 40-card pack, ranked face cards, other hand sizes, low dealt
  hands and several dealt tonks, using the taken discard at once, hit locks,
  eating, knock limits and waits, the low-knock bonus, and playing for points (scored
  through the match method score). Each is off by default; an engine that does not
  declare an option value (or the match feature, for points) skips its scenarios.
  More situations for each house rule are in house.feature.

  Last come rules of online engines that no stored source documents, known from
  how those engines play: the reem, a discard without drawing, a hit that ends the
  turn, a knock on the cards held, a shared or drawn knock tie and declared special
  hands.

  Rule: VAR-NOUP-1 No upcard

    Background:
      Given a 3-player hand dealt by seat 2
      And the ruleset has upcard = false
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the stock starts with 8h 8d 2h

    @VAR-NOUP-1 @DEAL-2 @id.var-noup-empty-pile
    Scenario: No card is turned up: the discard pile starts empty and the stock keeps that card
      When the hand is dealt
      Then the discard pile is empty
      And the stock holds 37 cards
      And the legal actions exclude "draw discard"
      And the legal actions include "draw stock"

    @VAR-NOUP-1 @TURN-9 @id.var-noup-first-player-draws-stock
    Scenario: The first player cannot take a discard, and that player's discard starts the pile
      When seat 0 draws from the discard pile
      Then the action is refused as discard_pile_empty
      When seat 0 plays: draw stock, discard 9s
      Then the discard pile shows 9s
      And the discard pile holds 1 card
      And the hand of seat 0 is Ac 2c 3c Kd 8h

    @VAR-NOUP-1 @id.var-noup-second-player-may-take
    Scenario: The next player may take that first discard
      When seat 0 plays: draw stock, discard 9s
      And seat 1 draws from the discard pile
      Then the hand of seat 1 is 5h 6h 7h 4c Qd 9s
      And the discard pile is empty

  Rule: VAR-FORCED-1 Forced spreads

    Background:
      Given a 2-player hand dealt by seat 1
      And the ruleset has forced_spreads = true
      And seat 1 holds 2c 3d 4h 9d Td
      And the upcard is Qs
      And the stock starts with Ks 8s 8c

    @VAR-FORCED-1 @id.var-forced-kept-hand
    Scenario Outline: Ending a turn keeping <kept>
      Given seat 0 holds <hand>
      When seat 0 plays: draw stock, discard <discard>
      Then the action is <outcome>

      Examples:
        | kept                        | hand           | discard | outcome                  |
        | no spread                   | 5h 6h 8h 9c Jd | Ks      | accepted                 |
        | the run 5-6-7 of hearts     | 5h 6h 7h 9c Jd | Ks      | refused as forced_spread |
        | three kings, one just drawn | Kc Kd 9c Jd 5h | 5h      | refused as forced_spread |
        | three aces                  | Ac Ad Ah 9c Jd | Ks      | accepted                 |
        | four aces                   | Ac Ad Ah As 9c | Ks      | refused as forced_spread |
        | a run with an ace           | Ah 2h 3h 9c Jd | Ks      | refused as forced_spread |

    @VAR-FORCED-1 @id.var-forced-lay-it-then-discard
    Scenario: Laying the spread first lets the turn end
      Given seat 0 holds 5h 6h 7h 9c Jd
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      Then seat 1 is to act
      And there is 1 spread on the table

    @VAR-FORCED-1 @VAR-FORCED-2 @id.var-forced-hitting-not-forced
    Scenario: Hitting is never forced: a card that could hit may stay in the hand
      Given seat 0 holds 5c 6c 7c 9c Jd
      When seat 0 plays: draw stock, spread 5c 6c 7c, discard Ks
      And seat 1 plays: draw stock, discard 2c
      And seat 0 plays: draw stock, discard Jd
      Then seat 1 is to act
      And the hand of seat 0 is 9c 8c

    @VAR-FORCED-1 @id.var-forced-off-by-default
    Scenario: Without the variation a spread may stay in the hand
      Given the ruleset has forced_spreads = false
      And seat 0 holds 5h 6h 7h 9c Jd
      When seat 0 plays: draw stock, discard Ks
      Then seat 1 is to act

  Rule: VAR-FORCED-2 No knocking on a spread

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 1 holds 2c 3d 4h 9d Td
      And the upcard is Qs
      And the stock starts with Ks 8s

    @VAR-FORCED-2 @TURN-3 @id.var-forced-knock
    Scenario Outline: Knocking while holding <holding> (forced_spreads = <forced_spreads>)
      Given the ruleset has forced_spreads = <forced_spreads>
      And seat 0 holds <hand>
      When seat 0 knocks
      Then the action is <outcome>

      Examples:
        | holding                    | forced_spreads | hand           | outcome                  |
        | the run 5-6-7 of hearts    | true           | 5h 6h 7h 9c Jd | refused as forced_spread |
        | three aces                 | true           | Ac Ad Ah 9c Jd | accepted                 |
        | the run, no forced spreads | false          | 5h 6h 7h 9c Jd | accepted                 |

  Rule: VAR-NEWSPREAD-1 New-spread double

    @VAR-NEWSPREAD-1 @PAY-OUT-1 @id.var-newspread-w3
    Scenario Outline: W3 under tonk_out_double = <tonk_out_double>: a new spread went down, so double
      Given a 3-player hand dealt by seat 2
      And the ruleset has tonk_out_double = <tonk_out_double>
      And seat 0 holds 5h 6h 7h 9c 9d
      And seat 1 holds 2c 3c 4d Td Kd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h, spread 9c 9d 9h
      Then the hand ends as tonk_out
      And the net result is <net>

      Examples:
        | tonk_out_double | net        |
        | always          | +4, -2, -2 |
        | new_spread      | +4, -2, -2 |

    @VAR-NEWSPREAD-1 @PAY-OUT-1 @id.var-newspread-w4
    Scenario Outline: W4 under tonk_out_double = <tonk_out_double>: out by hits only
      Given a 3-player hand dealt by seat 2
      And the ruleset has tonk_out_double = <tonk_out_double>
      And seat 0 holds 5h 6h 7h 8h 2c
      And seat 1 holds 2d 2h 2s Td Kd
      And seat 2 holds 3d 4d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with Kc 8s 9s 4h
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Kc
      And seat 1 plays: draw stock, spread 2d 2h 2s, discard Td
      And seat 2 plays: draw stock, discard 9s
      And seat 0 plays: draw stock, hit 8h 0, hit 4h 0, hit 2c 1
      Then the hand ends as tonk_out
      And the net result is <net>

      Examples:
        | tonk_out_double | net        |
        | always          | +4, -2, -2 |
        | new_spread      | +2, -1, -1 |

    @VAR-NEWSPREAD-1 @VAR-NOUP-1 @VAR-FORCED-1 @id.var-all-three-together
    Scenario: The three variations together (preset seed-all-variations): W4 without an upcard
      Given a 3-player hand dealt by seat 2
      And the ruleset is the preset seed-all-variations
      And seat 0 holds 5h 6h 7h 8h 2c
      And seat 1 holds 2d 2h 2s Td Kd
      And seat 2 holds 3d 4d 4c Jc Qc
      And the stock starts with Kc 8s 9s 4h
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Kc
      And seat 1 plays: draw stock, discard Td
      Then the action is refused as forced_spread
      When seat 1 plays: spread 2d 2h 2s, discard Td
      And seat 2 plays: draw stock, discard 9s
      And seat 0 plays: draw stock, hit 8h 0, hit 4h 0, hit 2c 1
      Then the hand ends as tonk_out
      And the net result is +2, -1, -1

  Rule: VAR-JOKER-1 Two jokers

    @VAR-JOKER-1 @CARD-1 @id.var-joker-pack-of-54
    Scenario: Under jokers = 2 the pack holds 54 cards
      Given a 2-player hand dealt by seat 1
      And the ruleset has jokers = 2
      When the hand is dealt
      Then the stock holds 43 cards

    @VAR-JOKER-1 @CARD-1 @id.var-joker-not-in-the-seed-pack
    Scenario: Without jokers a deck holding a joker is refused
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Ac Ad 2c 2d 3c
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When the hand is dealt from a deck with X1 in place of Kh
      Then the deal is refused

    @VAR-JOKER-1 @VAR-WILD-1 @id.var-joker-in-a-spread
    Scenario: A joker is wild: 5h 6h X1 is a run
      Given a 2-player hand dealt by seat 1
      And the ruleset has jokers = 2
      And seat 0 holds 5h 6h X1 9c Kd
      And seat 1 holds 2c 3d 4h Td Jd
      And the upcard is Qs
      And the stock starts with Ks
      When seat 0 plays: draw stock, spread 5h 6h X1, discard Ks
      Then spread 0 is a run of 5h 6h X1 laid by seat 0
      And seat 1 is to act

  Rule: VAR-JOKER-2 A joker left in hand

    @VAR-JOKER-2 @PAY-KNOCK-1 @id.var-joker-value
    Scenario Outline: A joker held at a knock counts <joker_value>
      Given a 2-player hand dealt by seat 1
      And the ruleset has jokers = 2
      And the ruleset has joker_value = <joker_value>
      And seat 0 holds Ac 2c 3d 4d 6h
      And seat 1 holds X1 2h 3h 4s 5s
      And the upcard is Qs
      When seat 0 knocks
      Then the totals are 16, <total>
      And the hand ends as <ending>

      Examples:
        | joker_value | total | ending       |
        | 15          | 29    | knock_won    |
        | 0           | 14    | knock_caught |
        | 50          | 64    | knock_won    |

  Rule: VAR-WILD-1 Wild cards in spreads

    Background:
      Given a 2-player hand dealt by seat 1
      And the ruleset has jokers = 2
      And seat 1 holds 2c 3d 4h Td Jd
      And the upcard is Qs
      And the stock starts with Ks

    @VAR-WILD-1 @id.var-wild-spreads
    Scenario Outline: Spreading <cards>: <what> (wild_min_naturals = <min>)
      Given the ruleset has wild_min_naturals = <min>
      And seat 0 holds <hand>
      When seat 0 draws from the stock
      And seat 0 spreads <cards>
      Then the action is <outcome>

      Examples:
        | cards          | what                         | min | hand           | outcome                 |
        | 5h X1 7h       | a joker fills the gap        | 1   | 5h X1 7h 9c Kd | accepted                |
        | 5h X1 8h       | one joker, two gaps          | 1   | 5h X1 8h 9c Kd | refused as not_a_spread |
        | 9c 9d X1       | a book with a joker          | 1   | 9c 9d X1 2h Kd | accepted                |
        | 9c 9d 9h 9s X1 | a book of five               | 1   | 9c 9d 9h 9s X1 | refused as not_a_spread |
        | X1 X2 7h       | one natural card             | 1   | X1 X2 7h 9c Kd | accepted                |
        | X1 X2 7h       | one natural card, two needed | 2   | X1 X2 7h 9c Kd | refused as not_a_spread |

    @VAR-WILD-1 @HIT-3 @id.var-wild-run-direction
    Scenario Outline: In <cards> the joker stands <where>, so <card> <fits>
      Given seat 0 holds <hand>
      When seat 0 plays: draw stock, spread <cards>, hit <card> 0
      Then the action is <outcome>

      Examples:
        | cards    | where                     | card | fits         | hand           | outcome                     |
        | 5h 6h X1 | above the run, as 7h      | 8h   | fits         | 5h 6h X1 8h 9c | accepted                    |
        | 5h 6h X1 | above the run, as 7h      | 7h   | does not fit | 5h 6h X1 7h 9c | refused as hit_does_not_fit |
        | Qh Kh X1 | below, nothing is above K | Th   | fits         | Qh Kh X1 Th 9c | accepted                    |

  Rule: VAR-WILD-2 Hitting with a wild card

    Background:
      Given a 2-player hand dealt by seat 1
      And the ruleset has jokers = 2
      And seat 1 holds 2c 3d 4h Td Jd
      And the upcard is Qs
      And the stock starts with Ks

    @VAR-WILD-2 @HIT-3 @id.var-wild-hit-on-a-book
    Scenario: A joker hit on a book of three makes it four; a book of four takes no more
      Given seat 0 holds 9c 9d 9h X1 X2
      When seat 0 plays: draw stock, spread 9c 9d 9h, hit X1 0
      Then spread 0 is a book of 9c 9d 9h X1 laid by seat 0
      When seat 0 hits X2 on spread 0
      Then the action is refused as hit_does_not_fit

    @VAR-WILD-2 @id.var-wild-hit-on-a-run-upward
    Scenario: A joker hit on a run extends it upward
      Given seat 0 holds 5h 6h 7h X1 8h
      When seat 0 plays: draw stock, spread 5h 6h 7h, hit X1 0, hit 8h 0
      Then the action is refused as hit_does_not_fit

    @VAR-WILD-2 @id.var-wild-hit-on-a-run-downward
    Scenario: A joker hit on a run that cannot go up extends it downward
      Given seat 0 holds Jh Qh Kh X1 9h
      When seat 0 plays: draw stock, spread Jh Qh Kh, hit X1 0, hit 9h 0
      Then spread 0 is a run of 9h Jh Qh Kh X1 laid by seat 0

  Rule: VAR-DEUCES-1 Deuces wild

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 1 holds 2s 3d 4h Td Jd
      And the upcard is Qs
      And the stock starts with Ks

    @VAR-DEUCES-1 @id.var-deuces-wild-in-a-spread
    Scenario Outline: Spreading <cards> (deuces_wild = <deuces_wild>)
      Given the ruleset has deuces_wild = <deuces_wild>
      And seat 0 holds <hand>
      When seat 0 draws from the stock
      And seat 0 spreads <cards>
      Then the action is <outcome>

      Examples:
        | cards    | deuces_wild | hand           | outcome                 |
        | 5h 2c 7h | true        | 5h 2c 7h 9c Kd | accepted                |
        | 5h 2c 7h | false       | 5h 2c 7h 9c Kd | refused as not_a_spread |
        | 2c 3c 4c | true        | 2c 3c 4c 9d Kd | accepted                |

    @VAR-DEUCES-1 @CARD-3 @id.var-deuces-count-two
    Scenario: A wild deuce still held counts 2
      Given the ruleset has deuces_wild = true
      And seat 0 holds 2c 2d 3h 4s 6c
      When seat 0 knocks
      Then the totals are 17, 29

  Rule: VAR-DECK40-1 The 40-card pack

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 1 holds 4d 5d 6d Qd Kd
      And the upcard is Qs
      And the stock starts with Ks

    @VAR-DECK40-1 @CARD-1 @id.var-deck40-pack
    Scenario: Under deck = 40 the stock holds the rest of 40 cards
      Given the ruleset has deck = 40
      And seat 0 holds 6h 7h Jh 2c 3c
      When the hand is dealt
      Then the stock holds 29 cards

    @VAR-DECK40-1 @SPREAD-3 @id.var-deck40-run-jumps
    Scenario Outline: 6h 7h Jh under deck = <deck>
      Given the ruleset has deck = <deck>
      And seat 0 holds 6h 7h Jh 2c 3c
      When seat 0 draws from the stock
      And seat 0 spreads 6h 7h Jh
      Then the action is <outcome>

      Examples:
        | deck | outcome                 |
        | 40   | accepted                |
        | 52   | refused as not_a_spread |

  Rule: VAR-FACE-1 Ranked face cards

    @VAR-FACE-1 @CARD-3 @id.var-face-values
    Scenario Outline: Jack, queen and king count <values>
      Given a 2-player hand dealt by seat 1
      And the ruleset has face_values = <values>
      And seat 0 holds Ac 2c 3d 4d 6h
      And seat 1 holds Jc Qd Kh 2s 3s
      And the upcard is 7s
      When seat 0 knocks
      Then the totals are 16, <total>

      Examples:
        | values   | total |
        | 10-10-10 | 35    |
        | 11-12-13 | 41    |

  Rule: VAR-HANDSIZE-1 Hand size

    @VAR-HANDSIZE-1 @DEAL-1 @id.var-hand-size
    Scenario Outline: Under hand_size = <hand_size> each of <players> players is dealt <cards> cards
      Given a <players>-player hand dealt by seat 0
      And the ruleset has hand_size = <hand_size>
      When the hand is dealt
      Then seat 1 has <cards> cards
      And seat 0 has <cards> cards
      And the stock holds <stock> cards

      Examples:
        | hand_size  | players | cards | stock |
        | 5          | 2       | 5     | 41    |
        | 7          | 2       | 7     | 37    |
        | 9          | 3       | 9     | 24    |
        | by_players | 2       | 7     | 37    |
        | by_players | 3       | 5     | 36    |

  Rule: VAR-LOWDEALT-1 A low dealt hand

    @VAR-LOWDEALT-1 @PAY-DEALT-1 @id.var-low-dealt-tonk
    Scenario Outline: A dealt <total> under low_dealt_double = <limit> is a dealt tonk
      Given a 2-player hand dealt by seat 1
      And the ruleset has low_dealt_double = <limit>
      And seat 0 holds <hand>
      And seat 1 holds 9c 9d Th Jh Qs
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And the winner is seat 0
      And the net result is +2, -2

      Examples:
        | total | limit | hand           |
        | 15    | 15    | Ac 2c 3d 4d 5h |
        | 13    | 13    | Ac 2c 3d 3h 4h |

    @VAR-LOWDEALT-1 @id.var-low-dealt-not-low-enough
    Scenario Outline: A dealt 15 under low_dealt_double = <limit> is played
      Given a 2-player hand dealt by seat 1
      And the ruleset has low_dealt_double = <limit>
      And seat 0 holds Ac 2c 3d 4d 5h
      And seat 1 holds 9c 9d Th Jh Qs
      And the upcard is 7s
      When the hand is dealt
      Then the hand goes on

      Examples:
        | limit |
        | 13    |
        | none  |

  Rule: VAR-DEALTTONKS-1 Several dealt tonks

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 2 holds 2c 3c 4d 5d 6h
      And the upcard is 7s

    @VAR-DEALTTONKS-1 @DEALT-2 @id.var-dealt-tonks-50-and-49
    Scenario Outline: Seat 0 is dealt 50 and seat 1 49 (dealt_tonks = <dealt_tonks>)
      Given the ruleset has dealt_tonks = <dealt_tonks>
      And seat 0 holds Kc Qc Jc Tc Td
      And seat 1 holds Kd Qd Jd Th 9s
      When the hand is dealt
      Then the hand ends as <ending>
      And the net result is <net>

      Examples:
        | dealt_tonks | ending     | net        |
        | draw        | dealt_draw | 0, 0, 0    |
        | best        | dealt_tonk | +4, -2, -2 |
        | split       | dealt_tonk | +1, +1, -2 |

    @VAR-DEALTTONKS-1 @id.var-dealt-tonks-tie-for-best
    Scenario: Under dealt_tonks = best a tie for the best dealt tonk is still a draw
      Given the ruleset has dealt_tonks = best
      And seat 0 holds Kc Qc Jc Tc 9d
      And seat 1 holds Kd Qd Jd Th 9s
      When the hand is dealt
      Then the hand ends as dealt_draw
      And nobody pays

  Rule: VAR-MUSTUSE-1 Use the taken discard at once

    @VAR-MUSTUSE-1 @id.var-must-use-taken-used
    Scenario: Under must_use_taken = true the taken king goes straight into a book
      Given a 2-player hand dealt by seat 1
      And the ruleset has must_use_taken = true
      And seat 0 holds Kd Ks 5h 6h 9c
      And seat 1 holds 2c 3d 4h 9d Td
      And the upcard is Kc
      When seat 0 plays: draw discard, discard 9c
      Then the action is refused as must_use_taken
      When seat 0 plays: spread Kc Kd Ks, discard 9c
      Then spread 0 is a book of Kc Kd Ks laid by seat 0
      And seat 1 is to act

    @VAR-MUSTUSE-1 @id.var-must-use-taken-unusable
    Scenario Outline: A discard that cannot be used at once may not be taken (must_use_taken = <must_use_taken>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has must_use_taken = <must_use_taken>
      And seat 0 holds Kd Ks 5h 6h 9c
      And seat 1 holds 2c 3d 4h 9d Td
      And the upcard is 2s
      When seat 0 draws from the discard pile
      Then the action is <outcome>

      Examples:
        | must_use_taken | outcome                   |
        | true           | refused as must_use_taken |
        | false          | accepted                  |

  Rule: VAR-HITLOCK-1 Hit lock

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 2c 3c
      And seat 1 holds 8h 4d 9d Td Jd
      And the upcard is Qs
      And the stock starts with Ks Kd 4s 5s

    @VAR-HITLOCK-1 @id.var-hit-lock
    Scenario Outline: A knock after another player hit one's spread (hit_lock = <hit_lock>)
      Given the ruleset has hit_lock = <hit_lock>
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, hit 8h 0, discard Kd
      And seat 0 knocks
      Then the action is <outcome>

      Examples:
        | hit_lock | outcome             |
        | 0        | accepted            |
        | 1        | refused as hit_lock |

    @VAR-HITLOCK-1 @id.var-hit-lock-expires
    Scenario: Under hit_lock = 1 the lock lasts one turn of the player hit
      Given the ruleset has hit_lock = 1
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, hit 8h 0, discard Kd
      And seat 0 plays: draw stock, discard 4s
      And seat 1 plays: draw stock, discard 5s
      And seat 0 knocks
      Then the hand ends as knock_won

  Rule: VAR-EAT-1 Eating

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @VAR-EAT-1 @TURN-10 @id.var-eating
    Scenario Outline: Seat 2 takes seat 0's discard before seat 1 acts (eating = <eating>)
      Given the ruleset has eating = <eating>
      When seat 0 plays: draw stock, discard 9s
      And seat 2 draws from the discard pile
      Then the action is <outcome>

      Examples:
        | eating | outcome                  |
        | true   | accepted                 |
        | false  | refused as not_your_turn |

    @VAR-EAT-1 @id.var-eating-play-goes-on-from-the-eater
    Scenario: The eater plays the turn and play goes on from the eater's left
      Given the ruleset has eating = true
      When seat 0 plays: draw stock, discard 9s
      And seat 2 plays: draw discard, discard Jc
      Then seat 0 is to act
      And the hand of seat 2 is 4d 4h 4s 8s 9s
      And the hand of seat 1 is 5h 6h 7h 4c Qd

  Rule: VAR-KNOCKLIMIT-1 Knock limit

    @VAR-KNOCKLIMIT-1 @id.var-knock-limit
    Scenario Outline: Knocking with 25 under knock_limit = <knock_limit>
      Given a 3-player hand dealt by seat 2
      And the ruleset has knock_limit = <knock_limit>
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      When seat 0 knocks
      Then the action is <outcome>

      Examples:
        | knock_limit | outcome                |
        | none        | accepted               |
        | 50          | accepted               |
        | 10          | refused as knock_limit |
        | 5           | refused as knock_limit |

  Rule: VAR-KNOCKWAIT-1 No knock after laying a spread

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 2c 3c
      And seat 1 holds 4d 9d Td Jd Qd
      And the upcard is Qs
      And the stock starts with Ks Kd 4s 5s

    @VAR-KNOCKWAIT-1 @id.var-knock-wait
    Scenario Outline: A knock on the turn after laying a spread (spread_knock_wait = <wait>)
      Given the ruleset has spread_knock_wait = <wait>
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, discard Kd
      And seat 0 knocks
      Then the action is <outcome>

      Examples:
        | wait | outcome               |
        | 0    | accepted              |
        | 1    | refused as knock_wait |

    @VAR-KNOCKWAIT-1 @id.var-knock-wait-expires
    Scenario: Under spread_knock_wait = 1 the knock comes back two turns after the spread
      Given the ruleset has spread_knock_wait = 1
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, discard Kd
      And seat 0 plays: draw stock, discard 4s
      And seat 1 plays: draw stock, discard 5s
      And seat 0 knocks
      Then the hand ends as knock_won

  Rule: VAR-LOWKNOCK-1 Low-knock bonus

    @VAR-LOWKNOCK-1 @PAY-KNOCK-2 @id.var-low-knock-bonus
    Scenario Outline: A winning knock with <total> (low_knock_bonus = <bonus>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has low_knock_bonus = <bonus>
      And seat 0 holds <hand>
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When seat 0 knocks
      Then the hand ends as knock_won
      And the net result is <net>

      Examples:
        | total | bonus | hand           | net    |
        | 9     | none  | Ac Ad 2c 2d 3c | +1, -1 |
        | 9     | 13    | Ac Ad 2c 2d 3c | +2, -2 |
        | 13    | 13    | Ac Ad 2c 3d 6h | +2, -2 |
        | 15    | 13    | Ac Ad 2c 5h 6h | +1, -1 |

  Rule: VAR-POINTS-1 Playing for points

    @VAR-POINTS-1 @PAY-KNOCK-2 @id.var-points-knock-won
    Scenario: A winning knocker adds nothing; B adds the 24 B holds, reaches 104 and leaves the match
      Given a 2-player hand dealt by seat 1
      And the ruleset has scoring = points
      And seat 0 holds Ac Ad 2c 3d 6h
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When seat 0 knocks
      And the hand is scored for points from the scores 30, 80
      Then the hand ends as knock_won
      And the points added are 0, 24
      And the scores are now 30, 104
      And seat 1 leaves the match

  Rule: VAR-REEM-1 Reem

    @VAR-REEM-1 @OUT-1 @id.var-reem-two-spreads
    Scenario Outline: A lays two spreads in one turn (reem = <reem>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has reem = <reem>
      And seat 0 holds 4h 5h 6h Jc Jd
      And seat 1 holds 2c 3d 8s Td Kd
      And the upcard is Qs
      And the stock starts with Js
      When seat 0 plays: draw stock, spread 4h 5h 6h, spread Jc Jd Js
      Then the hand ends as <ending>
      And the net result is +2, -2

      Examples:
        | reem          | ending   |
        | none          | tonk_out |
        | one_turn      | reem     |
        | second_spread | reem     |

    @VAR-REEM-1 @id.var-reem-seven-cards
    Scenario: With seven cards each the reemer keeps cards and still wins at once
      Given a 2-player hand dealt by seat 1
      And the ruleset has hand_size = 7
      And the ruleset has reem = one_turn
      And seat 0 holds 4h 5h 6h Jc Jd 2s 3c
      And seat 1 holds Td Tc 9s 9h 6d 8c 7d
      And the upcard is Qs
      And the stock starts with Js
      When seat 0 plays: draw stock, spread 4h 5h 6h, spread Jc Jd Js
      Then the hand ends as reem
      And the hand of seat 0 is 2s 3c
      And seat 1 pays seat 0 2

  Rule: VAR-NODRAW-1 Discarding without drawing

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 9c Kd
      And seat 1 holds 2c 3d 8s Td Jd
      And the upcard is Qs

    @VAR-NODRAW-1 @TURN-6 @id.var-no-draw-discard
    Scenario Outline: A discards Kd without drawing (discard_without_draw = <option>)
      Given the ruleset has discard_without_draw = <option>
      When seat 0 discards Kd
      Then the action is <outcome>

      Examples:
        | option | outcome                    |
        | false  | refused as must_draw_first |
        | true   | accepted                   |

    @VAR-NODRAW-1 @id.var-no-draw-turn-ends
    Scenario: A discard without drawing ends the turn, and nothing else may be done in it
      Given the ruleset has discard_without_draw = true
      When seat 0 discards Kd
      Then seat 1 is to act
      And seat 0 has 4 cards
      And the discard pile shows Kd
      And the stock holds 41 cards

  Rule: VAR-HITEND-1 A hit ends the turn

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5c 6c 7c Kd 2s
      And seat 1 holds 8c 4d Jd Jh 3h
      And the upcard is Qs
      And the stock starts with 3s 9d

    @VAR-HITEND-1 @TURN-5 @id.var-hit-ends-turn
    Scenario Outline: B hits 8c on A's run, then tries to discard (hit_ends_turn = <option>)
      # A discard before drawing is allowed here: once the hit has ended B's turn, B's discard is
      # refused for being out of turn alone, not also for coming before A has drawn.
      Given the ruleset has hit_ends_turn = <option>
      And the ruleset has discard_without_draw = true
      When seat 0 plays: draw stock, spread 5c 6c 7c, discard Kd
      And seat 1 plays: draw stock, hit 8c 0
      And seat 1 discards 9d
      Then the action is <outcome>

      Examples:
        | option | outcome                  |
        | false  | accepted                 |
        | true   | refused as not_your_turn |

    @VAR-HITEND-1 @HIT-4 @id.var-hit-ends-turn-next
    Scenario: Under hit_ends_turn = true the hit hands the turn to the next player
      Given the ruleset has hit_ends_turn = true
      When seat 0 plays: draw stock, spread 5c 6c 7c, discard Kd
      And seat 1 plays: draw stock, hit 8c 0
      Then seat 0 is to act
      And seat 1 has 5 cards
      And the discard pile shows Kd

  Rule: VAR-KNOCKHELD-1 A knock on the cards held

    Background:
      Given a 2-player hand dealt by seat 1
      And the ruleset has knock_timing = any
      And seat 0 holds 5c 6c 7c Ad 2s
      And seat 1 holds Td Tc 9s 9h 6d
      And the upcard is Qs
      And the stock starts with 3h

    @VAR-KNOCKHELD-1 @TURN-3 @id.var-knock-held
    Scenario Outline: After drawing and laying a run A knocks (<knock>) under knock_with_discard = <option>
      Given the ruleset has knock_with_discard = <option>
      When seat 0 plays: draw stock, spread 5c 6c 7c, <knock>
      Then the hand ends as knock_won
      And the totals are <totals>

      Examples:
        | option | knock    | totals |
        | true   | knock 3h | 3, 44  |
        | false  | knock    | 6, 44  |

    @VAR-KNOCKHELD-1 @id.var-knock-held-no-discard
    Scenario: Under knock_with_discard = false a knock after drawing names no discard
      Given the ruleset has knock_with_discard = false
      When seat 0 plays: draw stock, spread 5c 6c 7c
      And seat 0 knocks and discards 3h
      Then the action is refused as knock_discard

  Rule: VAR-KNOCKTIE-1 A shared or drawn knock tie

    @VAR-KNOCKTIE-1 @PAY-KNOCK-3 @id.var-knock-tie-three
    Scenario Outline: A knocks with 7, B has 7, C 12 (knock_tie = <knock_tie>)
      Given a 3-player hand dealt by seat 2
      And the ruleset has knock_tie = <knock_tie>
      And seat 0 holds 7c 8c 9c 3d 4d
      And seat 1 holds 5s 6s 7s 3h 4h
      And seat 2 holds Ac 2c 2s 3s 4c
      And the upcard is Td
      And the stock starts with Kd Qs Qh
      When seat 0 plays: draw stock, spread 7c 8c 9c, discard Kd
      And seat 1 plays: draw stock, spread 5s 6s 7s, discard Qs
      And seat 2 plays: draw stock, discard Qh
      And seat 0 knocks
      Then the hand ends as <ending>
      And the net result is <net>

      Examples:
        | knock_tie | ending       | net            |
        | caught    | knock_caught | -3, +4, -1     |
        | split     | knock_tie    | +1/2, +1/2, -1 |
        | draw      | knock_tie    | 0, 0, 0        |

  Rule: VAR-SPECIAL-1 Declared special hands

    @VAR-SPECIAL-1 @id.var-special-41
    Scenario Outline: A, first to play, declares Kc Qc Jd 9d 2s, 41 (special_hands = <option>)
      Given a 3-player hand dealt by seat 2
      And the ruleset has special_hands = <option>
      And seat 0 holds Kc Qc Jd 9d 2s
      And seat 1 holds Td Tc 9s 9h 6d
      And seat 2 holds 4c 5d 8s Kh Qd
      And the upcard is Qs
      When seat 0 declares a special hand
      Then the action is <outcome>

      Examples:
        | option     | outcome                   |
        | none       | refused as declare_timing |
        | first_turn | accepted                  |

    @VAR-SPECIAL-1 @id.var-special-pays-triple
    Scenario: A declared hand of 9 wins triple
      Given a 2-player hand dealt by seat 1
      And the ruleset has special_hands = any_turn
      And the stake is 2
      And seat 0 holds Ac 2c 3d 2s Ad
      And seat 1 holds Td Tc 9s 9h 6d
      And the upcard is Qs
      When seat 0 declares a special hand
      Then the hand ends as special_hand
      And seat 1 pays seat 0 6
      And the totals are 9, 44

    @VAR-SPECIAL-1 @id.var-special-not-special
    Scenario: A hand of 42 is not special
      Given a 2-player hand dealt by seat 1
      And the ruleset has special_hands = any_turn
      And seat 0 holds Kc Qc Jd 7d 5s
      And seat 1 holds Td Tc 9s 9h 6d
      And the upcard is Qs
      When seat 0 declares a special hand
      Then the action is refused as not_special
