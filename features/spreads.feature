Feature: Spreads
  A spread is a book or a run of three or more cards laid face up on the table;
  its cards no longer count against the player. A book is three or four cards
  of one rank. A run is three or more cards of one suit in sequence, and the ace
  is low only: Q-K-A and K-A-2 are not runs. Spreads are laid only in one's own
  turn, after drawing and before discarding, and once on the table they are never
  rearranged, split or merged.

  In the examples seat 0 draws the king of spades from the stock first, then
  tries to lay the spread.

  Rule: SPREAD-1 What a spread is

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 1 holds 9d Td Jd 2s 3s
      And seat 2 holds 6d 7d 5s 6s 8s
      And the upcard is Qs
      And the stock starts with Ks 9s

    @SPREAD-1 @CARD-4 @id.spread-leaves-the-hand
    Scenario: A spread goes to the table and its cards no longer count against the player
      Given seat 0 holds 7c 7h 7s Ac 2h
      When seat 0 plays: draw stock, spread 7c 7h 7s, discard Ks
      And seat 1 plays: draw stock, discard 9s
      And seat 2 knocks
      Then there is 1 spread on the table
      And spread 0 is a book of 7c 7h 7s laid by seat 0
      And the totals are 3, 34, 32
      And the hand ends as knock_caught

    @SPREAD-1 @id.spread-too-few-cards
    Scenario: Two cards are not a spread
      Given seat 0 holds 7c 7h 7s Ac 2h
      When seat 0 draws from the stock
      And seat 0 spreads 7c 7h
      Then the action is refused as not_a_spread
      And the state is unchanged

  Rule: SPREAD-2 Books

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 1 holds 9d Td Jd 2s 3s
      And seat 2 holds 6d 7d 5s 6s 8s
      And the upcard is Qs
      And the stock starts with Ks 9s

    @SPREAD-2 @SPREAD-1 @id.spread-books
    Scenario Outline: Books: <cards> is <what>
      Given seat 0 holds <hand>
      When seat 0 draws from the stock
      And seat 0 spreads <cards>
      Then the action is <outcome>

      Examples:
        | cards       | what            | hand           | outcome                 |
        | 7c 7h 7s    | a book of three | 7c 7h 7s Ac 2h | accepted                |
        | Kc Kh Kd Ks | a book of four  | Kc Kh Kd Ac 2h | accepted                |
        | 7c 7h 8c    | not a book      | 7c 7h 8c Ac 2h | refused as not_a_spread |

  Rule: SPREAD-3 Runs

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 1 holds 9d Td Jd 2s 3s
      And seat 2 holds 6d 7d 5s 6s 8s
      And the upcard is Qs
      And the stock starts with Ks 9s

    @SPREAD-3 @SPREAD-1 @id.spread-runs
    Scenario Outline: Runs: <cards> is <what>
      Given seat 0 holds <hand>
      When seat 0 draws from the stock
      And seat 0 spreads <cards>
      Then the action is <outcome>

      Examples:
        | cards          | what                         | hand           | outcome                 |
        | Ac 2c 3c       | a run, the ace low           | Ac 2c 3c 7h 8h | accepted                |
        | 8h 9h Th Jh Qh | a run of five                | 8h 9h Th Jh Qh | accepted                |
        | 5c 6h 7c       | not a run: two suits         | 5c 6h 7c Ac 2h | refused as not_a_spread |
        | 5c 7c 8c       | not a run: a gap             | 5c 7c 8c Ac 2h | refused as not_a_spread |
        | Qh Kh Ah       | not a run: the ace is low    | Qh Kh Ah 2c 3c | refused as not_a_spread |
        | Kh Ah 2h       | not a run: no wrapping round | Kh Ah 2h 5c 6c | refused as not_a_spread |

    @SPREAD-3 @id.spread-runs-ace-high
    Scenario Outline: Under ace = low_or_high, <cards> is <what>
      Given the ruleset has ace = low_or_high
      And seat 0 holds <hand>
      When seat 0 draws from the stock
      And seat 0 spreads <cards>
      Then the action is <outcome>

      Examples:
        | cards    | what                         | hand           | outcome                 |
        | Qh Kh Ah | a run, the ace high          | Qh Kh Ah 2c 3c | accepted                |
        | Ac 2c 3c | a run, the ace low           | Ac 2c 3c 7h 8h | accepted                |
        | Kh Ah 2h | not a run: no wrapping round | Kh Ah 2h 5c 6c | refused as not_a_spread |

    @SPREAD-3 @HIT-3 @id.spread-ace-hit-on-king-end
    Scenario Outline: The ace hit on the king end of J-Q-K (ace = <ace>)
      Given the ruleset has ace = <ace>
      And seat 0 holds Jc Qc Kc Ac 2h
      When seat 0 plays: draw stock, spread Jc Qc Kc, hit Ac 0
      Then the action is <outcome>

      Examples:
        | ace         | outcome                     |
        | low         | refused as hit_does_not_fit |
        | low_or_high | accepted                    |

  Rule: SPREAD-4 When spreads are laid

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 7c 7h 7s Ac 2h
      And seat 1 holds 9d Td Jd 2s 3s
      And seat 2 holds 6d 7d 5s 6s 8s
      And the upcard is Qs
      And the stock starts with Ks 9s

    @SPREAD-4 @id.spread-before-drawing
    Scenario: A spread before drawing is refused
      When seat 0 spreads 7c 7h 7s
      Then the action is refused as must_draw_first
      And the state is unchanged

    @SPREAD-4 @id.spread-out-of-turn
    Scenario: A spread in another player's turn is refused
      When seat 0 draws from the stock
      And seat 1 spreads 9d Td Jd
      Then the action is refused as not_your_turn
      And there are no spreads on the table

    @SPREAD-4 @id.spread-after-discarding
    Scenario: After the discard the turn is over, and so is the chance to spread
      Given the ruleset has forced_spreads = false
      When seat 0 plays: draw stock, discard Ks
      And seat 1 draws from the stock
      And seat 0 spreads 7c 7h 7s
      Then the action is refused as not_your_turn

  Rule: SPREAD-5 Spreads stay as laid

    @SPREAD-5 @HIT-1 @id.spread-order-and-owner-kept
    Scenario: Spreads keep the order laid and their owner, even when another player hits them
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 9c Kd
      And seat 1 holds 2d 2c 2s Td 3c
      And seat 2 holds 8h 4d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit 8h 0, discard Ts
      Then there are 2 spreads on the table
      And spread 0 is a run of 5h 6h 7h 8h laid by seat 0
      And spread 1 is a book of 2d 2c 2s laid by seat 1

    @SPREAD-5 @HIT-3 @id.spread-no-merging
    Scenario: Two runs that meet are not merged: a card fits one end of one of them
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 2h 3h 4h 9c Kd
      And seat 1 holds 6h 7h 8h Td Qd
      And the upcard is Ks
      And the stock starts with 8s 9s 5h
      When seat 0 plays: draw stock, spread 2h 3h 4h, discard 8s
      And seat 1 plays: draw stock, spread 6h 7h 8h, discard 9s
      And seat 0 plays: draw stock, hit 5h 0, discard Kd
      Then there are 2 spreads on the table
      And spread 0 is a run of 2h 3h 4h 5h laid by seat 0
      And spread 1 is a run of 6h 7h 8h laid by seat 1
