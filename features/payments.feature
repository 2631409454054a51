Feature: Payments
  Every hand ends with payments from one player to another, in multiples of the
  stake S agreed before the deal (here S = 1 unless a scenario says otherwise).
  The examples W1 to W12 are the worked payments of the rules brief; seat 0 is
  player A, seat 1 is B and seat 2 is C. "Net" is each seat's change; it always
  sums to zero.

  In the knock and empty-stock examples every player first lays a book, so that
  the totals of the worked examples (as low as 4) can be reached with the two
  cards each player keeps: seat 0 lays the jacks, seat 1 the queens, seat 2 the
  kings, and each discards the card just drawn.

  Rule: PAY-DEALT-1 Dealt tonk pays double

    @PAY-DEALT-1 @DEALT-1 @id.pay-dealt-w1
    Scenario: W1: a dealt 49 is paid double, here at a stake of 5
      Given a 2-player hand dealt by seat 1
      And the stake is 5
      And seat 0 holds Kc Qd Jh Ts 9c
      And seat 1 holds 2c 3c 4d 5d 6h
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And the winner is seat 0
      And seat 1 pays seat 0 10
      And the net result is +10, -10

    @PAY-DEALT-1 @id.pay-dealt-3p
    Scenario: A dealt 50 collects double from each of two opponents
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 2c 3c 4d 5d 6h
      And seat 1 holds Kc Qd Jh Ts Td
      And seat 2 holds 7c 8c 9d 2h 3h
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And the winner is seat 1
      And the payments are
        | payer | payee | amount |
        | 0     | 1     | 2      |
        | 2     | 1     | 2      |
      And the net result is -2, +4, -2

  Rule: PAY-OUT-1 Tonk out pays double

    @PAY-OUT-1 @OUT-1 @id.pay-out-w3
    Scenario: W3: seat 0 draws the third nine and lays both spreads
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 9c 9d
      And seat 1 holds 2c 3c 4d Td Kd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h, spread 9c 9d 9h
      Then the hand ends as tonk_out
      And the winner is seat 0
      And the net result is +4, -2, -2

    @PAY-OUT-1 @OUT-1 @HIT-1 @id.pay-out-w4
    Scenario: W4: seat 0 goes out with no discard by hits only
      Given a 3-player hand dealt by seat 2
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
      And the net result is +4, -2, -2

  Rule: PAY-OUT-2 Out by discarding pays single

    @PAY-OUT-2 @OUT-2 @HIT-1 @id.pay-out-w5
    Scenario: W5: seat 0 hits a card, then discards its last one
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And the upcard is Ks
      And the stock starts with 2s 3d 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h, discard 2s
      And seat 1 plays: draw stock, discard 3d
      And seat 0 plays: draw stock, hit 9h 0, discard Kc
      Then the hand ends as out_by_discard
      And the winner is seat 0
      And the net result is +1, -1

    @PAY-OUT-2 @OUT-2 @id.pay-out-discard-3p
    Scenario: Out by discarding at a 3-player table collects S from each opponent
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h 9h, discard Kc
      Then the hand ends as out_by_discard
      And the payments are
        | payer | payee | amount |
        | 1     | 0     | 1      |
        | 2     | 0     | 1      |
      And the net result is +2, -1, -1

  Rule: PAY-KNOCK-1 Showing hands after a knock

    @PAY-KNOCK-1 @CARD-4 @id.pay-knock-show-totals
    Scenario: After a knock every hand is totalled: spreads laid are left out, spreads held count
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Jc Jd Jh 2c 3c
      And seat 1 holds Qc Qd Qh 4c Tc
      And seat 2 holds Kc Kd Kh Ac 5c
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 2 plays: draw stock, discard Ts
      And seat 0 knocks
      Then the hand ends as knock_won
      And the totals are 5, 14, 36

  Rule: PAY-KNOCK-2 The knocker wins

    @PAY-KNOCK-2 @GAME-1 @id.pay-knock-w6
    Scenario: W6: seat 0 knocks with 5; the others hold 14 and 6
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Jc Jd Jh 2c 3c
      And seat 1 holds Qc Qd Qh 4c Tc
      And seat 2 holds Kc Kd Kh Ac 5c
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 2 plays: draw stock, spread Kc Kd Kh, discard Ts
      And seat 0 knocks
      Then the hand ends as knock_won
      And the totals are 5, 14, 6
      And the winner is seat 0
      And the payments are
        | payer | payee | amount |
        | 1     | 0     | 1      |
        | 2     | 0     | 1      |
      And the net result is +2, -1, -1

    @PAY-KNOCK-2 @id.pay-knock-win-2p
    Scenario: A winning knock at a 2-player table on the first turn
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Ac Ad 2c 2d 3c
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When seat 0 knocks
      Then the hand ends as knock_won
      And the totals are 9, 24
      And seat 1 pays seat 0 1
      And the net result is +1, -1

  Rule: PAY-KNOCK-3 A tie catches the knocker

    @PAY-KNOCK-3 @PAY-CAUGHT-1 @PAY-CAUGHT-2 @id.pay-knock-w7
    Scenario Outline: W7: seat 0 knocks with 7 and seat 1 holds 7 (<reading>)
      Given a 2-player hand dealt by seat 1
      And the ruleset has knock_tie = <knock_tie>
      And the ruleset has caught_payment = <caught_payment>
      And seat 0 holds Jc Jd Jh 2c 5c
      And seat 1 holds Qc Qd Qh 3d 4d
      And the upcard is 7s
      And the stock starts with 8s 9s
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 0 knocks
      Then the hand ends as <ending>
      And the totals are 7, 7
      And the net result is <net>

      Examples: the tie goes against the knocker unless the ruleset gives it to the knocker
        | reading                           | knock_tie    | caught_payment | ending       | net    |
        | the seed rules                    | caught       | seed           | knock_caught | -3, +3 |
        | lowest collects from non-knockers | caught       | non_knockers   | knock_caught | -2, +2 |
        | a tie goes to the knocker         | knocker_wins | seed           | knock_won    | +1, -1 |

  Rule: PAY-CAUGHT-1 The caught knocker pays double

    @PAY-CAUGHT-1 @PAY-CAUGHT-2 @id.pay-caught-w8
    Scenario Outline: W8: seat 0 knocks with 10, seat 1 holds 6, seat 2 holds 15 (<caught_payment>)
      Given a 3-player hand dealt by seat 2
      And the ruleset has caught_payment = <caught_payment>
      And seat 0 holds Jc Jd Jh 4c 6c
      And seat 1 holds Qc Qd Qh Ac 5c
      And seat 2 holds Kc Kd Kh 5d Tc
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 2 plays: draw stock, spread Kc Kd Kh, discard Ts
      And seat 0 knocks
      Then the hand ends as knock_caught
      And the totals are 10, 6, 15
      And the winner is seat 1
      And seat 0 pays seat 1 <0 pays 1>
      And seat 2 pays seat 1 <2 pays 1>
      And the net result is <net>

      Examples: the caught-knocker schemes side by side
        | caught_payment              | 0 pays 1 | 2 pays 1 | net        |
        | seed                        | 3        | 1        | -3, +4, -1 |
        | non_knockers                | 2        | 1        | -2, +3, -1 |
        | doubles_only                | 2        | 0        | -2, +2, 0  |
        | double_lowest_others_single | 2        | 1        | -2, +3, -1 |
        | double_lowest_only          | 2        | 0        | -2, +2, 0  |
        | per_player                  | 3        | 0        | -3, +3, 0  |

  Rule: PAY-CAUGHT-2 The lowest hand collects

    @PAY-CAUGHT-2 @PAY-CAUGHT-1 @id.pay-caught-w9
    Scenario Outline: W9: seat 0 knocks with 12, seat 1 holds 9, seat 2 holds 4 (<caught_payment>)
      Given a 3-player hand dealt by seat 2
      And the ruleset has caught_payment = <caught_payment>
      And seat 0 holds Jc Jd Jh 3c 9c
      And seat 1 holds Qc Qd Qh 4c 5c
      And seat 2 holds Kc Kd Kh Ac 3d
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 2 plays: draw stock, spread Kc Kd Kh, discard Ts
      And seat 0 knocks
      Then the hand ends as knock_caught
      And the totals are 12, 9, 4
      And the winner is seat 2
      And seat 0 pays seat 1 <0 pays 1>
      And seat 0 pays seat 2 <0 pays 2>
      And seat 1 pays seat 2 <1 pays 2>
      And the net result is <net>

      Examples: the caught-knocker schemes side by side
        | caught_payment              | 0 pays 1 | 0 pays 2 | 1 pays 2 | net        |
        | seed                        | 2        | 3        | 1        | -5, +1, +4 |
        | non_knockers                | 2        | 2        | 1        | -4, +1, +3 |
        | doubles_only                | 2        | 2        | 0        | -4, +2, +2 |
        | double_lowest_others_single | 0        | 2        | 1        | -2, -1, +3 |
        | double_lowest_only          | 0        | 2        | 0        | -2, 0, +2  |
        | per_player                  | 0        | 3        | 0        | -3, 0, +3  |

  Rule: PAY-CAUGHT-3 A catch

    @PAY-CAUGHT-3 @PAY-CAUGHT-1 @id.pay-caught-w10
    Scenario Outline: W10: seat 0 knocks with 8, seats 1 and 2 both hold 5 (<caught_payment>)
      Given a 3-player hand dealt by seat 2
      And the ruleset has caught_payment = <caught_payment>
      And seat 0 holds Jc Jd Jh 2c 6c
      And seat 1 holds Qc Qd Qh Ac 4c
      And seat 2 holds Kc Kd Kh 2d 3c
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 2 plays: draw stock, spread Kc Kd Kh, discard Ts
      And seat 0 knocks
      Then the hand ends as knock_caught
      And the totals are 8, 5, 5
      And the winners are seats 1 and 2
      And seat 1 pays seat 2 0
      And seat 2 pays seat 1 0
      And the net result is <net>

      Examples: the caught-knocker schemes side by side
        | caught_payment              | net        |
        | seed                        | -6, +3, +3 |
        | non_knockers                | -4, +2, +2 |
        | doubles_only                | -4, +2, +2 |
        | double_lowest_others_single | -4, +2, +2 |
        | double_lowest_only          | -4, +2, +2 |
        | per_player                  | -6, +3, +3 |

  Rule: PAY-STOCK-1 Lowest total at an empty stock

    @PAY-STOCK-1 @STOCK-2 @id.pay-stock-w11
    Scenario: W11: the stock is empty and seat 2 draws from it; 6, 11 and 9
      Given a 3-player hand dealt by seat 1
      And seat 0 holds Jc Jd Jh 2c 4c
      And seat 1 holds Qc Qd Qh 5c 6c
      And seat 2 holds Kc Kd Kh 4d 5d
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 2 plays: draw stock, spread Kc Kd Kh, discard 8s
      And seat 0 plays: draw stock, spread Jc Jd Jh, discard 9s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard Ts
      And the players draw from the stock and discard the card drawn until the stock is empty
      And seat 2 draws from the stock
      Then the hand ends as stock_out
      And the totals are 6, 11, 9
      And the winner is seat 0
      And the net result is +2, -1, -1

  Rule: PAY-STOCK-2 Tie at an empty stock

    @PAY-STOCK-2 @STAKE-2 @id.pay-stock-w12
    Scenario Outline: W12: the stock is empty; seats 0 and 1 tie on 6, seat 2 holds 9 (<stock_tie>)
      Given a 3-player hand dealt by seat 1
      And the ruleset has stock_tie = <stock_tie>
      And seat 0 holds Jc Jd Jh 2c 4c
      And seat 1 holds Qc Qd Qh 2d 4d
      And seat 2 holds Kc Kd Kh 4h 5h
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 2 plays: draw stock, spread Kc Kd Kh, discard 8s
      And seat 0 plays: draw stock, spread Jc Jd Jh, discard 9s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard Ts
      And the players draw from the stock and discard the card drawn until the stock is empty
      And seat 2 draws from the stock
      Then the hand ends as stock_out
      And the totals are 6, 6, 9
      And seat 2 pays seat 0 <2 pays 0>
      And seat 2 pays seat 1 <2 pays 1>
      And the net result is <net>

      Examples: the stock-tie schemes side by side
        | stock_tie | 2 pays 0 | 2 pays 1 | net            |
        | all_paid  | 1        | 1        | +1, +1, -2     |
        | split     | 1/2      | 1/2      | +1/2, +1/2, -1 |
        | dead      | 0        | 0        | 0, 0, 0        |
