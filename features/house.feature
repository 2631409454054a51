Feature: House rules
  More of the wider house rules of the rules brief (V1-V40), in the situations players
  argue about: where a wild card stands, what fits the 40-card pack, who wins when
  several players are dealt a tonk, what must be done with a taken discard, how long a
  hit keeps a player from knocking, who may eat a discard, and what a hand scores when
  the match is played for points. The two presets for well-known tables, hoyle-tunk
  (Bicycle's Tunk) and online, are played here too.

  Each rule's first scenarios are in variations.feature. Every option is off by
  default; an engine that does not declare an option value, or the match feature for
  scoring, skips the scenarios that need it.

  Rule: VAR-WILD-1 Wild cards in spreads

    Background:
      Given a 2-player hand dealt by seat 1
      And the ruleset has jokers = 2
      And seat 1 holds 3s 4d 6s Td Jd
      And the upcard is Qs
      And the stock starts with Ks

    @VAR-WILD-1 @HIT-3 @id.house-wild-where-the-joker-stands
    Scenario Outline: In <cards> the joker stands as <stands>, so <taken> is refused and <fits> fits
      Given seat 0 holds <hand>
      When seat 0 plays: draw stock, spread <cards>, hit <taken> 0
      Then the action is refused as hit_does_not_fit
      When seat 0 hits <fits> on spread 0
      Then the action is accepted

      Examples:
        | cards    | stands                    | hand           | taken | fits |
        | 7h X1 9h | 8h, filling the gap       | 7h X1 9h 8h 6h | 8h    | 6h   |
        | X1 Ah 2h | 3h, above the natural two | X1 Ah 2h 3h 4h | 3h    | 4h   |
        | Qh Kh X1 | Jh, below the king        | Qh Kh X1 Jh Th | Jh    | Th   |

    @VAR-WILD-1 @SPREAD-2 @id.house-wild-one-natural-card-is-a-book
    Scenario: 5c X1 X2 is a book of fives: 6c does not fit it, 5d does, and then no fifth card
      Given seat 0 holds 5c X1 X2 5d 6c
      When seat 0 plays: draw stock, spread 5c X1 X2, hit 6c 0
      Then the action is refused as hit_does_not_fit
      When seat 0 hits 5d on spread 0
      Then spread 0 is a book of 5c X1 X2 5d laid by seat 0
      When seat 0 hits 6c on spread 0
      Then the action is refused as hit_does_not_fit

  Rule: VAR-DEUCES-1 Deuces wild

    @VAR-DEUCES-1 @VAR-WILD-2 @id.house-deuce-hit-on-another-suit
    Scenario Outline: B hits 2c on A's run 5h 6h 7h (deuces_wild = <deuces_wild>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has deuces_wild = <deuces_wild>
      And seat 0 holds 5h 6h 7h 9h Kd
      And seat 1 holds 2c 3d 4s Td Jd
      And the upcard is Qs
      And the stock starts with Ks Qc
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, hit 2c 0
      Then the action is <outcome>

      Examples:
        | deuces_wild | outcome                     |
        | true        | accepted                    |
        | false       | refused as hit_does_not_fit |

    @VAR-DEUCES-1 @VAR-WILD-1 @id.house-deuces-need-two-naturals
    Scenario Outline: With deuces wild A lays 2c 2d 7h (wild_min_naturals = <min>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has deuces_wild = true
      And the ruleset has wild_min_naturals = <min>
      And seat 0 holds 2c 2d 7h 9c Kd
      And seat 1 holds 3c 4d 5h Td Jd
      And the upcard is Qs
      And the stock starts with Ks
      When seat 0 plays: draw stock, spread 2c 2d 7h
      Then the action is <outcome>

      Examples:
        | min | outcome                 |
        | 1   | accepted                |
        | 2   | refused as not_a_spread |

  Rule: VAR-DECK40-1 The 40-card pack

    @VAR-DECK40-1 @HIT-3 @id.house-deck40-seven-below-the-jack
    Scenario Outline: B hits 7h below A's J-Q-K of hearts (deck = <deck>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has deck = <deck>
      And seat 0 holds Jh Qh Kh 2c 3c
      And seat 1 holds 7h 6h 6d Qd Kd
      And the upcard is Qs
      And the stock starts with Ks Kc
      When seat 0 plays: draw stock, spread Jh Qh Kh, discard Ks
      And seat 1 plays: draw stock, hit 7h 0
      Then the action is <outcome>

      Examples:
        | deck | outcome                     |
        | 40   | accepted                    |
        | 52   | refused as hit_does_not_fit |

  Rule: VAR-DEALTTONKS-1 Several dealt tonks

    @VAR-DEALTTONKS-1 @STAKE-2 @id.house-dealt-tonks-three-of-four
    Scenario Outline: A is dealt 50, B and C 49 each, D 20 (dealt_tonks = <dealt_tonks>)
      Given a 4-player hand dealt by seat 3
      And the ruleset has max_players = 4
      And the ruleset has dealt_tonks = <dealt_tonks>
      And seat 0 holds Kc Qc Jc Tc Td
      And seat 1 holds Kd Qd Jd Th 9s
      And seat 2 holds Ks Qs Js Ts 9h
      And seat 3 holds 2c 3c 4d 5d 6h
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as <ending>
      And the net result is <net>

      Examples:
        | dealt_tonks | ending     | net                  |
        | draw        | dealt_draw | 0, 0, 0, 0           |
        | best        | dealt_tonk | +6, -2, -2, -2       |
        | split       | dealt_tonk | +2/3, +2/3, +2/3, -2 |

    @VAR-DEALTTONKS-1 @VAR-LOWDEALT-1 @id.house-dealt-tonks-best-low-hands
    Scenario Outline: Under low_dealt_double = 15 and dealt_tonks = best, A is dealt <a> and B <b>
      Given a 3-player hand dealt by seat 2
      And the ruleset has low_dealt_double = 15
      And the ruleset has dealt_tonks = best
      And seat 0 holds <hand_a>
      And seat 1 holds <hand_b>
      And seat 2 holds 9c 9d Tc 8s Kc
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And the winner is seat <winner>

      Examples:
        | a  | b  | hand_a         | hand_b         | winner |
        | 14 | 49 | Ac 2c 3d 4d 4h | Kd Qd Jd Th 9s | 1      |
        | 14 | 12 | Ac 2c 3d 4d 4h | Ah As 2h 3c 5d | 1      |
        | 13 | 14 | Ac 2c 3d 3h 4h | Ah As 2h 5c 5d | 0      |

  Rule: VAR-MUSTUSE-1 Use the taken discard at once

    @VAR-MUSTUSE-1 @HIT-1 @id.house-must-use-hit-on-the-table
    Scenario: B may take A's discard 8h only to hit it on A's run, and must do that first
      Given a 2-player hand dealt by seat 1
      And the ruleset has must_use_taken = true
      And seat 0 holds 5h 6h 7h 8h 2c
      And seat 1 holds 4d 9d Td Jd Qd
      And the upcard is Qs
      And the stock starts with Ks
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8h
      And seat 1 plays: draw discard, discard Td
      Then the action is refused as must_use_taken
      When seat 1 plays: hit 8h 0, discard Td
      Then spread 0 is a run of 5h 6h 7h 8h laid by seat 0
      And seat 0 is to act

  Rule: VAR-HITLOCK-1 Hit lock

    @VAR-HITLOCK-1 @HIT-1 @id.house-hit-lock-two-hits
    Scenario: Under hit_lock = 1 two hits on A's run keep A from knocking for two turns
      Given a 2-player hand dealt by seat 1
      And the ruleset has hit_lock = 1
      And seat 0 holds 5h 6h 7h 2c 3c
      And seat 1 holds 8h 9h 4d Td Jd
      And the upcard is Qs
      And the stock starts with Ks Kc 4s 5s 6s 7s
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, hit 8h 0, hit 9h 0, discard Kc
      And seat 0 knocks
      Then the action is refused as hit_lock
      When seat 0 plays: draw stock, discard 4s
      And seat 1 plays: draw stock, discard 5s
      And seat 0 knocks
      Then the action is refused as hit_lock
      When seat 0 plays: draw stock, discard 6s
      And seat 1 plays: draw stock, discard 7s
      And seat 0 knocks
      Then the hand ends as knock_won

    @VAR-HITLOCK-1 @id.house-hit-lock-own-spread
    Scenario: Under hit_lock = 3 a hit on one's own run locks nothing
      Given a 2-player hand dealt by seat 1
      And the ruleset has hit_lock = 3
      And seat 0 holds 5h 6h 7h 2c 3c
      And seat 1 holds 4d 9d Td Jd Qd
      And the upcard is Qs
      And the stock starts with 8h Kd
      When seat 0 plays: draw stock, spread 5h 6h 7h, hit 8h 0, discard 3c
      And seat 1 plays: draw stock, discard Kd
      And seat 0 knocks
      Then the hand ends as knock_won
      And the totals are 2, 43

    @VAR-HITLOCK-1 @VAR-DECK40-1 @id.house-online-hit-lock
    Scenario: At an online table B hits Jh on A's 5-6-7 of hearts, and A must wait a turn to knock
      Given a 2-player hand dealt by seat 1
      And the ruleset is the preset online
      And seat 0 holds 5h 6h 7h 2c 3c
      And seat 1 holds Jh 4d 6d Qd Kd
      And the upcard is Qs
      And the stock starts with Ks Kc 4s 5s
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard Ks
      And seat 1 plays: draw stock, hit Jh 0, discard Kc
      And seat 0 knocks
      Then the action is refused as hit_lock
      When seat 0 plays: draw stock, discard 4s
      And seat 1 plays: draw stock, discard 5s
      And seat 0 knocks
      Then the hand ends as knock_won
      And the net result is +1, -1

  Rule: VAR-EAT-1 Eating

    @VAR-EAT-1 @TURN-10 @id.house-eat-four-players
    Scenario: At four players D eats A's discard: B and C lose their turns and A plays next
      Given a 4-player hand dealt by seat 3
      And the ruleset has max_players = 4
      And the ruleset has eating = true
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jh 8s
      And seat 3 holds 9c 9d Jc Qc Ks
      And the upcard is Kh
      And the stock starts with 8h 8d
      When seat 0 plays: draw stock, discard 9s
      And seat 3 plays: draw discard, spread 9c 9d 9s, discard Jc
      Then seat 0 is to act
      And spread 0 is a book of 9c 9d 9s laid by seat 3
      And seat 1 has 5 cards

    @VAR-EAT-1 @id.house-eat-not-the-upcard
    Scenario: Nobody discarded the upcard, so nobody may eat it
      Given a 3-player hand dealt by seat 2
      And the ruleset has eating = true
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      When seat 2 draws from the discard pile
      Then the action is refused as not_your_turn

  Rule: VAR-KNOCKLIMIT-1 Knock limit

    @VAR-KNOCKLIMIT-1 @TURN-3 @CARD-4 @id.house-hoyle-tunk-five-or-less
    Scenario Outline: At a hoyle-tunk table A draws 9s and tunks keeping <kept>
      Given a 2-player hand dealt by seat 1
      And the ruleset is the preset hoyle-tunk
      And seat 0 holds 5h 6h 7h 9c 9d 4c Kd
      And seat 1 holds Kc Qd Jh 4s 8c 3d 6c
      And the upcard is Qs
      And the stock starts with 9s
      When seat 0 plays: draw stock, knock <discard>
      Then the action is <outcome>

      Examples:
        | kept                 | discard | outcome                |
        | 4c, 4 unmatched      | Kd      | accepted               |
        | Kd, 10 unmatched     | 4c      | refused as knock_limit |

    @VAR-KNOCKLIMIT-1 @TURN-3 @id.house-hoyle-tunk-not-before-drawing
    Scenario: At a hoyle-tunk table a tunk comes after drawing, never before
      Given a 2-player hand dealt by seat 1
      And the ruleset is the preset hoyle-tunk
      And seat 0 holds 5h 6h 7h 9c 9d 9s Ac
      And seat 1 holds Kc Qd Jh 4s 8c 3d 6c
      And the upcard is Qs
      When seat 0 knocks
      Then the action is refused as knock_timing

  Rule: VAR-POINTS-1 Playing for points

    @VAR-POINTS-1 @PAY-CAUGHT-1 @id.house-points-caught-knocker
    Scenario: A caught knocker adds double its count and the lowest hand adds nothing
      Given a 3-player hand dealt by seat 2
      And the ruleset has scoring = points
      And seat 0 holds Ac Ad 2c 2d 4h
      And seat 1 holds Ah As 2h 2s 3c
      And seat 2 holds 9c 9d Tc Jd Qd
      And the upcard is 7s
      When seat 0 knocks
      And the hand is scored for points from the scores 0, 0, 0
      Then the points added are 20, 0, 48
      And the scores are now 20, 0, 48
      And nobody leaves the match

    @VAR-POINTS-1 @id.house-points-reaching-100
    Scenario Outline: After the same caught knock, from the scores <before>
      Given a 3-player hand dealt by seat 2
      And the ruleset has scoring = points
      And seat 0 holds Ac Ad 2c 2d 4h
      And seat 1 holds Ah As 2h 2s 3c
      And seat 2 holds 9c 9d Tc Jd Qd
      And the upcard is 7s
      When seat 0 knocks
      And the hand is scored for points from the scores <before>
      Then the scores are now <after>
      And <who> the match

      Examples:
        | before     | after        | who                     |
        | 79, 99, 52 | 99, 99, 100  | seat 2 leaves           |
        | 80, 90, 60 | 100, 90, 108 | seats 0 and 2 leave     |
        | 0, 95, 51  | 20, 95, 99   | nobody leaves           |

    @VAR-POINTS-1 @OUT-1 @id.house-points-tonk-out
    Scenario: After a tonk out the players who did not go out add what they hold
      Given a 3-player game
      And the ruleset has scoring = points
      When a tonk_out hand won by seat 0, with totals 0, 29, 29, is scored from the scores 10, 20, 30
      Then the points added are 0, 29, 29
      And the scores are now 10, 49, 59

    @VAR-POINTS-1 @CARD-4 @id.house-hoyle-tunk-caught-tunker
    Scenario: At a hoyle-tunk table A tunks with 5 unmatched, B has 3: A adds 10, C its 56 unmatched
      Given a 3-player hand dealt by seat 2
      And the ruleset is the preset hoyle-tunk
      And seat 0 holds 5h 6h 7h 9c 9d 9s 5c
      And seat 1 holds Ac Ad Ah 3s Jc Jd Jh
      And seat 2 holds 4c 8d Qs Ks 6s 8h Tc
      And the upcard is Qh
      And the stock starts with Kd
      When seat 0 plays: draw stock, knock Kd
      And the hand is scored for points from the scores 20, 0, 30
      Then the points added are 10, 0, 56
      And the scores are now 30, 0, 86
